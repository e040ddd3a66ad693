package io.github.zipjack.client.dictionaries;

import java.net.URI;
import java.net.http.HttpHeaders;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Reads the RFC 9842 headers of an answer: {@code Use-As-Dictionary} (a structured-field dictionary:
 * {@code match="/api/*", id="v1", type=raw}), how long the answer stays fresh, and the URLs named by
 * {@code Link: <url>; rel="compression-dictionary"}. Pure functions, thread-safe. Every header is the
 * server's to choose, so what cannot be understood yields nothing, never an exception, and the work is
 * bounded: a {@code Use-As-Dictionary} field over {@value #MAX_USE_CHARS} characters is ignored;
 * freshness is at most {@value #MAX_DELTA_SECONDS} seconds (RFC 9111 section 1.2.2); of the
 * {@code Link} lines only their first {@value #MAX_LINK_CHARS} characters are read, and at most
 * {@value #MAX_LINKS} dictionaries taken.
 */
final class DictionaryHeaders {
  /** The longest {@code id} RFC 9842 allows. */
  private static final int MAX_ID_CHARS = 1024;
  /** The longest {@code Use-As-Dictionary} field read, its lines joined; room for the longest id and match. */
  static final int MAX_USE_CHARS = 8192;
  /** What RFC 9111 takes a longer delta-seconds for: 2^31 seconds, about 68 years. */
  static final long MAX_DELTA_SECONDS = 2147483648L;
  /** How many characters of an answer's {@code Link} lines are read, all lines together. */
  static final int MAX_LINK_CHARS = 8192;
  /** The most dictionary URLs taken from one answer's {@code Link} lines. */
  static final int MAX_LINKS = 16;
  /** An HTTP-date is 29 characters; a longer value is none. */
  private static final int MAX_DATE_CHARS = 64;
  private static final StructuredDictionary.Token RAW = new StructuredDictionary.Token("raw");

  private DictionaryHeaders() {}

  /** What a {@code Use-As-Dictionary} header says; {@code id} is empty when absent. */
  record Use(String match, String id) {}

  /**
   * The header's match and id, or empty when there is no header, it is no valid sf-dictionary (RFC
   * 8941) or is longer than {@value #MAX_USE_CHARS} characters, its {@code match} is missing or no
   * non-empty string, its {@code id} no string or over 1024 characters, its {@code type} other than
   * the token {@code raw}, or its {@code match-dest} other than the empty list (this client's requests
   * have no destination, so such a dictionary never applies). Of a key given twice, the last counts.
   */
  static Optional<Use> use(HttpHeaders headers) {
    List<String> lines = headers.allValues("Use-As-Dictionary");
    long chars = 0;
    for (String line : lines) {
      chars += line.length() + 2;
    }
    if (lines.isEmpty() || chars > MAX_USE_CHARS + 2) {
      return Optional.empty();
    }
    Map<String, Object> members = StructuredDictionary.parse(String.join(", ", lines)).orElse(Map.of());
    Object match = members.get("match");
    Object id = members.getOrDefault("id", "");
    Object dest = members.getOrDefault("match-dest", List.of());
    if (!(match instanceof String m) || m.isEmpty() || !(id instanceof String i) || i.length() > MAX_ID_CHARS
        || !members.getOrDefault("type", RAW).equals(RAW) || !(dest instanceof List<?> d) || !d.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(new Use(m, i));
  }

  /** A structured-field string of {@code value}: quoted, with {@code "} and {@code \} escaped. */
  static String quote(String value) {
    return '"' + value.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
  }

  /**
   * Until when an answer received at {@code now} stays fresh: {@code max-age} less {@code Age}, else
   * {@code Expires} less {@code Date} (or {@code now} without a valid one), each clamped to
   * [0, {@value #MAX_DELTA_SECONDS}] seconds, so the result lies in [now, now + 2^31 s] (at most
   * {@link Instant#MAX}). Empty for {@code no-store}, without {@code max-age} and {@code Expires}, or
   * for a {@code max-age} that is no delta-seconds (RFC 9111 section 4.2.1 advises taking such an
   * answer as stale); the first {@code max-age} counts. An {@code Expires} that is no HTTP-date means
   * already expired (section 5.3): {@code now}. An {@code Age} that is no delta-seconds counts as 0.
   */
  static Optional<Instant> freshUntil(HttpHeaders headers, Instant now) {
    String maxAge = null;
    for (String line : headers.allValues("Cache-Control")) {
      for (String directive : line.split(",")) {
        String d = directive.trim().toLowerCase(Locale.ROOT);
        if (d.equals("no-store")) {
          return Optional.empty();
        }
        if (d.startsWith("max-age=") && maxAge == null) {
          maxAge = d.substring("max-age=".length());
        }
      }
    }
    if (maxAge != null) {
      long seconds = deltaSeconds(maxAge);
      if (seconds < 0) {
        return Optional.empty();
      }
      long age = headers.firstValue("Age").map(DictionaryHeaders::deltaSeconds).orElse(0L);
      return Optional.of(after(now, seconds - Math.max(0, age)));
    }
    Optional<String> expires = headers.firstValue("Expires");
    if (expires.isEmpty()) {
      return Optional.empty();
    }
    Optional<Instant> expiry = httpDate(expires.get());
    if (expiry.isEmpty()) {
      return Optional.of(now);
    }
    Instant date = headers.firstValue("Date").flatMap(DictionaryHeaders::httpDate).orElse(now);
    return Optional.of(after(now, expiry.get().getEpochSecond() - date.getEpochSecond()));
  }

  /** {@code now} plus {@code seconds} clamped to [0, 2^31], or {@link Instant#MAX} where that is later. */
  private static Instant after(Instant now, long seconds) {
    long clamped = Math.max(0, Math.min(MAX_DELTA_SECONDS, seconds));
    return clamped > Instant.MAX.getEpochSecond() - now.getEpochSecond() ? Instant.MAX : now.plusSeconds(clamped);
  }

  /**
   * A delta-seconds (RFC 9111 section 1.2.2: digits, optionally quoted), at most 2^31 as the RFC says
   * a larger one is taken; -1 if it is none.
   */
  private static long deltaSeconds(String value) {
    String v = value.trim();
    if (v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"")) {
      v = v.substring(1, v.length() - 1);
    }
    if (v.isEmpty()) {
      return -1;
    }
    long seconds = 0;
    for (int i = 0; i < v.length(); i++) {
      char c = v.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      seconds = Math.min(MAX_DELTA_SECONDS, seconds * 10 + (c - '0'));
    }
    return seconds;
  }

  private static Optional<Instant> httpDate(String value) {
    if (value.length() > MAX_DATE_CHARS) {
      return Optional.empty();
    }
    try {
      return Optional.of(ZonedDateTime.parse(value.trim(), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant());
    } catch (DateTimeException e) {
      return Optional.empty();
    }
  }

  /**
   * The URLs an answer's {@code Link} headers name with {@code rel="compression-dictionary"} (RFC 8288:
   * the first {@code rel} of a link counts, a list of relation types, case-insensitive), resolved
   * against {@code base}: at most {@value #MAX_LINKS}, from the first {@value #MAX_LINK_CHARS}
   * characters of the lines; a link cut by that bound, or whose URL is none, is left out.
   */
  static List<URI> linkedDictionaries(HttpHeaders headers, URI base) {
    List<URI> links = new ArrayList<>();
    int budget = MAX_LINK_CHARS;
    for (String line : headers.allValues("Link")) {
      boolean cut = line.length() > budget;
      LinkValues values = new LinkValues(cut ? line.substring(0, budget) : line);
      budget -= Math.min(budget, line.length());
      while (links.size() < MAX_LINKS && values.next()) {
        if (values.isDictionary() && !(cut && values.isLast())) {
          try {
            links.add(base.resolve(values.url()));
          } catch (IllegalArgumentException notAUrl) {
            // ignored
          }
        }
      }
      if (budget == 0 || links.size() == MAX_LINKS) {
        break;
      }
    }
    return links;
  }
}
