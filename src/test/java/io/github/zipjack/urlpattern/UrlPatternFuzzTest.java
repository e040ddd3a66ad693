package io.github.zipjack.urlpattern;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.net.URI;

/**
 * The {@code match} a server sends, fuzzed with Jazzer: any string either compiles or is refused with
 * an IllegalArgumentException; a compiled pattern matches a 4 KiB URL visiting each automaton state
 * at most once per character, and on short URLs agrees with the standard's regular expression
 * wherever that expression decides within its budget of reads.
 *
 * <p>In a plain test run the method replays the inputs kept under
 * {@code src/test/resources/io/github/zipjack/urlpattern/UrlPatternFuzzTestInputs/matchPattern/};
 * {@code fuzz/run} fuzzes it for real.
 */
class UrlPatternFuzzTest {
  private static final URI DICTIONARY = URI.create("https://example.com/static/dict/v1.dat");
  /** The URL length up to which the regular expression, which backtracks, is asked too. */
  private static final int ORACLE_URL_CHARS = 10;
  private static final int ORACLE_PATTERN_CHARS = 64;
  /**
   * Reads of the URL the regular expression may make before it is not asked: nested repetitions
   * backtrack exponentially (a kept input with a dozen {@code *} took 16 s), the automaton never.
   */
  private static final long ORACLE_READS = 20_000;
  private static final int LONG_URL_CHARS = 4096;

  @FuzzTest
  void matchPattern(FuzzedDataProvider data) {
    String pattern = data.consumeString(UrlPattern.MAX_PATTERN_CHARS + 64);
    boolean resolve = data.consumeBoolean();
    String path = "/" + data.consumeString(ORACLE_URL_CHARS);
    String query = data.consumeBoolean() ? data.consumeString(ORACLE_URL_CHARS) : null;
    UrlPattern compiled;
    try {
      compiled = resolve ? UrlPattern.resolve(pattern, DICTIONARY) : UrlPattern.parse(pattern);
    } catch (IllegalArgumentException refused) {
      if (refused.getMessage() == null || refused.getMessage().isBlank()) {
        throw new AssertionError("a refusal without a message", refused);
      }
      return;
    }
    if (compiled.states() > 2 * (2 * UrlPattern.MAX_PATTERN_CHARS + 1)) {
      throw new AssertionError(compiled.states() + " states for " + compiled);
    }
    String longPath = path.repeat(LONG_URL_CHARS / path.length() + 1).substring(0, LONG_URL_CHARS);
    String longQuery = query == null || query.isEmpty() ? query
        : query.repeat(LONG_URL_CHARS / query.length() + 1).substring(0, LONG_URL_CHARS);
    long bound = (long) (LONG_URL_CHARS + 1) * 2 * compiled.states();
    long visits = compiled.visits(longPath, longQuery);
    if (visits > bound) {
      throw new AssertionError(visits + " state visits, over " + bound + ", for " + compiled);
    }
    String source = compiled.toString();
    if (source.length() <= ORACLE_PATTERN_CHARS) {
      Boolean expected = RegexOracle.compile(source).decide(path, query, ORACLE_READS);
      if (expected != null && compiled.matches(path, query) != expected) {
        throw new AssertionError(source + " on " + path + "?" + query
            + ": the automaton and the regular expression differ");
      }
    }
  }
}
