package io.github.zipjack.spring;

import static io.github.zipjack.spring.CallingApplication.PEOPLE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.zipjack.DecodeLimitExceededException;
import io.github.zipjack.client.Bombs;
import io.github.zipjack.client.StoredAnswerServer;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestClientException;

/**
 * A Spring Boot 4 application calls another (zipjack's filter in front of it) through the
 * {@code RestClient.Builder} Boot injects: the answer comes compressed on the wire (zstd, or gzip
 * when only gzip is asked for, which Spring's own decoding would otherwise have taken), decodes into
 * the records with the application's mapper, and a bomb fails with zipjack's limit inside Spring's
 * exception while the next call works. Compressed request bodies carry an exact Content-Length.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RestClientCallsBootServiceTest {
  private RunningBootService service;
  private StoredAnswerServer bare;

  @BeforeAll
  void start() throws Exception {
    service = RunningBootService.start();
    bare = new StoredAnswerServer();
  }

  @AfterAll
  void stop() {
    service.close();
    bare.close();
  }

  @Test
  void injectedRestClientAsksForZstdAndDecodesTheAnswer() {
    try (ConfigurableApplicationContext caller = CallingApplication.start()) {
      RecordingInterceptor wire = new RecordingInterceptor();
      RestClient client = caller.getBean(RestClient.Builder.class).requestInterceptor(wire).build();
      List<PeopleService.Person> people = client.get().uri(service.uri("/people")).retrieve().body(PEOPLE);
      assertThat(people).isEqualTo(PeopleService.people(300));
      assertThat(wire.requestHeaders.getFirst("Accept-Encoding")).isEqualTo("zstd, gzip, br");
      assertThat(wire.responseHeaders.getFirst("Content-Encoding")).isEqualTo("zstd");
    }
  }

  @Test
  void gzipAnswerIsDecodedByZipjackNotBySpring() {
    try (ConfigurableApplicationContext caller = CallingApplication.start("zipjack.client.codings=gzip")) {
      RecordingInterceptor wire = new RecordingInterceptor();
      RestClient client = caller.getBean(RestClient.Builder.class).requestInterceptor(wire).build();
      assertThat(client.get().uri(service.uri("/people")).retrieve().body(PEOPLE)).isEqualTo(PeopleService.people(300));
      assertThat(wire.responseHeaders.getFirst("Content-Encoding")).isEqualTo("gzip");
    }
  }

  @Test
  void bombFailsWithZipjacksLimitInsideSpringsExceptionAndTheNextCallWorks() {
    bare.put("/bomb", "application/json", "gzip", Bombs.oneGib("gzip"));
    try (ConfigurableApplicationContext caller = CallingApplication.start("zipjack.client.max-decoded-size=8MB")) {
      RestClient client = caller.getBean(RestClient.Builder.class).build();
      assertThatThrownBy(() -> client.get().uri(bare.uri("/bomb")).retrieve().body(PEOPLE))
          .isInstanceOf(RestClientException.class)
          .hasRootCauseInstanceOf(DecodeLimitExceededException.class);
      assertThat(client.get().uri(service.uri("/people")).retrieve().body(PEOPLE)).hasSize(300);
    }
  }

  @Test
  void requestBodiesFromTheMinimumSizeAreCompressedWithTheirExactLength() {
    bare.put("/echo", "application/json", null, "[]".getBytes());
    try (ConfigurableApplicationContext caller = CallingApplication.start("zipjack.client.compress-requests=true",
        "zipjack.client.request-coding=zstd")) {
      RestClient client = caller.getBean(RestClient.Builder.class).build();
      client.post().uri(bare.uri("/echo")).body(PeopleService.people(50)).retrieve().body(PEOPLE);
      StoredAnswerServer.Received received = bare.received("/echo");
      assertThat(received.headers().getFirst("Content-Encoding")).isEqualTo("zstd");
      assertThat(received.headers().getFirst("Content-Length")).isEqualTo(String.valueOf(received.body().length));
      assertThat(com.github.luben.zstd.Zstd.decompress(received.body(), 1 << 20).length).isGreaterThan(received.body().length);
    }
  }

  @Test
  void dictionaryIsKeptAnnouncedAndUsedForDcz() throws Exception {
    byte[] dictionary = new com.fasterxml.jackson.databind.ObjectMapper()
        .setPropertyNamingStrategy(com.fasterxml.jackson.databind.PropertyNamingStrategies.SNAKE_CASE)
        .writeValueAsBytes(PeopleService.people(20));
    byte[] json = new com.fasterxml.jackson.databind.ObjectMapper()
        .setPropertyNamingStrategy(com.fasterxml.jackson.databind.PropertyNamingStrategies.SNAKE_CASE)
        .writeValueAsBytes(PeopleService.people(300));
    bare.put("/dict", new StoredAnswerServer.Answer(200, Map.of("Content-Type", "text/plain",
        "Use-As-Dictionary", "match=\"/api/*\", id=\"people\"", "Cache-Control", "max-age=600"), dictionary));
    java.io.ByteArrayOutputStream dcz = new java.io.ByteArrayOutputStream();
    dcz.write(new byte[] {0x5e, 0x2a, 0x4d, 0x18, 0x20, 0, 0, 0});
    dcz.write(java.security.MessageDigest.getInstance("SHA-256").digest(dictionary));
    try (var raw = new com.github.luben.zstd.ZstdDictCompress(dictionary, 3, com.github.luben.zstd.ZstdDictContentType.RAW_CONTENT);
        var ctx = new com.github.luben.zstd.ZstdCompressCtx()) {
      dcz.write(ctx.setLevel(3).loadDict(raw).compress(json));
    }
    bare.put("/api/people", "application/json", "dcz", dcz.toByteArray());
    try (ConfigurableApplicationContext caller = CallingApplication.start("zipjack.client.dictionaries.enabled=true",
        "spring.http.clients.redirects=dont-follow")) {
      RestClient client = caller.getBean(RestClient.Builder.class).build();
      assertThat(client.get().uri(bare.uri("/dict")).retrieve().body(String.class)).hasSize(dictionary.length);
      assertThat(client.get().uri(bare.uri("/api/people")).retrieve().body(PEOPLE)).isEqualTo(PeopleService.people(300));
      assertThat(bare.received("/api/people").headers().getFirst("Dictionary-ID")).isEqualTo("\"people\"");
      assertThat(bare.received("/api/people").headers().getFirst("Accept-Encoding")).isEqualTo("zstd, gzip, br, dcz");
    }
  }

  @Test
  void injectedRestTemplateDecodesToo() {
    try (ConfigurableApplicationContext caller = CallingApplication.start()) {
      var template = caller.getBean(org.springframework.boot.restclient.RestTemplateBuilder.class).build();
      String json = template.getForObject(service.uri("/people"), String.class);
      assertThat(json).startsWith("[{\"person_id\":0");
    }
  }

  @Test
  void disabledLeavesTheBuilderAlone() {
    try (ConfigurableApplicationContext caller = CallingApplication.start("zipjack.client.enabled=false")) {
      assertThat(caller.getBeansOfType(DecodingClientInterceptor.class)).isEmpty();
    }
  }

  @Test
  void backsOffWhenTheApplicationDefinesItsOwnInterceptor() {
    try (ConfigurableApplicationContext caller = CallingApplication.start(new Class<?>[] {OwnInterceptor.class})) {
      Map<String, DecodingClientInterceptor> beans = caller.getBeansOfType(DecodingClientInterceptor.class);
      assertThat(beans).containsOnlyKeys("ownInterceptor");
    }
  }

  @org.springframework.context.annotation.Configuration(proxyBeanMethods = false)
  static class OwnInterceptor {
    @org.springframework.context.annotation.Bean(destroyMethod = "close")
    DecodingClientInterceptor ownInterceptor() {
      return DecodingClientInterceptor.builder().codings("gzip").maxDecodedBytes(1 << 20).build();
    }
  }
}
