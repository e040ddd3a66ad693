package io.github.zipjack.client;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A bare HTTP server on 127.0.0.1 (the JDK's com.sun.net.httpserver) that answers each path with
 * the status, headers and body bytes a test stored for it, whatever they are (a truncated body, a
 * bomb, a coding nobody asked for), records the last request it got on each path, and counts the
 * requests to each path and the answers whose sending ended (sent whole, or cut off by the client).
 */
public final class StoredAnswerServer implements AutoCloseable {
  /** What a path answers. */
  public record Answer(int status, Map<String, String> headers, byte[] body) {}

  /** A request as it came off the wire. */
  public record Received(String method, Headers headers, byte[] body) {}

  private final HttpServer server;
  private final ExecutorService executor = Executors.newFixedThreadPool(4);
  private final Map<String, Answer> answers = new ConcurrentHashMap<>();
  private final Map<String, Received> received = new ConcurrentHashMap<>();
  private final Map<String, AtomicInteger> requests = new ConcurrentHashMap<>();
  private final Map<String, AtomicInteger> sendsEnded = new ConcurrentHashMap<>();

  public StoredAnswerServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/", exchange -> {
      try (exchange) {
        String path = exchange.getRequestURI().getPath();
        byte[] requestBody;
        try (InputStream in = exchange.getRequestBody()) {
          requestBody = in.readAllBytes();
        }
        received.put(path, new Received(exchange.getRequestMethod(), exchange.getRequestHeaders(), requestBody));
        requests.computeIfAbsent(path, p -> new AtomicInteger()).incrementAndGet();
        Answer answer = answers.get(path);
        if (answer == null) {
          exchange.sendResponseHeaders(404, -1);
          return;
        }
        answer.headers().forEach(exchange.getResponseHeaders()::set);
        exchange.sendResponseHeaders(answer.status(), answer.body().length == 0 ? -1 : answer.body().length);
        try (OutputStream out = exchange.getResponseBody()) {
          out.write(answer.body());
        } catch (IOException clientWentAway) {
          // a client that refuses a bomb closes the connection midway
        } finally {
          sendsEnded.computeIfAbsent(path, p -> new AtomicInteger()).incrementAndGet();
        }
      }
    });
    server.setExecutor(executor);
    server.start();
  }

  /** Answers {@code path} with {@code answer} from now on. */
  public void put(String path, Answer answer) {
    answers.put(path, answer);
  }

  /** Answers {@code path} with 200, the given Content-Type and Content-Encoding (null for none), and {@code body}. */
  public void put(String path, String contentType, String contentEncoding, byte[] body) {
    Map<String, String> headers = contentEncoding == null
        ? Map.of("Content-Type", contentType) : Map.of("Content-Type", contentType, "Content-Encoding", contentEncoding);
    put(path, new Answer(200, headers, body));
  }

  /** The last request on {@code path}, or null. */
  public Received received(String path) {
    return received.get(path);
  }

  /** {@return how many requests {@code path} got} */
  public int requests(String path) {
    AtomicInteger count = requests.get(path);
    return count == null ? 0 : count.get();
  }

  /** {@return how many answers on {@code path} ended sending: sent whole, or cut off when the client closed} */
  public int sendsEnded(String path) {
    AtomicInteger count = sendsEnded.get(path);
    return count == null ? 0 : count.get();
  }

  public URI uri(String path) {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
