package io.github.zipjack.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.zipjack.Pipeline;
import io.github.zipjack.client.CompressedHttpClient;
import io.github.zipjack.client.DictionarySettings;
import io.github.zipjack.servlet.CompressionSettings;
import io.github.zipjack.settings.Setting.Surface;
import io.github.zipjack.spring.ZipjackClientProperties;
import io.github.zipjack.spring.ZipjackCompressionProperties;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Every place a setting shows up offers exactly the settings {@link SettingCatalog} defines, with
 * its defaults and docs: the pipeline's, the filter's and the HTTP client's builders' methods, the
 * filter's init parameters, the properties of {@link ZipjackCompressionProperties} and
 * {@link ZipjackClientProperties}, the configuration metadata built beside the main classes,
 * and the settings tables of docs/. A setting added in one
 * place and not in the others fails here, naming it.
 *
 * <p>With {@code -Dzipjack.regenerate=true} the tables and additional-spring-configuration-metadata.json
 * are rewritten from the definitions instead of checked. Then build from clean ({@code mvn clean test}):
 * Spring's annotation processor merges the additional metadata only when it compiles the
 * properties classes.
 */
class SettingsDriftTest {
  private static final boolean REGENERATE = Boolean.getBoolean("zipjack.regenerate");
  private final ObjectMapper mapper = new ObjectMapper();

  @Test
  void pipelineBuilderMethodsAreThePipelineSettings() {
    assertEquals(names(Surface.PIPELINE_BUILDER), builderMethods(Pipeline.Builder.class));
  }

  @Test
  void filterBuilderMethodsAreTheFilterSettings() {
    assertEquals(names(Surface.FILTER_BUILDER), builderMethods(CompressionSettings.Builder.class));
  }

  @Test
  void initParametersAreTheFilterSettingsOfferedAsText() {
    assertEquals(names(Surface.INIT_PARAMETER), new TreeSet<>(CompressionSettings.INIT_PARAMETER_NAMES));
  }

  @Test
  void everyInitParameterIsAFilterBuilderMethod() {
    assertTrue(names(Surface.FILTER_BUILDER).containsAll(names(Surface.INIT_PARAMETER)));
  }

  @Test
  void clientBuilderMethodsAreTheClientSettings() {
    assertEquals(names(Surface.CLIENT_BUILDER), builderMethods(CompressedHttpClient.Builder.class));
  }

  @Test
  void dictionaryBuilderMethodsAreTheDictionarySettings() {
    assertEquals(names(Surface.DICTIONARY_BUILDER), builderMethods(DictionarySettings.Builder.class));
  }

  @Test
  void springPropertiesAreTheDefinedProperties() {
    Set<String> bound = new TreeSet<>();
    beanProperties(ZipjackCompressionProperties.class, "", bound);
    assertEquals(properties(Surface.SPRING_PROPERTY), bound);
  }

  @Test
  void clientPropertiesAreTheDefinedProperties() {
    Set<String> bound = new TreeSet<>();
    beanProperties(ZipjackClientProperties.class, "", bound);
    assertEquals(properties(Surface.CLIENT_PROPERTY), bound);
  }

  @Test
  void clientPropertiesStartAtTheDefinedDefaults() {
    ZipjackClientProperties p = new ZipjackClientProperties();
    Map<String, Object> bound = new HashMap<>();
    bound.put("enabled", p.isEnabled());
    bound.put("max-decoded-size", p.getMaxDecodedSize().toBytes());
    bound.put("compress-requests", p.isCompressRequests());
    bound.put("compress-requests-min-size", p.getCompressRequestsMinSize().toBytes());
    bound.put("request-coding", p.getRequestCoding());
    bound.put("request-level", p.getRequestLevel());
    bound.put("dictionaries.enabled", p.getDictionaries().isEnabled());
    bound.put("dictionaries.max-size", p.getDictionaries().getMaxSize().toBytes());
    bound.put("dictionaries.max-count", p.getDictionaries().getMaxCount());
    bound.put("dictionaries.max-origins", p.getDictionaries().getMaxOrigins());
    bound.put("dictionaries.fetch-linked", p.getDictionaries().isFetchLinked());
    bound.put("converter.enabled", p.getConverter().isEnabled());
    assertDefaults(Surface.CLIENT_PROPERTY, bound);
    assertTrue(p.getCodings().isEmpty(), "codings: empty for those that load");
  }

  @Test
  void dictionarySettingsStartAtTheDefinedDefaults() {
    DictionarySettings d = DictionarySettings.builder().build();
    assertEquals(SettingCatalog.DICTIONARY_MAX_BYTES.defaultValue(), d.maxBytes());
    assertEquals(SettingCatalog.DICTIONARY_MAX_COUNT.defaultValue(), d.maxCount());
    assertEquals(SettingCatalog.DICTIONARY_MAX_ORIGINS.defaultValue(), d.maxOrigins());
    assertEquals(SettingCatalog.FETCH_LINKED.defaultValue(), d.fetchLinked());
  }

  @Test
  void springPropertiesStartAtTheDefinedDefaults() {
    ZipjackCompressionProperties p = new ZipjackCompressionProperties();
    Map<String, Object> bound = new HashMap<>();
    bound.put("min-body-size", p.getMinBodySize().toBytes());
    bound.put("max-buffered-size", p.getMaxBufferedSize().toBytes());
    bound.put("segment-pool-size", p.getSegmentPoolSize().toBytes());
    bound.put("encoder-pool-size", p.getEncoderPoolSize());
    bound.put("inflate-requests", p.isInflateRequests());
    bound.put("max-inflated-request-size", p.getMaxInflatedRequestSize().toBytes());
    bound.put("max-inflation-ratio", p.getMaxInflationRatio());
    bound.put("flush-grace", p.getFlushGrace().toMillis());
    bound.put("parallel-threshold", p.getParallelThreshold().toBytes());
    bound.put("dictionary-path", p.getDictionaryPath());
    bound.put("enabled", p.isEnabled());
    bound.put("converter.enabled", p.getConverter().isEnabled());
    assertDefaults(Surface.SPRING_PROPERTY, bound);
  }

  /** Each property of {@code surface} with a plain default starts at it; {@code bound} by property. */
  private static void assertDefaults(Surface surface, Map<String, Object> bound) {
    for (Setting<?> s : SettingCatalog.on(surface)) {
      if (s.defaultValue() != null && s.springDefault() != null) {
        assertEquals(s.defaultValue(), bound.get(s.property()), s.propertyName());
      }
    }
  }

  @Test
  void builtMetadataDescribesEachPropertyWithItsDefinition() throws IOException {
    assertBuiltMetadataDescribes(Surface.SPRING_PROPERTY, Setting.SPRING_PREFIX);
  }

  @Test
  void builtMetadataDescribesEachClientPropertyWithItsDefinition() throws IOException {
    assertBuiltMetadataDescribes(Surface.CLIENT_PROPERTY, Setting.CLIENT_PREFIX);
  }

  /** The metadata Spring's annotation processor wrote beside the main classes (in any build directory). */
  private static Path builtMetadata() {
    try {
      return Path.of(ZipjackClientProperties.class.getProtectionDomain().getCodeSource().getLocation().toURI())
          .resolve("META-INF/spring-configuration-metadata.json");
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * The metadata built beside the main classes names the properties of {@code surface} (after
   * {@code prefix}; the filter's dictionaries[N] entries aside), each with its doc and default.
   */
  private void assertBuiltMetadataDescribes(Surface surface, String prefix) throws IOException {
    Path built = builtMetadata();
    Map<String, JsonNode> metadata = new HashMap<>();
    for (JsonNode p : mapper.readTree(Files.readString(built)).path("properties")) {
      String name = p.path("name").asText();
      if (name.startsWith(prefix) && !name.startsWith(Setting.SPRING_PREFIX + "dictionaries[")) {
        metadata.put(name.substring(prefix.length()), p);
      }
    }
    assertEquals(properties(surface), new TreeSet<>(metadata.keySet()));
    String stale = " in " + built + "; if additional-spring-configuration-metadata.json changed, build from clean";
    for (Setting<?> s : SettingCatalog.on(surface)) {
      JsonNode p = metadata.get(s.property());
      assertEquals(SettingsFiles.plain(s.doc()), p.path("description").asText(), s.propertyName() + stale);
      if (s.springDefault() != null) {
        assertEquals(s.springDefault(), p.path("defaultValue").asText(), s.propertyName() + stale);
      }
    }
  }

  @Test
  void additionalMetadataIsMadeFromTheDefinitions() throws IOException {
    JsonNode file = mapper.readTree(SettingsFiles.read(SettingsFiles.METADATA));
    JsonNode current = SettingsFiles.currentMetadata(mapper, file);
    if (REGENERATE && !current.equals(file)) {
      SettingsFiles.write(SettingsFiles.METADATA, SettingsFiles.metadataText(mapper, current));
      return;
    }
    assertEquals(SettingsFiles.metadataText(mapper, current), SettingsFiles.metadataText(mapper, file),
        SettingsFiles.METADATA + " is not made from SettingCatalog; run this test with -Dzipjack.regenerate=true");
  }

  @Test
  void settingsTablesInTheDocsAreMadeFromTheDefinitions() throws IOException {
    List<String> stale = new ArrayList<>();
    for (SettingsFiles.Table t : SettingsFiles.tables()) {
      String text = SettingsFiles.read(t.file());
      String current = SettingsFiles.withTable(text, t);
      if (!current.equals(text)) {
        if (REGENERATE) {
          SettingsFiles.write(t.file(), current);
        } else {
          stale.add(t.file() + " (" + t.id() + ")");
        }
      }
    }
    assertTrue(stale.isEmpty(), "settings tables not made from SettingCatalog: " + stale
        + "; run this test with -Dzipjack.regenerate=true");
  }

  @Test
  void eachSurfaceNamesASettingOnce() {
    for (Surface surface : Surface.values()) {
      List<String> names = SettingCatalog.on(surface).stream()
          .map(s -> surface == Surface.SPRING_PROPERTY || surface == Surface.CLIENT_PROPERTY ? s.property() : s.name())
          .collect(Collectors.toList());
      assertEquals(names.size(), new TreeSet<>(names).size(), surface + ": " + names);
    }
  }

  @Test
  void everyNumericDefaultIsInItsRange() {
    for (Setting<?> s : SettingCatalog.ALL) {
      if (s.defaultValue() instanceof Number n && s.kind() != Setting.Kind.FLAG) {
        assertEquals(n.longValue(), s.check(n.longValue()), s.name());
      }
    }
  }

  @Test
  void pipelineBuilderDocsStateTheDefinedDefaults() throws IOException {
    assertDocsStateDefaults(Path.of("src/main/java/io/github/zipjack/Pipeline.java"), Surface.PIPELINE_BUILDER);
  }

  @Test
  void filterBuilderDocsStateTheDefinedDefaults() throws IOException {
    assertDocsStateDefaults(Path.of("src/main/java/io/github/zipjack/servlet/CompressionSettings.java"),
        Surface.FILTER_BUILDER);
  }

  @Test
  void dictionaryBuilderDocsStateTheDefinedDefaults() throws IOException {
    assertDocsStateDefaults(Path.of("src/main/java/io/github/zipjack/client/DictionarySettings.java"),
        Surface.DICTIONARY_BUILDER);
  }

  /**
   * Each number or flag setter's doc comment in {@code source} says {@code default <the default>},
   * as {@link Setting#shownDefault()} writes it ({@code default 64 KiB}, {@code Default true}).
   */
  private static void assertDocsStateDefaults(Path source, Surface surface) throws IOException {
    String text = SettingsFiles.read(source);
    List<String> wrong = new ArrayList<>();
    for (Setting<?> s : SettingCatalog.on(surface)) {
      if (s.kind() == Setting.Kind.TEXT || s.kind() == Setting.Kind.VALUE) {
        continue;
      }
      int method = text.indexOf("public Builder " + s.name() + "(");
      int doc = text.lastIndexOf("/**", method);
      String comment = text.substring(doc, method).replaceAll("\\n\\s*\\*", " ").replaceAll("\\s+", " ")
          .toLowerCase(Locale.ROOT);
      String stated = "(?s).*default:? " + Pattern.quote(s.shownDefault().toLowerCase(Locale.ROOT)) + ".*";
      if (!comment.matches(stated)) {
        wrong.add(s.name() + " (defined default " + s.shownDefault() + ")");
      }
    }
    assertTrue(wrong.isEmpty(), source + ": setter docs that do not state the defined default: " + wrong);
  }

  private static Set<String> names(Surface surface) {
    return SettingCatalog.on(surface).stream().map(Setting::name).collect(Collectors.toCollection(TreeSet::new));
  }

  private static Set<String> properties(Surface surface) {
    return SettingCatalog.on(surface).stream().map(Setting::property)
        .collect(Collectors.toCollection(TreeSet::new));
  }

  /** The public setters of a builder: every public instance method but {@code build}. */
  private static Set<String> builderMethods(Class<?> builder) {
    Set<String> names = new TreeSet<>();
    for (Method m : builder.getDeclaredMethods()) {
      if (Modifier.isPublic(m.getModifiers()) && !Modifier.isStatic(m.getModifiers()) && !m.getName().equals("build")) {
        names.add(m.getName());
      }
    }
    return names;
  }

  /**
   * The kebab-case names of a bean's properties as Spring binds them: a property with a setter is
   * one name, one with only a getter of a nested bean of this package is its nested properties.
   */
  private static void beanProperties(Class<?> bean, String prefix, Set<String> names) {
    for (Method getter : bean.getDeclaredMethods()) {
      String name = getter.getName();
      if (!Modifier.isPublic(getter.getModifiers()) || getter.getParameterCount() != 0
          || !(name.startsWith("get") || name.startsWith("is"))) {
        continue;
      }
      String property = name.substring(name.startsWith("is") ? 2 : 3);
      if (hasSetter(bean, property)) {
        names.add(prefix + kebab(property));
      } else if (getter.getReturnType().getEnclosingClass() != null
          && getter.getReturnType().getPackageName().equals(bean.getPackageName())) {
        beanProperties(getter.getReturnType(), prefix + kebab(property) + ".", names);
      }
    }
  }

  private static boolean hasSetter(Class<?> bean, String property) {
    for (Method m : bean.getDeclaredMethods()) {
      if (m.getName().equals("set" + property) && m.getParameterCount() == 1 && Modifier.isPublic(m.getModifiers())) {
        return true;
      }
    }
    return false;
  }

  private static String kebab(String property) {
    return Character.toLowerCase(property.charAt(0))
        + property.substring(1).replaceAll("([A-Z])", "-$1").toLowerCase(Locale.ROOT);
  }
}
