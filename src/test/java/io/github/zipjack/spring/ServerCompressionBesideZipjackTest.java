package io.github.zipjack.spring;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.zipjack.servlet.Decoding;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * Boot's own {@code server.compression} (Tomcat's gzip) switched on beside zipjack: a response is
 * compressed once, by zipjack where it compresses, and never carries two codings.
 */
class ServerCompressionBesideZipjackTest {
  private static RunningBootService service;

  @BeforeAll
  static void start() {
    service = RunningBootService.start("server.compression.enabled=true", "server.compression.min-response-size=16");
  }

  @AfterAll
  static void stop() {
    if (service != null) {
      service.close();
    }
  }

  @Test
  void zipjacksCompressedResponseIsNotCompressedAgain() throws Exception {
    HttpResponse<byte[]> response = service.get("/people", "Accept-Encoding", "gzip");
    assertEquals(java.util.List.of("gzip"), response.headers().allValues("Content-Encoding"));
    assertEquals(String.valueOf(response.body().length), response.headers().firstValue("Content-Length").orElse(null));
    assertArrayEquals(service.bean(JsonMapper.class).writeValueAsBytes(PeopleService.people(300)),
        Decoding.decode("gzip", response.body()));
  }

  @Test
  void zstdResponseIsNotWrappedInTomcatsGzip() throws Exception {
    HttpResponse<byte[]> response = service.get("/people", "Accept-Encoding", "zstd, gzip");
    assertEquals(java.util.List.of("zstd"), response.headers().allValues("Content-Encoding"));
    assertArrayEquals(service.bean(JsonMapper.class).writeValueAsBytes(PeopleService.people(300)),
        Decoding.decode("zstd", response.body()));
  }

  @Test
  void bodyZipjackLeavesUncompressedIsCompressedAtMostOnceByTomcat() throws Exception {
    HttpResponse<byte[]> response = service.get("/person", "Accept-Encoding", "gzip");
    java.util.List<String> codings = response.headers().allValues("Content-Encoding");
    assertEquals(true, codings.size() <= 1, codings.toString());
    assertArrayEquals(service.bean(JsonMapper.class).writeValueAsBytes(PeopleService.people(1).get(0)),
        Decoding.decode(codings.isEmpty() ? null : codings.get(0), response.body()));
  }
}
