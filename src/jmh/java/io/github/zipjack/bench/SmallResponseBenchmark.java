package io.github.zipjack.bench;

import io.github.zipjack.Compression;
import io.github.zipjack.data.Datasets;
import io.github.zipjack.servlet.CompressionFilter;
import io.github.zipjack.servlet.CompressionSettings;
import io.github.zipjack.servlet.HttpDictionary;
import io.github.zipjack.spring.BenchmarkConverter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.FilterConfig;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.lang.reflect.Proxy;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.converter.json.JacksonJsonHttpMessageConverter;
import org.springframework.http.server.ServletServerHttpResponse;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;
import tools.jackson.databind.json.JsonMapper;

/**
 * One small response (one record, about 1 KB) through zipjack's servlet code paths, without a
 * container or sockets: how much time and allocation does zipjack add around the compressor, per
 * request, beside the same response sent uncompressed?
 *
 * <p>{@code path=filter}: a servlet writes the record with a Jackson 3 mapper to the response's
 * stream, behind {@link CompressionFilter} (as a plain servlet application). {@code path=converter}:
 * the filter in front, and Spring MVC's message conversion writing the record through zipjack's
 * converter (as a Spring Boot application with the auto-configuration), Spring's request
 * attributes set around it as the DispatcherServlet sets them. {@code coding} is what the client
 * gets: {@code none} is the baseline, the same servlet or Spring's own {@code JacksonJsonHttpMessageConverter}
 * with no zipjack at all; {@code identity} goes through zipjack for a client that sends
 * {@code Accept-Encoding: identity}; {@code zstd} (zstd-1) and {@code gzip} (gzip-1: zlib on JDK 17,
 * libdeflate on JDK 25) for a browser's Accept-Encoding; {@code dcz} for a client holding the
 * service's dictionary (trained on 1,000 other records, served for {@code /*}; only this row's
 * settings have one). The minimum size is zipjack's default, 1 KiB: both records serialize to a
 * little more than that and compress to less, as most one-record answers do.
 *
 * <p>Pitfalls avoided: the request and response are in memory ({@link InMemoryExchange}) and reused,
 * so the allocation measured is the code under test's (plus a few small header lists the code asks
 * for, as a container makes them); the body reaches a Blackhole; the setup checks that each row
 * sends the coding it is named for (none for a record under {@code minBodyBytes}), so a row never
 * measures a fallback silently.
 *
 * <p>What to expect: {@code identity} a little above {@code none} (the body is held in pooled
 * segments for its Content-Length), compressed rows above by the codec's few microseconds; bytes
 * allocated per operation beside {@code none} are zipjack's per-request garbage, which should be a
 * few hundred bytes of wrappers, not buffers. Times on a shared machine are noise; the
 * allocation is not.
 *
 * <pre>
 * java -jar target/benchmarks.jar SmallResponseBenchmark -prof gc
 * java -jar target/benchmarks.jar SmallResponseBenchmark -p path=filter -p coding=none,zstd -prof gc
 * java -jar target/benchmarks.jar SmallResponseBenchmark -prof "jfr:configName=profile"
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@State(Scope.Thread)
public class SmallResponseBenchmark {
  private static final String URI = "/api/record";
  private static final String BROWSER = "gzip, deflate, br, zstd";

  @Param({"people-1", "orders-1"})
  public String dataset;

  @Param({"filter", "converter"})
  public String path;

  @Param({"none", "identity", "zstd", "gzip", "dcz"})
  public String coding;

  /**
   * zipjack's {@code minBodyBytes}; by default its default, 1 KiB, under which both records'
   * compressed bodies fall; 2048 puts the records themselves under it, so that they go out as they
   * are ({@code identity}: the cost of a body too small to compress).
   */
  @Param({"1024"})
  public long minBodyBytes;

  private Object value;
  private JsonMapper mapper;
  private CompressionFilter filter;
  private BenchmarkConverter zipjackConverter;
  private HttpMessageConverter<Object> converter;
  private FilterChain application;
  private InMemoryExchange exchange;

  @Setup
  public void setUp(Blackhole blackhole) throws IOException, ServletException {
    value = Datasets.load(dataset).value();
    mapper = JsonMapper.builder().build();
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("Accept", "application/json");
    CompressionSettings.Builder settings = CompressionSettings.builder()
        .codings(Compression.zstd(1), Compression.gzip(1))
        .minBodyBytes(minBodyBytes);
    switch (coding) {
      case "none", "zstd" -> headers.put("Accept-Encoding", BROWSER);
      case "identity" -> headers.put("Accept-Encoding", "identity");
      case "gzip" -> headers.put("Accept-Encoding", "gzip, deflate, br");
      case "dcz" -> {
        HttpDictionary dictionary = HttpDictionary.builder(DictionaryTraining.train(dataset).toByteArray())
            .match("/*").build();
        settings.dictionaryPath("/dictionaries").dictionaries(dictionary);
        headers.put("Accept-Encoding", BROWSER + ", dcz");
        headers.put("Available-Dictionary", dictionary.availableDictionary());
      }
      default -> throw new IllegalArgumentException("coding must be none, identity, zstd, gzip or dcz: " + coding);
    }
    BlackholeSink sink = new BlackholeSink();
    sink.setUp(blackhole);
    exchange = new InMemoryExchange(URI, headers, sink);
    if (!coding.equals("none")) {
      filter = new CompressionFilter(settings.build());
      filter.init(filterConfig());
    }
    switch (path) {
      case "filter" -> application = (request, response) -> {
        response.setContentType("application/json");
        mapper.writeValue(response.getOutputStream(), value);
      };
      case "converter" -> {
        if (filter == null) {
          converter = new JacksonJsonHttpMessageConverter(mapper);
        } else {
          zipjackConverter = new BenchmarkConverter(settings.build(), mapper);
          converter = zipjackConverter.json();
        }
        application = (request, response) -> {
          RequestContextHolder.setRequestAttributes(
              new ServletRequestAttributes((HttpServletRequest) request, (HttpServletResponse) response));
          try {
            converter.write(value, MediaType.APPLICATION_JSON, new ServletServerHttpResponse((HttpServletResponse) response));
          } finally {
            RequestContextHolder.resetRequestAttributes();
          }
        };
      }
      default -> throw new IllegalArgumentException("path must be filter or converter: " + path);
    }
    respond();
    String sent = exchange.response.getHeader("Content-Encoding");
    boolean underMinimum = mapper.writeValueAsBytes(value).length < minBodyBytes;
    String expected = coding.equals("none") || coding.equals("identity") || underMinimum ? null : coding;
    if (!java.util.Objects.equals(sent, expected) || exchange.response.bodyBytes() == 0) {
      throw new IllegalStateException(path + " sent Content-Encoding " + sent + " for coding " + coding
          + " (" + exchange.response.bodyBytes() + " bytes)");
    }
  }

  @TearDown
  public void tearDown() {
    if (zipjackConverter != null) {
      zipjackConverter.close();
    }
    if (filter != null) {
      filter.destroy();
    }
  }

  /** One request answered: the body's bytes as sent plus its Content-Length, so neither is dead. */
  @Benchmark
  public long respond() throws IOException, ServletException {
    exchange.reset();
    if (filter == null) {
      application.doFilter(exchange.request, exchange.response);
    } else {
      filter.doFilter(exchange.request, exchange.response, application);
    }
    return exchange.response.bodyBytes() + exchange.response.contentLength();
  }

  private static FilterConfig filterConfig() {
    ServletContext context = (ServletContext) Proxy.newProxyInstance(ServletContext.class.getClassLoader(),
        new Class<?>[] {ServletContext.class}, (proxy, method, args) -> {
          if (method.getName().equals("log")) {
            return null;
          }
          throw new UnsupportedOperationException("ServletContext." + method.getName());
        });
    return new FilterConfig() {
      @Override
      public String getFilterName() {
        return "zipjack";
      }

      @Override
      public ServletContext getServletContext() {
        return context;
      }

      @Override
      public String getInitParameter(String name) {
        return null;
      }

      @Override
      public java.util.Enumeration<String> getInitParameterNames() {
        return Collections.emptyEnumeration();
      }
    };
  }
}
