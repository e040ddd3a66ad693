package io.github.zipjack.urlpattern;

import java.util.regex.Pattern;

/**
 * Turns one part of a {@link UrlPattern} (its path, or its query) into a Java regular expression,
 * part by part as the URL Pattern standard parses it: fixed text, then a group ({@code *} or
 * {@code :name}, alone or in {@code { }} with text around it) with its modifier. One use per part;
 * not thread-safe.
 */
final class PartCompiler {
  private final String whole;
  private final String part;
  private final boolean isPath;
  private final StringBuilder regex = new StringBuilder();
  /** Text not yet written to {@link #regex}: it may still become a group's {@code /} prefix. */
  private final StringBuilder pending = new StringBuilder();
  private int pos;
  private int groups;

  PartCompiler(String whole, String part, boolean isPath) {
    this.whole = whole;
    this.part = part;
    this.isPath = isPath;
  }

  /** The regular expression the whole part must match. */
  String regex() {
    while (pos < part.length()) {
      char c = part.charAt(pos);
      if (c == '{') {
        pos++;
        braceGroup();
      } else if (startsGroup(pos)) {
        String prefix = "";
        if (isPath && pending.length() > 0 && slashTokenBefore(pos)) {
          pending.setLength(pending.length() - 1);
          prefix = "/";
        }
        flushPending();
        String group = group();
        appendGroup(prefix, group, "", modifier());
      } else {
        pending.append(text());
      }
    }
    flushPending();
    return regex.toString();
  }

  /** {@code {prefix group suffix}modifier}, or {@code {text}modifier} without a group. */
  private void braceGroup() {
    StringBuilder prefix = new StringBuilder();
    while (pos < part.length() && !startsGroup(pos) && part.charAt(pos) != '}') {
      prefix.append(text());
    }
    String group = pos < part.length() && startsGroup(pos) ? group() : null;
    StringBuilder suffix = new StringBuilder();
    while (pos < part.length() && part.charAt(pos) != '}') {
      if (startsGroup(pos)) {
        throw refused("has two groups inside one { }");
      }
      suffix.append(text());
    }
    if (pos == part.length()) {
      throw refused("has a { without its }");
    }
    pos++;
    char modifier = modifier();
    if (group == null) {
      if (modifier == 0) {
        pending.append(prefix);
      } else if (prefix.length() > 0) {
        flushPending();
        regex.append("(?:").append(quote(prefix)).append(')').append(modifier);
      }
      return;
    }
    flushPending();
    appendGroup(prefix.toString(), group, suffix.toString(), modifier);
  }

  /** The regular expression of a {@code *} or {@code :name} at {@link #pos}, which it passes. */
  private String group() {
    if (++groups > UrlPattern.MAX_GROUPS) {
      throw refused("has more than " + UrlPattern.MAX_GROUPS + " groups in one part");
    }
    if (part.charAt(pos) == '*') {
      pos++;
      return ".*";
    }
    pos++;
    while (pos < part.length() && UrlPattern.isNamePart(part.charAt(pos))) {
      pos++;
    }
    if (pos < part.length() && part.charAt(pos) == '(') {
      throw refused("must not contain regexp groups (RFC 9842)");
    }
    return isPath ? "[^/]+?" : ".+?";
  }

  /**
   * Writes a group as the standard's regular expression. A repeated group ({@code *}, {@code +})
   * whose repetitions cannot be told apart (its text between repetitions is all the group itself
   * may match) is written as the one group it is equal to, {@code p.*s} rather than
   * {@code p.*(sp.*)*s}, which would backtrack exponentially on a URL it does not match.
   */
  private void appendGroup(String prefix, String group, String suffix, char modifier) {
    if ((modifier == '*' || modifier == '+') && (!group.startsWith("[^/]") || (suffix + prefix).indexOf('/') < 0)) {
      modifier = modifier == '*' ? '?' : 0;
    }
    String mod = modifier == 0 ? "" : String.valueOf(modifier);
    if (prefix.isEmpty() && suffix.isEmpty()) {
      regex.append("(?:").append(group).append(')').append(mod); // a repeated one was made single above
    } else if (modifier == 0 || modifier == '?') {
      regex.append("(?:").append(quote(prefix)).append("(?:").append(group).append(')').append(quote(suffix))
          .append(')').append(mod);
    } else {
      regex.append("(?:").append(quote(prefix)).append("(?:(?:").append(group).append(")(?:")
          .append(quote(suffix)).append(quote(prefix)).append("(?:").append(group).append("))*)")
          .append(quote(suffix)).append(')').append(modifier == '*' ? "?" : "");
    }
  }

  /** The modifier at {@link #pos} ({@code ?}, {@code *} or {@code +}), which it passes; 0 for none. */
  private char modifier() {
    if (pos < part.length() && "?*+".indexOf(part.charAt(pos)) >= 0) {
      return part.charAt(pos++);
    }
    return 0;
  }

  /** The literal character at {@link #pos} (an escaped one without its {@code \}), which it passes. */
  private char text() {
    char c = part.charAt(pos);
    if (c == '\\') {
      if (pos + 1 == part.length()) {
        throw refused("ends with a lone \\");
      }
      pos += 2;
      return part.charAt(pos - 1);
    }
    if (c == '(' || c == ')') {
      throw refused("must not contain regexp groups (RFC 9842)");
    }
    if (c == '}') {
      throw refused("has a } without its {");
    }
    if (c == '?' || c == '+') {
      throw refused("has a modifier " + c + " after no group (escape it as \\" + c + ")");
    }
    if (c == ':') {
      throw refused("has a : that starts no name (escape it as \\:)");
    }
    if (c < 0x21 || c > 0x7e || c == '#') {
      throw refused("must be printable ASCII without spaces or #");
    }
    pos++;
    return c;
  }

  private boolean startsGroup(int at) {
    char c = part.charAt(at);
    return c == '*' || c == ':' && at + 1 < part.length() && UrlPattern.isNameStart(part.charAt(at + 1));
  }

  /** Whether a plain {@code /} (not {@code \/}, not a group's) comes right before {@code at}: a group's prefix. */
  private boolean slashTokenBefore(int at) {
    return part.charAt(at - 1) == '/' && !(at >= 2 && part.charAt(at - 2) == '\\');
  }

  private void flushPending() {
    if (pending.length() > 0) {
      regex.append(quote(pending));
      pending.setLength(0);
    }
  }

  private static String quote(CharSequence text) {
    return text.length() == 0 ? "" : Pattern.quote(text.toString());
  }

  private IllegalArgumentException refused(String what) {
    return new IllegalArgumentException("match " + what + ": \"" + whole + "\"");
  }
}
