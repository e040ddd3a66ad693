package io.github.zipjack.spring;

import static io.github.zipjack.client.HostileOrigins.answer;
import static io.github.zipjack.client.HostileOrigins.dictionary;
import static io.github.zipjack.client.HostileOrigins.dictionaryContent;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.github.zipjack.WrongCodingException;
import io.github.zipjack.client.DictionarySettings;
import io.github.zipjack.client.HostileOrigins;
import io.github.zipjack.client.StoredAnswerServer;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.client.ClientHttpRequestFactory;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestClientException;

/**
 * Spring's {@code RestClient} with zipjack's {@link DecodingClientInterceptor}, as Boot's
 * auto-configuration sets it up by default (on a {@link HopByHopRequestFactory} that follows
 * redirects itself), against servers that misbehave on purpose (the answers of {@link HostileOrigins},
 * which the JDK client's suite sends too): each call ends in a plain decode or a
 * {@code RestClientException} carrying zipjack's, within a time bound, and the next call works; one
 * origin's dictionaries never serve, leave or change for another, and an answer whose URL the
 * interceptor cannot see (a factory of the application's own that follows redirects) keeps nothing.
 */
class HostileServerThroughSpringTest {
  private static final Duration CALL_BOUND = Duration.ofSeconds(5);
  private static final byte[] PLAIN = "[1,2,3]".getBytes(StandardCharsets.UTF_8);

  private static HostileOrigins origins;
  private DecodingClientInterceptor interceptor;
  private RestClient client;

  @BeforeAll
  static void start() throws Exception {
    origins = new HostileOrigins();
  }

  @AfterAll
  static void stop() {
    origins.close();
  }

  @BeforeEach
  void newClient() {
    interceptor = interceptor(DictionarySettings.builder().fetchLinked(true).build());
    client = hopByHop(interceptor);
  }

  @AfterEach
  void closeClient() {
    interceptor.close();
  }

  private static DecodingClientInterceptor interceptor(DictionarySettings settings) {
    return DecodingClientInterceptor.builder().maxDecodedBytes(1 << 20).dictionaries(settings).build();
  }

  /** A client as Boot's auto-configuration makes it: its factory follows redirects hop by hop. */
  private static RestClient hopByHop(DecodingClientInterceptor interceptor) {
    return restClient(interceptor, new HopByHopRequestFactory(jdkFactory(HttpClient.Redirect.NEVER), true));
  }

  private static JdkClientHttpRequestFactory jdkFactory(HttpClient.Redirect redirects) {
    JdkClientHttpRequestFactory factory = new JdkClientHttpRequestFactory(
        HttpClient.newBuilder().followRedirects(redirects).build());
    factory.enableCompression(false);
    return factory;
  }

  private static RestClient restClient(DecodingClientInterceptor interceptor, ClientHttpRequestFactory factory) {
    return RestClient.builder().requestFactory(factory).requestInterceptor(interceptor).build();
  }

  private static void get(RestClient client, StoredAnswerServer server, String path) {
    assertTimeoutPreemptively(CALL_BOUND, () -> client.get().uri(server.uri(path)).retrieve().body(byte[].class));
  }

  private static boolean announced(StoredAnswerServer server, String path) {
    return server.received(path).headers().containsKey("Available-Dictionary");
  }

  private void plainAnswerStillDecodes(StoredAnswerServer server) {
    server.put("/plain", answer(PLAIN, "Content-Type", "application/json"));
    assertTimeoutPreemptively(CALL_BOUND,
        () -> assertThat(client.get().uri(server.uri("/plain")).retrieve().body(int[].class)).containsExactly(1, 2, 3));
  }

  @Test
  void backtrackingMatchPatternCostsTheNextCallsNothing() {
    origins.a.put("/dict", dictionary("match=\"" + HostileOrigins.BACKTRACKING_MATCH + "\"", "max-age=3600",
        dictionaryContent("backtracking")));
    get(client, origins.a, "/dict");
    for (int length : new int[] {60, 4096}) {
      String path = HostileOrigins.longPath(length);
      origins.a.put(path, answer(PLAIN));
      get(client, origins.a, path);
      assertThat(announced(origins.a, path)).isFalse();
    }
  }

  @Test
  void maxAgePastAnyInstantNeitherFailsTheCall() {
    origins.a.put("/dict", dictionary("match=\"/api/*\"", HostileOrigins.MAX_AGE_PAST_ANY_INSTANT,
        dictionaryContent("forever")));
    get(client, origins.a, "/dict");
    plainAnswerStillDecodes(origins.a);
  }

  @Test
  void malformedUseAsDictionaryHeadersKeepNothingAndFailNothing() {
    for (int i = 0; i < HostileOrigins.MALFORMED_USE_AS_DICTIONARY.length; i++) {
      String path = "/malformed-" + i;
      origins.a.put(path, dictionary(HostileOrigins.MALFORMED_USE_AS_DICTIONARY[i], "max-age=3600",
          dictionaryContent("malformed-" + i)));
      get(client, origins.a, path);
      assertThat(interceptor.dictionaryCount()).as(HostileOrigins.MALFORMED_USE_AS_DICTIONARY[i]).isZero();
    }
    plainAnswerStillDecodes(origins.a);
  }

  @Test
  void answerBehindARedirectTheInterceptorCannotSeeKeepsNothingAndFetchesNothing() throws Exception {
    try (DecodingClientInterceptor blind = interceptor(DictionarySettings.builder().fetchLinked(true).build())) {
      RestClient following = restClient(blind, jdkFactory(HttpClient.Redirect.NORMAL));
      origins.b.put("/dict-behind-redirect", answer(dictionaryContent("b"), "Use-As-Dictionary", "match=\"/*\"",
          "Cache-Control", "max-age=3600", "Link", "</linked-behind-redirect>; rel=\"compression-dictionary\""));
      origins.a.put("/moved", HostileOrigins.redirect(origins.b.uri("/dict-behind-redirect")));
      origins.a.put("/linked-behind-redirect", dictionary("match=\"/*\"", "max-age=3600", dictionaryContent("a")));
      get(following, origins.a, "/moved");
      blind.awaitDictionaryFetches();
      assertThat(blind.dictionaryCount()).isZero();
      assertThat(origins.a.requests("/linked-behind-redirect")).isZero();
      origins.a.put("/api/after-redirect", answer(PLAIN));
      get(following, origins.a, "/api/after-redirect");
      assertThat(announced(origins.a, "/api/after-redirect")).isFalse();
    }
  }

  @Test
  void redirectLoopEndsAfter20RedirectsAndTheNextCallWorks() {
    origins.a.put("/loop", HostileOrigins.redirect(origins.a.uri("/loop")));
    assertThatThrownBy(() -> get(client, origins.a, "/loop"))
        .isInstanceOf(RestClientException.class).hasRootCauseInstanceOf(java.net.ProtocolException.class)
        .hasMessageContaining("more than 20 redirects");
    assertThat(origins.a.requests("/loop")).isEqualTo(21);
    plainAnswerStillDecodes(origins.a);
  }

  @Test
  void answerBehindACrossOriginRedirectIsKeptForTheOriginThatGaveItOnly() {
    origins.b.put("/dict-via-a", dictionary("match=\"/*\"", "max-age=3600", dictionaryContent("b-via-a")));
    origins.a.put("/moved-to-b", HostileOrigins.redirect(origins.b.uri("/dict-via-a")));
    get(client, origins.a, "/moved-to-b");
    assertThat(interceptor.dictionaryCount()).isOne();
    origins.a.put("/any", answer(PLAIN));
    origins.b.put("/any", answer(PLAIN));
    get(client, origins.a, "/any");
    get(client, origins.b, "/any");
    assertThat(announced(origins.a, "/any")).isFalse();
    assertThat(announced(origins.b, "/any")).isTrue();
  }

  @Test
  void dczMadeWithAnotherOriginsDictionaryIsACodingNotAskedFor() throws Exception {
    byte[] ofA = dictionaryContent("a");
    origins.a.put("/dict", dictionary("match=\"/*\"", "max-age=3600", ofA));
    get(client, origins.a, "/dict");
    assertThat(interceptor.dictionaryCount()).isOne();
    origins.b.put("/dcz", answer(HostileOrigins.dcz(PLAIN, ofA), "Content-Encoding", "dcz"));
    assertThatThrownBy(() -> client.get().uri(origins.b.uri("/dcz")).retrieve().body(int[].class))
        .isInstanceOf(RestClientException.class).hasRootCauseInstanceOf(WrongCodingException.class);
    plainAnswerStillDecodes(origins.b);
  }

  @Test
  void oneOriginCannotEvictAnothersDictionaries() {
    try (DecodingClientInterceptor one = interceptor(DictionarySettings.builder().maxCount(1).build())) {
      RestClient oneDictionary = hopByHop(one);
      origins.a.put("/dict", dictionary("match=\"/api/*\"", "max-age=3600", dictionaryContent("a")));
      get(oneDictionary, origins.a, "/dict");
      for (int i = 0; i < 5; i++) {
        origins.b.put("/dict-" + i, dictionary("match=\"/api/" + i + "/*\"", "max-age=3600",
            dictionaryContent("b-" + i)));
        get(oneDictionary, origins.b, "/dict-" + i);
      }
      origins.a.put("/api/kept", answer(PLAIN));
      get(oneDictionary, origins.a, "/api/kept");
      assertThat(announced(origins.a, "/api/kept")).isTrue();
    }
  }

  @Test
  void linkedDictionaryPastTheBudgetIsRefusedAndNotFetchedAgain() throws Exception {
    try (DecodingClientInterceptor small = interceptor(DictionarySettings.builder().fetchLinked(true)
        .maxBytes(64 << 10).build())) {
      RestClient smallBudget = hopByHop(small);
      origins.a.put("/big-dict-spring", answer(io.github.zipjack.client.Bombs.spaces("zstd", 64 << 20),
          "Content-Encoding", "zstd", "Use-As-Dictionary", "match=\"/*\"", "Cache-Control", "max-age=3600"));
      origins.a.put("/page-spring", answer(PLAIN, "Link", "</big-dict-spring>; rel=\"compression-dictionary\""));
      for (int call = 0; call < 3; call++) {
        get(smallBudget, origins.a, "/page-spring");
        assertTimeoutPreemptively(CALL_BOUND, small::awaitDictionaryFetches);
      }
      assertThat(origins.a.requests("/big-dict-spring")).isOne();
      assertThat(small.dictionaryCount()).isZero();
    }
  }
}
