package io.github.zipjack.tools.http;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.github.zipjack.Compression;
import io.github.zipjack.GzipImplementation;
import io.github.zipjack.Pipeline;
import io.github.zipjack.bench.DictionaryTraining;
import io.github.zipjack.data.Datasets;
import io.github.zipjack.servlet.CompressionFilter;
import io.github.zipjack.servlet.CompressionSettings;
import io.github.zipjack.servlet.HttpDictionary;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.http.HttpServletRequest;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.eclipse.jetty.compression.brotli.BrotliCompression;
import org.eclipse.jetty.compression.brotli.BrotliEncoderConfig;
import org.eclipse.jetty.compression.gzip.GzipCompression;
import org.eclipse.jetty.compression.gzip.GzipEncoderConfig;
import org.eclipse.jetty.compression.server.CompressionConfig;
import org.eclipse.jetty.compression.server.CompressionHandler;
import org.eclipse.jetty.compression.zstandard.ZstandardCompression;
import org.eclipse.jetty.compression.zstandard.ZstandardEncoderConfig;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * The server that {@code bench/http} loads with wrk: embedded Jetty 12.1 on 127.0.0.1 serving the
 * same JSON endpoint four ways, one path prefix each, the dataset last ({@code people-100} is the
 * x1 of the study, docs/benchmarks.md; {@code people-1} and {@code orders-1} one record):
 * <ul>
 * <li>{@code /plain/{dataset}}: uncompressed; Jackson writes into the response without flushing it, so
 *     that Jetty, holding the whole of a small body when the servlet returns, sends it with
 *     Content-Length as zipjack's variants do (flushed, as Jackson does by default, it would go out
 *     chunked, a cost the compressed rows do not pay).
 * <li>{@code /jetty/{dataset}}: the same servlet behind Jetty's own {@code CompressionHandler}
 *     ({@code org.eclipse.jetty.compression}), gzip, zstd and br at {@link #LEVELS}.
 * <li>{@code /filter/{dataset}}: the same servlet behind zipjack's {@code CompressionFilter},
 *     same codings and levels.
 * <li>{@code /direct/{dataset}}: a servlet calling zipjack's {@code CompressedResponses.write}.
 * </ul>
 * The client's {@code Accept-Encoding} picks the coding. The filter and the helper also speak RFC 9842
 * on one record ({@code people-1}, {@code orders-1}): each links its dataset's HTTP dictionary
 * ({@link #dictionaries()}), served under {@code /filter/dictionaries/} and
 * {@code /direct/dictionaries/}, and a client holding it gets {@code dcz}. Every variant uses the same Jackson
 * settings (a zipjack pipeline's mapper) and Jetty's defaults otherwise (thread pool, buffers).
 *
 * <pre>
 * java --enable-native-access=ALL-UNNAMED -cp target/benchmarks.jar \
 *     io.github.zipjack.tools.http.HttpBenchServer [--port N] [--seconds N] \
 *     [--zipjack-gzip auto|zlib|libdeflate]
 * </pre>
 * Port 0 (the default) takes a free port. Prints one line per variant, {@code variant NAME
 * available: what serves it}, then {@code listening on http://127.0.0.1:PORT/}; runs until killed
 * (the shutdown hook stops Jetty, which closes the pipelines), or for {@code --seconds}.
 * {@code --zipjack-gzip zlib} makes zipjack's gzip use the JDK's zlib, as Jetty's does, to tell
 * the engine's share of a difference from the rest.
 */
public final class HttpBenchServer {

  /** The datasets served: x1 first, then the one-record ones, which have HTTP dictionaries. */
  static final List<String> DATASETS = List.of("people-100", "people-1", "orders-1");

  /**
   * The level of each coding, the same on every compressing variant: gzip 1 and zstd 1 (the fast
   * settings zipjack's benchmarks recommend), brotli 4: zipjack's filter defaults. dcz, zipjack's
   * only, is zstd 1 with the dataset's HTTP dictionary.
   */
  static final Map<String, Integer> LEVELS = Map.of("gzip", 1, "zstd", 1, "br", 4, "dcz", 1);

  /**
   * The filter's {@code minBodyBytes} here instead of its 1 KiB default: Jetty's own minimum (its
   * {@code minCompressSize} defaults, 32 bytes for gzip, 48 for zstd and br), so that both compress
   * the same bodies whatever the dataset. Both datasets are far larger.
   */
  static final int MIN_BODY_BYTES = 32;

  private HttpBenchServer() {}

  /**
   * zipjack's codings at {@link #LEVELS}, in the filter's default order of preference, gzip
   * through {@code gzip} (AUTO: libdeflate on Java 25 with aircompressor-v3, else zlib).
   */
  static List<Compression> zipjackCodings(GzipImplementation gzip) {
    return List.of(Compression.zstd(LEVELS.get("zstd")), Compression.gzip(LEVELS.get("gzip"), gzip),
        Compression.brotli(LEVELS.get("br")));
  }

  public static void main(String[] args) throws Exception {
    int port = 0;
    long seconds = 0;
    GzipImplementation gzip = GzipImplementation.AUTO;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--port" -> port = Integer.parseInt(args[++i]);
        case "--seconds" -> seconds = Long.parseLong(args[++i]);
        case "--zipjack-gzip" -> gzip = GzipImplementation.valueOf(args[++i].toUpperCase(Locale.ROOT));
        default -> throw new IllegalArgumentException("unknown argument " + args[i]
            + "; usage: HttpBenchServer [--port N] [--seconds N] [--zipjack-gzip auto|zlib|libdeflate]");
      }
    }
    Server server = start(port, gzip);
    int actualPort = ((ServerConnector) server.getConnectors()[0]).getLocalPort();
    System.out.println("listening on http://127.0.0.1:" + actualPort + "/");
    System.out.flush();
    if (seconds > 0) {
      Thread.sleep(seconds * 1000);
      server.stop();
    } else {
      server.join();
    }
  }

  /**
   * The HTTP dictionaries (RFC 9842) of the one-record datasets: for each of
   * {@link DictionaryTraining#DATASETS}, the HTTP form (raw content) of the dictionary trained on 1,000
   * other records of its kind (other order events for {@code orders-1}), matching
   * {@code /<variant>/<dataset>}. Deterministic: the same bytes every run.
   */
  static List<HttpDictionary> dictionaries() {
    List<HttpDictionary> dictionaries = new ArrayList<>();
    for (String dataset : DictionaryTraining.DATASETS) {
      dictionaries.add(HttpDictionary.builder(DictionaryTraining.train(dataset).toByteArray())
          .match("/*/" + dataset).id(dataset).build());
    }
    return dictionaries;
  }

  /** Starts the server on 127.0.0.1:{@code port} and prints which engines serve each variant. */
  static Server start(int port, GzipImplementation gzip) throws Exception {
    Map<String, Object> datasets = new LinkedHashMap<>();
    for (String name : DATASETS) {
      datasets.put(name, Datasets.load(name).value());
    }
    ObjectMapper mapper;
    try (Pipeline plain = Pipeline.builder().compression(Compression.none()).build()) {
      mapper = plain.mapperCopy();
    }

    ServletContextHandler context = new ServletContextHandler("/");
    ObjectMapper unflushed = mapper.copy().disable(SerializationFeature.FLUSH_AFTER_WRITE_VALUE)
        .disable(JsonGenerator.Feature.FLUSH_PASSED_TO_STREAM);
    context.addServlet(new ServletHolder(new DatasetServlet(unflushed, datasets)), "/plain/*");
    context.addServlet(new ServletHolder(new DatasetServlet(mapper, datasets)), "/jetty/*");
    HttpDictionary[] dictionaries = dictionaries().toArray(new HttpDictionary[0]);
    CompressionFilter filter = new CompressionFilter(CompressionSettings.builder()
        .codings(zipjackCodings(gzip).toArray(new Compression[0]))
        .minBodyBytes(MIN_BODY_BYTES)
        .dictionaries(dictionaries)
        .dictionaryPath("/filter/dictionaries")
        .build());
    context.addFilter(new FilterHolder(filter), "/filter/*", EnumSet.of(DispatcherType.REQUEST));
    context.addServlet(new ServletHolder(new DatasetServlet(mapper, datasets)), "/filter/*");
    DirectServlet direct = new DirectServlet(zipjackCodings(gzip), datasets, "/direct/dictionaries", dictionaries);
    context.addServlet(new ServletHolder(direct), "/direct/*");

    CompressionHandler compression = new CompressionHandler(context);
    compression.putCompression(jettyGzip());
    compression.putCompression(jettyZstd());
    compression.putCompression(jettyBrotli());
    // Only /jetty/* has a configuration, so the handler passes every other path through untouched.
    compression.putConfiguration("/jetty/*", CompressionConfig.builder().defaults().build());

    Server server = new Server();
    ServerConnector connector = new ServerConnector(server);
    connector.setHost("127.0.0.1");
    connector.setPort(port);
    server.addConnector(connector);
    server.setHandler(compression);
    server.setStopAtShutdown(true);
    server.start();

    System.out.println("variant plain available: Jackson writes into the response, unflushed (Content-Length"
        + " on a body that fits Jetty's buffer)");
    System.out.println("variant jetty available: Jetty's CompressionHandler, gzip(" + LEVELS.get("gzip")
        + ") via JDK zlib, zstd(" + LEVELS.get("zstd") + ") via zstd-jni, br(" + LEVELS.get("br")
        + ") via brotli4j, its defaults otherwise");
    System.out.println("variant filter available: zipjack's CompressionFilter, "
        + String.join(", ", filter.implementations()) + ", minBodyBytes " + MIN_BODY_BYTES
        + " (as Jetty's), its defaults otherwise; dcz on " + String.join(", ", DictionaryTraining.DATASETS)
        + " with a " + dictionaries[0].byteCount() / 1024 + " KiB and a " + dictionaries[1].byteCount() / 1024
        + " KiB dictionary trained on 1,000 other records of each kind");
    System.out.println("variant direct available: zipjack's CompressedResponses, " + direct.description());
    return server;
  }

  /** The dataset named by the request's path info ({@code /people-100}), or null if unknown. */
  static Object datasetOf(HttpServletRequest request, Map<String, Object> datasets) {
    String path = request.getPathInfo();
    return path == null || path.length() < 2 ? null : datasets.get(path.substring(1));
  }

  private static GzipCompression jettyGzip() {
    GzipCompression gzip = new GzipCompression();
    GzipEncoderConfig config = new GzipEncoderConfig();
    config.setCompressionLevel(LEVELS.get("gzip"));
    gzip.setDefaultEncoderConfig(config);
    return gzip;
  }

  private static ZstandardCompression jettyZstd() {
    ZstandardCompression zstd = new ZstandardCompression();
    ZstandardEncoderConfig config = new ZstandardEncoderConfig();
    config.setCompressionLevel(LEVELS.get("zstd"));
    zstd.setDefaultEncoderConfig(config);
    return zstd;
  }

  private static BrotliCompression jettyBrotli() {
    BrotliCompression brotli = new BrotliCompression();
    BrotliEncoderConfig config = new BrotliEncoderConfig();
    config.setCompressionLevel(LEVELS.get("br"));
    brotli.setDefaultEncoderConfig(config);
    return brotli;
  }
}
