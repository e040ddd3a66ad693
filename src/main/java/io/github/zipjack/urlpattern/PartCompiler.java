package io.github.zipjack.urlpattern;

/**
 * Reads one part of a {@link UrlPattern} (its path, or its query) as the URL Pattern standard parses
 * it, fixed text, then a group ({@code *} or {@code :name}, alone or in {@code { }} with text around
 * it) with its modifier, and hands each piece to a {@link Target} in order. One use per part; not
 * thread-safe.
 */
final class PartCompiler {
  /** What a part is compiled into, piece by piece in the order they stand. */
  interface Target {
    /** Text the URL holds literally here. */
    void text(CharSequence literal);

    /**
     * {@code {prefix group suffix}modifier}: the three in sequence, taken once ({@code 0}), at most
     * once ({@code ?}), any number of times ({@code *}) or at least once ({@code +}).
     *
     * @param group null for a unit of text alone
     */
    void unit(CharSequence prefix, Group group, CharSequence suffix, char modifier);
  }

  /** What a group matches. */
  enum Group {
    /** {@code *}: any run of characters, the empty one too. */
    ANY_RUN,
    /** {@code :name} in the path: one or more characters other than {@code /}. */
    SEGMENT,
    /** {@code :name} in the query: one or more characters. */
    NONEMPTY_RUN
  }

  private final String whole;
  private final String part;
  private final boolean isPath;
  private final Target target;
  /** Text not yet handed to {@link #target}: it may still become a group's {@code /} prefix. */
  private final StringBuilder pending = new StringBuilder();
  private int pos;
  private int groups;

  PartCompiler(String whole, String part, boolean isPath, Target target) {
    this.whole = whole;
    this.part = part;
    this.isPath = isPath;
    this.target = target;
  }

  /**
   * Hands the whole part to the target.
   *
   * @throws IllegalArgumentException naming the pattern and what is wrong with it
   */
  void compile() {
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
        Group group = group();
        target.unit(prefix, group, "", modifier());
      } else {
        pending.append(text());
      }
    }
    flushPending();
  }

  /** {@code {prefix group suffix}modifier}, or {@code {text}modifier} without a group. */
  private void braceGroup() {
    StringBuilder prefix = new StringBuilder();
    while (pos < part.length() && !startsGroup(pos) && part.charAt(pos) != '}') {
      prefix.append(text());
    }
    Group group = pos < part.length() && startsGroup(pos) ? group() : null;
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
        target.unit(prefix, null, "", modifier);
      }
      return;
    }
    flushPending();
    target.unit(prefix, group, suffix, modifier);
  }

  /** The {@code *} or {@code :name} at {@link #pos}, which it passes. */
  private Group group() {
    if (++groups > UrlPattern.MAX_GROUPS) {
      throw refused("has more than " + UrlPattern.MAX_GROUPS + " groups in one part");
    }
    if (part.charAt(pos) == '*') {
      pos++;
      return Group.ANY_RUN;
    }
    pos++;
    while (pos < part.length() && UrlPattern.isNamePart(part.charAt(pos))) {
      pos++;
    }
    if (pos < part.length() && part.charAt(pos) == '(') {
      throw refused("must not contain regexp groups (RFC 9842)");
    }
    return isPath ? Group.SEGMENT : Group.NONEMPTY_RUN;
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
      target.text(pending.toString());
      pending.setLength(0);
    }
  }

  private IllegalArgumentException refused(String what) {
    return new IllegalArgumentException("match " + what + ": \"" + whole + "\"");
  }
}
