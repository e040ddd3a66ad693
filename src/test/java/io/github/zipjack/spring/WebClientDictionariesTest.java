package io.github.zipjack.spring;

import static io.github.zipjack.client.HostileOrigins.answer;
import static io.github.zipjack.client.HostileOrigins.dictionary;
import static io.github.zipjack.client.HostileOrigins.dictionaryContent;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.zipjack.WrongCodingException;
import io.github.zipjack.client.DictionaryMismatchException;
import io.github.zipjack.client.HostileOrigins;
import io.github.zipjack.client.StoredAnswerServer;
import io.github.zipjack.webflux.DecodingExchangeFilter;
import io.github.zipjack.webflux.ReactorAnsweringUrls;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.netty.http.client.HttpClient;

/**
 * Spring's {@code WebClient} on Reactor Netty, following redirects, with zipjack's
 * {@link DecodingExchangeFilter} made from {@code zipjack.client.*} properties, against two origins
 * ({@link HostileOrigins}): a dictionary is kept for the origin that answered, after any redirect,
 * and announced to that origin only; a {@code dcz} answer is decoded only with the dictionary its
 * request announced and only from that dictionary's origin, else the call fails with zipjack's
 * exception; a linked dictionary is fetched in the background; with
 * {@code dictionaries.enabled=false} nothing is announced.
 */
class WebClientDictionariesTest {
  private static final byte[] PLAIN = "[1,2,3]".getBytes(StandardCharsets.UTF_8);
  private static final Duration CALL_BOUND = Duration.ofSeconds(5);

  private static HostileOrigins origins;
  private DecodingExchangeFilter filter;

  @BeforeAll
  static void start() throws Exception {
    origins = new HostileOrigins();
  }

  @AfterAll
  static void stop() {
    origins.close();
  }

  @AfterEach
  void closeFilter() {
    if (filter != null) {
      filter.close();
    }
  }

  /** A WebClient with a filter made from the properties, dictionaries on (or as {@code enabled} says). */
  private WebClient client(boolean enabled, boolean fetchLinked) {
    ZipjackClientProperties properties = new ZipjackClientProperties();
    properties.getDictionaries().setEnabled(enabled);
    properties.getDictionaries().setFetchLinked(fetchLinked);
    filter = ClientPropertySettings.exchangeFilter(properties);
    return WebClient.builder()
        .clientConnector(new ReactorClientHttpConnector(
            ReactorAnsweringUrls.reporting(HttpClient.create().followRedirect(true))))
        .filter(filter).build();
  }

  private static int[] get(WebClient client, StoredAnswerServer server, String path) {
    return client.get().uri(server.uri(path)).retrieve().bodyToMono(int[].class).block(CALL_BOUND);
  }

  private static boolean announced(StoredAnswerServer server, String path) {
    return server.received(path).headers().containsKey("Available-Dictionary");
  }

  private static StoredAnswerServer.Answer json(byte[] body, String... headers) {
    String[] all = new String[headers.length + 2];
    all[0] = "Content-Type";
    all[1] = "application/json";
    System.arraycopy(headers, 0, all, 2, headers.length);
    return answer(body, all);
  }

  @Test
  void aKeptDictionaryIsAnnouncedToItsOriginOnlyAndDecodesItsDczAnswers() throws Exception {
    WebClient client = client(true, false);
    byte[] ofA = dictionaryContent("a-own");
    origins.a.put("/own/dict", dictionary("match=\"/own/*\", id=\"a-1\"", "max-age=3600", ofA));
    client.get().uri(origins.a.uri("/own/dict")).retrieve().bodyToMono(byte[].class).block(CALL_BOUND);
    origins.a.put("/own/dcz", json(HostileOrigins.dcz(PLAIN, ofA), "Content-Encoding", "dcz"));
    origins.b.put("/own/plain", json(PLAIN));

    assertThat(get(client, origins.a, "/own/dcz")).containsExactly(1, 2, 3);
    assertThat(origins.a.received("/own/dcz").headers().getFirst("Dictionary-ID")).isEqualTo("\"a-1\"");
    assertThat(origins.a.received("/own/dcz").headers().getFirst("Accept-Encoding")).endsWith(", dcz");
    get(client, origins.b, "/own/plain");
    assertThat(announced(origins.b, "/own/plain")).isFalse();
  }

  @Test
  void aDictionaryBehindARedirectIsKeptForTheOriginThatAnswered() {
    WebClient client = client(true, false);
    origins.b.put("/moved-here/dict", dictionary("match=\"/moved-here/*\"", "max-age=3600",
        dictionaryContent("b-behind")));
    origins.a.put("/moved-here/dict", HostileOrigins.redirect(origins.b.uri("/moved-here/dict")));
    client.get().uri(origins.a.uri("/moved-here/dict")).retrieve().bodyToMono(byte[].class).block(CALL_BOUND);
    origins.a.put("/moved-here/plain", json(PLAIN));
    origins.b.put("/moved-here/plain", json(PLAIN));

    get(client, origins.a, "/moved-here/plain");
    get(client, origins.b, "/moved-here/plain");

    assertThat(announced(origins.a, "/moved-here/plain")).isFalse();
    assertThat(announced(origins.b, "/moved-here/plain")).isTrue();
  }

  @Test
  void aDczAnswerFromAnotherOriginBehindARedirectFailsWithWrongCodingException() throws Exception {
    WebClient client = client(true, false);
    byte[] ofA = dictionaryContent("a-redirected");
    origins.a.put("/away/dict", dictionary("match=\"/away/*\"", "max-age=3600", ofA));
    client.get().uri(origins.a.uri("/away/dict")).retrieve().bodyToMono(byte[].class).block(CALL_BOUND);
    origins.b.put("/away/dcz", json(HostileOrigins.dcz(PLAIN, ofA), "Content-Encoding", "dcz"));
    origins.a.put("/away/dcz", HostileOrigins.redirect(origins.b.uri("/away/dcz")));

    assertThatThrownBy(() -> get(client, origins.a, "/away/dcz")).hasRootCauseInstanceOf(WrongCodingException.class);
    assertThat(announced(origins.a, "/away/dcz")).isTrue();
  }

  @Test
  void aDczAnswerMadeWithAnotherDictionaryThanAnnouncedFailsWithDictionaryMismatch() throws Exception {
    WebClient client = client(true, false);
    origins.a.put("/other/dict", dictionary("match=\"/other/*\"", "max-age=3600", dictionaryContent("a-announced")));
    client.get().uri(origins.a.uri("/other/dict")).retrieve().bodyToMono(byte[].class).block(CALL_BOUND);
    origins.a.put("/other/dcz", json(HostileOrigins.dcz(PLAIN, dictionaryContent("a-never-sent")),
        "Content-Encoding", "dcz"));

    assertThatThrownBy(() -> get(client, origins.a, "/other/dcz"))
        .hasRootCauseInstanceOf(DictionaryMismatchException.class);
  }

  @Test
  void aLinkedDictionaryIsFetchedInTheBackgroundAndThenAnnounced() throws Exception {
    WebClient client = client(true, true);
    origins.a.put("/linked/dict", dictionary("match=\"/linked/*\"", "max-age=3600", dictionaryContent("a-linked")));
    origins.a.put("/linked/page", json(PLAIN, "Link", "</linked/dict>; rel=\"compression-dictionary\""));

    get(client, origins.a, "/linked/page");
    assertThat(HostileOrigins.await(() -> origins.a.requests("/linked/dict") == 1, CALL_BOUND)).isTrue();
    assertThat(HostileOrigins.await(() -> {
      get(client, origins.a, "/linked/page");
      return announced(origins.a, "/linked/page");
    }, CALL_BOUND)).isTrue();
    assertThat(origins.a.requests("/linked/dict")).isOne();
  }

  @Test
  void dictionariesOffSendNoAvailableDictionary() {
    WebClient client = client(false, false);
    origins.a.put("/off/dict", dictionary("match=\"/off/*\"", "max-age=3600", dictionaryContent("a-off")));
    client.get().uri(origins.a.uri("/off/dict")).retrieve().bodyToMono(byte[].class).block(CALL_BOUND);
    origins.a.put("/off/plain", json(PLAIN));

    get(client, origins.a, "/off/plain");

    assertThat(announced(origins.a, "/off/plain")).isFalse();
    assertThat(origins.a.received("/off/plain").headers().getFirst("Accept-Encoding")).isEqualTo("zstd, gzip, br");
  }
}
