package io.github.zipjack.spring;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.PipelineResources;
import io.github.zipjack.servlet.CompressionFilter;
import io.github.zipjack.servlet.Decoding;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import tools.jackson.databind.json.JsonMapper;

/**
 * A real Spring Boot 4 service on embedded Tomcat with zipjack on its class path and nothing else
 * configured but {@code spring.jackson.property-naming-strategy=SNAKE_CASE}: every JSON response
 * comes compressed, with an exact Content-Length, and decodes to exactly what the service's own
 * Jackson 3 mapper writes; whether zipjack's converter writes it (the default) or, with the
 * converter off, the filter compresses what Spring's converter wrote. The subclasses run each way.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class CompressedSpringBootServiceTest {
  RunningBootService service;

  /** The properties of this way of running. */
  abstract String[] properties();

  @BeforeAll
  void start() {
    service = RunningBootService.start(properties());
  }

  @AfterAll
  void stop() {
    if (service != null) {
      service.close();
    }
  }

  /** The converter writes the responses; the filter passes them through. */
  static class ThroughTheConverterTest extends CompressedSpringBootServiceTest {
    @Override
    String[] properties() {
      return new String[0];
    }

    @Test
    void theConverterCompressedAndTheFilterDidNot() throws Exception {
      service.get("/people", "Accept-Encoding", "zstd");
      CompressionFilter filter = filter();
      assertEquals(0, filter.resources().createdNativeContexts(), filter.resources().toString());
    }

    @Test
    void headersOfAResponseEntityAreSentWithTheCompressedBody() throws Exception {
      HttpResponse<byte[]> response = service.get("/people-with-headers", "Accept-Encoding", "gzip");
      assertEquals("gzip", response.headers().firstValue("Content-Encoding").orElse(null));
      assertEquals("max-age=60", response.headers().firstValue("Cache-Control").orElse(null));
      assertEquals("zipjack", response.headers().firstValue("X-Served-By").orElse(null));
      assertArrayEquals(mappersOwnBytes(), Decoding.decode("gzip", response.body()));
    }
  }

  /** zipjack.compression.converter.enabled=false: Spring's converter writes, the filter compresses. */
  static class ThroughTheFilterTest extends CompressedSpringBootServiceTest {
    @Override
    String[] properties() {
      return new String[] {"zipjack.compression.converter.enabled=false"};
    }

    @Test
    void theFilterCompressed() throws Exception {
      service.get("/people", "Accept-Encoding", "zstd");
      assertTrue(filter().resources().createdNativeContexts() > 0, filter().resources().toString());
    }
  }

  CompressionFilter filter() {
    return (CompressionFilter) service.context.getBean("zipjackCompressionFilter", FilterRegistrationBean.class)
        .getFilter();
  }

  byte[] mappersOwnBytes() {
    return service.bean(JsonMapper.class).writeValueAsBytes(PeopleService.people(300));
  }

  @ParameterizedTest
  @ValueSource(strings = {"zstd", "gzip", "br"})
  void responseIsCompressedInTheAcceptedCodingWithExactContentLength(String coding) throws Exception {
    HttpResponse<byte[]> response = service.get("/people", "Accept-Encoding", coding);
    assertEquals(200, response.statusCode());
    assertEquals(coding, response.headers().firstValue("Content-Encoding").orElse(null));
    assertEquals(String.valueOf(response.body().length), response.headers().firstValue("Content-Length").orElse(null));
    assertTrue(response.headers().allValues("Vary").toString().contains("Accept-Encoding"));
    assertArrayEquals(mappersOwnBytes(), Decoding.decode(coding, response.body()));
  }

  @Test
  void decodedBodyIsWhatTheServicesSnakeCaseMapperWrites() throws Exception {
    byte[] decoded = Decoding.decode("zstd", service.get("/people", "Accept-Encoding", "zstd").body());
    String json = new String(decoded, StandardCharsets.UTF_8);
    assertTrue(json.startsWith("[{\"person_id\":0,\"first_name\":\"First0\""), json.substring(0, 60));
  }

  @Test
  void clientWithoutAcceptEncodingGetsTheMappersBytesAsTheyAre() throws Exception {
    HttpResponse<byte[]> response = service.get("/people");
    assertNull(response.headers().firstValue("Content-Encoding").orElse(null));
    assertArrayEquals(mappersOwnBytes(), response.body());
  }

  @Test
  void smallBodyIsSentUncompressed() throws Exception {
    HttpResponse<byte[]> response = service.get("/person", "Accept-Encoding", "gzip");
    assertNull(response.headers().firstValue("Content-Encoding").orElse(null));
    assertArrayEquals(service.bean(JsonMapper.class).writeValueAsBytes(PeopleService.people(1).get(0)), response.body());
  }

  @Test
  void curlCompressedGetsTheMappersBytes() throws Exception {
    Process curl = new ProcessBuilder("curl", "-sS", "--compressed", "-o", "-", service.uri("/people").toString())
        .redirectError(ProcessBuilder.Redirect.INHERIT).start();
    byte[] body;
    try (InputStream in = curl.getInputStream()) {
      body = in.readAllBytes();
    }
    assertEquals(0, curl.waitFor());
    assertArrayEquals(mappersOwnBytes(), body);
  }

  @Test
  void controllerThatThrowsMidwaySendsAnErrorAndNoPartialCompressedBody() throws Exception {
    HttpResponse<byte[]> response = service.get("/failing", "Accept-Encoding", "gzip");
    assertEquals(500, response.statusCode());
    String encoding = response.headers().firstValue("Content-Encoding").orElse(null);
    String body = new String(Decoding.decode(encoding, response.body()), StandardCharsets.UTF_8);
    assertFalse(body.contains("First199"), "a partial list reached the client: " + body);
    response.headers().firstValue("Content-Length")
        .ifPresent(length -> assertEquals(String.valueOf(response.body().length), length));
  }

  @Test
  void concurrentClientsWithAThirdHangingUpGiveEveryPooledResourceBack() throws Exception {
    ExecutorService clients = Executors.newFixedThreadPool(48);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int i = 0; i < 48; i++) {
        boolean hangUp = i % 3 == 0;
        String coding = List.of("zstd", "gzip", "br").get(i % 3 == 0 ? (i / 3) % 3 : i % 3);
        done.add(clients.submit(() -> {
          if (hangUp) {
            hangUpAfterTheHead(coding);
          } else {
            HttpResponse<byte[]> response = service.get("/people", "Accept-Encoding", coding);
            assertArrayEquals(mappersOwnBytes(), Decoding.decode(coding, response.body()));
          }
          return null;
        }));
      }
      for (Future<?> f : done) {
        f.get();
      }
    } finally {
      clients.shutdownNow();
    }
    long deadline = System.currentTimeMillis() + 10_000;
    String resources = heldResources();
    while (!resources.isEmpty() && System.currentTimeMillis() < deadline) {
      Thread.sleep(20);
      resources = heldResources();
    }
    assertEquals("", resources);
  }

  /** What the filter and the converters' pipelines still hold, or "" when nothing is lent. */
  private String heldResources() {
    PipelineResources filter = filter().resources();
    String held = filter.nothingLent() ? "" : "filter " + filter;
    for (ConverterPipelines converters : service.context.getBeansOfType(ConverterPipelines.class).values()) {
      PipelineResources r = converters.resources();
      held += r.nothingLent() ? "" : " converters " + r;
    }
    return held;
  }

  /** Sends a request, reads a little of the response and closes the connection. */
  private void hangUpAfterTheHead(String coding) throws Exception {
    try (Socket socket = new Socket("127.0.0.1", service.port)) {
      OutputStream out = socket.getOutputStream();
      out.write(("GET /people HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: " + coding + "\r\n\r\n")
          .getBytes(StandardCharsets.ISO_8859_1));
      out.flush();
      socket.getInputStream().read(new byte[64]);
    }
  }
}
