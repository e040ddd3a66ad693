package io.github.zipjack.tools.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.GzipImplementation;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.OptionalLong;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The HTTP benchmark's Jetty server, over a real socket: the uncompressed baseline must send a small
 * body as the compressed variants do, with Content-Length, so that a ratio against it measures
 * compression and not chunked framing.
 */
class HttpBenchServerTest {
  private static Server server;
  private static HttpClient client;
  private static String base;

  @BeforeAll
  static void start() throws Exception {
    server = HttpBenchServer.start(0, GzipImplementation.ZLIB);
    base = "http://127.0.0.1:" + ((ServerConnector) server.getConnectors()[0]).getLocalPort();
    client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build(); // as wrk and curl ask
  }

  @AfterAll
  static void stop() throws Exception {
    server.stop(); // the client's threads are daemons; Java 17's HttpClient has no close
  }

  private static HttpResponse<byte[]> get(String path, String acceptEncoding) throws Exception {
    return client.send(HttpRequest.newBuilder(URI.create(base + path)).header("Accept-Encoding", acceptEncoding).build(),
        HttpResponse.BodyHandlers.ofByteArray());
  }

  @Test
  void plainSendsOneRecordUncompressedWithItsContentLength() throws Exception {
    HttpResponse<byte[]> response = get("/plain/people-1", "gzip");
    assertEquals(200, response.statusCode());
    assertTrue(response.headers().firstValue("Content-Encoding").isEmpty(), response.headers().toString());
    assertEquals(OptionalLong.of(response.body().length), response.headers().firstValueAsLong("Content-Length"),
        response.headers().toString());
  }

  @Test
  void plainSendsTheSameBytesTheDirectHelperSendsToAClientThatAcceptsNoCoding() throws Exception {
    assertEquals(new String(get("/direct/people-1", "identity").body()), new String(get("/plain/people-1", "gzip").body()));
  }
}
