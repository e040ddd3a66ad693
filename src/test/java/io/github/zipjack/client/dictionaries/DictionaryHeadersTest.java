package io.github.zipjack.client.dictionaries;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import java.net.URI;
import java.net.http.HttpHeaders;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
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

  private static final URI PAGE = URI.create("http://127.0.0.1:8080/dict/page");
  private static final Instant NOW_PLUS_TWO_TO_THE_THIRTY_ONE = NOW.plusSeconds(2147483648L);

  private static Optional<DictionaryHeaders.Use> use(String... lines) {
    String[] namesAndValues = new String[lines.length * 2];
    for (int i = 0; i < lines.length; i++) {
      namesAndValues[2 * i] = "Use-As-Dictionary";
      namesAndValues[2 * i + 1] = lines[i];
    }
    return DictionaryHeaders.use(headers(namesAndValues));
  }

  private static Optional<Instant> freshUntil(String... namesAndValues) {
    return DictionaryHeaders.freshUntil(headers(namesAndValues), NOW);
  }

  private static List<URI> links(String... lines) {
    String[] namesAndValues = new String[lines.length * 2];
    for (int i = 0; i < lines.length; i++) {
      namesAndValues[2 * i] = "Link";
      namesAndValues[2 * i + 1] = lines[i];
    }
    return DictionaryHeaders.linkedDictionaries(headers(namesAndValues), PAGE);
  }

  @Test
  void maxAgeBeyondTwoToTheThirtyOneIsClampedAsRfc9111Says() {
    assertEquals(Optional.of(NOW_PLUS_TWO_TO_THE_THIRTY_ONE), freshUntil("Cache-Control", "max-age=99999999999999999"));
  }

  @Test
  void maxAgeOfAnyLengthIsClamped() {
    assertEquals(Optional.of(NOW_PLUS_TWO_TO_THE_THIRTY_ONE), freshUntil("Cache-Control", "max-age=" + "9".repeat(5000)));
  }

  @Test
  void maxAgeThatIsNoDeltaSecondsMakesTheAnswerStale() {
    for (String bad : List.of("-5", "abc", "1e3", "", "+60", "6 0", "0x10")) {
      assertEquals(Optional.empty(), freshUntil("Cache-Control", "max-age=" + bad), bad);
    }
  }

  @Test
  void quotedMaxAgeIsRead() {
    assertEquals(Optional.of(NOW.plusSeconds(60)), freshUntil("Cache-Control", "max-age=\"60\""));
  }

  @Test
  void firstMaxAgeCounts() {
    assertEquals(Optional.of(NOW.plusSeconds(60)), freshUntil("Cache-Control", "max-age=60", "Cache-Control", "max-age=600"));
  }

  @Test
  void ageBeyondTwoToTheThirtyOneLeavesNoFreshness() {
    assertEquals(Optional.of(NOW), freshUntil("Cache-Control", "max-age=3600", "Age", "99999999999999999999"));
  }

  @Test
  void ageThatIsNoDeltaSecondsCountsAsZero() {
    assertEquals(Optional.of(NOW.plusSeconds(3600)), freshUntil("Cache-Control", "max-age=3600", "Age", "-600"));
  }

  @Test
  void expiresFarInTheFutureIsClampedToTwoToTheThirtyOneSeconds() {
    assertEquals(Optional.of(NOW_PLUS_TWO_TO_THE_THIRTY_ONE), freshUntil(
        "Date", "Thu, 01 Jan 1970 00:00:00 GMT", "Expires", "Fri, 31 Dec 9999 23:59:59 GMT"));
  }

  @Test
  void expiresBeforeDateIsAlreadyExpired() {
    assertEquals(Optional.of(NOW), freshUntil(
        "Date", "Fri, 31 Dec 9999 23:59:59 GMT", "Expires", "Thu, 01 Jan 1970 00:00:00 GMT"));
  }

  @Test
  void expiresThatIsNoHttpDateIsAlreadyExpiredAsRfc9111Says() {
    assertEquals(Optional.of(NOW), freshUntil("Expires", "0"));
    assertEquals(Optional.of(NOW), freshUntil("Expires", "Thu, 26 Nov 2026 10:01:00 GMT" + " ".repeat(100) + "x"));
  }

  @Test
  void freshnessStopsAtTheLastInstant() {
    Instant late = Instant.MAX.minusSeconds(10);
    assertEquals(Optional.of(Instant.MAX),
        DictionaryHeaders.freshUntil(headers("Cache-Control", "max-age=60"), late));
  }

  @Test
  void ofAKeyGivenTwiceTheLastOneWins() {
    assertEquals("/b/*", use("match=\"/a/*\", match=\"/b/*\"").orElseThrow().match());
  }

  @Test
  void membersOnSeveralLinesAreOneDictionary() {
    assertEquals(Optional.of(new DictionaryHeaders.Use("/a/*", "x")), use("match=\"/a/*\"", "id=\"x\""));
  }

  @Test
  void parametersAndUnknownMembersAreLeftAside() {
    assertEquals(Optional.of(new DictionaryHeaders.Use("/a/*", "v")),
        use("match=\"/a/*\";p=1;q, foo=(1 \"x\" ?0 :AQ==:);r=-1.5, bar, id=\"v\", match-dest=()"));
  }

  @Test
  void upperCaseKeyMakesTheHeaderUnreadable() {
    assertEquals(Optional.empty(), use("MATCH=\"/a/*\""));
    assertEquals(Optional.empty(), use("match=\"/a/*\", Id=\"x\""));
  }

  @Test
  void unterminatedStringMakesTheHeaderUnreadable() {
    assertEquals(Optional.empty(), use("match=\"/a/*"));
    assertEquals(Optional.empty(), use("match=\"/a/*\", id=\"v\\\""));
  }

  @Test
  void matchThatIsNoStringIsIgnored() {
    for (String bad : List.of("match=api", "match", "match=?1", "match=12", "match=(\"/a/*\")", "match=:AQ==:")) {
      assertEquals(Optional.empty(), use(bad), bad);
    }
  }

  @Test
  void typeMustBeTheTokenRaw() {
    assertEquals(Optional.empty(), use("match=\"/a/*\", type=\"raw\""));
  }

  @Test
  void oddCharactersMakeTheHeaderUnreadable() {
    for (String bad : List.of("match=\"/a/*\",", "match=\"/a/*\" id=\"v\"", "match=\"/a/\u00e9\"",
        "match=\"/a/\\*\"", "match=\"/a/*\"; ", "match=\"/a/*\", id=\"v\"!", "match=\"/a/*\", =1",
        "match=\"/a/*\", id=1234567890123456", "match=\"/a/*\", id=1.2345", "match=\"/a/*\", foo=(1,2)")) {
      assertEquals(Optional.empty(), use(bad), bad);
    }
  }

  @Test
  void headerLongerThanTheBoundIsIgnored() {
    String id = "v".repeat(1000);
    String header = "match=\"/a/*\", id=\"" + id + "\"" + ", x=\"" + "y".repeat(DictionaryHeaders.MAX_USE_CHARS) + "\"";
    assertEquals(Optional.empty(), use(header));
  }

  @Test
  void linkWhoseUrlIsNoneIsLeftOut() {
    assertEquals(List.of(URI.create("http://127.0.0.1:8080/dict/ok")),
        links("<http://[bad>; rel=compression-dictionary, <ok>; rel=compression-dictionary"));
  }

  @Test
  void atMostSixteenLinksAreTaken() {
    String line = IntStream.range(0, 40).mapToObj(i -> "<d" + i + ">; rel=compression-dictionary")
        .collect(Collectors.joining(", "));
    List<URI> taken = links(line);
    assertEquals(DictionaryHeaders.MAX_LINKS, taken.size());
    assertEquals(URI.create("http://127.0.0.1:8080/dict/d15"), taken.get(15));
  }

  @Test
  void linksBeyondTheReadBoundAreLeftOut() {
    String filler = "<x>; rel=preload, ".repeat(DictionaryHeaders.MAX_LINK_CHARS / 18);
    String cutAtTheBound = filler + "<" + "d".repeat(100) + ">; rel=compression-dictionary";
    assertEquals(List.of(), links(cutAtTheBound));
    assertEquals(List.of(), links(filler, "<later>; rel=compression-dictionary"));
  }

  @Test
  void onlyTheFirstRelOfALinkCountsAndItMayListSeveralTypes() {
    assertEquals(List.of(URI.create("http://127.0.0.1:8080/dict/d"), URI.create("http://127.0.0.1:8080/dict/e")),
        links("<a>; rel=compression-dictionary-x, <b>; rel=preload; rel=compression-dictionary, "
            + "<c>; title=\"x, <y>; rel=compression-dictionary\", <d>; rel=\"preload compression-dictionary\", "
            + "<e>; REL=Compression-Dictionary"));
  }

  @Test
  void hostileHeadersAreReadInBoundedTime() {
    String huge = "<".repeat(200_000) + "\"".repeat(200_000) + ";".repeat(200_000);
    assertTimeoutPreemptively(Duration.ofSeconds(2), () -> {
      assertEquals(List.of(), links(huge, huge));
      assertEquals(Optional.empty(), use(huge));
      assertEquals(Optional.of(NOW), freshUntil("Cache-Control", huge, "Expires", huge));
    });
  }
}
