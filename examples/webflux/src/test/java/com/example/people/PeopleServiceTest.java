package com.example.people;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.msgpack.core.MessagePack;
import org.msgpack.core.MessageUnpacker;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.json.JsonMapper;

/**
 * The WebFlux service as its clients see it, with zipjack added as one dependency and a few
 * properties: every single-value JSON response compressed in the coding the client prefers, with an
 * exact Content-Length, decoding to exactly what the service's own (snake_case, Jackson 3) mapper
 * writes; streams left to Spring; MessagePack for clients that ask for it; zipjack's meters in
 * /actuator/metrics.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class PeopleServiceTest {
  @LocalServerPort
  int port;
  @Autowired
  JsonMapper mapper;
  @Autowired
  PeopleController controller;

  private byte[] mappersBytes(int count) {
    return mapper.writeValueAsBytes(controller.page(0, count));
  }

  @ParameterizedTest
  @ValueSource(strings = {"zstd", "gzip", "br"})
  void eachCodingComesWithAnExactContentLengthAndTheMappersBytes(String coding) throws Exception {
    HttpResponse<byte[]> response = Http.get(port, "/people", "Accept-Encoding", coding);

    assertEquals(200, response.statusCode());
    assertEquals(coding, response.headers().firstValue("Content-Encoding").orElseThrow());
    assertEquals(response.body().length, Long.parseLong(response.headers().firstValue("Content-Length").orElseThrow()));
    assertTrue(response.headers().allValues("Vary").toString().contains("Accept-Encoding"));
    assertArrayEquals(mappersBytes(300), Http.decode(coding, response.body()));
  }

  @Test
  void aPlainReturnValueIsCompressedAsAMonoIs() throws Exception {
    HttpResponse<byte[]> response = Http.get(port, "/people/7/neighbours", "Accept-Encoding", "gzip");

    assertEquals("gzip", response.headers().firstValue("Content-Encoding").orElseThrow());
    assertEquals(response.body().length, Long.parseLong(response.headers().firstValue("Content-Length").orElseThrow()));
    assertArrayEquals(mapper.writeValueAsBytes(controller.neighbours(7)), Http.decode("gzip", response.body()));
  }

  @Test
  void theClientsPreferenceWinsAndTheServersOrderBreaksTies() throws Exception {
    assertEquals("gzip", Http.get(port, "/people", "Accept-Encoding", "zstd;q=0.5, gzip").headers()
        .firstValue("Content-Encoding").orElseThrow());
    assertEquals("zstd", Http.get(port, "/people", "Accept-Encoding", "gzip, br, zstd").headers()
        .firstValue("Content-Encoding").orElseThrow());
  }

  @Test
  void theBodyIsSnakeCaseAsTheServiceWritesIt() throws Exception {
    HttpResponse<byte[]> response = Http.get(port, "/people?count=2");
    String json = new String(response.body(), StandardCharsets.UTF_8);
    assertTrue(json.startsWith("[{\"person_id\":0,\"first_name\":\"First0\""), json);
  }

  @Test
  void aBodyUnderMinBodySizeGoesOutAsItIsWithItsLength() throws Exception {
    HttpResponse<byte[]> response = Http.get(port, "/people?count=2", "Accept-Encoding", "gzip");
    assertEquals(Optional.empty(), response.headers().firstValue("Content-Encoding"));
    assertEquals(String.valueOf(response.body().length), response.headers().firstValue("Content-Length").orElseThrow());
    assertArrayEquals(mappersBytes(2), response.body());
  }

  @Test
  void aStreamIsLeftToSpringUncompressed() throws Exception {
    HttpResponse<byte[]> response = Http.get(port, "/people-stream?count=20", "Accept-Encoding", "zstd");
    assertEquals(Optional.empty(), response.headers().firstValue("Content-Encoding"));
    String[] lines = new String(response.body(), StandardCharsets.UTF_8).split("\n");
    assertEquals(20, lines.length);
    assertArrayEquals(mapper.writeValueAsBytes(controller.person(19)), lines[19].getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void curlCompressedGetsTheMappersBytes() throws Exception {
    Process curl = new ProcessBuilder("curl", "-sS", "--compressed", "http://127.0.0.1:" + port + "/people")
        .redirectError(ProcessBuilder.Redirect.INHERIT).start();
    byte[] body;
    try (InputStream in = curl.getInputStream()) {
      body = in.readAllBytes();
    }
    assertEquals(0, curl.waitFor());
    assertArrayEquals(mappersBytes(300), body);
  }

  @Test
  void aClientWithoutAcceptEncodingGetsPlainJson() throws Exception {
    HttpResponse<byte[]> response = Http.get(port, "/people");
    assertTrue(response.headers().firstValue("Content-Encoding").isEmpty());
    assertArrayEquals(mappersBytes(300), response.body());
  }

  @Test
  void messagePackClientsGetCompressedMessagePack() throws Exception {
    HttpResponse<byte[]> response = Http.get(port, "/people?count=3", "Accept", "application/msgpack",
        "Accept-Encoding", "zstd");
    assertEquals("application/msgpack", response.headers().firstValue("Content-Type").orElseThrow());
    assertEquals(response.body().length, Long.parseLong(response.headers().firstValue("Content-Length").orElseThrow()));
    try (MessageUnpacker unpacker = MessagePack.newDefaultUnpacker(Http.decode("zstd", response.body()))) {
      assertEquals(3, unpacker.unpackArrayHeader());
      unpacker.unpackMapHeader();
      assertEquals("person_id", unpacker.unpackString());
      assertEquals(0, unpacker.unpackInt());
      assertEquals("first_name", unpacker.unpackString());
      assertEquals("First0", unpacker.unpackString());
    }
  }

  @Test
  void zipjacksMetersCountTheResponses() throws Exception {
    for (int i = 0; i < 3; i++) {
      Http.get(port, "/people", "Accept-Encoding", "br");
    }
    HttpResponse<byte[]> metric = Http.get(port, "/actuator/metrics/zipjack.responses?tag=coding:br&tag=outcome:compressed");
    assertEquals(200, metric.statusCode());
    JsonNode count = new ObjectMapper().readTree(metric.body()).get("measurements").get(0);
    assertEquals("COUNT", count.get("statistic").asText());
    assertTrue(count.get("value").asDouble() >= 3, count.toString());
  }
}
