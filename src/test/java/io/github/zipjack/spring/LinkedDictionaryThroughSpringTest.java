package io.github.zipjack.spring;

import static io.github.zipjack.spring.CallingApplication.PEOPLE;
import static io.github.zipjack.spring.CallingApplication.SNAKE_CASE;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDictCompress;
import com.github.luben.zstd.ZstdDictContentType;
import io.github.zipjack.client.StoredAnswerServer;
import java.io.ByteArrayOutputStream;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.boot.restclient.RestTemplateBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.web.client.RestClient;

/**
 * A Spring Boot application with {@code zipjack.client.dictionaries.fetch-linked=true} calls a bare
 * server whose answers name a dictionary with {@code Link: <url>; rel="compression-dictionary"}: the
 * interceptor Boot installed fetches it in the background, and the next request it matches announces
 * it and decodes a {@code dcz} answer; a link to another origin is not fetched, a fetch that fails
 * leaves the answer that named it whole, and without the property nothing is fetched.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LinkedDictionaryThroughSpringTest {
  private StoredAnswerServer bare;
  private StoredAnswerServer otherOrigin;
  private ConfigurableApplicationContext caller;
  private RestClient client;
  private DecodingClientInterceptor interceptor;
  private byte[] dictionary;

  @BeforeAll
  void start() throws Exception {
    bare = new StoredAnswerServer();
    otherOrigin = new StoredAnswerServer();
    dictionary = SNAKE_CASE.writeValueAsBytes(PeopleService.people(20));
    caller = CallingApplication.start("zipjack.client.dictionaries.fetch-linked=true");
    client = caller.getBean(RestClient.Builder.class).build();
    interceptor = caller.getBean(DecodingClientInterceptor.class);
  }

  @AfterAll
  void stop() {
    caller.close();
    bare.close();
    otherOrigin.close();
  }

  /** A JSON answer of 5 people whose Link header names {@code link}. */
  private void pageLinking(String path, String link) throws Exception {
    bare.put(path, new StoredAnswerServer.Answer(200, Map.of("Content-Type", "application/json",
        "Link", "<" + link + ">; rel=\"compression-dictionary\""), SNAKE_CASE.writeValueAsBytes(PeopleService.people(5))));
  }

  private static StoredAnswerServer.Answer dictionaryAnswer(String match, byte[] content) {
    return new StoredAnswerServer.Answer(200, Map.of("Content-Type", "text/plain",
        "Use-As-Dictionary", "match=\"" + match + "\", id=\"people\"", "Cache-Control", "max-age=600"), content);
  }

  /** {@code body} as a dcz body made with {@code dictionary} as raw content. */
  private static byte[] dcz(byte[] body, byte[] dictionary) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(new byte[] {0x5e, 0x2a, 0x4d, 0x18, 0x20, 0, 0, 0});
    out.write(MessageDigest.getInstance("SHA-256").digest(dictionary));
    try (ZstdDictCompress raw = new ZstdDictCompress(dictionary, 3, ZstdDictContentType.RAW_CONTENT);
        ZstdCompressCtx ctx = new ZstdCompressCtx()) {
      out.write(ctx.setLevel(3).loadDict(raw).compress(body));
    }
    return out.toByteArray();
  }

  @Test
  void linkedDictionaryIsFetchedThenAnnouncedAndItsDczAnswerDecodes() throws Exception {
    bare.put("/linked/dict", dictionaryAnswer("/linked/api/*", dictionary));
    pageLinking("/linked/page", "/linked/dict");
    bare.put("/linked/api/people", "application/json", "dcz",
        dcz(SNAKE_CASE.writeValueAsBytes(PeopleService.people(300)), dictionary));

    assertThat(client.get().uri(bare.uri("/linked/page")).retrieve().body(PEOPLE)).isEqualTo(PeopleService.people(5));
    interceptor.awaitDictionaryFetches();

    assertThat(client.get().uri(bare.uri("/linked/api/people")).retrieve().body(PEOPLE))
        .isEqualTo(PeopleService.people(300));
    StoredAnswerServer.Received announced = bare.received("/linked/api/people");
    assertThat(announced.headers().getFirst("Available-Dictionary")).isEqualTo(":" + java.util.Base64.getEncoder()
        .encodeToString(MessageDigest.getInstance("SHA-256").digest(dictionary)) + ":");
    assertThat(announced.headers().getFirst("Accept-Encoding")).endsWith(", dcz");
  }

  @Test
  void linkedDictionaryIsFetchedThroughRestTemplateToo() throws Exception {
    byte[] other = Arrays.copyOf(dictionary, dictionary.length - 7);
    bare.put("/template/dict", dictionaryAnswer("/template/api/*", other));
    pageLinking("/template/page", "/template/dict");
    bare.put("/template/api/people", "application/json", null, SNAKE_CASE.writeValueAsBytes(PeopleService.people(2)));
    var template = caller.getBean(RestTemplateBuilder.class).build();

    template.getForObject(bare.uri("/template/page"), String.class);
    interceptor.awaitDictionaryFetches();
    template.getForObject(bare.uri("/template/api/people"), String.class);

    assertThat(bare.received("/template/api/people").headers().getFirst("Available-Dictionary")).isEqualTo(":"
        + java.util.Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256").digest(other)) + ":");
  }

  @Test
  void linkToAnotherOriginIsNotFetched() throws Exception {
    otherOrigin.put("/foreign/dict", dictionaryAnswer("/foreign/*", dictionary));
    pageLinking("/foreign/page", otherOrigin.uri("/foreign/dict").toString());

    assertThat(client.get().uri(bare.uri("/foreign/page")).retrieve().body(PEOPLE)).hasSize(5);
    interceptor.awaitDictionaryFetches();

    assertThat(otherOrigin.received("/foreign/dict")).isNull();
  }

  @Test
  void failingDictionaryFetchDoesNotFailTheAnswer() throws Exception {
    byte[] truncatedGzip = Arrays.copyOf(io.github.zipjack.SystemTool.run(dictionary, "gzip", "gzip", "-c", "-n"), 40);
    bare.put("/broken/dict", new StoredAnswerServer.Answer(200, Map.of("Content-Type", "text/plain",
        "Content-Encoding", "gzip", "Use-As-Dictionary", "match=\"/broken/api/*\"", "Cache-Control", "max-age=600"),
        truncatedGzip));
    pageLinking("/broken/page", "/broken/dict");
    bare.put("/broken/api/people", "application/json", null, SNAKE_CASE.writeValueAsBytes(PeopleService.people(3)));

    assertThat(client.get().uri(bare.uri("/broken/page")).retrieve().body(PEOPLE)).isEqualTo(PeopleService.people(5));
    interceptor.awaitDictionaryFetches();

    assertThat(bare.received("/broken/dict")).isNotNull();
    assertThat(client.get().uri(bare.uri("/broken/api/people")).retrieve().body(PEOPLE)).hasSize(3);
    assertThat(bare.received("/broken/api/people").headers().getFirst("Available-Dictionary")).isNull();
  }

  @Test
  void linkIsNotFetchedByDefault() throws Exception {
    bare.put("/off/dict", dictionaryAnswer("/off/*", dictionary));
    pageLinking("/off/page", "/off/dict");
    try (ConfigurableApplicationContext notFetching = CallingApplication.start()) {
      RestClient plain = notFetching.getBean(RestClient.Builder.class).build();

      assertThat(plain.get().uri(bare.uri("/off/page")).retrieve().body(PEOPLE)).hasSize(5);
      notFetching.getBean(DecodingClientInterceptor.class).awaitDictionaryFetches();

      assertThat(bare.received("/off/dict")).isNull();
    }
  }
}
