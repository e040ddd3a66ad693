package io.github.zipjack.client;

import java.net.URI;
import java.net.http.HttpHeaders;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Reads the RFC 9842 headers of an answer: {@code Use-As-Dictionary} (a structured-field dictionary:
 * {@code match="/api/*", id="v1", type=raw}), how long the answer stays fresh, and the URLs named by
 * {@code Link: <url>; rel="compression-dictionary"}. Pure functions; what cannot be understood
 * yields nothing, never an exception.
 */
final class DictionaryHeaders {
  /** The longest {@code id} RFC 9842 allows. */
  private static final int MAX_ID_CHARS = 1024;

  private DictionaryHeaders() {}

  /** What a {@code Use-As-Dictionary} header says; {@code id} is empty when absent. */
  record Use(String match, String id) {}

  /**
   * The header's match and id, or empty when there is no header, no {@code match}, a {@code type}
   * other than {@code raw}, an {@code id} over 1024 characters, or a non-empty {@code match-dest}
   * (this client's requests have no destination, so such a dictionary never applies).
   */
  static Optional<Use> use(HttpHeaders headers) {
    Optional<String> header = headers.firstValue("Use-As-Dictionary");
    if (header.isEmpty()) {
      return Optional.empty();
    }
    Map<String, String> members = members(header.get());
    String match = unquote(members.get("match"));
    String id = members.containsKey("id") ? unquote(members.get("id")) : "";
    String type = members.getOrDefault("type", "raw");
    String dest = members.getOrDefault("match-dest", "()").replace(" ", "");
    if (match == null || match.isEmpty() || id == null || id.length() > MAX_ID_CHARS || !type.equals("raw")
        || !dest.equals("()")) {
      return Optional.empty();
    }
    return Optional.of(new Use(match, id));
  }

  /** Splits a structured-field dictionary into raw member values, at commas outside strings and lists. */
  private static Map<String, String> members(String value) {
    Map<String, String> members = new HashMap<>();
    List<String> parts = new ArrayList<>();
    StringBuilder part = new StringBuilder();
    boolean inString = false;
    int depth = 0;
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (inString && c == '\\' && i + 1 < value.length()) {
        part.append(c).append(value.charAt(++i));
        continue;
      }
      if (c == '"') {
        inString = !inString;
      } else if (!inString && c == '(') {
        depth++;
      } else if (!inString && c == ')') {
        depth--;
      } else if (!inString && depth == 0 && c == ',') {
        parts.add(part.toString());
        part.setLength(0);
        continue;
      }
      part.append(c);
    }
    parts.add(part.toString());
    for (String p : parts) {
      int eq = p.indexOf('=');
      String key = (eq < 0 ? p : p.substring(0, eq)).trim().toLowerCase(Locale.ROOT);
      members.put(key, eq < 0 ? "?1" : p.substring(eq + 1).trim());
    }
    return members;
  }

  /** The content of a structured-field string ({@code "a\"b"} is {@code a"b}), or null if it is not one. */
  private static String unquote(String value) {
    if (value == null || value.length() < 2 || value.charAt(0) != '"' || value.charAt(value.length() - 1) != '"') {
      return null;
    }
    StringBuilder s = new StringBuilder();
    for (int i = 1; i < value.length() - 1; i++) {
      char c = value.charAt(i);
      if (c == '\\' && i + 1 < value.length() - 1) {
        c = value.charAt(++i);
      }
      s.append(c);
    }
    return s.toString();
  }

  /** A structured-field string of {@code value}: quoted, with {@code "} and {@code \} escaped. */
  static String quote(String value) {
    return '"' + value.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
  }

  /**
   * Until when an answer received at {@code now} stays fresh: {@code max-age} less {@code Age}, else
   * {@code Expires} less {@code Date}; empty when neither says, or for {@code no-store}.
   */
  static Optional<Instant> freshUntil(HttpHeaders headers, Instant now) {
    long maxAge = -1;
    for (String line : headers.allValues("Cache-Control")) {
      for (String directive : line.split(",")) {
        String d = directive.trim().toLowerCase(Locale.ROOT);
        if (d.equals("no-store")) {
          return Optional.empty();
        }
        if (d.startsWith("max-age=")) {
          maxAge = seconds(d.substring("max-age=".length()));
        }
      }
    }
    if (maxAge >= 0) {
      long age = headers.firstValue("Age").map(DictionaryHeaders::seconds).orElse(0L);
      return Optional.of(now.plusSeconds(Math.max(0, maxAge - Math.max(0, age))));
    }
    Optional<Instant> expires = headers.firstValue("Expires").flatMap(DictionaryHeaders::httpDate);
    Optional<Instant> date = headers.firstValue("Date").flatMap(DictionaryHeaders::httpDate);
    if (expires.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(now.plus(Duration.between(date.orElse(now), expires.get())));
  }

  private static long seconds(String value) {
    try {
      return Long.parseLong(value.trim().replace("\"", ""));
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private static Optional<Instant> httpDate(String value) {
    try {
      return Optional.of(ZonedDateTime.parse(value.trim(), DateTimeFormatter.RFC_1123_DATE_TIME).toInstant());
    } catch (DateTimeParseException e) {
      return Optional.empty();
    }
  }

  /** The URLs an answer's {@code Link} headers name with {@code rel="compression-dictionary"}, resolved against {@code base}. */
  static List<URI> linkedDictionaries(HttpHeaders headers, URI base) {
    List<URI> links = new ArrayList<>();
    for (String line : headers.allValues("Link")) {
      for (String link : line.split(",(?=\\s*<)")) {
        int open = link.indexOf('<');
        int close = link.indexOf('>', open + 1);
        if (open < 0 || close < 0) {
          continue;
        }
        String params = link.substring(close + 1).toLowerCase(Locale.ROOT).replace(" ", "");
        if (params.contains(";rel=\"compression-dictionary\"") || params.contains(";rel=compression-dictionary")) {
          try {
            links.add(base.resolve(link.substring(open + 1, close).trim()));
          } catch (IllegalArgumentException e) {
            // not a URL: ignored
          }
        }
      }
    }
    return links;
  }
}
