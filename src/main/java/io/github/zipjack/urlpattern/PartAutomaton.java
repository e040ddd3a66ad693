package io.github.zipjack.urlpattern;

import java.util.Arrays;

/**
 * One compiled part of a {@link UrlPattern}: a nondeterministic automaton (Thompson's construction)
 * whose states each take one character or split without taking any, matched by following every
 * state the input can be in at once. Whatever the pattern, a match visits each state at most once
 * per input character: at most {@code (input length + 1) * states()} visits, with no backtracking.
 * Immutable and thread-safe. A part that is only text, or text, one {@code *} and text, the shape of
 * most dictionaries' patterns ({@code /api/*}, {@code /static/*.js}), is matched by comparing that
 * text, allocating nothing; any other allocates four arrays of {@link #states()} ints a match.
 */
final class PartAutomaton {
  private static final int MATCH = -1;
  private static final int SPLIT = -2;
  private static final int JUMP = -3;
  /** Takes any character but a line terminator, as {@code .} of java.util.regex did before it. */
  private static final int ANY = -4;
  private static final int NOT_SLASH = -5;

  /** Per state: the character it takes (0 to 0xFFFF), or one of the negative codes above. */
  private final int[] ops;
  /** Per state: where it goes after its character, or without one for SPLIT and JUMP. */
  private final int[] next;
  /** Per SPLIT state: its second way on. */
  private final int[] alt;
  /** The text a part of only text, or of text, {@code *} and text, starts with; null for any other part. */
  private final String prefix;
  /** The text after the part's one {@code *}; null when the part is only text (or not of this shape). */
  private final String suffix;

  private PartAutomaton(int[] ops, int[] next, int[] alt) {
    this.ops = ops;
    this.next = next;
    this.alt = alt;
    int star = textEnd(0);
    String before = null;
    String after = null;
    if (ops[star] == MATCH) {
      before = text(0, star);
    } else if (ops[star] == SPLIT && star + 2 < ops.length && next[star] == star + 1 && alt[star] == star + 2
        && ops[star + 1] == ANY && next[star + 1] == star) {
      int end = textEnd(star + 2);
      if (ops[end] == MATCH) {
        before = text(0, star);
        after = text(star + 2, end);
      }
    }
    this.prefix = before;
    this.suffix = after;
  }

  /** The first state from {@code start} on that is not a character followed by the next state. */
  private int textEnd(int start) {
    int end = start;
    while (ops[end] >= 0 && next[end] == end + 1) {
      end++;
    }
    return end;
  }

  /** The characters the states from {@code start} to {@code end} (exclusive) take. */
  private String text(int start, int end) {
    char[] chars = new char[end - start];
    for (int i = start; i < end; i++) {
      chars[i - start] = (char) ops[i];
    }
    return new String(chars);
  }

  /** {@return how many states it has, at most two per character of its part, plus one} */
  int states() {
    return ops.length;
  }

  /** Whether the whole of {@code input} matches. */
  boolean matches(CharSequence input) {
    return prefix == null ? new Run().matches(input) : matchesText(input);
  }

  /** {@link #matches} for a part of only text ({@link #prefix}), or of {@link #prefix}, {@code *} and {@link #suffix}. */
  private boolean matchesText(CharSequence input) {
    int length = input.length();
    int starts = prefix.length();
    if (suffix == null ? length != starts : length < starts + suffix.length()) {
      return false;
    }
    if (!sameChars(input, 0, prefix)) {
      return false;
    }
    if (suffix == null) {
      return true;
    }
    int ends = length - suffix.length();
    if (!sameChars(input, ends, suffix)) {
      return false;
    }
    for (int i = starts; i < ends; i++) {
      if (!takes(ANY, input.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  private static boolean sameChars(CharSequence input, int from, String text) {
    for (int i = 0; i < text.length(); i++) {
      if (input.charAt(from + i) != text.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  /** How many state visits matching {@code input} takes; at most {@code (input.length() + 1) * states()}. */
  long visits(CharSequence input) {
    Run run = new Run();
    run.matches(input);
    return run.visits;
  }

  private static boolean takes(int op, char c) {
    return op == c || op == NOT_SLASH && c != '/' || op == ANY && c != '\n' && c != '\r' && c != '\u0085'
        && c != '\u2028' && c != '\u2029';
  }

  /** One match: the set of states the input read so far can be in. */
  private final class Run {
    /** The states that take a character (or MATCH) reached so far, {@link #count} of them. */
    private int[] current = new int[ops.length];
    private int[] following = new int[ops.length];
    private int count;
    /** {@code seen[s] == generation}: s is already in the set being built. */
    private final int[] seen = new int[ops.length];
    private final int[] stack = new int[ops.length];
    private int generation;
    private long visits;

    boolean matches(CharSequence input) {
      generation = 1;
      count = enter(0, current, 0);
      for (int i = 0; i < input.length() && count > 0; i++) {
        char c = input.charAt(i);
        generation++;
        int reached = 0;
        for (int k = 0; k < count; k++) {
          int state = current[k];
          if (takes(ops[state], c)) {
            reached = enter(next[state], following, reached);
          }
        }
        int[] swap = current;
        current = following;
        following = swap;
        count = reached;
      }
      for (int k = 0; k < count; k++) {
        if (ops[current[k]] == MATCH) {
          return true;
        }
      }
      return false;
    }

    /** Adds {@code state} and every state it reaches without a character to {@code set}; the new count. */
    private int enter(int state, int[] set, int count) {
      if (seen[state] == generation) {
        return count;
      }
      seen[state] = generation;
      int top = 0;
      stack[top++] = state;
      while (top > 0) {
        int s = stack[--top];
        visits++;
        int op = ops[s];
        if (op == SPLIT || op == JUMP) {
          top = push(next[s], top);
          if (op == SPLIT) {
            top = push(alt[s], top);
          }
        } else {
          set[count++] = s;
        }
      }
      return count;
    }

    private int push(int state, int top) {
      if (seen[state] != generation) {
        seen[state] = generation;
        stack[top++] = state;
      }
      return top;
    }
  }

  /** Builds an automaton from what a {@link PartCompiler} reads; one use, not thread-safe. */
  static final class Builder implements PartCompiler.Target {
    private int[] ops = new int[16];
    private int[] next = new int[16];
    private int[] alt = new int[16];
    private int size;

    @Override
    public void text(CharSequence literal) {
      for (int i = 0; i < literal.length(); i++) {
        add(literal.charAt(i), size + 1, 0);
      }
    }

    @Override
    public void unit(CharSequence prefix, PartCompiler.Group group, CharSequence suffix, char modifier) {
      if (modifier == '?' || modifier == '*') {
        int split = add(SPLIT, size + 1, 0);
        body(prefix, group, suffix);
        if (modifier == '*') {
          add(JUMP, split, 0);
        }
        alt[split] = size;
      } else if (modifier == '+') {
        int start = size;
        body(prefix, group, suffix);
        add(SPLIT, start, size + 1);
      } else {
        body(prefix, group, suffix);
      }
    }

    private void body(CharSequence prefix, PartCompiler.Group group, CharSequence suffix) {
      text(prefix);
      if (group == PartCompiler.Group.ANY_RUN) {
        int split = add(SPLIT, size + 1, 0);
        add(ANY, split, 0);
        alt[split] = size;
      } else if (group != null) {
        int start = add(group == PartCompiler.Group.SEGMENT ? NOT_SLASH : ANY, size + 1, 0);
        add(SPLIT, start, size + 1);
      }
      text(suffix);
    }

    /** Adds a state; its index. */
    private int add(int op, int nextState, int altState) {
      if (size == ops.length) {
        ops = Arrays.copyOf(ops, size * 2);
        next = Arrays.copyOf(next, size * 2);
        alt = Arrays.copyOf(alt, size * 2);
      }
      ops[size] = op;
      next[size] = nextState;
      alt[size] = altState;
      return size++;
    }

    PartAutomaton build() {
      add(MATCH, 0, 0);
      return new PartAutomaton(Arrays.copyOf(ops, size), Arrays.copyOf(next, size), Arrays.copyOf(alt, size));
    }
  }
}
