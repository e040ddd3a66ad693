package io.github.zipjack.http;

import java.util.Collection;
import java.util.List;

/** The {@code Vary} response header's rules, shared by the servlet and reactive sides. Stateless. */
public final class VaryHeader {
  /** What every negotiated body varies on. */
  public static final List<String> ACCEPT_ENCODING = List.of("Accept-Encoding");

  private VaryHeader() {}

  /**
   * {@return one Vary line naming those of {@code fields} that none of {@code lines} names yet, or
   * null when nothing is missing (a {@code *} line names every field)}
   *
   * @param lines the response's Vary lines so far, possibly null
   * @param fields the request fields the response varies on
   */
  public static String missing(Collection<String> lines, List<String> fields) {
    String first = null;
    StringBuilder several = null;
    for (String field : fields) {
      if (namedByAny(lines, field)) {
        continue;
      }
      if (first == null) {
        first = field;
      } else {
        several = (several == null ? new StringBuilder(first) : several).append(", ").append(field);
      }
    }
    return several == null ? first : several.toString();
  }

  private static boolean namedByAny(Collection<String> lines, String field) {
    if (lines != null) {
      for (String line : lines) {
        if (names(line, field)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * {@return whether a Vary line names {@code field} (case-insensitive) or is {@code *}} Scans the
   * line in place: no token is cut out of it.
   *
   * @param varyLine one Vary line, a comma-separated list
   * @param field a request field name
   */
  public static boolean names(String varyLine, String field) {
    int n = varyLine.length();
    for (int start = 0; start <= n; ) {
      int comma = varyLine.indexOf(',', start);
      int end = comma < 0 ? n : comma;
      int from = start;
      int to = end;
      while (from < to && varyLine.charAt(from) <= ' ') {
        from++;
      }
      while (to > from && varyLine.charAt(to - 1) <= ' ') {
        to--;
      }
      int length = to - from;
      if ((length == 1 && varyLine.charAt(from) == '*')
          || (length == field.length() && varyLine.regionMatches(true, from, field, 0, length))) {
        return true;
      }
      start = end + 1;
    }
    return false;
  }
}
