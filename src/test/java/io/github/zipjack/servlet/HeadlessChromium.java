package io.github.zipjack.servlet;

import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * The system's headless Chromium, for tests that load a page from a local server and wait for the
 * page to report back. Each visit uses a fresh profile, deleted afterwards with the browser's
 * processes. Tests that use it are skipped only when no {@code chromium} is installed
 * ({@code apt-get install chromium}; {@code .ci/run} installs it).
 */
final class HeadlessChromium {
  private HeadlessChromium() {}

  /** A servlet that answers every GET with {@code html}, as {@code text/html} in UTF-8. */
  static HttpServlet page(String html) {
    byte[] bytes = html.getBytes(StandardCharsets.UTF_8);
    return new HttpServlet() {
      @Override
      protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setContentType("text/html;charset=utf-8");
        response.getOutputStream().write(bytes);
      }
    };
  }

  /** The chromium program on the PATH; skips the calling test when there is none. */
  static Path require() {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      for (String name : List.of("chromium", "chromium-browser")) {
        Path p = Path.of(dir, name);
        if (Files.isExecutable(p)) {
          return p;
        }
      }
    }
    Assumptions.abort("no chromium on the PATH: install it with apt-get install chromium (.ci/run does)");
    throw new AssertionError("unreachable");
  }

  /**
   * Opens {@code url} in headless Chromium and waits up to 90 s for {@code done}, which the page's
   * report counts down; fails with the end of Chromium's log if it does not come. Chromium is ended
   * and its profile deleted on every path.
   */
  static void visit(Path chromium, String url, CountDownLatch done) throws Exception {
    Path profile = Files.createTempDirectory("zipjack-chromium");
    Process browser = null;
    try {
      browser = new ProcessBuilder(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
          "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
          "--disable-sync", "--user-data-dir=" + profile, url).redirectErrorStream(true)
          .redirectOutput(profile.resolve("chromium.log").toFile()).start();
      boolean finished = done.await(90, TimeUnit.SECONDS);
      assertTrue(finished, "the page did not finish within 90 s; chromium said: " + log(profile));
    } finally {
      if (browser != null) {
        browser.descendants().forEach(ProcessHandle::destroy);
        browser.destroy();
        if (!browser.waitFor(10, TimeUnit.SECONDS)) {
          browser.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
      }
      deleteTree(profile);
    }
  }

  private static String log(Path profile) {
    try {
      String text = Files.readString(profile.resolve("chromium.log"));
      return text.length() > 4000 ? text.substring(text.length() - 4000) : text;
    } catch (IOException e) {
      return "(no log: " + e + ")";
    }
  }

  private static void deleteTree(Path root) throws IOException {
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (java.nio.file.NoSuchFileException gone) {
      // already removed
    }
  }
}
