package com.example.people;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.json.JsonMapper;

/**
 * The WebFlux service's answers in a real browser: the system's headless Chromium opens a page of the
 * service on {@code http://localhost} (a secure context, where Chromium speaks zstd and RFC 9842). The
 * page fetches a page of people, which Chromium must get in {@code zstd} and decode, follows the
 * response's {@code Link} to the dictionary (the two {@code zipjack.compression.dictionaries[0]}
 * properties of application.properties), then fetches more pages and posts back what it decoded with
 * the Content-Encoding it saw. Chromium must have been sent {@code dcz} (the page saw it; zipjack's
 * meters counted it, and the dictionary's download) and must have decoded exactly the bytes the
 * service's mapper writes. Skipped only when no
 * {@code chromium} program is installed ({@code apt-get install chromium}; the repository's
 * {@code .ci/run} installs it).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "server.address=127.0.0.1")
@Import(DictionaryInChromiumTest.PageUnderTest.class)
class DictionaryInChromiumTest {
  private static final int MORE_PAGES = 3;
  private static final int PAGE_SIZE = 4;

  @LocalServerPort
  int port;
  @Autowired
  JsonMapper mapper;
  @Autowired
  PeopleController controller;
  @Autowired
  PageUnderTest page;

  /** The page Chromium runs, and what it posts back; test-only, beside the service's own controller. */
  @RestController
  static class PageUnderTest {
    /** Query string ({@code n=0&coding=dcz}) to the body the page decoded. */
    final Map<String, byte[]> reports = new ConcurrentHashMap<>();
    final CountDownLatch done = new CountDownLatch(1);

    @GetMapping(value = "/dictionary-demo", produces = MediaType.TEXT_HTML_VALUE)
    String page() {
      return """
          <!doctype html><html><head><meta charset="utf-8"><title>dcz</title></head><body><script>
          const report = (query, body) => fetch('/dictionary-demo/report?' + query, {method: 'POST', body: body});
          async function run() {
            const first = await fetch('/people?from=0&count=%1$d');
            await report('first&coding=' + (first.headers.get('content-encoding') || 'identity'), await first.text());
            const link = first.headers.get('link');
            if (!link) throw new Error('no Link header on /people');
            await (await fetch(link.substring(link.indexOf('<') + 1, link.indexOf('>')))).arrayBuffer();
            for (let i = 0; i < %2$d; i++) {
              await new Promise(resolve => setTimeout(resolve, 300));
              const response = await fetch('/people?from=' + (100 * (i + 1)) + '&count=%1$d');
              const text = await response.text();
              await report('n=' + i + '&coding=' + (response.headers.get('content-encoding') || 'identity'), text);
            }
            await report('done', '');
          }
          run().catch(e => report('error', String(e)));
          </script></body></html>
          """.formatted(PAGE_SIZE, MORE_PAGES);
    }

    @PostMapping("/dictionary-demo/report")
    ResponseEntity<Void> report(@RequestParam Map<String, String> query, @RequestBody(required = false) byte[] body) {
      if (query.containsKey("done") || query.containsKey("error")) {
        reports.put(query.containsKey("done") ? "done" : "error", body == null ? new byte[0] : body);
        done.countDown();
      } else if (query.containsKey("first")) {
        reports.put("first&coding=" + query.get("coding"), body == null ? new byte[0] : body);
      } else {
        reports.put("n=" + query.get("n") + "&coding=" + query.get("coding"), body == null ? new byte[0] : body);
      }
      return ResponseEntity.noContent().build();
    }
  }

  @Test
  void chromiumDecodesZstdThenFollowsTheLinkToTheDictionaryThenGetsDczAndDecodesTheMappersBytes() throws Exception {
    Path chromium = chromium();
    Assumptions.assumeTrue(chromium != null,
        "no chromium program on the PATH: install it with apt-get install chromium (.ci/run does)");

    Path profile = Files.createTempDirectory("people-reactive-chromium");
    Process browser = new ProcessBuilder(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
        "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--user-data-dir=" + profile, "http://localhost:" + port + "/dictionary-demo")
        .redirectErrorStream(true).redirectOutput(profile.resolve("chromium.log").toFile()).start();
    try {
      assertTrue(page.done.await(90, TimeUnit.SECONDS), "the page did not finish within 90 s; chromium said: "
          + tail(profile.resolve("chromium.log")));
      assertFalse(page.reports.containsKey("error"),
          () -> "the page failed: " + new String(page.reports.get("error"), StandardCharsets.UTF_8));

      assertArrayEquals(mapper.writeValueAsBytes(controller.page(0, PAGE_SIZE)), page.reports.get("first&coding=zstd"),
          "the first page, in zstd: " + page.reports.keySet());
      int dcz = 0;
      for (int i = 0; i < MORE_PAGES; i++) {
        String key = reportOf(i);
        assertNotNull(key, "no report of page " + i + ": " + page.reports.keySet());
        assertArrayEquals(mapper.writeValueAsBytes(controller.page(100 * (i + 1), PAGE_SIZE)),
            page.reports.get(key), "what the page decoded of " + key);
        dcz += key.endsWith("&coding=dcz") ? 1 : 0;
      }
      assertTrue(dcz > 0, "chromium was sent dcz: " + page.reports.keySet());
      assertTrue(count("coding:dcz", "outcome:compressed") >= dcz, "zipjack.responses{coding=dcz} counts them");
      assertTrue(count("outcome:dictionary_served") >= 1, "zipjack.responses{outcome=dictionary_served} counts"
          + " the page's download of the dictionary");
    } finally {
      browser.descendants().forEach(ProcessHandle::destroy);
      browser.destroy();
      if (!browser.waitFor(10, TimeUnit.SECONDS)) {
        browser.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
      deleteTree(profile);
    }
  }

  /** The key of page {@code n}'s report, or null when the page sent none. */
  private String reportOf(int n) {
    return page.reports.keySet().stream().filter(k -> k.startsWith("n=" + n + "&")).findFirst().orElse(null);
  }

  /** The COUNT of {@code zipjack.responses} with these tags, from the actuator; 0 when never counted. */
  private double count(String... tags) throws Exception {
    StringBuilder path = new StringBuilder("/actuator/metrics/zipjack.responses?");
    for (String tag : tags) {
      path.append("tag=").append(tag).append('&');
    }
    HttpResponse<byte[]> metric = Http.get(port, path.toString());
    if (metric.statusCode() == 404) {
      return 0;
    }
    JsonNode count = new ObjectMapper().readTree(metric.body()).get("measurements").get(0);
    assertEquals("COUNT", count.get("statistic").asText());
    return count.get("value").asDouble();
  }

  /** The chromium program on the PATH (Debian's package and program are named chromium), or null. */
  private static Path chromium() {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      for (String name : List.of("chromium", "chromium-browser")) {
        Path program = Path.of(dir, name);
        if (Files.isExecutable(program)) {
          return program;
        }
      }
    }
    return null;
  }

  private static String tail(Path log) {
    try {
      String text = Files.readString(log);
      return text.length() > 4000 ? text.substring(text.length() - 4000) : text;
    } catch (IOException e) {
      return "(no log: " + e + ")";
    }
  }

  private static void deleteTree(Path root) throws IOException {
    List<Path> paths = new ArrayList<>();
    try (Stream<Path> walk = Files.walk(root)) {
      walk.sorted(Comparator.reverseOrder()).forEach(paths::add);
    }
    for (Path p : paths) {
      Files.deleteIfExists(p);
    }
  }
}
