package io.github.zipjack.tools.http;

import io.github.zipjack.data.Datasets;
import io.github.zipjack.servlet.HttpDictionary;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Import;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * The Spring Boot 4 service that {@code bench/http --server spring} (and {@code --server webflux})
 * loads with wrk: one controller returning a dataset's records (Boot's Jackson 3 mapper writes them),
 * started once per way of serving it, one port each, each path {@code /{variant}/{dataset}}; on
 * embedded Tomcat, four of them:
 * <ul>
 * <li>{@code plain}: uncompressed (zipjack off, Boot's compression off).
 * <li>{@code boot}: Boot's own {@code server.compression.enabled=true}: Tomcat's gzip at zlib's
 *     default level 6 (Boot has no level setting), chunked, 2 KB minimum.
 * <li>{@code filter}: zipjack auto-configured with its converter off: Spring's converter writes,
 *     zipjack's filter compresses (zstd-1, gzip-1, br-4 by the client's choice) with Content-Length.
 * <li>{@code converter}: zipjack auto-configured as it comes: its converter writes straight into the
 *     compressed body.
 * </ul>
 * With {@code --reactive} ({@code bench/http --server webflux}), the same controller in Spring Boot 4
 * WebFlux applications on Reactor Netty, three of them:
 * <ul>
 * <li>{@code plain}: uncompressed.
 * <li>{@code netty}: Boot's {@code server.compression.enabled=true} on Reactor Netty: Netty's
 *     compressor (gzip at level 6, zstd at Netty's default level 3, br at quality 4 with brotli4j
 *     present; no level settings in Boot), with {@code min-response-size=0} so that it compresses one
 *     record as zipjack does.
 * <li>{@code writer}: zipjack auto-configured as it comes: its codec writer serializes straight into
 *     the compressed body, one buffer with Content-Length.
 * </ul>
 * The zipjack variants that write bodies (filter, converter, writer) are also given the HTTP
 * dictionaries of the one-record datasets ({@link HttpBenchServer#dictionaries()}) by
 * {@code zipjack.compression.dictionaries[N].location} and {@code .match}, so that a client holding
 * one gets {@code dcz}. Every application is configured by properties only, as a user's would be.
 * Prints {@code variant NAME: what serves it} and {@code listening NAME http://127.0.0.1:PORT/} per
 * application; runs until killed. {@code --variants} starts only the applications named
 * ({@code bench/http} starts one JVM per application, so that no two share the JIT's profiles).
 *
 * <pre>
 * java --enable-native-access=ALL-UNNAMED -cp CLASSPATH io.github.zipjack.tools.http.SpringBenchServer [--reactive] [--variants plain,filter]
 * </pre>
 * Run it from a class path, not from benchmarks.jar: the assembled jar keeps only one of the
 * {@code META-INF/spring} files that Boot's jars and zipjack's each bring.
 */
public final class SpringBenchServer {
  /** Each servlet variant's properties, beside those every one has. */
  static final Map<String, List<String>> VARIANTS = new LinkedHashMap<>();
  /** Each reactive variant's properties, beside those every one has. */
  static final Map<String, List<String>> REACTIVE_VARIANTS = new LinkedHashMap<>();
  /** The variants in which zipjack writes the bodies, and so serves {@code dcz}. */
  static final List<String> DICTIONARY_VARIANTS = List.of("filter", "converter", "writer");

  static {
    VARIANTS.put("plain", List.of("zipjack.compression.enabled=false"));
    VARIANTS.put("boot", List.of("zipjack.compression.enabled=false", "server.compression.enabled=true"));
    VARIANTS.put("filter", List.of("zipjack.compression.converter.enabled=false"));
    VARIANTS.put("converter", List.of());
    REACTIVE_VARIANTS.put("plain", List.of("zipjack.compression.enabled=false"));
    REACTIVE_VARIANTS.put("netty", List.of("zipjack.compression.enabled=false", "server.compression.enabled=true",
        "server.compression.min-response-size=0"));
    REACTIVE_VARIANTS.put("writer", List.of());
  }

  private SpringBenchServer() {}

  public static void main(String[] args) throws IOException {
    boolean reactive = false;
    List<String> only = null;
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--reactive")) {
        reactive = true;
      } else if (args[i].equals("--variants") && i + 1 < args.length) {
        only = List.of(args[++i].split(","));
      } else {
        System.err.println("usage: SpringBenchServer [--reactive] [--variants NAME,...]; got " + String.join(" ", args));
        System.exit(2);
      }
    }
    Map<String, List<String>> all = reactive ? REACTIVE_VARIANTS : VARIANTS;
    if (only != null && !all.keySet().containsAll(only)) {
      System.err.println("SpringBenchServer: --variants " + String.join(",", only) + " names one that is not among "
          + all.keySet());
      System.exit(2);
    }
    String stack = reactive ? "Spring Boot 4 WebFlux on Reactor Netty, " : "Spring Boot 4 on Tomcat, ";
    List<ConfigurableApplicationContext> running = new ArrayList<>();
    Path dictionaryDir = Files.createTempDirectory("zipjack-bench-dictionaries");
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      running.forEach(ConfigurableApplicationContext::close);
      deleteFiles(dictionaryDir);
    }));
    List<String> dictionaryProperties = dictionaryProperties(dictionaryDir);
    for (Map.Entry<String, List<String>> variant : all.entrySet()) {
      if (only != null && !only.contains(variant.getKey())) {
        continue;
      }
      List<String> properties = new ArrayList<>(List.of("server.port=0", "server.address=127.0.0.1",
          "spring.main.banner-mode=off", "logging.level.root=WARN", "spring.application.name=" + variant.getKey(),
          "spring.main.web-application-type=" + (reactive ? "reactive" : "servlet")));
      properties.addAll(variant.getValue());
      if (DICTIONARY_VARIANTS.contains(variant.getKey())) {
        properties.addAll(dictionaryProperties);
      }
      ConfigurableApplicationContext context = new SpringApplicationBuilder(BenchService.class)
          .properties(properties.toArray(new String[0])).run();
      running.add(context);
      System.out.println("variant " + variant.getKey() + ": " + stack
          + (variant.getValue().isEmpty() ? "zipjack as auto-configured" : String.join(", ", variant.getValue()))
          + (properties.containsAll(dictionaryProperties) ? "; dcz on people-1 and orders-1 through"
              + " zipjack.compression.dictionaries[0..1].location and .match" : ""));
      System.out.println("listening " + variant.getKey() + " http://127.0.0.1:"
          + context.getEnvironment().getProperty("local.server.port") + "/");
    }
  }

  /**
   * The dictionaries' files, written into {@code dir} in their HTTP form, and the two properties of
   * each: {@code location} and {@code match}.
   */
  private static List<String> dictionaryProperties(Path dir) throws IOException {
    List<String> properties = new ArrayList<>();
    List<HttpDictionary> dictionaries = HttpBenchServer.dictionaries();
    for (int i = 0; i < dictionaries.size(); i++) {
      Path file = dir.resolve(dictionaries.get(i).id() + ".dict");
      Files.write(file, dictionaries.get(i).toByteArray());
      properties.add("zipjack.compression.dictionaries[" + i + "].location=file:" + file);
      properties.add("zipjack.compression.dictionaries[" + i + "].match=" + dictionaries.get(i).match());
    }
    return properties;
  }

  private static void deleteFiles(Path dir) {
    try (var files = Files.list(dir)) {
      for (Path file : files.toList()) {
        Files.deleteIfExists(file);
      }
      Files.deleteIfExists(dir);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The service: one controller, everything else Boot's and zipjack's auto-configuration. */
  @SpringBootConfiguration
  @EnableAutoConfiguration
  @Import(DatasetController.class)
  static class BenchService {}

  @RestController
  static class DatasetController {
    /** The dataset's records, whatever the variant; the variant only picks the application. */
    @GetMapping("/{variant}/{dataset}")
    Object dataset(@PathVariable("variant") String variant, @PathVariable("dataset") String dataset) {
      return Datasets.load(dataset).value();
    }
  }
}
