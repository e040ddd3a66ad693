package io.github.zipjack.servlet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.Compression;
import io.github.zipjack.SystemTool;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * RFC 9842 dictionary transport through {@link CompressionFilter} in Jetty 12.1 and Tomcat 11, read
 * off raw sockets: two dictionaries, {@link #NEWER} for {@code /json} and {@link #OLDER} for every
 * path, and the {@code dcz} bodies decoded by the system {@code zstd -d -D}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FilterDictionaryTransportInContainersTest {
  private static final byte[] PEOPLE_100 = TestServlets.datasetJson("people-100");
  /** Raw content: the second half of people-100, records like those the responses hold. */
  static final HttpDictionary NEWER = HttpDictionary.builder(Arrays.copyOfRange(PEOPLE_100, PEOPLE_100.length / 2,
      PEOPLE_100.length)).match("/json").id("people-2").maxAge(Duration.ofHours(2)).build();
  /** Raw content: the first half of people-100, for every path. */
  static final HttpDictionary OLDER = HttpDictionary.builder(Arrays.copyOfRange(PEOPLE_100, 0, PEOPLE_100.length / 2))
      .match("/*").build();
  private static final String BROWSER = "Accept-Encoding: gzip, deflate, br, zstd, dcb, dcz";

  private final Map<Container, RunningServer> servers = new EnumMap<>(Container.class);
  private final Map<Container, CompressionFilter> filters = new EnumMap<>(Container.class);
  private final ConcurrentLinkedQueue<String> reported = new ConcurrentLinkedQueue<>();
  /** What the listener heard, with the sizes: {@code coding outcome bodyBytes sentBytes}. */
  private final ConcurrentLinkedQueue<String> reportedSizes = new ConcurrentLinkedQueue<>();

  @BeforeAll
  void start() throws Exception {
    for (Container container : Container.values()) {
      CompressionSettings settings = CompressionSettings.builder()
          .codings(Compression.zstd(1), Compression.gzip(1), Compression.brotli(4))
          .dictionaries(NEWER, OLDER)
          .build();
      CompressionFilter filter = new CompressionFilter(settings,
          (coding, outcome, bodyBytes, sentBytes, nanos) -> {
            reported.add(coding + " " + outcome);
            reportedSizes.add(coding + " " + outcome + " " + bodyBytes + " " + sentBytes);
          });
      filters.put(container, filter);
      Map<String, HttpServlet> servlets = new TestServlets().byPath();
      servlets.put("/", new NotFoundServlet());
      servers.put(container, container.start(filter, Map.of(), servlets));
    }
  }

  /**
   * The default servlet of a web application: Tomcat runs the filter chain only for a path some
   * servlet maps, and an application always has one at {@code /} (the container's default servlet,
   * Spring's DispatcherServlet), so the dictionaries' URLs reach the filter.
   */
  static final class NotFoundServlet extends HttpServlet {
    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
      response.sendError(HttpServletResponse.SC_NOT_FOUND);
    }
  }

  @AfterAll
  void stop() throws Exception {
    FilterProbe.stopThenAssertNoLiveEncoders(servers.values(), filters.values());
  }

  private Wire.Response get(Container container, String path, String... headers) throws IOException {
    return Wire.exchange(servers.get(container), "GET", path, headers);
  }

  private static String held(HttpDictionary d) {
    return "Available-Dictionary: " + d.availableDictionary();
  }

  /**
   * A dcz body checked for its header and decoded by the system {@code zstd -d -D} with the
   * dictionary's bytes in a file, as a client holds them.
   */
  static byte[] decodeDcz(HttpDictionary dictionary, byte[] body) throws Exception {
    assertArrayEquals(new byte[] {0x5E, 0x2A, 0x4D, 0x18, 0x20, 0, 0, 0}, Arrays.copyOf(body, 8));
    assertArrayEquals(dictionary.sha256(), Arrays.copyOfRange(body, 8, 40));
    Path file = Files.createTempFile("zipjack-dictionary", ".raw");
    try {
      Files.write(file, dictionary.toByteArray());
      return SystemTool.zstd(Arrays.copyOfRange(body, 40, body.length), "-d", "-D", file.toString());
    } finally {
      Files.delete(file);
    }
  }

  // ---- dcz bodies

  @ParameterizedTest
  @EnumSource(Container.class)
  void dczBodyDecodedBySystemZstdWithTheDictionaryIsTheIdentityBody(Container container) throws Exception {
    Wire.Response response = get(container, "/json?dataset=people-5", BROWSER, held(NEWER));

    assertEquals(200, response.status());
    assertEquals("dcz", response.header("Content-Encoding").orElseThrow());
    assertEquals(response.body().length, Long.parseLong(response.header("Content-Length").orElseThrow()));
    assertArrayEquals(TestServlets.datasetJson("people-5"), decodeDcz(NEWER, response.body()));
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void dczBodyIsSmallerThanTheZstdOne(Container container) throws Exception {
    int dcz = get(container, "/json?dataset=people-5", BROWSER, held(NEWER)).body().length;
    int zstd = get(container, "/json?dataset=people-5", "Accept-Encoding: zstd").body().length;

    assertTrue(dcz < zstd * 0.8, dcz + " dcz bytes against " + zstd + " zstd bytes");
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void clientNamingDcbOnlyGetsSharedBrotliThatDecodesWithTheDictionary(Container container) throws Exception {
    Wire.Response response = get(container, "/json?dataset=people-5", "Accept-Encoding: br, dcb", held(NEWER));

    assertEquals("dcb", response.header("Content-Encoding").orElseThrow());
    assertEquals(response.body().length, Long.parseLong(response.header("Content-Length").orElseThrow()));
    byte[] body = response.body();
    assertArrayEquals(new byte[] {(byte) 0xFF, 0x44, 0x43, 0x42}, Arrays.copyOf(body, 4));
    assertArrayEquals(NEWER.sha256(), Arrays.copyOfRange(body, 4, 36));
    assertArrayEquals(TestServlets.datasetJson("people-5"),
        Decoding.brotliWithDictionary(Arrays.copyOfRange(body, 36, body.length), NEWER.toByteArray()));
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void requestBodyInDcbIsInflated(Container container) throws Exception {
    byte[] body = get(container, "/json?dataset=people-5", "Accept-Encoding: dcb", held(OLDER)).body();

    Wire.Response echoed = Wire.exchange(servers.get(container), "POST", "/echo", body, "Content-Encoding: dcb");
    assertEquals(200, echoed.status(), echoed.toString());
    assertArrayEquals(TestServlets.datasetJson("people-5"), echoed.body());
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void olderDictionaryStillServesDcz(Container container) throws Exception {
    Wire.Response response = get(container, "/json?dataset=people-5", BROWSER, held(OLDER));

    assertEquals("dcz", response.header("Content-Encoding").orElseThrow());
    assertArrayEquals(TestServlets.datasetJson("people-5"), decodeDcz(OLDER, response.body()));
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void responseUnderAMatchVariesOnAcceptEncodingAndAvailableDictionary(Container container) throws Exception {
    Wire.Response response = get(container, "/json?dataset=people-5", BROWSER, held(NEWER));

    assertEquals(List.of("Accept-Encoding, Available-Dictionary"), response.headerValues("Vary"));
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void dczIsReportedToTheListenerAsItsCoding(Container container) throws Exception {
    reported.clear();
    get(container, "/json?dataset=people-5", BROWSER, held(NEWER));

    // the filter reports once the response is released, which may follow the client's last read
    long deadline = System.nanoTime() + 5_000_000_000L;
    while (reported.isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertEquals(List.of("dcz COMPRESSED"), List.copyOf(reported));
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void heldBodyCompressedOnSeveralThreadsIsDczToo(Container container) throws Exception {
    Wire.Response response = get(container, "/text?bytes=1000000", BROWSER, held(OLDER));

    assertEquals("dcz", response.header("Content-Encoding").orElseThrow());
    assertEquals(response.body().length, Long.parseLong(response.header("Content-Length").orElseThrow()));
    assertArrayEquals(TestServlets.text(1_000_000), decodeDcz(OLDER, response.body()));
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void bodyPastMaxBufferedBytesStreamsInDcz(Container container) throws Exception {
    Wire.Response response = get(container, "/text?bytes=9000000", BROWSER, held(OLDER));

    assertEquals("dcz", response.header("Content-Encoding").orElseThrow());
    assertTrue(response.header("Content-Length").isEmpty(), response.toString());
    assertArrayEquals(TestServlets.text(9_000_000), decodeDcz(OLDER, response.body()));
  }

  // ---- the dictionary's own URL

  private String dictionaryPath(HttpDictionary d) {
    return "/zipjack/dictionaries/" + d.shortHash();
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void responseUnderAMatchLinksTheFirstDictionaryThatCoversIt(Container container) throws Exception {
    assertEquals(List.of("<" + dictionaryPath(NEWER) + ">; rel=\"compression-dictionary\""),
        get(container, "/json?dataset=people-5", BROWSER).headerValues("Link"));
    assertEquals(List.of("<" + dictionaryPath(OLDER) + ">; rel=\"compression-dictionary\""),
        get(container, "/text?bytes=2000", BROWSER).headerValues("Link"));
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void clientHoldingTheOlderDictionaryIsLinkedToTheNewerOne(Container container) throws Exception {
    Wire.Response response = get(container, "/json?dataset=people-5", BROWSER, held(OLDER));

    assertEquals("dcz", response.header("Content-Encoding").orElseThrow());
    assertEquals(List.of("<" + dictionaryPath(NEWER) + ">; rel=\"compression-dictionary\""),
        response.headerValues("Link"));
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void clientHoldingTheLinkedDictionaryGetsNoLink(Container container) throws Exception {
    assertEquals(List.of(), get(container, "/json?dataset=people-5", BROWSER, held(NEWER)).headerValues("Link"));
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void dictionaryIsServedWithUseAsDictionaryCacheControlAndAStrongEtag(Container container) throws Exception {
    Wire.Response response = get(container, dictionaryPath(NEWER));

    assertEquals(200, response.status());
    assertArrayEquals(NEWER.toByteArray(), response.body());
    assertEquals("match=\"/json\", id=\"people-2\", type=raw", response.header("Use-As-Dictionary").orElseThrow());
    assertEquals("public, max-age=7200", response.header("Cache-Control").orElseThrow());
    assertEquals("\"d-" + NEWER.shortHash() + "\"", response.header("ETag").orElseThrow());
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void dictionaryIsCompressedByThePlainNegotiation(Container container) throws Exception {
    Wire.Response response = get(container, dictionaryPath(OLDER), BROWSER);

    assertEquals("zstd", response.header("Content-Encoding").orElseThrow());
    assertEquals(response.body().length, Long.parseLong(response.header("Content-Length").orElseThrow()));
    assertEquals("\"d-" + OLDER.shortHash() + "-zstd\"", response.header("ETag").orElseThrow());
    assertArrayEquals(OLDER.toByteArray(), Decoding.decode("zstd", response.body()));
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void dictionaryAnswersIfNoneMatchWith304(Container container) throws Exception {
    Wire.Response response = get(container, dictionaryPath(OLDER), BROWSER,
        "If-None-Match: \"d-" + OLDER.shortHash() + "-zstd\"");

    assertEquals(304, response.status());
    assertEquals(0, response.body().length);
    assertTrue(response.header("Use-As-Dictionary").isPresent());
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void dictionaryRefusesPost(Container container) throws Exception {
    Wire.Response response = Wire.exchange(servers.get(container), "POST", dictionaryPath(OLDER), new byte[1]);

    assertEquals(405, response.status());
  }

  // ---- negotiation: each rule, each fallback

  /** The listener's reports with sizes, once {@code count} have come (reports may follow the client's read). */
  private List<String> awaitReports(int count) throws InterruptedException {
    long deadline = System.nanoTime() + 5_000_000_000L;
    while (reportedSizes.size() < count && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    return List.copyOf(reportedSizes);
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void dictionaryDownloadIsReportedToTheListenerAsServedInItsCoding(Container container) throws Exception {
    reportedSizes.clear();
    Wire.Response response = get(container, dictionaryPath(OLDER), BROWSER);

    assertEquals(List.of("zstd DICTIONARY_SERVED " + OLDER.byteCount() + " " + response.body().length),
        awaitReports(1));
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void dictionaryRevalidationIsReportedToTheListenerAsNotModified(Container container) throws Exception {
    reportedSizes.clear();
    get(container, dictionaryPath(NEWER), "If-None-Match: \"d-" + NEWER.shortHash() + "\"");

    assertEquals(List.of("identity DICTIONARY_NOT_MODIFIED " + NEWER.byteCount() + " 0"), awaitReports(1));
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void dictionaryHeadIsReportedAsServedWithNoBytesSent(Container container) throws Exception {
    reportedSizes.clear();
    Wire.exchange(servers.get(container), "HEAD", dictionaryPath(NEWER));

    assertEquals(List.of("identity DICTIONARY_SERVED " + NEWER.byteCount() + " 0"), awaitReports(1));
  }

  private void assertPlainZstd(Container container, String path, String... headers) throws Exception {
    Wire.Response response = get(container, path, headers);
    assertEquals(200, response.status(), response.toString());
    assertEquals("zstd", response.header("Content-Encoding").orElseThrow(), response.toString());
    assertArrayEquals(TestServlets.datasetJson("people-5"), Decoding.decode("zstd", response.body()));
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void dczNotNamedGivesPlainNegotiation(Container container) throws Exception {
    assertPlainZstd(container, "/json?dataset=people-5", "Accept-Encoding: zstd, *", held(NEWER));
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void dczRefusedWithQ0GivesPlainNegotiation(Container container) throws Exception {
    assertPlainZstd(container, "/json?dataset=people-5", "Accept-Encoding: zstd, dcz;q=0", held(NEWER));
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void unknownHashGivesPlainNegotiation(Container container) throws Exception {
    assertPlainZstd(container, "/json?dataset=people-5", BROWSER,
        "Available-Dictionary: :AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=:");
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void malformedAvailableDictionaryGivesPlainNegotiation(Container container) throws Exception {
    assertPlainZstd(container, "/json?dataset=people-5", BROWSER, "Available-Dictionary: not a hash;;");
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void oversizedAvailableDictionaryGivesPlainNegotiation(Container container) throws Exception {
    assertPlainZstd(container, "/json?dataset=people-5", BROWSER, "Available-Dictionary: :" + "A".repeat(4000) + ":");
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void dictionaryWhoseMatchDoesNotCoverTheUrlIsNotUsed(Container container) throws Exception {
    Wire.Response response = get(container, "/etag", BROWSER, held(NEWER));

    assertEquals("zstd", response.header("Content-Encoding").orElseThrow());
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void crossSiteNoCorsRequestGetsPlainNegotiation(Container container) throws Exception {
    assertPlainZstd(container, "/json?dataset=people-5", BROWSER, held(NEWER), "Sec-Fetch-Site: cross-site",
        "Sec-Fetch-Mode: no-cors");
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void crossSiteCorsRequestWithoutAllowOriginGetsPlainNegotiation(Container container) throws Exception {
    assertPlainZstd(container, "/json?dataset=people-5", BROWSER, held(NEWER), "Sec-Fetch-Site: cross-site",
        "Sec-Fetch-Mode: cors", "Origin: https://other.example");
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void crossSiteNavigationGetsDczAndVariesOnTheFetchMetadata(Container container) throws Exception {
    Wire.Response response = get(container, "/json?dataset=people-5", BROWSER, held(NEWER),
        "Sec-Fetch-Site: cross-site", "Sec-Fetch-Mode: navigate");

    assertEquals("dcz", response.header("Content-Encoding").orElseThrow());
    assertEquals(List.of("Accept-Encoding, Available-Dictionary, Sec-Fetch-Site, Sec-Fetch-Mode"),
        response.headerValues("Vary"));
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void sameOriginFetchGetsDcz(Container container) throws Exception {
    Wire.Response response = get(container, "/json?dataset=people-5", BROWSER, held(NEWER),
        "Sec-Fetch-Site: same-origin", "Sec-Fetch-Mode: cors");

    assertEquals("dcz", response.header("Content-Encoding").orElseThrow());
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void bodyThatDczDoesNotShrinkGoesOutIdentity(Container container) throws Exception {
    Wire.Response response = get(container, "/random?bytes=3000", BROWSER, held(OLDER));

    assertTrue(response.header("Content-Encoding").isEmpty(), response.toString());
    assertArrayEquals(TestServlets.randomBytes(3000), response.body());
  }

  // ---- ETag, 304, HEAD

  @ParameterizedTest
  @EnumSource(Container.class)
  void dczEtagNamesTheDictionaryAndAnswers304(Container container) throws Exception {
    Wire.Response response = get(container, "/etag", BROWSER, held(OLDER));
    String tag = "\"v1-people-dcz-" + OLDER.shortHash() + "\"";
    assertEquals(tag, response.header("ETag").orElseThrow());

    Wire.Response again = get(container, "/etag", BROWSER, held(OLDER), "If-None-Match: " + tag);
    assertEquals(304, again.status());
    assertEquals(tag, again.header("ETag").orElseThrow());
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void headGivesTheHeadersOfGetAndNoBody(Container container) throws Exception {
    Wire.Response get = get(container, "/json?dataset=people-5", BROWSER, held(NEWER));
    Wire.Response head = Wire.exchange(servers.get(container), "HEAD", "/json?dataset=people-5", BROWSER, held(NEWER));

    assertEquals("dcz", head.header("Content-Encoding").orElseThrow());
    assertEquals(get.header("Content-Length"), head.header("Content-Length"));
    assertEquals(0, head.body().length);
  }

  // ---- request bodies

  @ParameterizedTest
  @EnumSource(Container.class)
  void requestBodyInDczIsInflated(Container container) throws Exception {
    byte[] json = TestServlets.datasetJson("people-5");
    byte[] body = get(container, "/json?dataset=people-5", BROWSER, held(NEWER)).body();

    Wire.Response echoed = Wire.exchange(servers.get(container), "POST", "/echo", body, "Content-Encoding: dcz");
    assertEquals(200, echoed.status(), echoed.toString());
    assertArrayEquals(json, echoed.body());
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void requestBodyInDczWithAnUnknownDictionaryIs400(Container container) throws Exception {
    byte[] body = get(container, "/json?dataset=people-5", BROWSER, held(NEWER)).body();
    body[20] ^= 1;

    Wire.Response echoed = Wire.exchange(servers.get(container), "POST", "/echo", body, "Content-Encoding: dcz");
    assertEquals(400, echoed.status(), echoed.toString());
  }

  // ---- many clients

  @ParameterizedTest
  @EnumSource(Container.class)
  void fortyEightConcurrentClientsWithTwoDictionariesAndNoneGetByteExactBodies(Container container) throws Exception {
    ExecutorService clients = Executors.newFixedThreadPool(48);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int i = 0; i < 48; i++) {
        int n = i;
        done.add(clients.submit(() -> {
          String dataset = "people-" + (3 + n % 4);
          HttpDictionary dictionary = n % 3 == 0 ? NEWER : n % 3 == 1 ? OLDER : null;
          Wire.Response response = dictionary == null
              ? get(container, "/json?dataset=" + dataset, BROWSER)
              : get(container, "/json?dataset=" + dataset, BROWSER, held(dictionary));
          byte[] expected = TestServlets.datasetJson(dataset);
          assertEquals(response.body().length, Long.parseLong(response.header("Content-Length").orElseThrow()));
          if (dictionary == null) {
            assertEquals("zstd", response.header("Content-Encoding").orElseThrow());
            assertArrayEquals(expected, Decoding.decode("zstd", response.body()));
          } else {
            assertEquals("dcz", response.header("Content-Encoding").orElseThrow());
            assertArrayEquals(expected, decodeDcz(dictionary, response.body()));
          }
          return null;
        }));
      }
      for (Future<?> f : done) {
        f.get();
      }
    } finally {
      clients.shutdownNow();
    }
    assertEquals(0, FilterProbe.lentSegments(filters.get(container)));
    assertFalse(filters.get(container).implementations().isEmpty());
  }
}
