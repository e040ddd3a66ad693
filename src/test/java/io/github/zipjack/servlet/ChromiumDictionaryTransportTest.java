package io.github.zipjack.servlet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.Compression;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/**
 * A real browser: the system's headless Chromium loads a page from {@link CompressionFilter} in
 * Jetty on {@code http://localhost} (a secure context, where Chromium speaks RFC 9842). The page
 * fetches an API response, follows its {@code Link} to the dictionary, then fetches more API
 * responses and posts back the text it decoded. Chromium must have sent the dictionary's hash, got
 * {@code dcz} (or {@code dcb}, when the server prefers brotli), and decoded exactly the identity
 * body. Skipped only when no {@code chromium} is installed ({@link HeadlessChromium}).
 */
class ChromiumDictionaryTransportTest {
  private static final byte[] PEOPLE_100 = TestServlets.datasetJson("people-100");
  private static final HttpDictionary DICTIONARY = HttpDictionary.builder(
      Arrays.copyOfRange(PEOPLE_100, PEOPLE_100.length / 2, PEOPLE_100.length)).match("/api/*").build();
  private static final byte[] API_BODY = TestServlets.datasetJson("people-5");
  private static final int MORE_FETCHES = 3;

  private static final String PAGE = """
      <!doctype html><html><head><meta charset="utf-8"><title>dcz</title></head><body><script>
      async function run() {
        const first = await fetch('/api/people');
        await first.text();
        const link = first.headers.get('link');
        const url = link.substring(link.indexOf('<') + 1, link.indexOf('>'));
        await (await fetch(url)).arrayBuffer();
        for (let i = 0; i < %d; i++) {
          await new Promise(resolve => setTimeout(resolve, 300));
          const text = await (await fetch('/api/people?n=' + i)).text();
          await fetch('/report?n=' + i, {method: 'POST', body: text});
        }
        await fetch('/report?done', {method: 'POST', body: ''});
      }
      run().catch(e => fetch('/report?error', {method: 'POST', body: String(e)}));
      </script></body></html>
      """.formatted(MORE_FETCHES);

  @Test
  void chromiumFollowsTheLinkThenGetsDczAndDecodesTheIdentityBody() throws Exception {
    runPage(CompressionSettings.builder().codings(Compression.zstd(1), Compression.gzip(1), Compression.brotli(4))
        .dictionaries(DICTIONARY).build(), "dcz");
  }

  /** With brotli before zstd, the server prefers dcb among the two codings Chromium offers. */
  @Test
  void chromiumGetsDcbWhenBrotliIsPreferredAndDecodesTheIdentityBody() throws Exception {
    runPage(CompressionSettings.builder().codings(Compression.brotli(5), Compression.zstd(1), Compression.gzip(1))
        .dictionaries(DICTIONARY).build(), "dcb");
  }

  private void runPage(CompressionSettings settings, String expectedCoding) throws Exception {
    Path chromium = HeadlessChromium.require();

    ConcurrentLinkedQueue<String> codings = new ConcurrentLinkedQueue<>();
    ConcurrentLinkedQueue<String> availableDictionaries = new ConcurrentLinkedQueue<>();
    Map<String, byte[]> reports = new java.util.concurrent.ConcurrentHashMap<>();
    CountDownLatch done = new CountDownLatch(1);
    CompressionFilter filter = new CompressionFilter(settings, (coding, outcome, body, sent, nanos) -> {
      if (body == API_BODY.length) {
        codings.add(coding);
      }
    });
    Map<String, HttpServlet> servlets = new LinkedHashMap<>();
    servlets.put("/page.html", HeadlessChromium.page(PAGE));
    servlets.put("/api/people", new HttpServlet() {
      @Override
      protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String held = request.getHeader("Available-Dictionary");
        if (held != null) {
          availableDictionaries.add(held);
        }
        response.setContentType("application/json");
        response.getOutputStream().write(API_BODY);
      }
    });
    servlets.put("/report", new HttpServlet() {
      @Override
      protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        reports.put(request.getQueryString(), request.getInputStream().readAllBytes());
        if ("done".equals(request.getQueryString()) || "error".equals(request.getQueryString())) {
          done.countDown();
        }
        response.setStatus(204);
      }
    });
    servlets.put("/", new FilterDictionaryTransportInContainersTest.NotFoundServlet());

    try (RunningServer server = Container.JETTY.start(filter, Map.of(), servlets)) {
      HeadlessChromium.visit(chromium, "http://localhost:" + server.port() + "/page.html", done);
      assertFalse(reports.containsKey("error"), () -> "the page failed: "
          + new String(reports.get("error"), StandardCharsets.UTF_8));
      for (int i = 0; i < MORE_FETCHES; i++) {
        assertArrayEquals(API_BODY, reports.get("n=" + i), "what the page decoded of fetch " + i);
      }
      assertTrue(availableDictionaries.contains(DICTIONARY.availableDictionary()),
          "chromium sent the dictionary's hash: " + availableDictionaries);
      assertTrue(codings.contains(expectedCoding), "chromium was sent " + expectedCoding + ": " + codings);
      assertEquals(0, FilterProbe.lentSegments(filter));
    }
  }
}
