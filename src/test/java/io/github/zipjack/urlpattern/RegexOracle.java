package io.github.zipjack.urlpattern;

import java.util.regex.Pattern;

/**
 * The reference matcher for tests: a pattern written as the URL Pattern standard writes its regular
 * expression, {@code (?:prefix((?:group)(?:suffix prefix(?:group))*)suffix)*} for a repeated group,
 * and matched by java.util.regex. It backtracks exponentially on some patterns: give it short inputs,
 * or a budget of reads ({@link Compiled#decide}) past which it gives up.
 */
final class RegexOracle implements PartCompiler.Target {
  private final StringBuilder regex = new StringBuilder();

  /** The path's expression and the query's, null when the pattern has no query part. */
  record Compiled(Pattern path, Pattern query) {
    boolean matches(String rawPath, String rawQuery) {
      return path.matcher(rawPath == null || rawPath.isEmpty() ? "/" : rawPath).matches()
          && (query == null || query.matcher(rawQuery == null ? "" : rawQuery).matches());
    }

    /**
     * {@link #matches}, or null when the expressions read their input more than {@code reads} times
     * in all: backtracking that would take seconds or hours, with nothing to say about the pattern.
     */
    Boolean decide(String rawPath, String rawQuery, long reads) {
      long[] left = {reads};
      try {
        return path.matcher(new Budgeted(rawPath == null || rawPath.isEmpty() ? "/" : rawPath, left)).matches()
            && (query == null || query.matcher(new Budgeted(rawQuery == null ? "" : rawQuery, left)).matches());
      } catch (OutOfReads e) {
        return null;
      }
    }
  }

  /** The budget of {@link Compiled#decide} is spent. */
  private static final class OutOfReads extends RuntimeException {
    OutOfReads() {
      super(null, null, false, false);
    }
  }

  /** Text that counts the expression's reads of it against a budget it shares with its slices. */
  private record Budgeted(String text, long[] left) implements CharSequence {
    @Override
    public char charAt(int index) {
      if (--left[0] < 0) {
        throw new OutOfReads();
      }
      return text.charAt(index);
    }

    @Override
    public int length() {
      return text.length();
    }

    @Override
    public CharSequence subSequence(int start, int end) {
      return new Budgeted(text.substring(start, end), left);
    }

    @Override
    public String toString() {
      return text;
    }
  }

  /** The pattern, which {@link UrlPattern#parse} takes, as the standard's regular expressions. */
  static Compiled compile(String pattern) {
    int question = UrlPattern.searchStart(pattern);
    return new Compiled(compile(pattern, question < 0 ? pattern : pattern.substring(0, question), true),
        question < 0 ? null : compile(pattern, pattern.substring(question + 1), false));
  }

  private static Pattern compile(String whole, String part, boolean isPath) {
    RegexOracle oracle = new RegexOracle();
    new PartCompiler(whole, part, isPath, oracle).compile();
    return Pattern.compile(oracle.regex.toString());
  }

  @Override
  public void text(CharSequence literal) {
    regex.append(quote(literal));
  }

  @Override
  public void unit(CharSequence prefix, PartCompiler.Group group, CharSequence suffix, char modifier) {
    String mod = modifier == 0 ? "" : String.valueOf(modifier);
    if (group == null) {
      regex.append("(?:").append(quote(prefix)).append(')').append(mod);
      return;
    }
    String g = switch (group) {
      case ANY_RUN -> ".*";
      case SEGMENT -> "[^/]+?";
      case NONEMPTY_RUN -> ".+?";
    };
    if (modifier == '*' || modifier == '+') {
      regex.append("(?:").append(quote(prefix)).append("((?:").append(g).append(")(?:").append(quote(suffix))
          .append(quote(prefix)).append("(?:").append(g).append("))*)").append(quote(suffix)).append(')')
          .append(modifier == '*' ? "?" : "");
    } else {
      regex.append("(?:").append(quote(prefix)).append("(?:").append(g).append(')').append(quote(suffix))
          .append(')').append(mod);
    }
  }

  private static String quote(CharSequence text) {
    return text.length() == 0 ? "" : Pattern.quote(text.toString());
  }
}
