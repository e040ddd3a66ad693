package io.github.zipjack.servlet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.JdkGzip;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Compressed request bodies through {@link CompressionFilter} in Jetty and Tomcat, as the servlet
 * sees them: the headers it is shown, identity and stacked codings, a bomb the servlet tries to
 * answer itself, a truncated body, bodies left unread, and {@code getReader()}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FilterInflatesRequestsInContainersTest {
  private final Map<Container, RunningServer> servers = new EnumMap<>(Container.class);
  private final Map<Container, CompressionFilter> filters = new EnumMap<>(Container.class);

  @BeforeAll
  void start() throws Exception {
    for (Container container : Container.values()) {
      CompressionFilter filter = new CompressionFilter(FilterInContainersTest.settings());
      filters.put(container, filter);
      servers.put(container, container.start(filter, Map.of(), Map.of(
          "/seen", new SeenServlet(),
          "/swallow", new SwallowingServlet(),
          "/ignore", new ReadingServlet(0),
          "/half", new ReadingServlet(2),
          "/reader", new ReaderServlet())));
    }
  }

  @AfterAll
  void stop() throws Exception {
    FilterProbe.stopThenAssertNoLiveEncoders(servers.values(), filters.values());
  }

  private Wire.Response post(Container container, String path, byte[] body, String... headers) throws IOException {
    return Wire.exchange(servers.get(container), "POST", path, body, headers);
  }

  /** POSTs a gzip body of {@code type} to {@code path} and asserts the status of the answer. */
  private void assertGzipPostGets(int status, Container container, String path, byte[] gzip, String type)
      throws IOException {
    Wire.Response response = post(container, path, gzip, "Content-Encoding: gzip", "Content-Type: " + type);
    assertEquals(status, response.status(), response.toString());
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void theServletSeesNeitherContentEncodingNorContentLength(Container container) throws IOException {
    byte[] body = TestServlets.text(50_000);

    Wire.Response response = post(container, "/seen", JdkGzip.of(body), "Content-Encoding: gzip",
        "Content-Type: text/plain");

    assertEquals(200, response.status());
    assertEquals("none", response.header("X-Seen-Content-Encoding").orElseThrow());
    assertEquals("-1", response.header("X-Seen-Content-Length").orElseThrow());
    assertArrayEquals(body, response.body());
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void identityPassesThroughWithItsContentLength(Container container) throws IOException {
    byte[] body = TestServlets.text(5_000);

    Wire.Response response = post(container, "/seen", body, "Content-Encoding: identity", "Content-Type: text/plain");

    assertEquals(200, response.status());
    assertEquals(Integer.toString(body.length), response.header("X-Seen-Content-Length").orElseThrow());
    assertArrayEquals(body, response.body());
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void stackedCodingsGet415ListingTheCodingsAccepted(Container container) throws IOException {
    byte[] twice = JdkGzip.of(JdkGzip.of(TestServlets.text(1_000)));

    Wire.Response response = post(container, "/seen", twice, "Content-Encoding: gzip, gzip", "Content-Type: text/plain");

    assertEquals(415, response.status());
    assertTrue(Arrays.asList(response.header("Accept-Encoding").orElseThrow().split(",\\s*")).contains("gzip"),
        response.toString());
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void aBombGets413EvenWhenTheServletCatchesTheFailureAndAnswers400Itself(Container container) throws IOException {
    assertGzipPostGets(413, container, "/swallow", RequestBodies.gzipBomb(), "application/json");
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void aTruncatedGzipBodyGets400(Container container) throws IOException {
    byte[] gzip = JdkGzip.of(TestServlets.text(50_000));

    assertGzipPostGets(400, container, "/seen", Arrays.copyOf(gzip, gzip.length / 2), "text/plain");
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void bodiesLeftUnreadOrHalfReadGiveTheirDecodersBack(Container container) throws Exception {
    byte[] gzip = JdkGzip.of(TestServlets.text(200_000));
    CompressionFilter filter = filters.get(container);

    assertGzipPostGets(200, container, "/ignore", gzip, "text/plain");
    assertGzipPostGets(200, container, "/half", gzip, "text/plain");

    Leaks.awaitTrue(() -> filter.resources().lentDecoderSlots() == 0,
        () -> "decoder state still lent: " + filter.resources());
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void getReaderDecodesJsonWithoutACharsetAsUtf8(Container container) throws IOException {
    byte[] json = "{\"name\":\"Zoë Ångström – 東京\"}".getBytes(StandardCharsets.UTF_8);

    Wire.Response response = post(container, "/reader", JdkGzip.of(json), "Content-Encoding: gzip",
        "Content-Type: application/json");

    assertEquals(200, response.status());
    assertArrayEquals(json, response.body());
  }

  /** Echoes the body it reads, with the Content-Encoding and content length it was shown. */
  static final class SeenServlet extends HttpServlet {
    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
      byte[] body = request.getInputStream().readAllBytes();
      String encoding = request.getHeader("Content-Encoding");
      response.setHeader("X-Seen-Content-Encoding", encoding == null ? "none" : encoding);
      response.setHeader("X-Seen-Content-Length", Long.toString(request.getContentLengthLong()));
      response.setContentType("application/octet-stream");
      response.getOutputStream().write(body);
    }
  }

  /**
   * Reads the body and, when that fails, answers 400 with a short text itself instead of letting the
   * failure out (nothing committed yet, as a small answer is not).
   */
  static final class SwallowingServlet extends HttpServlet {
    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
      try {
        request.getInputStream().readAllBytes();
      } catch (IOException e) {
        response.setStatus(400);
        response.setContentType("text/plain");
        response.getOutputStream().write("bad body".getBytes(StandardCharsets.US_ASCII));
        return;
      }
      response.setStatus(204);
    }
  }

  /** Reads {@code 1 / fraction} of the body's first 64 KiB (nothing when 0), then answers 200. */
  static final class ReadingServlet extends HttpServlet {
    private final int fraction;

    ReadingServlet(int fraction) {
      this.fraction = fraction;
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
      if (fraction > 0) {
        InputStream in = request.getInputStream();
        in.readNBytes(64 * 1024 / fraction);
      }
      response.setContentType("text/plain");
      response.getOutputStream().write("ok".getBytes(StandardCharsets.US_ASCII));
    }
  }

  /** Reads the body as text with {@code getReader()} and writes it back in UTF-8. */
  static final class ReaderServlet extends HttpServlet {
    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
      StringBuilder text = new StringBuilder();
      char[] chunk = new char[4096];
      for (int n; (n = request.getReader().read(chunk)) != -1; ) {
        text.append(chunk, 0, n);
      }
      response.setContentType("application/json");
      response.getOutputStream().write(text.toString().getBytes(StandardCharsets.UTF_8));
    }
  }
}
