package io.github.zipjack.client;

import static io.github.zipjack.client.HostileOrigins.answer;
import static io.github.zipjack.client.HostileOrigins.dictionary;
import static io.github.zipjack.client.HostileOrigins.dictionaryContent;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.Compression;
import io.github.zipjack.DecodeLimitExceededException;
import io.github.zipjack.Pipeline;
import io.github.zipjack.WrongCodingException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link CompressedHttpClient} against servers that misbehave on purpose, each answer on its own:
 * every call ends in a plain decode or one of zipjack's exceptions, within a time bound, without
 * inflating past its limits or keeping a connection, and the next call works. Two origins on
 * loopback show that one origin's dictionaries never serve, leave or change for another.
 */
class HostileServerTest {
  /** A call that takes longer than this is a hang, not a slow machine. */
  private static final Duration CALL_BOUND = Duration.ofSeconds(5);
  private static final long MAX_DECODED_BYTES = 1 << 20;
  private static final byte[] PLAIN = "[1,2,3]".getBytes(StandardCharsets.UTF_8);

  private static HostileOrigins origins;
  private static HttpClient http;
  private static Pipeline pipeline;
  private CompressedHttpClient client;

  @BeforeAll
  static void start() throws Exception {
    origins = new HostileOrigins();
    http = HttpClient.newHttpClient();
    pipeline = Pipeline.builder().compression(Compression.none()).maxDecodedBytes(MAX_DECODED_BYTES).build();
  }

  @AfterAll
  static void stop() {
    pipeline.close();
    origins.close();
  }

  @BeforeEach
  void newClient() {
    client = withDictionaries(DictionarySettings.builder().fetchLinked(true).build());
  }

  @AfterEach
  void closeClient() {
    client.close();
  }

  private static CompressedHttpClient withDictionaries(DictionarySettings settings) {
    return CompressedHttpClient.builder(http, pipeline).dictionaries(settings).build();
  }

  /** GETs {@code path} of {@code server} through {@code client} within the bound, discarding the body. */
  private static void get(CompressedHttpClient client, StoredAnswerServer server, String path) {
    assertTimeoutPreemptively(CALL_BOUND, () -> client.get(server.uri(path), Void.class));
  }

  /** Whether the last request to {@code path} announced a dictionary. */
  private static boolean announced(StoredAnswerServer server, String path) {
    return server.received(path).headers().containsKey("Available-Dictionary");
  }

  private void plainAnswerStillDecodes(StoredAnswerServer server) {
    server.put("/plain", answer(PLAIN, "Content-Type", "application/json"));
    assertTimeoutPreemptively(CALL_BOUND, () -> assertEquals(3, client.get(server.uri("/plain"), int[].class).length));
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
      assertFalse(announced(origins.a, path));
    }
  }

  @Test
  void maxAgePastAnyInstantNeitherFailsTheCallNorKeepsTheDictionaryForever() {
    origins.a.put("/dict", dictionary("match=\"/api/*\"", HostileOrigins.MAX_AGE_PAST_ANY_INSTANT,
        dictionaryContent("forever")));
    get(client, origins.a, "/dict");
    plainAnswerStillDecodes(origins.a);
  }

  @Test
  void expiresFarInTheFutureNeitherFailsTheCall() {
    origins.a.put("/dict", answer(dictionaryContent("expires"), "Use-As-Dictionary", "match=\"/api/*\"",
        "Expires", "Fri, 31 Dec 9999 23:59:59 GMT", "Date", "Mon, 01 Jan 0001 00:00:00 GMT"));
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
      assertEquals(0, client.dictionaryCount(), HostileOrigins.MALFORMED_USE_AS_DICTIONARY[i]);
    }
    plainAnswerStillDecodes(origins.a);
  }

  @Test
  void dictionaryBehindARedirectIsKeptForTheOriginThatServedIt() throws Exception {
    HttpClient following = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).build();
    try (CompressedHttpClient redirected = CompressedHttpClient.builder(following, pipeline)
        .dictionaries(DictionarySettings.builder().build()).build()) {
      origins.b.put("/dict", dictionary("match=\"/*\"", "max-age=3600", dictionaryContent("b")));
      origins.a.put("/moved", HostileOrigins.redirect(origins.b.uri("/dict")));
      assertTimeoutPreemptively(CALL_BOUND, () -> redirected.get(origins.a.uri("/moved"), Void.class));
      assertEquals(1, redirected.dictionaryCount());
      origins.a.put("/api/x", answer(PLAIN));
      origins.b.put("/api/x", answer(PLAIN));
      redirected.get(origins.a.uri("/api/x"), Void.class);
      redirected.get(origins.b.uri("/api/x"), Void.class);
      assertFalse(announced(origins.a, "/api/x"));
      assertTrue(announced(origins.b, "/api/x"));
    }
  }

  @Test
  void dczMadeWithAnotherOriginsDictionaryIsACodingNotAskedFor() throws Exception {
    byte[] ofA = dictionaryContent("a");
    origins.a.put("/dict", dictionary("match=\"/*\"", "max-age=3600", ofA));
    get(client, origins.a, "/dict");
    origins.b.put("/dcz", answer(HostileOrigins.dcz(PLAIN, ofA), "Content-Encoding", "dcz"));
    assertThrows(WrongCodingException.class, () -> client.get(origins.b.uri("/dcz"), int[].class));
    assertEquals(0, client.lentDecoderSlots());
    plainAnswerStillDecodes(origins.b);
  }

  @Test
  void anOriginServingAnothersDictionaryBytesTakesNothingOver() {
    byte[] shared = dictionaryContent("shared");
    origins.a.put("/dict", dictionary("match=\"/a/*\"", "max-age=3600", shared));
    get(client, origins.a, "/dict");
    origins.b.put("/dict", dictionary("match=\"/*\"", "max-age=3600", shared));
    get(client, origins.b, "/dict");
    assertEquals(2, client.dictionaryCount());
    origins.a.put("/a/x", answer(PLAIN));
    origins.a.put("/b/x", answer(PLAIN));
    get(client, origins.a, "/a/x");
    get(client, origins.a, "/b/x");
    assertTrue(announced(origins.a, "/a/x"));
    assertFalse(announced(origins.a, "/b/x"));
  }

  @Test
  void oneOriginCannotEvictAnothersDictionaries() {
    try (CompressedHttpClient one = withDictionaries(DictionarySettings.builder().maxCount(1).build())) {
      origins.a.put("/dict", dictionary("match=\"/api/*\"", "max-age=3600", dictionaryContent("a")));
      get(one, origins.a, "/dict");
      for (int i = 0; i < 5; i++) {
        origins.b.put("/dict-" + i, dictionary("match=\"/api/" + i + "/*\"", "max-age=3600",
            dictionaryContent("b-" + i)));
        get(one, origins.b, "/dict-" + i);
      }
      origins.a.put("/api/x", answer(PLAIN));
      get(one, origins.a, "/api/x");
      assertTrue(announced(origins.a, "/api/x"));
      assertEquals(2, one.dictionaryCount());
    }
  }

  @Test
  void anOriginPastMaxOriginsKeepsNothingWhileTheOthersHoldFreshOnes() {
    try (CompressedHttpClient single = withDictionaries(DictionarySettings.builder().maxOrigins(1).build())) {
      origins.a.put("/dict", dictionary("match=\"/api/*\"", "max-age=3600", dictionaryContent("a")));
      origins.b.put("/dict", dictionary("match=\"/api/*\"", "max-age=3600", dictionaryContent("b")));
      get(single, origins.a, "/dict");
      get(single, origins.b, "/dict");
      assertEquals(1, single.dictionaryCount());
      origins.a.put("/api/x", answer(PLAIN));
      get(single, origins.a, "/api/x");
      assertTrue(announced(origins.a, "/api/x"));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"gzip", "zstd"})
  void discardedBombIsRefusedAtTheLimit(String coding) {
    origins.a.put("/bomb-" + coding, answer(Bombs.spaces(coding, 64 << 20), "Content-Encoding", coding));
    assertTimeoutPreemptively(CALL_BOUND, () -> assertThrows(DecodeLimitExceededException.class,
        () -> client.get(origins.a.uri("/bomb-" + coding), Void.class)));
    assertEquals(0, client.lentDecoderSlots());
    plainAnswerStillDecodes(origins.a);
  }

  @Test
  void linkedDictionaryPastTheBudgetIsRefusedAndNotFetchedAgain() throws Exception {
    try (CompressedHttpClient small = withDictionaries(DictionarySettings.builder().fetchLinked(true)
        .maxBytes(64 << 10).build())) {
      origins.a.put("/big-dict", answer(Bombs.spaces("zstd", 64 << 20), "Content-Encoding", "zstd",
          "Use-As-Dictionary", "match=\"/*\"", "Cache-Control", "max-age=3600"));
      origins.a.put("/page", answer(PLAIN, "Link", "</big-dict>; rel=\"compression-dictionary\""));
      for (int call = 0; call < 3; call++) {
        get(small, origins.a, "/page");
        assertTimeoutPreemptively(CALL_BOUND, small::awaitDictionaryFetches);
      }
      assertEquals(1, origins.a.requests("/big-dict"));
      assertEquals(0, small.dictionaryCount());
    }
  }

  @Test
  void unmarkedLinkedAnswerIsNeverDecodedAndNotFetchedAgain() throws Exception {
    origins.a.put("/plain-bomb", answer(Bombs.spaces("gzip", 64 << 20), "Content-Encoding", "gzip"));
    origins.a.put("/page", answer(PLAIN, "Link", "</plain-bomb>; rel=\"compression-dictionary\""));
    for (int call = 0; call < 3; call++) {
      get(client, origins.a, "/page");
      assertTimeoutPreemptively(CALL_BOUND, client::awaitDictionaryFetches);
    }
    assertEquals(1, origins.a.requests("/plain-bomb"));
    assertEquals(0, client.dictionaryCount());
    assertEquals(0, client.lentDecoderSlots());
  }

  @Test
  void linkToAnotherOriginIsNeverFetched() throws Exception {
    origins.b.put("/linked-from-a", dictionary("match=\"/*\"", "max-age=3600", dictionaryContent("b")));
    origins.a.put("/page-linking-b", answer(PLAIN, "Link",
        "<" + origins.b.uri("/linked-from-a") + ">; rel=\"compression-dictionary\""));
    get(client, origins.a, "/page-linking-b");
    client.awaitDictionaryFetches();
    assertEquals(0, origins.b.requests("/linked-from-a"));
  }

  @Test
  void decodeTaskTheExecutorRefusesReleasesTheConnection() throws Exception {
    ExecutorService closed = Executors.newSingleThreadExecutor();
    closed.shutdown();
    byte[] large = new byte[8 << 20];
    origins.a.put("/large", answer(large));
    try (CompressedHttpClient refusing = CompressedHttpClient.builder(http, pipeline).decodeExecutor(closed).build()) {
      ExecutionException e = assertThrows(ExecutionException.class,
          () -> refusing.sendAsync(HttpRequest.newBuilder(origins.a.uri("/large")).build(), Void.class).get());
      assertInstanceOf(RejectedExecutionException.class, e.getCause());
    }
    assertTrue(HostileOrigins.await(() -> origins.a.sendsEnded("/large") == 1, CALL_BOUND),
        "the answer's sending never ended: its connection is held");
    plainAnswerStillDecodes(origins.a);
  }

  @Test
  void staleDictionaryIsNeitherAnnouncedNorUsed() {
    origins.a.put("/dict", dictionary("match=\"/api/*\"", "max-age=0", dictionaryContent("stale")));
    get(client, origins.a, "/dict");
    origins.a.put("/api/x", answer(PLAIN));
    get(client, origins.a, "/api/x");
    assertFalse(announced(origins.a, "/api/x"));
  }
}
