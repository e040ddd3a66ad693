package io.github.zipjack.client.dictionaries;

import java.util.Locale;

/**
 * Walks the link-values of one {@code Link} line (RFC 8288 section 3): {@code <url>} and its
 * parameters, up to a comma outside quotes. Text it cannot read as a link is passed over; a link
 * whose parameters break the grammar names no relation. Work is linear in the line. Not
 * thread-safe.
 */
final class LinkValues {
  private static final String TOKEN_CHARS = "!#$%&'*+-.^_`|~";

  private final String line;
  /** Where the next link-value is looked for. */
  private int pos;
  private String url;
  private boolean dictionary;
  private boolean last;

  LinkValues(String line) {
    this.line = line;
  }

  /** Moves to the next link-value; false when there is none. */
  boolean next() {
    int open = line.indexOf('<', pos);
    int close = open < 0 ? -1 : line.indexOf('>', open + 1);
    if (close < 0) {
      pos = line.length();
      return false;
    }
    url = line.substring(open + 1, close).trim();
    pos = close + 1;
    dictionary = parameters();
    int comma = pos;
    boolean quoted = false;
    while (comma < line.length() && (quoted || line.charAt(comma) != ',')) {
      char c = line.charAt(comma++);
      if (c == '"') {
        quoted = !quoted;
      } else if (c == '\\' && quoted && comma < line.length()) {
        comma++;
      }
    }
    last = comma >= line.length();
    pos = comma + 1;
    return true;
  }

  /** {@return the URL between {@code < >}, as written} */
  String url() {
    return url;
  }

  /** {@return whether the link's first {@code rel} lists {@code compression-dictionary}} */
  boolean isDictionary() {
    return dictionary;
  }

  /** {@return whether no comma ended the link: it runs to the end of the line} */
  boolean isLast() {
    return last;
  }

  /** Reads {@code ;name=value} parameters from {@link #pos}; whether the first rel names a dictionary. */
  private boolean parameters() {
    Boolean rel = null;
    while (true) {
      skipWhitespace();
      if (pos == line.length() || line.charAt(pos) != ';') {
        return rel != null && rel;
      }
      pos++;
      skipWhitespace();
      String name = token();
      if (name.isEmpty()) {
        return false;
      }
      skipWhitespace();
      String value = "";
      if (pos < line.length() && line.charAt(pos) == '=') {
        pos++;
        skipWhitespace();
        value = pos < line.length() && line.charAt(pos) == '"' ? quotedString() : token();
        if (value == null) {
          return false;
        }
      }
      if (rel == null && name.equalsIgnoreCase("rel")) {
        rel = false;
        for (String type : value.trim().split("[ \t]+")) {
          rel |= type.toLowerCase(Locale.ROOT).equals("compression-dictionary");
        }
      }
    }
  }

  private String token() {
    int start = pos;
    while (pos < line.length() && isTokenChar(line.charAt(pos))) {
      pos++;
    }
    return line.substring(start, pos);
  }

  /** The content of the quoted-string at {@link #pos}, or null if it is unterminated. */
  private String quotedString() {
    StringBuilder s = new StringBuilder();
    pos++;
    while (pos < line.length()) {
      char c = line.charAt(pos++);
      if (c == '"') {
        return s.toString();
      }
      if (c == '\\' && pos < line.length()) {
        c = line.charAt(pos++);
      }
      s.append(c);
    }
    return null;
  }

  private void skipWhitespace() {
    while (pos < line.length() && (line.charAt(pos) == ' ' || line.charAt(pos) == '\t')) {
      pos++;
    }
  }

  private static boolean isTokenChar(char c) {
    return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || TOKEN_CHARS.indexOf(c) >= 0;
  }
}
