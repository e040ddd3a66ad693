package io.github.zipjack.urlpattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.time.Duration;
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
}
