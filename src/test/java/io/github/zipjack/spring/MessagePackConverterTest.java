package io.github.zipjack.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.zipjack.servlet.Decoding;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.msgpack.core.MessagePack;
import org.msgpack.core.MessageUnpacker;

/**
 * {@code Accept: application/msgpack} (or x-msgpack, vnd.msgpack) gets the controller's value as
 * compressed MessagePack that follows the service's snake_case naming, read here by msgpack-core's
 * own unpacker, not through Jackson.
 */
class MessagePackConverterTest {
  private static RunningBootService service;

  @BeforeAll
  static void start() {
    service = RunningBootService.start();
  }

  @AfterAll
  static void stop() {
    if (service != null) {
      service.close();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"application/msgpack", "application/x-msgpack", "application/vnd.msgpack"})
  void msgpackAcceptGetsCompressedMessagePackWithExactLength(String mediaType) throws Exception {
    HttpResponse<byte[]> response = service.get("/people", "Accept", mediaType, "Accept-Encoding", "zstd");

    assertEquals(200, response.statusCode());
    assertEquals(mediaType, response.headers().firstValue("Content-Type").orElse(null));
    assertEquals("zstd", response.headers().firstValue("Content-Encoding").orElse(null));
    assertEquals(String.valueOf(response.body().length), response.headers().firstValue("Content-Length").orElse(null));
    try (MessageUnpacker unpacker = MessagePack.newDefaultUnpacker(Decoding.decode("zstd", response.body()))) {
      assertEquals(300, unpacker.unpackArrayHeader());
      int fields = unpacker.unpackMapHeader();
      Map<String, String> first = new LinkedHashMap<>();
      for (int i = 0; i < fields; i++) {
        String key = unpacker.unpackString();
        first.put(key, unpacker.unpackValue().toString());
      }
      PeopleService.Person expected = PeopleService.people(1).get(0);
      assertEquals(String.valueOf(expected.personId()), first.get("person_id"));
      assertEquals(expected.firstName(), first.get("first_name"));
      assertEquals(expected.emailAddress(), first.get("email_address"));
    }
  }
}
