package io.github.zipjack.servlet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.Compression;
import io.github.zipjack.JdkGzip;
import io.github.zipjack.SystemTool;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link CompressionFilter} in Jetty 12.1 and Tomcat 11, one test per rule of the filter, read off
 * a raw socket so that every byte and header the container sends is seen as sent. The filter runs
 * with its default codings and minimum size, and a buffering limit of {@link #MAX_BUFFERED_BYTES}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FilterInContainersTest {
  static final int MAX_BUFFERED_BYTES = 1024 * 1024;
  static final int MIN_BODY_BYTES = 1024;

  private final Map<Container, RunningServer> servers = new EnumMap<>(Container.class);
  private final Map<Container, CompressionFilter> filters = new EnumMap<>(Container.class);
  private final Map<Container, TestServlets> servlets = new EnumMap<>(Container.class);

  static CompressionSettings settings() {
    return CompressionSettings.builder()
        .codings(Compression.zstd(1), Compression.gzip(1), Compression.brotli(4))
        .minBodyBytes(MIN_BODY_BYTES)
        .maxBufferedBytes(MAX_BUFFERED_BYTES)
        .build();
  }

  @BeforeAll
  void start() throws Exception {
    for (Container container : Container.values()) {
      TestServlets testServlets = new TestServlets();
      CompressionFilter filter = new CompressionFilter(settings());
      servlets.put(container, testServlets);
      filters.put(container, filter);
      servers.put(container, container.start(filter, Map.of(), testServlets.byPath()));
    }
  }

  @AfterAll
  void stop() throws Exception {
    FilterProbe.stopThenAssertNoLiveEncoders(servers.values(), filters.values());
  }

  private Wire.Response get(Container container, String path, String... headers) throws IOException {
    return Wire.exchange(servers.get(container), "GET", path, headers);
  }

  private static long contentLength(Wire.Response response) {
    return Long.parseLong(response.header("Content-Length").orElseThrow(() -> new AssertionError(
        "no Content-Length: " + response)));
  }

  static List<Arguments> containersAndCodings() {
    List<Arguments> arguments = new ArrayList<>();
    for (Container container : Container.values()) {
      for (String coding : List.of("zstd", "br", "gzip")) {
        arguments.add(Arguments.of(container, coding));
      }
    }
    return arguments;
  }

  // ---- exact length, decoded body, Vary

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("containersAndCodings")
  void compressedBodyHasAContentLengthEqualToTheBytesOnTheWireAndDecodesToTheOriginal(Container container,
      String coding) throws IOException {
    Wire.Response response = get(container, "/json?dataset=people-100", "Accept-Encoding: " + coding);

    assertEquals(200, response.status());
    assertEquals(coding, response.header("Content-Encoding").orElseThrow());
    assertFalse(response.chunked(), response.toString());
    assertEquals(response.body().length, contentLength(response));
    assertTrue(response.body().length < TestServlets.datasetJson("people-100").length / 2, response.toString());
    assertArrayEquals(TestServlets.datasetJson("people-100"), Decoding.decode(coding, response.body()));
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void compressedResponseCarriesVaryAcceptEncoding(Container container) throws IOException {
    Wire.Response response = get(container, "/json", "Accept-Encoding: gzip");

    assertEquals("gzip", response.header("Content-Encoding").orElseThrow());
    assertEquals(List.of("Accept-Encoding"), response.headerValues("Vary"));
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void compressibleResponseSentAsIdentityStillCarriesVaryAcceptEncoding(Container container) throws IOException {
    Wire.Response response = get(container, "/json");

    assertTrue(response.header("Content-Encoding").isEmpty(), response.toString());
    assertEquals(List.of("Accept-Encoding"), response.headerValues("Vary"));
  }

  // ---- negotiation

  @ParameterizedTest
  @EnumSource(Container.class)
  void higherClientWeightWinsOverTheServersOrder(Container container) throws IOException {
    assertEquals("gzip", get(container, "/json", "Accept-Encoding: zstd;q=0.1, gzip;q=0.8, br;q=0.5")
        .header("Content-Encoding").orElseThrow());
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void equalWeightsGoByTheServersOrder(Container container) throws IOException {
    assertEquals("zstd", get(container, "/json", "Accept-Encoding: gzip, br, zstd")
        .header("Content-Encoding").orElseThrow());
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void codingWithQZeroIsNeverSent(Container container) throws IOException {
    assertEquals("br", get(container, "/json", "Accept-Encoding: zstd;q=0, gzip;q=0, br")
        .header("Content-Encoding").orElseThrow());
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void starAcceptsTheServersFirstCoding(Container container) throws IOException {
    assertEquals("zstd", get(container, "/json", "Accept-Encoding: *").header("Content-Encoding").orElseThrow());
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void starWithQZeroLeavesOnlyTheNamedCodings(Container container) throws IOException {
    assertEquals("gzip", get(container, "/json", "Accept-Encoding: *;q=0, gzip")
        .header("Content-Encoding").orElseThrow());
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void identityRefusedAndNothingElseAcceptableGets406(Container container) throws IOException {
    Wire.Response response = get(container, "/json", "Accept-Encoding: compress, identity;q=0");

    assertEquals(406, response.status());
    assertTrue(response.header("Content-Encoding").isEmpty(), response.toString());
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void noAcceptEncodingGetsTheBodyUncompressed(Container container) throws IOException {
    Wire.Response response = get(container, "/json");

    assertTrue(response.header("Content-Encoding").isEmpty(), response.toString());
    assertArrayEquals(TestServlets.datasetJson("people-100"), response.body());
  }

  // ---- compress only when it pays

  @ParameterizedTest
  @EnumSource(Container.class)
  void bodyBelowTheMinimumSizeIsSentAsIsWithItsLength(Container container) throws IOException {
    Wire.Response response = get(container, "/text?bytes=" + (MIN_BODY_BYTES - 1), "Accept-Encoding: gzip");

    assertTrue(response.header("Content-Encoding").isEmpty(), response.toString());
    assertEquals(MIN_BODY_BYTES - 1, contentLength(response));
    assertArrayEquals(TestServlets.text(MIN_BODY_BYTES - 1), response.body());
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void bodyAtTheMinimumSizeIsCompressed(Container container) throws IOException {
    Wire.Response response = get(container, "/text?bytes=" + MIN_BODY_BYTES, "Accept-Encoding: gzip");

    assertEquals("gzip", response.header("Content-Encoding").orElseThrow());
    assertEquals(response.body().length, contentLength(response));
    assertArrayEquals(TestServlets.text(MIN_BODY_BYTES), Decoding.decode("gzip", response.body()));
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void typeOutsideTheMimeTypesIsNotCompressed(Container container) throws IOException {
    Wire.Response response = get(container, "/text?bytes=20000&type=image/png", "Accept-Encoding: gzip");

    assertTrue(response.header("Content-Encoding").isEmpty(), response.toString());
    assertArrayEquals(TestServlets.text(20000), response.body());
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void messagePackTypeIsCompressed(Container container) throws IOException {
    Wire.Response response = get(container, "/text?bytes=20000&type=application/vnd.msgpack", "Accept-Encoding: gzip");

    assertEquals("gzip", response.header("Content-Encoding").orElseThrow());
    assertArrayEquals(TestServlets.text(20000), Decoding.decode("gzip", response.body()));
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void bodyThatCompressionWouldNotShrinkIsSentAsIdentityWithItsLength(Container container) throws IOException {
    Wire.Response response = get(container, "/random?bytes=20000&type=application/json", "Accept-Encoding: gzip");

    assertTrue(response.header("Content-Encoding").isEmpty(), response.toString());
    assertEquals(20000, contentLength(response));
    assertArrayEquals(TestServlets.randomBytes(20000), response.body());
  }

  // ---- never compress

  @ParameterizedTest
  @EnumSource(Container.class)
  void noContentIsNotCompressed(Container container) throws IOException {
    Wire.Response response = get(container, "/status?code=204", "Accept-Encoding: gzip");

    assertEquals(204, response.status());
    assertTrue(response.header("Content-Encoding").isEmpty(), response.toString());
    assertEquals(0, response.wireBody().length);
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void notModifiedIsNotCompressed(Container container) throws IOException {
    Wire.Response response = get(container, "/status?code=304", "Accept-Encoding: gzip");

    assertEquals(304, response.status());
    assertTrue(response.header("Content-Encoding").isEmpty(), response.toString());
    assertEquals(0, response.wireBody().length);
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void partialContentIsNotCompressed(Container container) throws IOException {
    Wire.Response response = get(container, "/status?code=206", "Accept-Encoding: gzip");

    assertEquals(206, response.status());
    assertTrue(response.header("Content-Encoding").isEmpty(), response.toString());
    assertArrayEquals(TestServlets.text(10_000), response.body());
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void responseTheServletEncodedItselfIsNotEncodedAgain(Container container) throws IOException {
    Wire.Response response = get(container, "/encoded", "Accept-Encoding: zstd, br, gzip");

    assertEquals(List.of("gzip"), response.headerValues("Content-Encoding"));
    assertArrayEquals(TestServlets.datasetJson("people-100"), Decoding.decode("gzip", response.body()));
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void noTransformIsNotCompressed(Container container) throws IOException {
    Wire.Response response = get(container, "/no-transform", "Accept-Encoding: gzip");

    assertTrue(response.header("Content-Encoding").isEmpty(), response.toString());
    assertArrayEquals(TestServlets.datasetJson("people-100"), response.body());
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void serverSentEventsArriveAtOnceInOrderUncompressed(Container container) throws Exception {
    streamedPartsArriveBeforeTheServletWritesTheRest(container, "/events", TestServlets.FIRST_EVENT,
        TestServlets.SECOND_EVENT);
  }

  // ---- 1xx: interim and switching responses pass as the container sends them

  @ParameterizedTest
  @EnumSource(Container.class)
  void continueResponseGoesOutUncompressedBeforeTheCompressedFinalResponse(Container container) throws IOException {
    byte[] text = TestServlets.text(100_000);
    byte[] gzipped = JdkGzip.of(text);
    try (Socket socket = Wire.open(servers.get(container))) {
      Wire.sendKeepingTheConnection(socket.getOutputStream(), "POST", "/echo?type=application/json",
          "Expect: 100-continue", "Content-Encoding: gzip", "Content-Length: " + gzipped.length,
          "Accept-Encoding: gzip", "Connection: close");
      InputStream in = socket.getInputStream();
      Wire.Response interim = Wire.readHead(in);
      assertEquals(100, interim.status(), interim.toString());
      assertTrue(interim.header("Content-Encoding").isEmpty(), interim.toString());
      assertTrue(interim.header("Vary").isEmpty(), interim.toString());

      socket.getOutputStream().write(gzipped);
      socket.getOutputStream().flush();
      Wire.Response response = Wire.readHead(in);
      byte[] body = in.readNBytes((int) contentLength(response));
      assertEquals(200, response.status());
      assertEquals("gzip", response.header("Content-Encoding").orElseThrow());
      assertArrayEquals(text, Decoding.decode("gzip", body));
    }
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void switchingProtocolsResponseGoesOutWithoutContentCodingLengthOrVary(Container container) throws IOException {
    try (Socket socket = Wire.open(servers.get(container))) {
      Wire.sendKeepingTheConnection(socket.getOutputStream(), "GET", "/upgrade", "Connection: Upgrade",
          "Upgrade: echo", "Accept-Encoding: gzip");
      InputStream in = socket.getInputStream();
      Wire.Response response = Wire.readHead(in);
      assertEquals(101, response.status(), response.toString());
      assertTrue(response.header("Content-Encoding").isEmpty(), response.toString());
      assertTrue(response.header("Content-Length").isEmpty(), response.toString());
      assertTrue(response.header("Vary").isEmpty(), response.toString());
    }
  }

  /*
   * Early flushes, at the default flushGraceMillis=20: a flush followed by more writes, or by nothing
   * for 20 ms, makes the response pass through uncompressed, in order; a flush at the end of the body
   * (Jackson's and Spring's converters flush after every value) does not stop compression. At
   * flushGraceMillis=0 every flush is early: see FilterInitParametersInContainersTest.
   */

  @ParameterizedTest
  @EnumSource(Container.class)
  void flushedPartReachesTheClientAtOnceWhileTheServletStillWorks(Container container) throws Exception {
    streamedPartsArriveBeforeTheServletWritesTheRest(container, "/early-flush", TestServlets.EARLY_PART,
        TestServlets.LATE_PART);
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void responseThatWritesAfterAFlushPassesThroughUncompressedInOrder(Container container) throws IOException {
    Wire.Response response = get(container, "/flush-then-write", "Accept-Encoding: gzip, zstd, br");

    assertEquals(200, response.status());
    assertTrue(response.header("Content-Encoding").isEmpty(), response.toString());
    assertEquals(TestServlets.EARLY_PART + TestServlets.LATE_PART,
        new String(response.body(), StandardCharsets.UTF_8));
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void responseThatFlushesOnlyAtItsEndIsCompressedWithItsExactLength(Container container) throws IOException {
    Wire.Response response = get(container, "/flush-at-end", "Accept-Encoding: gzip");

    assertEquals("gzip", response.header("Content-Encoding").orElseThrow());
    assertEquals(response.body().length, contentLength(response));
    assertArrayEquals(TestServlets.datasetJson("people-100"), Decoding.decode("gzip", response.body()));
  }

  /**
   * Reads {@code first} while the servlet waits for this test before it writes {@code rest}: the
   * first part cannot have been held back until the end.
   */
  private void streamedPartsArriveBeforeTheServletWritesTheRest(Container container, String path, String first,
      String rest) throws Exception {
    assertFirstPartArrivesBeforeTheServletWritesTheRest(servers.get(container), servlets.get(container), path, first, rest);
  }

  /**
   * Asks {@code server} for {@code path}, a servlet of {@code testServlets} that writes and flushes
   * {@code first}, then waits for the test to have read it before it writes {@code rest}: passes
   * only if {@code first} arrived at once, uncompressed, and {@code rest} after it.
   */
  static void assertFirstPartArrivesBeforeTheServletWritesTheRest(RunningServer server, TestServlets testServlets,
      String path, String first, String rest) throws Exception {
    CountDownLatch gate = new CountDownLatch(1);
    testServlets.gate.set(gate);
    try (Socket socket = Wire.open(server)) {
      Wire.sendKeepingTheConnection(socket.getOutputStream(), "GET", path, "Accept-Encoding: gzip, zstd, br");
      InputStream in = socket.getInputStream();
      Wire.Response head = Wire.readHead(in);
      assertEquals(200, head.status());
      assertTrue(head.header("Content-Encoding").isEmpty(), head.toString());
      assertTrue(head.header("Content-Length").isEmpty(), head.toString());
      assertTrue(head.chunked(), head.toString());

      ChunkReader chunks = new ChunkReader(in);
      String firstRead = chunks.readText(first.length());
      gate.countDown();
      assertEquals(first, firstRead);
      assertEquals(rest, new String(chunks.readRest().getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8));
    } finally {
      gate.countDown();
    }
  }

  // ---- large bodies

  @ParameterizedTest
  @EnumSource(Container.class)
  void bodyLargerThanTheBufferingLimitStreamsCompressedAndChunked(Container container) throws IOException {
    int size = MAX_BUFFERED_BYTES * 3;
    Wire.Response response = Wire.exchangeKeepingTheConnection(servers.get(container), "GET", "/text?bytes=" + size,
        "Accept-Encoding: gzip");

    assertEquals(200, response.status());
    assertEquals("gzip", response.header("Content-Encoding").orElseThrow());
    assertTrue(response.header("Content-Length").isEmpty(), response.toString());
    assertTrue(response.chunked(), response.toString());
    assertArrayEquals(TestServlets.text(size), Decoding.decode("gzip", response.body()));
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void bodyJustBelowTheBufferingLimitIsStillSentWithItsLength(Container container) throws IOException {
    int size = MAX_BUFFERED_BYTES - 1;
    Wire.Response response = get(container, "/text?bytes=" + size, "Accept-Encoding: zstd");

    assertEquals("zstd", response.header("Content-Encoding").orElseThrow());
    assertEquals(response.body().length, contentLength(response));
    assertArrayEquals(TestServlets.text(size), Decoding.decode("zstd", response.body()));
  }

  // ---- HEAD

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("containersAndCodings")
  void headGetsTheHeadersOfGetIncludingTheCompressedLengthAndNoBody(Container container, String coding)
      throws IOException {
    Wire.Response get = get(container, "/json", "Accept-Encoding: " + coding);
    Wire.Response head = Wire.exchange(servers.get(container), "HEAD", "/json", "Accept-Encoding: " + coding);

    assertEquals(200, head.status());
    assertEquals(coding, head.header("Content-Encoding").orElseThrow());
    assertEquals(get.header("Content-Length").orElseThrow(), head.header("Content-Length").orElseThrow());
    assertEquals(get.header("Content-Type"), head.header("Content-Type"));
    assertEquals(get.headerValues("Vary"), head.headerValues("Vary"));
    assertEquals(0, head.wireBody().length);
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void headOfAnIdentityResponseGetsItsLengthAndNoBody(Container container) throws IOException {
    Wire.Response head = Wire.exchange(servers.get(container), "HEAD", "/json");

    assertEquals(TestServlets.datasetJson("people-100").length, contentLength(head));
    assertTrue(head.header("Content-Encoding").isEmpty(), head.toString());
    assertEquals(0, head.wireBody().length);
  }

  // ---- ETags

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("containersAndCodings")
  void strongEtagOfACompressedResponseGetsTheCodingAsSuffix(Container container, String coding) throws IOException {
    Wire.Response response = get(container, "/etag", "Accept-Encoding: " + coding);

    String etag = response.header("ETag").orElseThrow();
    assertNotEquals(TestServlets.ETAG, etag);
    assertTrue(etag.startsWith("\"") && etag.endsWith("\"") && etag.contains(coding), etag);
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void etagOfAnIdentityResponseIsLeftAlone(Container container) throws IOException {
    assertEquals(TestServlets.ETAG, get(container, "/etag").header("ETag").orElseThrow());
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("containersAndCodings")
  void ifNoneMatchWithTheSuffixedTagGets304WithTheSuffixedTag(Container container, String coding) throws IOException {
    String etag = get(container, "/etag", "Accept-Encoding: " + coding).header("ETag").orElseThrow();

    Wire.Response response = get(container, "/etag", "Accept-Encoding: " + coding, "If-None-Match: " + etag);

    assertEquals(304, response.status());
    assertEquals(etag, response.header("ETag").orElseThrow());
    assertTrue(response.header("Content-Encoding").isEmpty(), response.toString());
    assertEquals(0, response.wireBody().length);
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void ifMatchWithTheSuffixedTagLetsTheRequestThrough(Container container) throws IOException {
    String etag = get(container, "/etag", "Accept-Encoding: gzip").header("ETag").orElseThrow();

    Wire.Response response = get(container, "/etag", "Accept-Encoding: gzip", "If-Match: " + etag);

    assertEquals(200, response.status());
    assertArrayEquals(TestServlets.datasetJson("people-100"), Decoding.decode("gzip", response.body()));
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void ifMatchWithAnotherTagFailsTheRequest(Container container) throws IOException {
    Wire.Response response = get(container, "/etag", "Accept-Encoding: gzip", "If-Match: \"other-gzip\"");

    assertEquals(412, response.status());
  }

  // ---- failure

  @ParameterizedTest
  @EnumSource(Container.class)
  void servletThatFailsMidwayGetsTheContainersErrorAndNoPartialBody(Container container) throws IOException {
    Wire.Response response = get(container, "/fail", "Accept-Encoding: gzip");

    assertEquals(500, response.status());
    assertFalse(response.header("Content-Encoding").isPresent(), response.toString());
    response.header("Content-Length").ifPresent(length ->
        assertEquals(response.wireBody().length, Long.parseLong(length), response.toString()));
    String body = new String(response.body(), StandardCharsets.ISO_8859_1);
    assertFalse(body.contains("the quick brown fox"), "the servlet's partial body was sent: " + body);
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void servletThatFailsAfterStreamingStartedLeavesAnUnfinishedBodyNotACompleteLookingOne(Container container)
      throws IOException {
    Wire.Response response;
    try {
      response = Wire.exchangeKeepingTheConnection(servers.get(container), "GET", "/fail?bytes=" + (MAX_BUFFERED_BYTES * 2),
          "Accept-Encoding: gzip");
    } catch (IOException connectionCutOff) {
      return; // the body stopped short of its end (no last chunk): the client knows it is incomplete
    }
    assertEquals(500, response.status(), "a streamed body that failed must not look complete: " + response);
  }

  // ---- request bodies

  static List<Arguments> containersAndRequestCodings() {
    return containersAndCodings();
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("containersAndRequestCodings")
  void compressedRequestBodyIsInflatedForTheApplication(Container container, String coding) throws IOException {
    byte[] body = TestServlets.text(200_000);

    Wire.Response response = Wire.exchange(servers.get(container), "POST", "/echo", RequestBodies.encode(coding, body),
        "Content-Encoding: " + coding, "Content-Type: text/plain");

    assertEquals(200, response.status());
    assertEquals(Integer.toString(body.length), response.header("X-Received-Bytes").orElseThrow());
    assertArrayEquals(body, response.body());
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void decompressionBombGets413(Container container) throws IOException {
    Wire.Response response = Wire.exchange(servers.get(container), "POST", "/echo", RequestBodies.gzipBomb(),
        "Content-Encoding: gzip", "Content-Type: application/json");

    assertEquals(413, response.status());
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void unknownRequestCodingGets415(Container container) throws IOException {
    Wire.Response response = Wire.exchange(servers.get(container), "POST", "/echo", new byte[] {31, -99, 16, 0},
        "Content-Encoding: compress", "Content-Type: application/json");

    assertEquals(415, response.status());
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void requestBodyInflatingPastTheSizeLimitGets413(Container container) throws IOException {
    Wire.Response response = Wire.exchange(servers.get(container), "POST", "/echo", RequestBodies.overSizeLimit(),
        "Content-Encoding: gzip", "Content-Type: text/plain");

    assertEquals(413, response.status());
  }

  // ---- a real client: curl --compressed

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("containersAndCodings")
  void curlDecodesTheCompressedBodyItAskedFor(Container container, String coding) throws Exception {
    byte[] out = SystemTool.run(new byte[0], "curl", "curl", "-s", "-S", "--compressed", "-H",
        "Accept-Encoding: " + coding, "-D", "-", servers.get(container).uri("/json?dataset=people-10").toString());
    String text = new String(out, StandardCharsets.UTF_8);
    int split = text.indexOf("\r\n\r\n");
    String headers = text.substring(0, split).toLowerCase(java.util.Locale.ROOT);
    String body = text.substring(split + 4);

    assertTrue(headers.startsWith("http/1.1 200"), headers);
    assertTrue(headers.contains("\r\ncontent-encoding: " + coding + "\r\n"), headers);
    assertTrue(headers.contains("\r\ncontent-length: "), headers);
    assertEquals(new String(TestServlets.datasetJson("people-10"), StandardCharsets.UTF_8), body);
  }
}
