package io.github.zipjack.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpHeaders;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** How the client reads RFC 9842's headers and an answer's freshness. */
class DictionaryHeadersTest {
  private static final Instant NOW = Instant.parse("2026-11-26T12:00:00Z");

  private static HttpHeaders headers(String... namesAndValues) {
    Map<String, List<String>> map = new java.util.HashMap<>();
    for (int i = 0; i < namesAndValues.length; i += 2) {
      map.computeIfAbsent(namesAndValues[i], k -> new java.util.ArrayList<>()).add(namesAndValues[i + 1]);
    }
    return HttpHeaders.of(map, (name, value) -> true);
  }

  @Test
  void useAsDictionaryGivesMatchAndId() {
    assertEquals(Optional.of(new DictionaryHeaders.Use("/api/*", "v\"1")),
        DictionaryHeaders.use(headers("Use-As-Dictionary", "match=\"/api/*\", id=\"v\\\"1\", type=raw")));
  }

  @Test
  void useAsDictionaryWithoutIdHasAnEmptyOne() {
    assertEquals("", DictionaryHeaders.use(headers("Use-As-Dictionary", "match=\"/a,b/*\"")).orElseThrow().id());
  }

  @Test
  void useAsDictionaryOfAnotherTypeOrWithADestinationIsIgnored() {
    assertTrue(DictionaryHeaders.use(headers("Use-As-Dictionary", "match=\"/api/*\", type=other")).isEmpty());
    assertTrue(DictionaryHeaders.use(headers("Use-As-Dictionary", "match=\"/api/*\", match-dest=(\"document\")"))
        .isEmpty());
    assertTrue(DictionaryHeaders.use(headers("Use-As-Dictionary", "id=\"no-match\"")).isEmpty());
  }

  @Test
  void maxAgeLessAgeIsTheFreshness() {
    assertEquals(Optional.of(NOW.plusSeconds(3000)),
        DictionaryHeaders.freshUntil(headers("Cache-Control", "public, max-age=3600", "Age", "600"), NOW));
  }

  @Test
  void expiresLessDateIsTheFreshnessWithoutMaxAge() {
    assertEquals(Optional.of(NOW.plusSeconds(60)), DictionaryHeaders.freshUntil(headers(
        "Date", "Thu, 26 Nov 2026 10:00:00 GMT", "Expires", "Thu, 26 Nov 2026 10:01:00 GMT"), NOW));
  }

  @Test
  void noStoreOrNoFreshnessIsNotFresh() {
    assertTrue(DictionaryHeaders.freshUntil(headers("Cache-Control", "max-age=60, no-store"), NOW).isEmpty());
    assertTrue(DictionaryHeaders.freshUntil(headers(), NOW).isEmpty());
  }

  @Test
  void linkHeaderNamesDictionariesResolvedAgainstTheAnswer() {
    assertEquals(List.of(URI.create("http://127.0.0.1:8080/dict/v2")), DictionaryHeaders.linkedDictionaries(
        headers("Link", "</style.css>; rel=preload, <v2>; rel=\"compression-dictionary\""),
        URI.create("http://127.0.0.1:8080/dict/page")));
  }
}
