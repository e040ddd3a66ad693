package io.github.zipjack.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.type.TypeReference;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDictCompress;
import com.github.luben.zstd.ZstdDictContentType;
import io.github.zipjack.Compression;
import io.github.zipjack.MalformedBodyException;
import io.github.zipjack.Pipeline;
import io.github.zipjack.SystemTool;
import io.github.zipjack.TruncatedBodyException;
import io.github.zipjack.WrongCodingException;
import io.github.zipjack.data.Datasets;
import io.github.zipjack.data.Person;
import java.io.ByteArrayOutputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * RFC 9842 in the client, against a bare server that marks dictionaries and answers {@code dcz}
 * bodies made by the system {@code zstd -D} (or by zstd-jni with the dictionary as raw content):
 * dictionaries kept, announced for matching URLs only, used, checked by hash, bounded, dropped when
 * stale, and fetched from a Link header when allowed; all of it by default, none of it with
 * {@code dictionaries(null)}.
 */
class DictionaryTransportTest {
  private static final TypeReference<List<Person>> PEOPLE = new TypeReference<>() {};
  private static final String JSON = "application/json";
  private static byte[] peopleJson;
  private static byte[] dictionary;
  private static List<Person> people;
  private static StoredAnswerServer server;
  private static HttpClient http;
  private static Pipeline pipeline;
  private CompressedHttpClient client;

  @TempDir
  static Path dir;

  @BeforeAll
  static void start() throws Exception {
    peopleJson = Datasets.load("people-100").rawJson();
    dictionary = Datasets.load("people-10").rawJson();
    server = new StoredAnswerServer();
    http = HttpClient.newHttpClient();
    pipeline = Pipeline.builder().compression(Compression.none()).build();
    people = pipeline.decode(peopleJson, PEOPLE);
  }

  @AfterAll
  static void stop() {
    pipeline.close();
    server.close();
  }

  @BeforeEach
  void newClient() {
    client = CompressedHttpClient.builder(http, pipeline).build();
  }

  @AfterEach
  void closeClient() {
    client.close();
  }

  private static StoredAnswerServer.Answer dictionaryAnswer(byte[] content, String useAsDictionary, String cacheControl) {
    return new StoredAnswerServer.Answer(200, Map.of("Content-Type", "text/plain", "Use-As-Dictionary", useAsDictionary,
        "Cache-Control", cacheControl), content);
  }

  /** The dcz body of {@code body}: the header naming {@code named}, then {@code zstd -D} with {@code used}. */
  private static byte[] dcz(byte[] body, byte[] named, byte[] used) throws Exception {
    Path file = Files.write(dir.resolve("dictionary-" + System.nanoTime()), used);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(HostileOrigins.DCZ_MAGIC);
    out.write(HostileOrigins.sha256(named));
    out.write(SystemTool.zstd(body, "-3", "-D", file.toString()));
    return out.toByteArray();
  }

  /** {@code body} compressed by the system {@code gzip}. */
  private static byte[] gzip(byte[] body) throws Exception {
    return SystemTool.run(body, "gzip", "gzip", "-c", "-n");
  }

  /** Fetches a dictionary answer with these headers and asserts that the client did not keep it. */
  private void assertNotKept(String path, String useAsDictionary, String cacheControl) throws Exception {
    server.put(path, dictionaryAnswer(dictionary, useAsDictionary, cacheControl));
    client.get(server.uri(path), Void.class);
    assertEquals(0, client.dictionaryCount());
  }

  /** Serves {@code body} with {@code coding} at {@code path}; the client refuses it with {@code failure}. */
  private void assertRefused(Class<? extends Exception> failure, String path, String coding, byte[] body) {
    server.put(path, JSON, coding, body);
    assertThrows(failure, () -> client.get(server.uri(path), PEOPLE));
    assertEquals(0, client.lentDecoderSlots());
  }

  private void keepDictionary(String match) throws Exception {
    server.put("/dict", dictionaryAnswer(dictionary, "match=\"" + match + "\", id=\"people-v1\"", "max-age=3600"));
    assertNull(client.get(server.uri("/dict"), Void.class));
    assertEquals(1, client.dictionaryCount());
  }

  @Test
  void keptDictionaryIsAnnouncedForMatchingUrlsOnly() throws Exception {
    keepDictionary("/api/*");
    server.put("/api/people", JSON, null, peopleJson);
    server.put("/other", JSON, null, peopleJson);
    client.get(server.uri("/api/people"), PEOPLE);
    client.get(server.uri("/other"), PEOPLE);
    var announced = server.received("/api/people").headers();
    assertEquals(":" + Base64.getEncoder().encodeToString(HostileOrigins.sha256(dictionary)) + ":",
        announced.getFirst("Available-Dictionary"));
    assertEquals("\"people-v1\"", announced.getFirst("Dictionary-ID"));
    assertEquals("zstd, gzip, br, dcz", announced.getFirst("Accept-Encoding"));
    assertNull(server.received("/other").headers().getFirst("Available-Dictionary"));
    assertEquals("zstd, gzip, br", server.received("/other").headers().getFirst("Accept-Encoding"));
  }

  @Test
  void dczAnswerMadeByTheSystemZstdDecodes() throws Exception {
    keepDictionary("/api/*");
    byte[] body = dcz(peopleJson, dictionary, dictionary);
    server.put("/api/dcz", JSON, "dcz", body);
    assertEquals(people, client.get(server.uri("/api/dcz"), PEOPLE));
    assertTrue(body.length < peopleJson.length / 3, "dcz " + body.length + " bytes");
  }

  @Test
  void dictionaryStartingWithZstdsMagicIsUsedAsRawContent() throws Exception {
    byte[] magicFirst = new byte[dictionary.length + 4];
    magicFirst[0] = 0x37;
    magicFirst[1] = (byte) 0xa4;
    magicFirst[2] = 0x30;
    magicFirst[3] = (byte) 0xec;
    System.arraycopy(dictionary, 0, magicFirst, 4, dictionary.length);
    server.put("/magic-dict", dictionaryAnswer(magicFirst, "match=\"/magic/*\"", "max-age=60"));
    client.get(server.uri("/magic-dict"), Void.class);
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    body.write(HostileOrigins.DCZ_MAGIC);
    body.write(HostileOrigins.sha256(magicFirst));
    try (ZstdDictCompress raw = new ZstdDictCompress(magicFirst, 3, ZstdDictContentType.RAW_CONTENT);
        ZstdCompressCtx ctx = new ZstdCompressCtx()) {
      body.write(ctx.setLevel(3).loadDict(raw).compress(peopleJson));
    }
    server.put("/magic/people", JSON, "dcz", body.toByteArray());
    assertEquals(people, client.get(server.uri("/magic/people"), PEOPLE));
  }

  @Test
  void dczNamingAnotherDictionaryIsRefusedAndTheNextRequestWorks() throws Exception {
    keepDictionary("/api/*");
    byte[] other = "some other dictionary".getBytes(StandardCharsets.UTF_8);
    server.put("/api/wrong", JSON, "dcz", dcz(peopleJson, other, other));
    DictionaryMismatchException e = assertThrows(DictionaryMismatchException.class,
        () -> client.get(server.uri("/api/wrong"), PEOPLE));
    assertEquals(java.util.HexFormat.of().formatHex(HostileOrigins.sha256(dictionary)), e.expectedHash());
    assertEquals(0, client.lentDecoderSlots());
    server.put("/api/right", JSON, "dcz", dcz(peopleJson, dictionary, dictionary));
    assertEquals(people, client.get(server.uri("/api/right"), PEOPLE));
  }

  @Test
  void dczWhenNoDictionaryWasAnnouncedIsACodingNotAskedFor() throws Exception {
    keepDictionary("/api/*");
    server.put("/elsewhere", JSON, "dcz", dcz(peopleJson, dictionary, dictionary));
    assertThrows(WrongCodingException.class, () -> client.get(server.uri("/elsewhere"), PEOPLE));
  }

  @Test
  void bodyHandlerForTheRequestDecodesDczWithTheDictionaryItAnnounced() throws Exception {
    keepDictionary("/api/*");
    server.put("/api/async", JSON, "dcz", dcz(peopleJson, dictionary, dictionary));
    HttpRequest request = client.prepare(HttpRequest.newBuilder(server.uri("/api/async")).build());
    assertEquals(people, http.sendAsync(request, client.bodyHandler(request, PEOPLE)).get().body());
    byte[] other = "not held".getBytes(StandardCharsets.UTF_8);
    server.put("/api/async-unknown", JSON, "dcz", dcz(peopleJson, other, other));
    HttpRequest unknown = client.prepare(HttpRequest.newBuilder(server.uri("/api/async-unknown")).build());
    ExecutionException e = assertThrows(ExecutionException.class,
        () -> http.sendAsync(unknown, client.bodyHandler(unknown, PEOPLE)).get());
    assertInstanceOf(DictionaryMismatchException.class, e.getCause());
  }

  @Test
  void bodyHandlerThatCannotSeeTheRequestRefusesDcz() throws Exception {
    keepDictionary("/api/*");
    server.put("/api/async", JSON, "dcz", dcz(peopleJson, dictionary, dictionary));
    HttpRequest request = client.prepare(HttpRequest.newBuilder(server.uri("/api/async")).build());
    ExecutionException e = assertThrows(ExecutionException.class,
        () -> http.sendAsync(request, client.bodyHandler(PEOPLE)).get());
    assertInstanceOf(WrongCodingException.class, e.getCause());
    assertEquals(0, client.lentDecoderSlots());
  }

  @Test
  void dictionaryWithANamedGroupPatternIsKeptAndAnnouncedForOneSegment() throws Exception {
    keepDictionary("/users/:id/orders");
    server.put("/users/7/orders", JSON, null, peopleJson);
    server.put("/users/7/x/orders", JSON, null, peopleJson);
    client.get(server.uri("/users/7/orders"), PEOPLE);
    client.get(server.uri("/users/7/x/orders"), PEOPLE);
    assertTrue(server.received("/users/7/orders").headers().containsKey("Available-Dictionary"));
    assertFalse(server.received("/users/7/x/orders").headers().containsKey("Available-Dictionary"));
  }

  @Test
  void dictionaryWithASearchPatternIsAnnouncedForMatchingQueriesOnly() throws Exception {
    keepDictionary("/find?q=*");
    server.put("/find", JSON, null, peopleJson);
    client.get(server.uri("/find?q=ada"), PEOPLE);
    assertTrue(server.received("/find").headers().containsKey("Available-Dictionary"));
    client.get(server.uri("/find?page=2"), PEOPLE);
    assertFalse(server.received("/find").headers().containsKey("Available-Dictionary"));
  }

  @Test
  void dictionaryWithARegexpGroupIsNotKept() throws Exception {
    assertNotKept("/regexp-dict", "match=\"/api/:id(\\\\d+)\"", "max-age=60");
  }

  @Test
  void bodyHandlerForARequestKeepsTheDictionaryItsAnswerMarks() throws Exception {
    server.put("/handler-dict", dictionaryAnswer(dictionary, "match=\"/handled/*\"", "max-age=60"));
    HttpRequest request = client.prepare(HttpRequest.newBuilder(server.uri("/handler-dict")).build());
    assertNull(http.sendAsync(request, client.bodyHandler(request, Void.class)).get().body());
    assertEquals(1, client.dictionaryCount());
    server.put("/handled/people", JSON, "dcz", dcz(peopleJson, dictionary, dictionary));
    HttpRequest next = client.prepare(HttpRequest.newBuilder(server.uri("/handled/people")).build());
    assertEquals(people, http.sendAsync(next, client.bodyHandler(next, PEOPLE)).get().body());
  }

  @Test
  void bodyHandlerKeepsNoDictionaryWhenItsHttpClientFollowsRedirects() throws Exception {
    HttpClient following = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL).build();
    try (StoredAnswerServer other = new StoredAnswerServer();
        CompressedHttpClient redirected = CompressedHttpClient.builder(following, pipeline)
            .dictionaries(DictionarySettings.builder().build()).build()) {
      other.put("/dict", dictionaryAnswer(dictionary, "match=\"/*\"", "max-age=60"));
      server.put("/moved", new StoredAnswerServer.Answer(302, Map.of("Location", other.uri("/dict").toString()),
          new byte[0]));
      HttpRequest request = redirected.prepare(HttpRequest.newBuilder(server.uri("/moved")).build());
      following.send(request, redirected.bodyHandler(request, Void.class));
      assertNotNull(other.received("/dict"));
      assertEquals(0, redirected.dictionaryCount());
    }
  }

  @Test
  void sendAsyncKeepsTheDictionaryItsAnswerMarks() throws Exception {
    server.put("/async-dict", dictionaryAnswer(dictionary, "match=\"/async/*\"", "max-age=60"));
    client.sendAsync(HttpRequest.newBuilder(server.uri("/async-dict")).build(), Void.class).get();
    assertEquals(1, client.dictionaryCount());
  }

  @Test
  void dczUnderGzipDecodes() throws Exception {
    keepDictionary("/api/*");
    server.put("/api/stacked", JSON, "dcz, gzip", gzip(dcz(peopleJson, dictionary, dictionary)));
    assertEquals(people, client.get(server.uri("/api/stacked"), PEOPLE));
    assertEquals(0, client.lentDecoderSlots());
  }

  @Test
  void gzipUnderDczDecodes() throws Exception {
    keepDictionary("/api/*");
    server.put("/api/stacked-inner", JSON, "gzip, dcz", dcz(gzip(peopleJson), dictionary, dictionary));
    assertEquals(people, client.get(server.uri("/api/stacked-inner"), PEOPLE));
  }

  @Test
  void dczUnderGzipNamingAnotherDictionaryIsRefusedAndReleased() throws Exception {
    keepDictionary("/api/*");
    byte[] other = "some other dictionary".getBytes(StandardCharsets.UTF_8);
    assertRefused(DictionaryMismatchException.class, "/api/stacked-wrong", "dcz, gzip",
        gzip(dcz(peopleJson, other, other)));
    server.put("/api/stacked-right", JSON, "dcz, gzip", gzip(dcz(peopleJson, dictionary, dictionary)));
    assertEquals(people, client.get(server.uri("/api/stacked-right"), PEOPLE));
  }

  @Test
  void dczInAStackWhenNoDictionaryWasAnnouncedIsACodingNotAskedFor() throws Exception {
    assertRefused(WrongCodingException.class, "/stacked-unasked", "dcz, gzip",
        gzip(dcz(peopleJson, dictionary, dictionary)));
  }

  @Test
  void dczCutInsideItsHeaderIsTruncated() throws Exception {
    keepDictionary("/api/*");
    assertRefused(TruncatedBodyException.class, "/api/cut-header", "dcz",
        Arrays.copyOf(dcz(peopleJson, dictionary, dictionary), 20));
  }

  @Test
  void dczCutInsideItsFrameIsTruncated() throws Exception {
    keepDictionary("/api/*");
    byte[] body = dcz(peopleJson, dictionary, dictionary);
    assertRefused(TruncatedBodyException.class, "/api/cut-frame", "dcz", Arrays.copyOf(body, body.length - 10));
  }

  @Test
  void dczWithoutItsMagicIsMalformed() throws Exception {
    keepDictionary("/api/*");
    byte[] body = dcz(peopleJson, dictionary, dictionary);
    body[0] = 0x28;
    assertRefused(MalformedBodyException.class, "/api/no-magic", "dcz", body);
  }

  @Test
  void staleDictionaryIsDroppedAndNoLongerAnnounced() throws Exception {
    server.put("/short-dict", dictionaryAnswer(dictionary, "match=\"/short/*\"", "max-age=1"));
    client.get(server.uri("/short-dict"), Void.class);
    assertEquals(1, client.dictionaryCount());
    Thread.sleep(1100);
    server.put("/short/people", JSON, null, peopleJson);
    client.get(server.uri("/short/people"), PEOPLE);
    assertNull(server.received("/short/people").headers().getFirst("Available-Dictionary"));
    assertEquals(0, client.dictionaryCount());
  }

  @Test
  void answerWithoutFreshnessIsNotKept() throws Exception {
    assertNotKept("/uncached-dict", "match=\"/api/*\"", "no-store");
  }

  @Test
  void countBudgetDropsTheLeastRecentlyUsed() throws Exception {
    try (CompressedHttpClient one = CompressedHttpClient.builder(http, pipeline)
        .dictionaries(DictionarySettings.builder().maxCount(1).build()).build()) {
      server.put("/dict-a", dictionaryAnswer(dictionary, "match=\"/a/*\"", "max-age=60"));
      server.put("/dict-b", dictionaryAnswer(peopleJson, "match=\"/b/*\"", "max-age=60"));
      one.get(server.uri("/dict-a"), Void.class);
      one.get(server.uri("/dict-b"), Void.class);
      assertEquals(1, one.dictionaryCount());
      server.put("/a/people", JSON, null, peopleJson);
      one.get(server.uri("/a/people"), PEOPLE);
      assertNull(server.received("/a/people").headers().getFirst("Available-Dictionary"));
    }
  }

  @Test
  void dictionaryLargerThanTheByteBudgetIsNotKept() throws Exception {
    try (CompressedHttpClient small = CompressedHttpClient.builder(http, pipeline)
        .dictionaries(DictionarySettings.builder().maxBytes(1000).build()).build()) {
      server.put("/big-dict", dictionaryAnswer(dictionary, "match=\"/api/*\"", "max-age=60"));
      small.get(server.uri("/big-dict"), Void.class);
      assertEquals(0, small.dictionaryCount());
    }
  }

  @Test
  void linkedDictionaryIsFetchedOnlyWhenAllowed() throws Exception {
    server.put("/linked-dict", dictionaryAnswer(dictionary, "match=\"/linked/*\"", "max-age=60"));
    server.put("/page", new StoredAnswerServer.Answer(200, Map.of("Content-Type", JSON,
        "Link", "</linked-dict>; rel=\"compression-dictionary\""), peopleJson));
    client.get(server.uri("/page"), PEOPLE);
    client.awaitDictionaryFetches();
    assertNull(server.received("/linked-dict"));
    try (CompressedHttpClient fetching = CompressedHttpClient.builder(http, pipeline)
        .dictionaries(DictionarySettings.builder().fetchLinked(true).build()).build()) {
      fetching.get(server.uri("/page"), PEOPLE);
      fetching.awaitDictionaryFetches();
      assertEquals(1, fetching.dictionaryCount());
      server.put("/linked/people", JSON, "dcz", dcz(peopleJson, dictionary, dictionary));
      assertEquals(people, fetching.get(server.uri("/linked/people"), PEOPLE));
    }
  }

  @Test
  void dictionaries_null() throws Exception {
    server.put("/dict-off", dictionaryAnswer(dictionary, "match=\"/off/*\"", "max-age=3600"));
    server.put("/off/people", JSON, null, peopleJson);
    try (CompressedHttpClient off = CompressedHttpClient.builder(http, pipeline).dictionaries(null).build()) {
      off.get(server.uri("/dict-off"), Void.class);
      off.get(server.uri("/off/people"), PEOPLE);
      assertEquals(0, off.dictionaryCount());
      assertNull(server.received("/off/people").headers().getFirst("Available-Dictionary"));
    }
  }

  @Test
  void dictionaries_defaultWithoutZstd() {
    try (CompressedHttpClient gzipOnly = CompressedHttpClient.builder(http, pipeline).codings("gzip").build()) {
      assertTrue(gzipOnly.toString().endsWith("dictionaries=off]"), gzipOnly.toString());
    }
  }

  @Test
  void dictionaries_withoutZstd() {
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> CompressedHttpClient.builder(http, pipeline)
        .codings("gzip").dictionaries(DictionarySettings.builder().build()).build());
    assertFalse(e.getMessage().isEmpty());
  }

  @Test
  void maxCount_zero() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> DictionarySettings.builder().maxCount(0));
    assertEquals("maxCount must be in [1, 1000]: 0", e.getMessage());
  }
}
