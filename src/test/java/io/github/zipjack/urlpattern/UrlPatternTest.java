package io.github.zipjack.urlpattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * RFC 9842 {@code match} patterns as the URL Pattern standard reads them, for the filter's own
 * patterns and for those a server sends the client.
 */
class UrlPatternTest {
  private static final URI DICTIONARY = URI.create("http://127.0.0.1:8080/static/dict/v1.dat");

  private static boolean matches(String pattern, String path) {
    int q = path.indexOf('?');
    return UrlPattern.parse(pattern).matches(q < 0 ? path : path.substring(0, q), q < 0 ? null : path.substring(q + 1));
  }

  @Test
  void wildcardMatchesAnyRunIncludingSlashes() {
    assertTrue(matches("/api/*", "/api/orders/1?page=2"));
    assertTrue(matches("/api/*", "/api/"));
    assertFalse(matches("/api/*", "/api"));
    assertFalse(matches("/api/*", "/apix"));
  }

  @Test
  void wildcardAfterTextTakesNoLineTerminator() {
    assertTrue(matches("/api/*", "/api/a b"));
    for (String terminator : List.of("\n", "\r", "\u0085", "\u2028", "\u2029")) {
      assertFalse(matches("/api/*", "/api/a" + terminator + "b"), terminator.codePointAt(0) + " after /api/");
    }
  }

  @Test
  void wildcardBetweenTextsTakesNoLineTerminator() {
    assertTrue(matches("/*/people-1", "/writer/people-1"));
    assertFalse(matches("/*/people-1", "/wri\nter/people-1"));
  }

  @Test
  void textsAroundAWildcardDoNotShareCharacters() {
    assertFalse(matches("/*/people-1", "/people-1"));
    assertTrue(matches("/*/people-1", "//people-1"));
  }

  @Test
  void textOnlyPatternMatchesExactlyItsText() {
    assertTrue(matches("/api/orders", "/api/orders"));
    assertFalse(matches("/api/orders", "/api/orders/"));
    assertFalse(matches("/api/orders", "/api/order"));
    assertFalse(matches("/api/orders", "/API/orders"));
  }

  @Test
  void namedGroupMatchesOneSegment() {
    assertTrue(matches("/api/:kind/list", "/api/orders/list"));
    assertFalse(matches("/api/:kind/list", "/api/a/b/list"));
    assertFalse(matches("/api/:kind/list", "/api//list"));
    assertTrue(matches("/v:major/x", "/v2/x"));
  }

  @Test
  void optionalNamedGroupTakesItsSlashWithIt() {
    assertTrue(matches("/books/:id?", "/books"));
    assertTrue(matches("/books/:id?", "/books/12"));
    assertFalse(matches("/books/:id?", "/books/"));
    assertFalse(matches("/books/:id?", "/books/1/2"));
  }

  @Test
  void repeatedNamedGroupMatchesWholeSegments() {
    assertTrue(matches("/files/:path+", "/files/a/b/c"));
    assertFalse(matches("/files/:path+", "/files"));
    assertTrue(matches("/files/:path*", "/files"));
    assertTrue(matches("/files/:path*", "/files/a/b"));
    assertFalse(matches("/files/:path*", "/files/a//b"));
  }

  @Test
  void braceGroupsAndEscapesAreText() {
    assertTrue(matches("/api{/v1}?/orders", "/api/orders"));
    assertTrue(matches("/api{/v1}?/orders", "/api/v1/orders"));
    assertTrue(matches("/a\\*b/\\:id", "/a*b/:id"));
    assertFalse(matches("/a\\*b/\\:id", "/axxb/7"));
    assertTrue(matches("/img/:name.png", "/img/logo.png"));
    assertTrue(matches("/item{-:id}*", "/item-1-2-3"));
  }

  @Test
  void searchPartMatchesTheQuery() {
    assertTrue(matches("/search?q=*", "/search?q=x"));
    assertFalse(matches("/search?q=*", "/search?p=x"));
    assertFalse(matches("/search?q=*", "/search"));
    assertTrue(matches("/search", "/search?anything"));
    assertTrue(matches("/api/x?v=:v", "/api/x?v=1"));
  }

  @Test
  void questionMarkAfterAGroupIsItsModifierNotTheQuery() {
    assertTrue(matches("/api/:id?", "/api"));
    assertTrue(matches("/api/:id?", "/api/7?x=1"));
  }

  @Test
  void regexpGroupIsRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> UrlPattern.parse("/api/:id(\\d+)"));
    assertEquals("match must not contain regexp groups (RFC 9842): \"/api/:id(\\d+)\"", e.getMessage());
  }

  @Test
  void anonymousRegexpGroupIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> UrlPattern.parse("/api/(.*)"));
  }

  @Test
  void unclosedBraceIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> UrlPattern.parse("/api{/v1"));
  }

  @Test
  void loneModifierIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> UrlPattern.parse("/a+b"));
  }

  @Test
  void relativePatternResolvesAgainstTheDictionarysDirectory() {
    UrlPattern p = UrlPattern.resolve("orders/*", DICTIONARY);
    assertEquals("/static/dict/orders/*", p.toString());
    assertTrue(p.matches("/static/dict/orders/1", null));
  }

  @Test
  void absolutePatternOfTheSameOriginIsItsPath() {
    UrlPattern p = UrlPattern.resolve("http://127.0.0.1:8080/api/:id", DICTIONARY);
    assertEquals("/api/:id", p.toString());
    assertTrue(p.matches("/api/7", "x=1"));
  }

  @Test
  void patternOfAnotherOriginIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> UrlPattern.resolve("http://127.0.0.1:9090/api/*", DICTIONARY));
  }

  @Test
  void patternWithAWildcardHostIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> UrlPattern.resolve("http://*.example.com/api/*", DICTIONARY));
  }

  @Test
  void queryOnlyPatternKeepsTheDictionarysPath() {
    UrlPattern p = UrlPattern.resolve("?page=*", URI.create("http://127.0.0.1/list"));
    assertTrue(p.matches("/list", "page=2"));
    assertFalse(p.matches("/other", "page=2"));
  }

  @Test
  void wildcardFragmentIsDropped() {
    assertTrue(UrlPattern.resolve("/api/*#*", DICTIONARY).matches("/api/x", null));
  }

  @Test
  void fragmentNoRequestCarriesIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> UrlPattern.resolve("/api/*#top", DICTIONARY));
  }

  @Test
  void tooManyGroupsAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> UrlPattern.parse("/*a*a*a*a*a*a*a*a*a*a*"));
  }

  @Test
  void repeatedWildcardsFailFastOnALongPath() {
    String path = "/" + "a".repeat(5000) + "c";
    assertTimeoutPreemptively(Duration.ofSeconds(2), () -> {
      assertFalse(matches("/{a*}+b", path));
      assertFalse(matches("/:x*b", path));
      assertFalse(matches("/{a:x}+b", path));
    });
  }

  @Test
  void tenAdjacentWildcardsFailFastOnAPathTheyDoNotMatch() {
    String path = "/" + "a".repeat(59);
    assertTimeoutPreemptively(Duration.ofSeconds(2), () -> assertFalse(matches("/{*}{*}{*}{*}{*}{*}{*}{*}{*}{*}~", path)));
  }

  @Test
  void worstPatternsOfTheLongestLengthMatchLongUrlsInLinearTime() {
    String run = "a".repeat(8192);
    List<String[]> cases = List.of(
        // pattern, a URL it matches, a URL it does not
        new String[] {longest("/" + "{*}".repeat(10), "{a}*", "~"), "/" + run + "~", "/" + run},
        new String[] {longest("/" + "*".repeat(10), "{a}?", "~"), "/" + run + "~", "/" + run + "~b"},
        new String[] {longest("/:a:b:c:d:e:f:g:h:i:j", "{/a}*", "!"), "/" + run + "!", "/" + run + "/!"},
        new String[] {longest("/p" + "{/:x}+".repeat(10), "{/a}*", "/b"), "/p" + "/a".repeat(4096) + "/b",
            "/p" + "/a".repeat(4096) + "//b"},
        new String[] {longest("/" + "{*/}*".repeat(10), "{a}*", "b"), "/" + "a/".repeat(4096) + "b", "/" + run + "/c"},
        new String[] {longest("/", "{a}*", "b"), "/" + run + "b", "/" + run + "c"},
        new String[] {longest("/x?" + "{*}".repeat(10), "{=}*", "&"), "/x?" + "=".repeat(8192) + "&",
            "/x?" + "=".repeat(8192)},
        new String[] {longest("/x?:a:b:c:d:e:f:g:h:i:j", "{&}?", "!"), "/x?" + run + "!", "/x?" + run});
    for (String[] c : cases) {
      assertTrue(c[0].length() > UrlPattern.MAX_PATTERN_CHARS - 6, c[0]);
      assertTimeoutPreemptively(Duration.ofSeconds(2), () -> {
        assertTrue(matches(c[0], c[1]), c[0]);
        assertFalse(matches(c[0], c[2]), c[0]);
      }, c[0]);
    }
  }

  /** {@code head}, as many {@code unit}s as fit, then {@code tail}: a pattern of about the longest length. */
  private static String longest(String head, String unit, String tail) {
    int room = UrlPattern.MAX_PATTERN_CHARS - head.length() - tail.length();
    return head + unit.repeat(room / unit.length()) + tail;
  }

  @Test
  void matchVisitsEachStateAtMostOncePerCharacter() {
    UrlPattern p = UrlPattern.parse(longest("/" + "{*}".repeat(10), "{a}*", "b?" + "{*}".repeat(10)));
    String path = "/" + "a".repeat(4096);
    String query = "a".repeat(4096);
    assertTrue(p.visits(path, query) <= (long) (path.length() + 1 + query.length() + 1) * p.states());
    assertTrue(p.states() <= 2 * UrlPattern.MAX_PATTERN_CHARS + 2);
  }

  @Test
  void patternOfTheLongestLengthIsTaken() {
    assertTrue(matches("/" + "a".repeat(UrlPattern.MAX_PATTERN_CHARS - 1), "/" + "a".repeat(UrlPattern.MAX_PATTERN_CHARS - 1)));
  }

  @Test
  void longerPatternIsRefusedNamingItsLengthAndTheLimit() {
    String pattern = "/" + "a".repeat(UrlPattern.MAX_PATTERN_CHARS);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> UrlPattern.parse(pattern));
    assertEquals("match must be at most 1024 characters long: 1025 (\"/" + "a".repeat(39) + "...\")", e.getMessage());
  }

  @Test
  void patternLongerOnceResolvedIsRefused() {
    URI deep = URI.create("http://127.0.0.1/" + "d/".repeat(300) + "dict");
    String pattern = "*".repeat(10) + "a".repeat(UrlPattern.MAX_PATTERN_CHARS - 500);
    assertThrows(IllegalArgumentException.class, () -> UrlPattern.resolve(pattern, deep));
  }

  @Test
  void agreesWithTheStandardsRegularExpressionOnEveryShortUrl() {
    List<String> patterns = List.of("/api/*", "/api/:kind/list", "/books/:id?", "/files/:path+", "/files/:path*",
        "/api{/v1}?/orders", "/a\\*b/\\:id", "/img/:name.png", "/item{-:id}*", "/search?q=*", "/api/x?v=:v",
        "/{*}{*}{*}b", "/:a:b:c", "/{/:x}+", "/{/:x}*/b", "/{*/}*", "/{a}*b", "/{ab}+", "/{a:x}+b", "/{a*}+b",
        "/**", "/*?", "/:x*b", "/{:x/}*", "/{-:x-}+", "/a?b=:x&*", "/?{*}{*}", "/?:a-:b", "/{:x}?/a", "/\\/:x?",
        "/ab", "/a-*", "/?a=b", "/a?b*", "/a\\?", "/*/ab", "/a*b", "/a*a", "/*-", "/?a*b", "/a\\*b*");
    List<String> urls = new ArrayList<>();
    urls.add("");
    for (int i = 0; i < urls.size() && urls.get(i).length() < 5; i++) {
      for (char c : "/ab-=?".toCharArray()) {
        urls.add(urls.get(i) + c);
      }
    }
    for (String pattern : patterns) {
      UrlPattern p = UrlPattern.parse(pattern);
      RegexOracle.Compiled oracle = RegexOracle.compile(pattern);
      for (String url : urls) {
        int q = url.indexOf('?');
        String path = "/" + (q < 0 ? url : url.substring(0, q));
        String query = q < 0 ? null : url.substring(q + 1);
        assertEquals(oracle.matches(path, query), p.matches(path, query), pattern + " on " + path + "?" + query);
      }
    }
  }
}
