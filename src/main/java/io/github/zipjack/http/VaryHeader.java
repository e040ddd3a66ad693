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
    StringBuilder missing = null;
    for (String field : fields) {
      boolean named = false;
      if (lines != null) {
        for (String line : lines) {
          named |= names(line, field);
        }
      }
      if (!named) {
        missing = missing == null ? new StringBuilder(field) : missing.append(", ").append(field);
      }
    }
    return missing == null ? null : missing.toString();
  }

  /** {@return whether a Vary line names {@code field} (case-insensitive) or is {@code *}} */
  public static boolean names(String varyLine, String field) {
    for (String token : varyLine.split(",")) {
      String name = token.trim();
      if (name.equals("*") || name.equalsIgnoreCase(field)) {
        return true;
      }
    }
    return false;
  }
}
