package com.example.people;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.json.JsonMapper;

/**
 * Compressed request bodies, inflated by zipjack before the handler reads them, within
 * {@code zipjack.compression.max-inflated-request-size} (8MB in application.properties): a body
 * that would expand to 2 GiB is refused with 413 at the limit, and the service goes on answering.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class RequestBodiesTest {
  @LocalServerPort
  int port;
  @Autowired
  JsonMapper mapper;
  @Autowired
  PeopleController controller;

  @Test
  void aGzipRequestBodyReachesTheHandlerInflated() throws Exception {
    ByteArrayOutputStream gzipped = new ByteArrayOutputStream();
    try (GZIPOutputStream gzip = new GZIPOutputStream(gzipped)) {
      gzip.write(mapper.writeValueAsBytes(controller.page(0, 250)));
    }

    HttpResponse<byte[]> response = Http.post(port, "/people/count", gzipped.toByteArray(),
        "Content-Type", "application/json", "Content-Encoding", "gzip");

    assertEquals(200, response.statusCode(), () -> new String(response.body(), StandardCharsets.UTF_8));
    assertEquals("250", new String(response.body(), StandardCharsets.UTF_8));
  }

  @Test
  void aBodyThatWouldExpandToTwoGibIsRefusedAtTheLimitAndTheServiceLives() throws Exception {
    byte[] bomb = Bombs.zstdWhitespace(2);
    long start = System.nanoTime();

    HttpResponse<byte[]> response = Http.post(port, "/people/count", bomb,
        "Content-Type", "application/json", "Content-Encoding", "zstd");

    double seconds = (System.nanoTime() - start) / 1e9;
    assertEquals(413, response.statusCode(), () -> new String(response.body(), StandardCharsets.UTF_8));
    assertTrue(seconds < 10, "refused after " + seconds + " s");
    assertEquals(200, Http.get(port, "/people?count=3").statusCode());
  }
}
