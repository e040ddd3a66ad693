package io.github.zipjack.client.dictionaries;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Parses a Structured Field Dictionary (RFC 8941 section 4.2.2) strictly: any syntax error (a key
 * that is not lower case, an unterminated string, a character the grammar has no place for) makes
 * the whole field unreadable rather than misread. Of a key given twice the last wins. A member's value
 * is a {@link String} (an sf-string's content), a {@link Token}, a {@link List} (an inner list's
 * items), a {@link Boolean}, or {@link #OTHER} (a number or byte sequence, which the caller does not
 * read); parameters are checked and dropped. Work and memory are linear in the field's length, which
 * the caller bounds. One use per field; not thread-safe.
 */
final class StructuredDictionary {
  /** An sf-token, such as {@code raw}. */
  record Token(String text) {}

  /** The value of an sf-integer, sf-decimal or sf-byte-sequence. */
  static final Object OTHER = new Object();

  private static final String TOKEN_CHARS = "!#$%&'*+-.^_`|~:/";

  private final String field;
  private int pos;

  private StructuredDictionary(String field) {
    this.field = field;
  }

  /** The members of {@code field}, or empty if it is no sf-dictionary. */
  static Optional<Map<String, Object>> parse(String field) {
    try {
      return Optional.of(new StructuredDictionary(field).dictionary());
    } catch (Malformed e) {
      return Optional.empty();
    }
  }

  private Map<String, Object> dictionary() throws Malformed {
    Map<String, Object> members = new HashMap<>();
    skip(" ");
    while (pos < field.length()) {
      String key = key();
      Object value = Boolean.TRUE;
      if (at('=')) {
        pos++;
        value = at('(') ? innerList() : item();
      } else {
        parameters();
      }
      members.put(key, value);
      skip(" \t");
      if (pos == field.length()) {
        break;
      }
      expect(',');
      skip(" \t");
      if (pos == field.length()) {
        throw new Malformed(); // a trailing comma
      }
    }
    return members;
  }

  private List<Object> innerList() throws Malformed {
    expect('(');
    List<Object> items = new ArrayList<>();
    while (true) {
      skip(" ");
      if (at(')')) {
        pos++;
        parameters();
        return items;
      }
      items.add(item());
      if (!at(' ') && !at(')')) {
        throw new Malformed();
      }
    }
  }

  private Object item() throws Malformed {
    Object value = bareItem();
    parameters();
    return value;
  }

  private void parameters() throws Malformed {
    while (at(';')) {
      pos++;
      skip(" ");
      key();
      if (at('=')) {
        pos++;
        bareItem();
      }
    }
  }

  private String key() throws Malformed {
    int start = pos;
    if (!at('*') && !(pos < field.length() && isLowerAlpha(field.charAt(pos)))) {
      throw new Malformed();
    }
    pos++;
    while (pos < field.length() && (isLowerAlpha(field.charAt(pos)) || isDigit(field.charAt(pos))
        || "_-.*".indexOf(field.charAt(pos)) >= 0)) {
      pos++;
    }
    return field.substring(start, pos);
  }

  private Object bareItem() throws Malformed {
    if (pos == field.length()) {
      throw new Malformed();
    }
    char c = field.charAt(pos);
    if (c == '-' || isDigit(c)) {
      return number();
    } else if (c == '"') {
      return string();
    } else if (c == '*' || isAlpha(c)) {
      int start = pos++;
      while (pos < field.length() && (isAlpha(field.charAt(pos)) || isDigit(field.charAt(pos))
          || TOKEN_CHARS.indexOf(field.charAt(pos)) >= 0)) {
        pos++;
      }
      return new Token(field.substring(start, pos));
    } else if (c == ':') {
      pos++;
      while (pos < field.length() && field.charAt(pos) != ':') {
        char b = field.charAt(pos++);
        if (!isAlpha(b) && !isDigit(b) && "+/=".indexOf(b) < 0) {
          throw new Malformed();
        }
      }
      expect(':');
      return OTHER;
    } else if (c == '?') {
      pos++;
      if (at('0') || at('1')) {
        return field.charAt(pos++) == '1';
      }
    }
    throw new Malformed();
  }

  /** An sf-integer (at most 15 digits) or sf-decimal (at most 12 digits, a dot and 1 to 3 digits). */
  private Object number() throws Malformed {
    if (at('-')) {
      pos++;
    }
    int whole = digits();
    if (whole == 0 || whole > 15) {
      throw new Malformed();
    }
    if (at('.')) {
      pos++;
      int fraction = digits();
      if (whole > 12 || fraction == 0 || fraction > 3) {
        throw new Malformed();
      }
    }
    return OTHER;
  }

  private int digits() {
    int start = pos;
    while (pos < field.length() && isDigit(field.charAt(pos))) {
      pos++;
    }
    return pos - start;
  }

  private String string() throws Malformed {
    pos++;
    StringBuilder s = new StringBuilder();
    while (pos < field.length()) {
      char c = field.charAt(pos++);
      if (c == '"') {
        return s.toString();
      }
      if (c == '\\') {
        if (!at('"') && !at('\\')) {
          throw new Malformed();
        }
        c = field.charAt(pos++);
      } else if (c < 0x20 || c > 0x7e) {
        throw new Malformed();
      }
      s.append(c);
    }
    throw new Malformed(); // unterminated
  }

  private boolean at(char c) {
    return pos < field.length() && field.charAt(pos) == c;
  }

  private void expect(char c) throws Malformed {
    if (!at(c)) {
      throw new Malformed();
    }
    pos++;
  }

  private void skip(String chars) {
    while (pos < field.length() && chars.indexOf(field.charAt(pos)) >= 0) {
      pos++;
    }
  }

  private static boolean isLowerAlpha(char c) {
    return c >= 'a' && c <= 'z';
  }

  private static boolean isAlpha(char c) {
    return isLowerAlpha(c) || c >= 'A' && c <= 'Z';
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  /** The field breaks the grammar; thrown without a stack trace, caught in {@link #parse}. */
  private static final class Malformed extends Exception {
    Malformed() {
      super(null, null, false, false);
    }
  }
}
