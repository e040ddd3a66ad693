package io.github.zipjack.servlet.demo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.github.luben.zstd.ZstdInputStream;
import io.github.zipjack.Compression;
import io.github.zipjack.Format;
import io.github.zipjack.Pipeline;
import io.github.zipjack.data.Datasets;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.junit.jupiter.api.Test;

/** The demo server starts and serves a dataset compressed, with its exact length. */
class DemoServerTest {

  @Test
  void demoServesADatasetAsZstdWithItsExactLength() throws Exception {
    Server server = DemoServer.start(0);
    try (Pipeline identity = Pipeline.builder().format(Format.MSGPACK).compression(Compression.none()).build()) {
      int port = ((ServerConnector) server.getConnectors()[0]).getLocalPort();
      HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
      HttpResponse<byte[]> response = client.send(
          HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/people-10.msgpack"))
              .header("Accept-Encoding", "zstd").build(),
          HttpResponse.BodyHandlers.ofByteArray());

      assertEquals(200, response.statusCode());
      assertEquals("zstd", response.headers().firstValue("Content-Encoding").orElseThrow());
      assertEquals(response.body().length, response.headers().firstValueAsLong("Content-Length").orElseThrow());
      try (InputStream decoded = new ZstdInputStream(new ByteArrayInputStream(response.body()))) {
        assertArrayEquals(identity.encode(Datasets.load("people-10").value()), decoded.readAllBytes());
      }
    } finally {
      server.stop();
    }
  }
}
