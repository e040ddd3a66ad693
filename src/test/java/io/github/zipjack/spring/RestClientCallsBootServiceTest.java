package io.github.zipjack.spring;

import static io.github.zipjack.spring.CallingApplication.PEOPLE;
import static io.github.zipjack.spring.CallingApplication.SNAKE_CASE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.zipjack.DecodeLimitExceededException;
import io.github.zipjack.WrongCodingException;
import io.github.zipjack.client.Bombs;
import io.github.zipjack.client.HostileOrigins;
import io.github.zipjack.client.StoredAnswerServer;
import com.sun.net.httpserver.Headers;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.boot.http.client.ClientHttpRequestFactoryBuilder;
import org.springframework.boot.restclient.RestTemplateBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestClientException;

/**
 * A Spring Boot 4 application calls another (zipjack's filter in front of it) through the
 * {@code RestClient.Builder} Boot injects: the answer comes compressed on the wire (zstd, or gzip
 * when only gzip is asked for, which Spring's own decoding would otherwise have taken), decodes into
 * the records with the application's mapper, and a bomb fails with zipjack's limit inside Spring's
 * exception while the next call works. Compressed request bodies carry an exact Content-Length.
 * With no zipjack property set, RFC 9842 dictionaries are kept and used, redirects are still
 * followed, and neither a dictionary nor credentials cross from one origin to another.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RestClientCallsBootServiceTest {
  private RunningBootService service;
  private StoredAnswerServer bare;
  private HostileOrigins origins;
  /** A calling application with no zipjack property set, shared by the tests of the defaults. */
  private ConfigurableApplicationContext defaults;

  @BeforeAll
  void start() throws Exception {
    service = RunningBootService.start();
    bare = new StoredAnswerServer();
    origins = new HostileOrigins();
    defaults = CallingApplication.start();
  }

  @AfterAll
  void stop() {
    defaults.close();
    service.close();
    bare.close();
    origins.close();
  }

  @Test
  void injectedRestClientAsksForZstdAndDecodesTheAnswer() {
    RecordingInterceptor wire = new RecordingInterceptor();
    RestClient client = defaults.getBean(RestClient.Builder.class).requestInterceptor(wire).build();
    List<PeopleService.Person> people = client.get().uri(service.uri("/people")).retrieve().body(PEOPLE);
    assertThat(people).isEqualTo(PeopleService.people(300));
    assertThat(wire.requestHeaders.getFirst("Accept-Encoding")).isEqualTo("zstd, gzip, br");
    assertThat(wire.responseHeaders.getFirst("Content-Encoding")).isEqualTo("zstd");
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

  /** Offers {@code dictionary} at {@code path} for the URLs {@code match} names, fresh for 10 minutes, as "people". */
  private static void offerDictionary(StoredAnswerServer server, String path, String match, byte[] dictionary) {
    server.put(path, new StoredAnswerServer.Answer(200, Map.of("Content-Type", "text/plain",
        "Use-As-Dictionary", "match=\"" + match + "\", id=\"people\"", "Cache-Control", "max-age=600"), dictionary));
  }

  /**
   * Offers a dictionary at {@code prefix/dict} for {@code prefix/api/*}, and a 302 at
   * {@code prefix/moved} to {@code prefix/api/page}, which answers "page".
   *
   * @return the dictionary's content
   */
  private static byte[] offerDictionaryAndARedirectToItsUrls(StoredAnswerServer server, String prefix) {
    byte[] dictionary = HostileOrigins.dictionaryContent(prefix);
    offerDictionary(server, prefix + "/dict", prefix + "/api/*", dictionary);
    server.put(prefix + "/moved", HostileOrigins.redirect(server.uri(prefix + "/api/page")));
    server.put(prefix + "/api/page", HostileOrigins.answer("page".getBytes(StandardCharsets.UTF_8)));
    return dictionary;
  }

  private static void assertBootsFactoryBuilderIsLeftAlone(ConfigurableApplicationContext caller) {
    assertThat(caller.getBean(ClientHttpRequestFactoryBuilder.class)).isNotInstanceOf(HopByHopRequestFactory.Builder.class);
  }

  private static String availableDictionary(byte[] dictionary) {
    return ":" + Base64.getEncoder().encodeToString(HostileOrigins.sha256(dictionary)) + ":";
  }

  @Test
  void withNoPropertySetADictionaryIsKeptAnnouncedAndUsedForDcz() throws Exception {
    byte[] dictionary = SNAKE_CASE.writeValueAsBytes(PeopleService.people(20));
    offerDictionary(origins.a, "/dict", "/api/*", dictionary);
    origins.a.put("/api/people", "application/json", "dcz",
        HostileOrigins.dcz(SNAKE_CASE.writeValueAsBytes(PeopleService.people(300)), dictionary));
    RestClient client = defaults.getBean(RestClient.Builder.class).build();

    assertThat(client.get().uri(origins.a.uri("/dict")).retrieve().body(String.class)).hasSize(dictionary.length);
    assertThat(client.get().uri(origins.a.uri("/api/people")).retrieve().body(PEOPLE))
        .isEqualTo(PeopleService.people(300));
    Headers sent = origins.a.received("/api/people").headers();
    assertThat(sent.getFirst("Available-Dictionary")).isEqualTo(availableDictionary(dictionary));
    assertThat(sent.getFirst("Dictionary-ID")).isEqualTo("\"people\"");
    assertThat(sent.getFirst("Accept-Encoding")).isEqualTo("zstd, gzip, br, dcz");
  }

  @Test
  void redirectToAnotherOriginIsFollowedAndItsDictionaryNeverServesTheFirstOrigin() throws Exception {
    byte[] ofB = HostileOrigins.dictionaryContent("b");
    offerDictionary(origins.b, "/b-dict", "/*", ofB);
    origins.a.put("/to-b", HostileOrigins.redirect(origins.b.uri("/b-dict")));
    origins.a.put("/after-redirect", HostileOrigins.answer(new byte[] {'1'}));
    origins.a.put("/dcz-of-b", HostileOrigins.answer(HostileOrigins.dcz(new byte[] {'2'}, ofB), "Content-Encoding", "dcz"));
    origins.b.put("/b-later", HostileOrigins.answer(new byte[] {'3'}));
    RestClient client = defaults.getBean(RestClient.Builder.class).build();

    assertThat(client.get().uri(origins.a.uri("/to-b")).retrieve().body(byte[].class)).isEqualTo(ofB);
    client.get().uri(origins.a.uri("/after-redirect")).retrieve().body(String.class);
    client.get().uri(origins.b.uri("/b-later")).retrieve().body(String.class);

    assertThat(origins.a.received("/after-redirect").headers().getFirst("Available-Dictionary")).isNull();
    assertThat(origins.b.received("/b-later").headers().getFirst("Available-Dictionary"))
        .isEqualTo(availableDictionary(ofB));
    assertThatThrownBy(() -> client.get().uri(origins.a.uri("/dcz-of-b")).retrieve().body(String.class))
        .isInstanceOf(RestClientException.class).hasRootCauseInstanceOf(WrongCodingException.class);
  }

  @Test
  void credentialsAreNotSentAcrossOriginsWhenARedirectIsFollowed() {
    origins.a.put("/secure-to-b", HostileOrigins.redirect(origins.b.uri("/landing")));
    origins.b.put("/landing", HostileOrigins.answer(new byte[] {'4'}));
    RestClient client = defaults.getBean(RestClient.Builder.class).build();

    client.get().uri(origins.a.uri("/secure-to-b")).header("Authorization", "Bearer secret")
        .header("Cookie", "session=secret").retrieve().body(String.class);

    assertThat(origins.a.received("/secure-to-b").headers().getFirst("Authorization")).isEqualTo("Bearer secret");
    assertThat(origins.b.received("/landing").headers()).doesNotContainKeys("Authorization", "Cookie");
  }

  @Test
  void injectedRestTemplateFollowsRedirectsAndAnnouncesDictionariesToo() {
    byte[] dictionary = offerDictionaryAndARedirectToItsUrls(origins.a, "/template");
    var template = defaults.getBean(RestTemplateBuilder.class).build();

    template.getForObject(origins.a.uri("/template/dict"), String.class);
    assertThat(template.getForObject(origins.a.uri("/template/moved"), String.class)).isEqualTo("page");

    assertThat(origins.a.received("/template/api/page").headers().getFirst("Available-Dictionary"))
        .isEqualTo(availableDictionary(dictionary));
  }

  @Test
  void withDontFollowTheApplicationGetsTheRedirectAndDictionariesStillServe() {
    byte[] dictionary = offerDictionaryAndARedirectToItsUrls(origins.a, "/unfollowed");
    try (ConfigurableApplicationContext caller = CallingApplication.start("spring.http.clients.redirects=dont-follow")) {
      RestClient client = caller.getBean(RestClient.Builder.class).build();

      client.get().uri(origins.a.uri("/unfollowed/dict")).retrieve().body(String.class);
      assertThat(client.get().uri(origins.a.uri("/unfollowed/moved")).retrieve().toBodilessEntity().getStatusCode()
          .value()).isEqualTo(302);
      assertThat(origins.a.requests("/unfollowed/api/page")).isZero();
      client.get().uri(origins.a.uri("/unfollowed/api/page")).retrieve().body(String.class);

      assertThat(origins.a.received("/unfollowed/api/page").headers().getFirst("Available-Dictionary"))
          .isEqualTo(availableDictionary(dictionary));
      assertBootsFactoryBuilderIsLeftAlone(caller);
    }
  }

  @Test
  void dictionariesEnabledFalseAnnouncesNothingAndLeavesRedirectsToBootsFactory() {
    offerDictionaryAndARedirectToItsUrls(origins.b, "/disabled");
    try (ConfigurableApplicationContext caller = CallingApplication.start("zipjack.client.dictionaries.enabled=false")) {
      RestClient client = caller.getBean(RestClient.Builder.class).build();

      client.get().uri(origins.b.uri("/disabled/dict")).retrieve().body(String.class);
      assertThat(client.get().uri(origins.b.uri("/disabled/moved")).retrieve().body(String.class)).isEqualTo("page");

      assertThat(origins.b.received("/disabled/api/page").headers().getFirst("Available-Dictionary")).isNull();
      assertBootsFactoryBuilderIsLeftAlone(caller);
    }
  }

  @Test
  void injectedRestTemplateDecodesToo() {
    var template = defaults.getBean(RestTemplateBuilder.class).build();
    String json = template.getForObject(service.uri("/people"), String.class);
    assertThat(json).startsWith("[{\"person_id\":0");
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
