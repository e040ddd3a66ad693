package io.github.zipjack.servlet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.Compression;
import io.github.zipjack.WordText;
import io.github.zipjack.ZstdFrames;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/**
 * A real browser reads a large zstd body of several frames: headless Chromium fetches a 3 MiB
 * response that {@link CompressionFilter} compresses on two threads, in frames of 512 KiB that follow
 * one another, and posts back the text it decoded, which must be the body. Skipped only when no
 * {@code chromium} is installed ({@link HeadlessChromium}).
 */
class ChromiumDecodesZstdFramesTest {
  private static final byte[] LARGE = WordText.of(3 * 1024 * 1024, 21);
  private static final String PAGE = """
      <!doctype html><html><head><meta charset="utf-8"><title>zstd frames</title></head><body><script>
      fetch('/large').then(r => r.text())
        .then(text => fetch('/report?large', {method: 'POST', body: text}))
        .catch(e => fetch('/report?error', {method: 'POST', body: String(e)}));
      </script></body></html>
      """;

  @Test
  void chromiumDecodesALargeZstdBodyOfSeveralFramesWhole() throws Exception {
    Path chromium = HeadlessChromium.require();
    ConcurrentLinkedQueue<String> codings = new ConcurrentLinkedQueue<>();
    Map<String, byte[]> reports = new ConcurrentHashMap<>();
    CountDownLatch done = new CountDownLatch(1);
    CompressionFilter filter = new CompressionFilter(CompressionSettings.builder()
        .codings(Compression.zstd(1)).compressionThreads(2).maxBufferedBytes(4 * 1024 * 1024).build(),
        (coding, outcome, body, sent, nanos) -> {
          if (body == LARGE.length) {
            codings.add(coding);
          }
        });
    Map<String, HttpServlet> servlets = new LinkedHashMap<>();
    servlets.put("/page.html", HeadlessChromium.page(PAGE));
    servlets.put("/large", new FilterCompressesInParallelInContainersTest.BodyServlet(LARGE));
    servlets.put("/report", new HttpServlet() {
      @Override
      protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        reports.put(request.getQueryString(), request.getInputStream().readAllBytes());
        done.countDown();
        response.setStatus(204);
      }
    });
    servlets.put("/", new FilterDictionaryTransportInContainersTest.NotFoundServlet());

    try (RunningServer server = Container.JETTY.start(filter, Map.of(), servlets)) {
      byte[] sent = Wire.exchange(server, "GET", "/large", "Accept-Encoding: zstd").body();
      assertEquals(6, ZstdFrames.starts(sent).size(), "frames the filter makes of the body");

      HeadlessChromium.visit(chromium, "http://localhost:" + server.port() + "/page.html", done);

      assertFalse(reports.containsKey("error"), () -> "the page failed: "
          + new String(reports.get("error"), StandardCharsets.UTF_8));
      assertArrayEquals(LARGE, reports.get("large"), "what the page decoded");
      assertEquals(2, codings.size(), "bodies sent: " + codings);
      assertTrue(codings.stream().allMatch("zstd"::equals), "codings sent: " + codings);
      assertEquals(0, FilterProbe.lentSegments(filter));
    }
  }
}
