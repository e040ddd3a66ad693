package io.github.zipjack.client.dictionaries;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.net.URI;
import java.net.http.HttpHeaders;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The headers of an answer a server controls, fuzzed with Jazzer: whatever {@code Use-As-Dictionary},
 * {@code Cache-Control}, {@code Age}, {@code Expires}, {@code Date} and {@code Link} say, reading them
 * never throws, a use has a match and a short id, freshness lies in [now, now + 2^31 s], and at most
 * 16 absolute links come out.
 *
 * <p>In a plain test run the method replays the inputs kept under
 * {@code src/test/resources/io/github/zipjack/client/dictionaries/DictionaryHeadersFuzzTestInputs/answerHeaders/};
 * {@code fuzz/run} fuzzes it for real.
 */
class DictionaryHeadersFuzzTest {
  private static final Instant NOW = Instant.parse("2026-11-26T12:00:00Z");
  private static final URI ANSWERED = URI.create("https://example.com/app/page");
  private static final List<String> NAMES = List.of("Use-As-Dictionary", "Cache-Control", "Age", "Expires", "Date",
      "Link");

  @FuzzTest
  void answerHeaders(FuzzedDataProvider data) {
    Map<String, List<String>> map = new HashMap<>();
    int lines = data.consumeInt(0, 12);
    for (int i = 0; i < lines; i++) {
      String name = data.pickValue(NAMES);
      map.computeIfAbsent(name, n -> new ArrayList<>()).add(data.consumeString(2000));
    }
    HttpHeaders headers = HttpHeaders.of(map, (name, value) -> true);

    Optional<DictionaryHeaders.Use> use = DictionaryHeaders.use(headers);
    if (use.isPresent() && (use.get().match().isEmpty() || use.get().id().length() > 1024)) {
      throw new AssertionError("an unusable use: " + use.get());
    }
    Optional<Instant> fresh = DictionaryHeaders.freshUntil(headers, NOW);
    if (fresh.isPresent() && (fresh.get().isBefore(NOW) || fresh.get().isAfter(NOW.plusSeconds(1L << 31)))) {
      throw new AssertionError("fresh until " + fresh.get() + ", outside [now, now + 2^31 s]");
    }
    List<URI> links = DictionaryHeaders.linkedDictionaries(headers, ANSWERED);
    if (links.size() > DictionaryHeaders.MAX_LINKS) {
      throw new AssertionError(links.size() + " links");
    }
    for (URI link : links) {
      if (!link.isAbsolute()) {
        throw new AssertionError("a relative link " + link);
      }
    }
  }
}
