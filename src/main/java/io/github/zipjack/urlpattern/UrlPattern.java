package io.github.zipjack.urlpattern;

import java.net.URI;
import java.util.Locale;

/**
 * The {@code match} of an RFC 9842 dictionary: a URL Pattern standard pattern (WHATWG) for the
 * path and query of same-origin requests, compiled once. Immutable and thread-safe. The filter
 * matches requests against the patterns it is configured with; the client matches against those
 * servers send it, resolved against the dictionary's URL.
 *
 * <p>Read as the standard reads them, without its regexp groups {@code ( )}, which RFC 9842 forbids:
 * {@code *} matches any run of characters, {@code :name} one path segment (any run of characters in
 * the query), each with an optional modifier {@code ?} (optional), {@code *} (zero or more) or
 * {@code +} (one or more), which takes a {@code /} right before the group with it
 * ({@code /books/:id?} matches {@code /books}); {@code {...}} groups text, and a group, under one
 * modifier; {@code \} escapes the next character. An unescaped {@code ?} that follows no group
 * starts the query's pattern; without one, any query matches. Matching is against the raw
 * (percent-encoded) path and query, case-sensitive; {@code *}, and {@code :name} in the query, match
 * no line terminator (CR, LF, U+0085, U+2028, U+2029), which no URL carries unencoded.
 *
 * <p>Bounded for patterns a server sends: a pattern holds at most {@value #MAX_PATTERN_CHARS}
 * characters and {@value #MAX_GROUPS} groups a part, and matching takes time linear in the length of
 * the path and query, whatever the pattern (at most {@code (length + 1) * (2 * pattern length + 1)}
 * steps a part), never the backtracking of a regular expression.
 *
 * <p>Not part of zipjack's API: the package is not exported.
 */
public final class UrlPattern {
  /** The longest pattern, in characters; it bounds the automaton's states, hence the work of a match. */
  static final int MAX_PATTERN_CHARS = 1024;
  /** The most groups ({@code *}, {@code :name}) one part of a pattern may hold: more is no sane pattern. */
  static final int MAX_GROUPS = 10;

  private final String source;
  private final PartAutomaton path;
  /** Null when the pattern has no query part: any query matches. */
  private final PartAutomaton query;

  private UrlPattern(String source, PartAutomaton path, PartAutomaton query) {
    this.source = source;
    this.path = path;
    this.query = query;
  }

  /**
   * Compiles a pattern for paths of the origin it is served from.
   *
   * @param pattern starting with {@code /}, such as {@code /api/*} or {@code /search?q=*}
   * @return the compiled pattern
   * @throws IllegalArgumentException naming the pattern and what is wrong with it (regexp groups,
   *     another origin, a lone {@code \}, an unbalanced {@code { }}, more than
   *     {@value #MAX_PATTERN_CHARS} characters)
   */
  public static UrlPattern parse(String pattern) {
    if (pattern == null || pattern.isEmpty()) {
      throw new IllegalArgumentException("match must not be empty: give a path pattern such as /api/*");
    }
    checkLength(pattern);
    if (pattern.startsWith("//")) {
      throw new IllegalArgumentException("match must be a path on this origin, not a URL of another host: \""
          + pattern + "\"");
    }
    if (!pattern.startsWith("/")) {
      throw new IllegalArgumentException("match must be a path pattern starting with / (same origin): \""
          + pattern + "\"");
    }
    int question = searchStart(pattern);
    String pathPart = question < 0 ? pattern : pattern.substring(0, question);
    String queryPart = question < 0 ? null : pattern.substring(question + 1);
    return new UrlPattern(pattern, compile(pattern, pathPart, true),
        queryPart == null ? null : compile(pattern, queryPart, false));
  }

  /**
   * Compiles a pattern a server sent for the dictionary at {@code base}: relative to {@code base}
   * (a path without a leading {@code /} to its directory, a pattern of only {@code ?...} to its
   * path), or an absolute URL of the same origin; a fragment part must match the empty fragment.
   *
   * @param pattern the {@code match} as the server sent it
   * @param base the dictionary's URL, absolute
   * @return the pattern, its {@link #toString()} the same-origin path (and query) pattern
   * @throws IllegalArgumentException if it names another origin, or is no pattern {@link #parse}
   *     takes, before or after it is resolved
   */
  public static UrlPattern resolve(String pattern, URI base) {
    checkLength(pattern);
    String rest = pattern;
    int colon = rest.indexOf("://");
    if (colon > 0 && rest.substring(0, colon).matches("[A-Za-z][A-Za-z0-9+.-]*")) {
      rest = sameOriginTail(pattern, rest.substring(0, colon), rest.substring(colon + 3), base);
    } else if (rest.startsWith("//")) {
      rest = sameOriginTail(pattern, base.getScheme(), rest.substring(2), base);
    }
    int hash = unescapedIndexOf(rest, '#');
    if (hash >= 0) {
      if (!compile(pattern, rest.substring(hash + 1), false).matches("")) {
        throw new IllegalArgumentException("match has a fragment part no request can have: \"" + pattern + "\"");
      }
      rest = rest.substring(0, hash);
    }
    String basePath = base.getRawPath() == null || base.getRawPath().isEmpty() ? "/" : base.getRawPath();
    if (rest.isEmpty()) {
      rest = escape(basePath);
    } else if (rest.startsWith("?")) {
      rest = escape(basePath) + rest;
    } else if (!rest.startsWith("/")) {
      rest = escape(basePath.substring(0, basePath.lastIndexOf('/') + 1)) + rest;
    }
    return parse(rest);
  }

  private static void checkLength(String pattern) {
    if (pattern.length() > MAX_PATTERN_CHARS) {
      throw new IllegalArgumentException("match must be at most " + MAX_PATTERN_CHARS + " characters long: "
          + pattern.length() + " (\"" + pattern.substring(0, 40) + "...\")");
    }
  }

  /** The path-and-query part of an absolute pattern whose origin must be {@code base}'s, literally. */
  private static String sameOriginTail(String whole, String scheme, String afterScheme, URI base) {
    int end = 0;
    while (end < afterScheme.length() && "/?#".indexOf(afterScheme.charAt(end)) < 0) {
      end++;
    }
    String authority = afterScheme.substring(0, end);
    String origin = scheme.toLowerCase(Locale.ROOT) + "://" + authority.toLowerCase(Locale.ROOT);
    String tail = afterScheme.substring(end);
    try {
      URI asUri = URI.create(origin + "/");
      if (asUri.getRawUserInfo() == null && origin(asUri).equals(origin(base))) {
        return tail.isEmpty() ? "/" : tail;
      }
    } catch (IllegalArgumentException patternInTheOrigin) {
      // a host or port that is a pattern, not one origin
    }
    throw new IllegalArgumentException("match must be on the dictionary's origin " + origin(base) + ": \""
        + whole + "\"");
  }

  /** {@code scheme://host:port} with the default port filled in, lower case. */
  public static String origin(URI uri) {
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    int port = uri.getPort() >= 0 ? uri.getPort() : scheme.equals("https") ? 443 : 80;
    return scheme + "://" + (uri.getHost() == null ? "" : uri.getHost().toLowerCase(Locale.ROOT)) + ":" + port;
  }

  /** {@code text} as a pattern that matches it literally. */
  private static String escape(String text) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if ("*+?:{}()\\".indexOf(c) >= 0) {
        s.append('\\');
      }
      s.append(c);
    }
    return s.toString();
  }

  /** Where the query's pattern starts: an unescaped {@code ?} outside braces that modifies no group; -1 for none. */
  static int searchStart(String pattern) {
    int depth = 0;
    boolean afterGroup = false;
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      boolean group = false;
      if (c == '\\') {
        i++;
      } else if (c == '{') {
        depth++;
      } else if (c == '}') {
        depth--;
        group = true;
      } else if (c == '*') {
        group = true;
      } else if (c == ':') {
        while (i + 1 < pattern.length() && isNamePart(pattern.charAt(i + 1))) {
          i++;
        }
        group = true;
      } else if (c == '?' && depth == 0 && !afterGroup) {
        return i;
      }
      afterGroup = group;
    }
    return -1;
  }

  private static int unescapedIndexOf(String s, char wanted) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\') {
        i++;
      } else if (c == wanted) {
        return i;
      }
    }
    return -1;
  }

  private static PartAutomaton compile(String whole, String part, boolean isPath) {
    PartAutomaton.Builder automaton = new PartAutomaton.Builder();
    new PartCompiler(whole, part, isPath, automaton).compile();
    return automaton.build();
  }

  static boolean isNameStart(char c) {
    return Character.isLetter(c) || c == '_' || c == '$';
  }

  static boolean isNamePart(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '$';
  }

  /**
   * Whether a request with this raw path and query is covered.
   *
   * @param rawPath the path as sent, percent-encoded ({@code /} when empty)
   * @param rawQuery the query as sent, without {@code ?}; null for none
   * @return whether the pattern matches
   */
  public boolean matches(String rawPath, String rawQuery) {
    return path.matches(rawPath == null || rawPath.isEmpty() ? "/" : rawPath)
        && (query == null || query.matches(rawQuery == null ? "" : rawQuery));
  }

  /** How many automaton states matching this path, and this query even where the path fails, visits. */
  long visits(String rawPath, String rawQuery) {
    return path.visits(rawPath == null || rawPath.isEmpty() ? "/" : rawPath)
        + (query == null ? 0 : query.visits(rawQuery == null ? "" : rawQuery));
  }

  /** {@return the automaton states of its path and query parts, which bound a match's work per character} */
  int states() {
    return path.states() + (query == null ? 0 : query.states());
  }

  /** {@return the pattern: as given to {@link #parse}, or as {@link #resolve} made it a path pattern} */
  @Override
  public String toString() {
    return source;
  }
}
