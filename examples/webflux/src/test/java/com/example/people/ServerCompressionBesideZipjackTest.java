package com.example.people;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.json.JsonMapper;

/** Boot's own server.compression (Reactor Netty's compressor) left on beside zipjack: nothing is ever compressed twice. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {"server.compression.enabled=true", "server.compression.min-response-size=16"})
class ServerCompressionBesideZipjackTest {
  @LocalServerPort
  int port;
  @Autowired
  JsonMapper mapper;
  @Autowired
  PeopleController controller;

  @Test
  void gzipResponsesCarryOneCodingAndDecodeOnce() throws Exception {
    HttpResponse<byte[]> response = Http.get(port, "/people", "Accept-Encoding", "gzip");
    assertEquals(List.of("gzip"), response.headers().allValues("Content-Encoding"));
    assertEquals(response.body().length, Long.parseLong(response.headers().firstValue("Content-Length").orElseThrow()));
    assertArrayEquals(mapper.writeValueAsBytes(controller.page(0, 300)), Http.decode("gzip", response.body()));
  }

  @Test
  void zstdResponsesAreNotWrappedInNettysGzip() throws Exception {
    HttpResponse<byte[]> response = Http.get(port, "/people", "Accept-Encoding", "zstd, gzip");
    assertEquals(List.of("zstd"), response.headers().allValues("Content-Encoding"));
    assertArrayEquals(mapper.writeValueAsBytes(controller.page(0, 300)), Http.decode("zstd", response.body()));
  }
}
