package com.example.people;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.Zstd;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

/**
 * The service's WebClient, from Boot's {@code WebClient.Builder}, reading an upstream directory (a
 * JDK HttpServer here) that answers in zstd: zipjack asks for zstd, gzip and br, decodes the answer
 * into the service's types, and refuses an answer that would expand past
 * {@code zipjack.client.max-decoded-size} (16MB in application.properties) within seconds, the
 * service answering on.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class DirectoryClientTest {
  /** A page whose {@code from} is this is answered with 2 GiB of zstd-compressed whitespace. */
  private static final int BOMB_FROM = 666;
  /** Another instance of this service's JSON style. */
  private static final JsonMapper UPSTREAM_MAPPER = JsonMapper.builder()
      .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build();
  private static final Map<String, String> ACCEPT_ENCODINGS = new ConcurrentHashMap<>();
  private static final HttpServer UPSTREAM = upstream();

  @LocalServerPort
  int port;
  @Autowired
  JsonMapper mapper;
  @Autowired
  PeopleController controller;

  @DynamicPropertySource
  static void directoryUrl(DynamicPropertyRegistry registry) {
    registry.add("directory.url", () -> "http://127.0.0.1:" + UPSTREAM.getAddress().getPort());
  }

  @AfterAll
  static void stopUpstream() {
    UPSTREAM.stop(0);
  }

  /** Serves /people?from=F&count=N in zstd, as another instance of the service would. */
  private static HttpServer upstream() {
    byte[] bomb = Bombs.zstdWhitespace(2);
    try {
      HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
      server.createContext("/people", exchange -> {
        Map<String, Integer> query = new ConcurrentHashMap<>();
        for (String pair : exchange.getRequestURI().getQuery().split("&")) {
          query.put(pair.substring(0, pair.indexOf('=')), Integer.parseInt(pair.substring(pair.indexOf('=') + 1)));
        }
        int from = query.get("from");
        ACCEPT_ENCODINGS.put(String.valueOf(from), String.valueOf(exchange.getRequestHeaders().getFirst("Accept-Encoding")));
        byte[] body = from == BOMB_FROM ? bomb
            : Zstd.compress(UPSTREAM_MAPPER.writeValueAsBytes(new PeopleController().page(from, query.get("count"))), 1);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.getResponseHeaders().add("Content-Encoding", "zstd");
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
          out.write(body);
        } catch (IOException e) { // the client hung up on the bomb: what it should do
        }
      });
      server.start();
      return server;
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void theUpstreamsZstdAnswerIsDecodedIntoTheServicesOwnJson() throws Exception {
    HttpResponse<byte[]> response = Http.get(port, "/directory/people?from=40&count=120");

    assertEquals(200, response.statusCode());
    assertArrayEquals(mapper.writeValueAsBytes(controller.page(40, 120)), response.body());
    assertEquals(List.of("zstd", "gzip", "br"), List.of(ACCEPT_ENCODINGS.get("40").split(",\\s*")));
  }

  @Test
  void anAnswerThatWouldExpandToTwoGibIsRefusedAtTheLimitAndTheServiceLives() throws Exception {
    long start = System.nanoTime();

    HttpResponse<byte[]> response = Http.get(port, "/directory/people?from=" + BOMB_FROM + "&count=1");

    double seconds = (System.nanoTime() - start) / 1e9;
    assertEquals(500, response.statusCode());
    assertTrue(seconds < 10, "refused after " + seconds + " s");
    assertEquals(200, Http.get(port, "/directory/people?from=0&count=2").statusCode());
  }
}
