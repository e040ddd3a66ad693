package io.github.zipjack.servlet;

import java.util.regex.Pattern;

/**
 * The {@code match} of an HTTP dictionary: the URL pattern (RFC 9842 section 2.1.1, in the URL
 * Pattern standard's syntax) of the requests a client may use the dictionary for. Immutable and
 * thread-safe; compiled once.
 *
 * <p>zipjack takes the same-origin subset without groups: a path starting with {@code /}, where
 * {@code *} matches any characters (slashes included), {@code :name} one path segment, and
 * {@code \} escapes the next character; optionally {@code ?} and a pattern for the query in the same
 * syntax. Without {@code ?} any query matches, as in a URL pattern whose search part is left out.
 * Refused: absolute URLs ({@code https://...}, which could name another origin), regexp groups
 * {@code ( )}, which RFC 9842 forbids, and {@code { }} groups and modifiers, which zipjack does not
 * implement.
 */
final class DictionaryMatch {
  private final String pattern;
  private final Pattern path;
  /** Null when the pattern has no query part: any query matches. */
  private final Pattern query;

  private DictionaryMatch(String pattern, Pattern path, Pattern query) {
    this.pattern = pattern;
    this.path = path;
    this.query = query;
  }

  /**
   * @throws IllegalArgumentException naming the pattern and what is wrong with it
   */
  static DictionaryMatch parse(String pattern) {
    if (pattern == null || pattern.isEmpty()) {
      throw new IllegalArgumentException("match must not be empty: give a path pattern such as /api/*");
    }
    if (!pattern.startsWith("/")) {
      throw new IllegalArgumentException("match must be a path pattern starting with / (same origin): \""
          + pattern + "\"");
    }
    if (pattern.startsWith("//")) {
      throw new IllegalArgumentException("match must be a path on this origin, not a URL of another host: \""
          + pattern + "\"");
    }
    int question = unescapedIndexOf(pattern, '?');
    String pathPart = question < 0 ? pattern : pattern.substring(0, question);
    String queryPart = question < 0 ? null : pattern.substring(question + 1);
    return new DictionaryMatch(pattern, compile(pattern, pathPart, true),
        queryPart == null ? null : compile(pattern, queryPart, false));
  }

  private static Pattern compile(String whole, String part, boolean isPath) {
    StringBuilder regex = new StringBuilder();
    int i = 0;
    while (i < part.length()) {
      char c = part.charAt(i);
      if (c == '\\') {
        if (i + 1 == part.length()) {
          throw new IllegalArgumentException("match ends with a lone \\: \"" + whole + "\"");
        }
        regex.append(Pattern.quote(String.valueOf(part.charAt(i + 1))));
        i += 2;
      } else if (c == '*') {
        regex.append(".*");
        i++;
      } else if (c == ':' && isPath && i + 1 < part.length() && isNameStart(part.charAt(i + 1))) {
        int end = i + 1;
        while (end < part.length() && isNamePart(part.charAt(end))) {
          end++;
        }
        regex.append("[^/]+");
        i = end;
      } else if (c == '(' || c == ')') {
        throw new IllegalArgumentException("match must not contain regexp groups (RFC 9842): \"" + whole + "\"");
      } else if (c == '{' || c == '}' || c == '+') {
        throw new IllegalArgumentException("match uses '" + c + "', a URL pattern group or modifier zipjack "
            + "does not support (use *, :name and \\ escapes): \"" + whole + "\"");
      } else if (c < 0x21 || c > 0x7e || c == '#') {
        throw new IllegalArgumentException("match must be printable ASCII without spaces or #: \"" + whole + "\"");
      } else {
        regex.append(Pattern.quote(String.valueOf(c)));
        i++;
      }
    }
    return Pattern.compile(regex.toString());
  }

  private static boolean isNameStart(char c) {
    return Character.isLetter(c) || c == '_' || c == '$';
  }

  private static boolean isNamePart(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '$';
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

  /**
   * Whether a request for {@code requestUri} (the path as sent, percent-encoded, context path
   * included) with {@code queryString} (null for none) is covered.
   */
  boolean covers(String requestUri, String queryString) {
    if (!path.matcher(requestUri).matches()) {
      return false;
    }
    return query == null || query.matcher(queryString == null ? "" : queryString).matches();
  }

  /** The pattern as given. */
  @Override
  public String toString() {
    return pattern;
  }
}
