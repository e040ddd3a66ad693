package io.github.zipjack.settings;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.zipjack.settings.Setting.Surface;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * The files made from {@link SettingCatalog}: the settings tables in docs/, between
 * markers, and the {@code zipjack.compression.*} and {@code zipjack.client.*} entries of
 * additional-spring-configuration-metadata.json, from which Spring's annotation processor takes the
 * IDE's descriptions and defaults. {@link SettingsDriftTest} checks them; with
 * {@code -Dzipjack.regenerate=true} it rewrites them instead.
 */
final class SettingsFiles {
  static final Path METADATA = Path.of("src/main/resources/META-INF/additional-spring-configuration-metadata.json");
  static final String END = "<!-- end of settings table -->";
  private static final Pattern LINK = Pattern.compile("\\[([^\\]]*)\\]\\([^)]*\\)");

  /** One generated table: the file it is in, its marker's id and its content. */
  record Table(Path file, String id, String markdown) {
    String begin() {
      return "<!-- settings table " + id + ": made from SettingCatalog; after changing a setting run "
          + "SettingsDriftTest with -Dzipjack.regenerate=true -->";
    }
  }

  private SettingsFiles() {}

  static List<Table> tables() {
    return List.of(
        new Table(Path.of("docs/pipeline.md"), "pipeline", table(Surface.PIPELINE_BUILDER, "setting", true,
            s -> "`" + s.name() + "`", Setting::shownDefault, SettingsFiles::forDocs)),
        new Table(Path.of("docs/servlet-filter.md"), "filter", table(Surface.FILTER_BUILDER,
            "init parameter / builder", true,
            s -> "`" + s.name() + "`" + (s.isOn(Surface.INIT_PARAMETER) ? "" : " (builder only)"),
            Setting::shownDefault, SettingsFiles::forDocs)),
        new Table(Path.of("docs/spring-boot.md"), "spring", table(Surface.SPRING_PROPERTY, "property", true,
            s -> "`" + s.propertyName() + "`", SettingsFiles::springDefault, SettingsFiles::forDocs)),
        new Table(Path.of("docs/http-client.md"), "client", table(clientBuilders(), "builder method", true,
            s -> "`" + s.name() + "`" + (s.isOn(Surface.DICTIONARY_BUILDER) ? " (DictionarySettings)" : ""),
            Setting::shownDefault, SettingsFiles::forDocs)),
        new Table(Path.of("docs/http-client.md"), "client-spring", table(Surface.CLIENT_PROPERTY, "property", true,
            s -> "`" + s.propertyName() + "`", SettingsFiles::springDefault, SettingsFiles::forDocs)));
  }

  /** The settings of {@code CompressedHttpClient.Builder}, then those of {@code DictionarySettings.Builder}. */
  private static List<Setting<?>> clientBuilders() {
    List<Setting<?>> settings = new ArrayList<>(SettingCatalog.on(Surface.CLIENT_BUILDER));
    settings.addAll(SettingCatalog.on(Surface.DICTIONARY_BUILDER));
    return settings;
  }

  private static String springDefault(Setting<?> s) {
    return s.springDefault() == null ? s.shownDefault() : "`" + s.springDefault() + "`";
  }

  private static String table(Surface surface, String nameHeader, boolean withRange, Function<Setting<?>, String> name,
      Function<Setting<?>, String> shownDefault, Function<String, String> links) {
    return table(SettingCatalog.on(surface), nameHeader, withRange, name, shownDefault, links);
  }

  private static String table(List<Setting<?>> settings, String nameHeader, boolean withRange,
      Function<Setting<?>, String> name, Function<Setting<?>, String> shownDefault, Function<String, String> links) {
    StringBuilder md = new StringBuilder();
    md.append("| ").append(nameHeader).append(withRange ? " | range" : "").append(" | default | what it does |\n");
    md.append(withRange ? "|---|---|---|---|\n" : "|---|---|---|\n");
    for (Setting<?> s : settings) {
      md.append("| ").append(name.apply(s));
      if (withRange) {
        md.append(" | ").append(s.range().replaceFirst("^in ", ""));
      }
      md.append(" | ").append(shownDefault.apply(s)).append(" | ").append(links.apply(s.doc())).append(" |\n");
    }
    return md.toString();
  }

  /** The doc's links as a page in docs/ reads them. */
  private static String forDocs(String doc) {
    return doc.replace("](docs/", "](").replace("](README.md", "](../README.md");
  }

  /** {@code text} with the table {@code t} between its markers. */
  static String withTable(String text, Table t) {
    int begin = text.indexOf(t.begin());
    int end = begin < 0 ? -1 : text.indexOf(END, begin);
    if (begin < 0 || end < 0) {
      throw new AssertionError(t.file() + " has no settings table " + t.id() + " between\n" + t.begin() + "\nand " + END);
    }
    return text.substring(0, begin) + t.begin() + "\n" + t.markdown() + END + text.substring(end + END.length());
  }

  static String read(Path file) throws IOException {
    return Files.readString(file, StandardCharsets.UTF_8);
  }

  static void write(Path file, String text) throws IOException {
    Files.writeString(file, text, StandardCharsets.UTF_8);
  }

  /** The Markdown doc as an IDE shows it: no code marks, links as their text, a full stop at the end. */
  static String plain(String doc) {
    String text = LINK.matcher(doc.replace("`", "")).replaceAll("$1");
    return text.endsWith(".") ? text : text + ".";
  }

  /** The {@code zipjack.compression.*}, then the {@code zipjack.client.*} property entries as the definitions make them. */
  static ArrayNode definedProperties(ObjectMapper mapper) {
    ArrayNode properties = mapper.createArrayNode();
    List<Setting<?>> settings = new ArrayList<>(SettingCatalog.on(Surface.SPRING_PROPERTY));
    settings.addAll(SettingCatalog.on(Surface.CLIENT_PROPERTY));
    for (Setting<?> s : settings) {
      ObjectNode p = properties.addObject();
      p.put("name", s.propertyName());
      p.put("description", plain(s.doc()));
      if (s.springDefault() != null) {
        p.put("defaultValue", s.springDefault());
      }
    }
    return properties;
  }

  /** The metadata file with its zipjack property entries made from the definitions, the rest (hints) kept. */
  static JsonNode currentMetadata(ObjectMapper mapper, JsonNode file) {
    ObjectNode updated = file.deepCopy();
    ArrayNode properties = mapper.createArrayNode();
    for (JsonNode p : file.path("properties")) {
      String name = p.path("name").asText();
      if (!name.startsWith(Setting.SPRING_PREFIX) && !name.startsWith(Setting.CLIENT_PREFIX)) {
        properties.add(p);
      }
    }
    properties.addAll(definedProperties(mapper));
    updated.set("properties", properties);
    return updated;
  }

  static String metadataText(ObjectMapper mapper, JsonNode metadata) throws IOException {
    return mapper.copy().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(metadata) + "\n";
  }
}
