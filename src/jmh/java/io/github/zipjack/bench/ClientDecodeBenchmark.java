package io.github.zipjack.bench;

import com.fasterxml.jackson.core.type.TypeReference;
import io.github.zipjack.Compression;
import io.github.zipjack.Pipeline;
import io.github.zipjack.client.CompressedHttpClient;
import io.github.zipjack.data.Dataset;
import io.github.zipjack.data.Datasets;
import io.github.zipjack.data.Person;
import io.github.zipjack.spring.BenchmarkWebClients;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;
import org.springframework.web.reactive.function.client.WebClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * A service calling another: how many answers per second does a client turn into objects, from the
 * request to the last record, when the answer is people-100 (x1) compressed? zipjack's
 * {@link CompressedHttpClient} with zstd(1) and with gzip(1), against Spring's {@code RestClient} on
 * its JDK request factory, which asks for gzip and decodes it itself (GZIPInputStream) before Jackson
 * reads it; and on the reactive side, Spring Boot's {@code WebClient} with zipjack
 * ({@code zipjack-webclient-zstd}, {@code zipjack-webclient-gzip}) against Boot's default one
 * ({@code webclient-gzip}: Reactor Netty decompressing gzip with Netty's own decoder before the JSON
 * decoder joins and reads it), both built as Boot builds them ({@link BenchmarkWebClients}), each
 * call blocking for its answer.
 *
 * <p>Pitfalls avoided: the server costs next to nothing and the same for every variant: a
 * kept-alive socket on 127.0.0.1 that answers each request with one write of bytes (head and body)
 * made once in {@code @Setup}, with TCP_NODELAY (the JDK's HttpServer writes the head and body
 * apart, and Nagle's algorithm with delayed ACKs then holds each answer for tens of milliseconds)
 * (the body compressed with gzip(1) for both gzip variants, so RestClient and zipjack decode the same bytes); every variant
 * goes through java.net.http over a kept-alive connection; the decoded list is returned; the
 * {@code wireBytes} counter adds each answer's body length, so wireBytes/s divided by ops/s is the
 * bytes on the wire per answer, printed in {@code @Setup} too.
 *
 * <p>Warm-up is 20 s: with 4 s, both clients were still being compiled when measured (RestClient's
 * answers per second rose from 460 to 750 over 20 one-second iterations, zipjack's from 250 to
 * 950 in 8), so the ratio compared two warm-ups rather than two decode paths.
 *
 * <p>What to expect: the HTTP exchange is a fixed cost for all three; zstd(1) decodes several times
 * faster than gzip and its answer is smaller, so zipjack-zstd should lead; zipjack-gzip against
 * restclient-gzip compares the decode paths (pooled Inflater and one pass into Jackson against a new
 * GZIPInputStream per answer). Both clients use a Jackson mapper with its defaults.
 *
 * <p>How to run:
 * <pre>
 * java -jar target/benchmarks.jar ClientDecodeBenchmark -prof gc
 * java -jar target/benchmarks.jar ClientDecodeBenchmark -p client=zipjack-zstd,restclient-gzip -t 2
 * </pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 20, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@State(Scope.Benchmark)
public class ClientDecodeBenchmark {
  private static final TypeReference<List<Person>> PEOPLE = new TypeReference<>() {};
  private static final ParameterizedTypeReference<List<Person>> SPRING_PEOPLE = new ParameterizedTypeReference<>() {};

  @Param({"people-100"})
  public String dataset;

  /**
   * {@code zipjack-zstd}, {@code zipjack-gzip} or {@code restclient-gzip}; {@code zipjack-webclient-zstd},
   * {@code zipjack-webclient-gzip} or {@code webclient-gzip}. The answer is in the coding the name ends with.
   */
  @Param({"zipjack-zstd", "zipjack-gzip", "restclient-gzip", "zipjack-webclient-zstd", "zipjack-webclient-gzip",
      "webclient-gzip"})
  public String client;

  private StoredAnswerServer server;
  private HttpClient http;
  private Pipeline pipeline;
  private CompressedHttpClient zipjack;
  private RestClient restClient;
  private BenchmarkWebClients webClients;
  private WebClient webClient;
  private URI uri;
  private int bodyBytes;

  /** Bytes of answer bodies received; per operation, this over the score is the bytes of one answer. */
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  @State(Scope.Thread)
  public static class Wire {
    public long wireBytes;

    @Setup(Level.Iteration)
    public void reset() {
      wireBytes = 0;
    }
  }

  @Setup
  public void setUp() throws IOException {
    Dataset data = Datasets.load(dataset);
    boolean zstd = client.endsWith("-zstd");
    String coding = zstd ? "zstd" : "gzip";
    byte[] body;
    try (Pipeline encoder = Pipeline.builder().compression(zstd ? Compression.zstd(1) : Compression.gzip(1)).build()) {
      body = encoder.encode(data.value());
    }
    bodyBytes = body.length;
    byte[] head = ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: " + coding
        + "\r\nContent-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
    byte[] answer = Arrays.copyOf(head, head.length + body.length);
    System.arraycopy(body, 0, answer, head.length, body.length);
    server = new StoredAnswerServer(answer);
    uri = URI.create("http://127.0.0.1:" + server.port() + "/people");
    http = HttpClient.newHttpClient();
    pipeline = Pipeline.builder().compression(Compression.none()).build();
    if (client.contains("webclient")) {
      webClients = new BenchmarkWebClients(JsonMapper.builder().build());
      webClient = client.startsWith("zipjack") ? webClients.zipjack() : webClients.boot();
    } else if (client.startsWith("zipjack")) {
      zipjack = CompressedHttpClient.builder(http, pipeline).codings(coding).build();
    } else {
      restClient = RestClient.builder().requestFactory(new JdkClientHttpRequestFactory(http)).build();
    }
    System.out.println("\n" + client + ": " + bodyBytes + " bytes on the wire per answer (" + coding + ")");
  }

  @TearDown
  public void tearDown() throws IOException {
    if (zipjack != null) {
      zipjack.close();
    }
    if (webClients != null) {
      webClients.close();
    }
    pipeline.close();
    server.close();
  }

  @Benchmark
  public List<Person> answer(Wire wire) throws IOException, InterruptedException {
    wire.wireBytes += bodyBytes;
    if (zipjack != null) {
      return zipjack.get(uri, PEOPLE);
    }
    if (webClient != null) {
      return webClient.get().uri(uri).retrieve().bodyToMono(SPRING_PEOPLE).block();
    }
    return restClient.get().uri(uri).retrieve().body(SPRING_PEOPLE);
  }

  /**
   * Answers every request on every connection with the same bytes, in one write; reads each request
   * head to its blank line (the benchmark sends GETs without bodies). One thread per connection.
   */
  static final class StoredAnswerServer implements AutoCloseable {
    private final ServerSocket socket;
    private final byte[] answer;

    StoredAnswerServer(byte[] answer) throws IOException {
      this.answer = answer;
      this.socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
      Thread acceptor = new Thread(this::accept, "stored-answer-acceptor");
      acceptor.setDaemon(true);
      acceptor.start();
    }

    int port() {
      return socket.getLocalPort();
    }

    private void accept() {
      while (!socket.isClosed()) {
        try {
          Socket connection = socket.accept();
          connection.setTcpNoDelay(true);
          Thread serving = new Thread(() -> serve(connection), "stored-answer-connection");
          serving.setDaemon(true);
          serving.start();
        } catch (IOException closed) {
          return;
        }
      }
    }

    private void serve(Socket connection) {
      try (connection; InputStream in = connection.getInputStream(); OutputStream out = connection.getOutputStream()) {
        byte[] buffer = new byte[8192];
        int matched = 0;
        while (true) {
          int n = in.read(buffer);
          if (n < 0) {
            return;
          }
          for (int i = 0; i < n; i++) {
            byte b = buffer[i];
            matched = b == (matched % 2 == 0 ? '\r' : '\n') ? matched + 1 : (b == '\r' ? 1 : 0);
            if (matched == 4) {
              out.write(answer);
              out.flush();
              matched = 0;
            }
          }
        }
      } catch (IOException gone) {
        // the client closed the connection
      }
    }

    @Override
    public void close() throws IOException {
      socket.close();
    }
  }
}
