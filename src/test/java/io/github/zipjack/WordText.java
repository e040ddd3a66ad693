package io.github.zipjack;

import java.util.SplittableRandom;

/**
 * Deterministic pseudo-random English-like text for tests that need bodies of several MiB that
 * compress as real text does: words drawn at random from a few hundred, with numbers and
 * punctuation, so that neither a long repeated block nor zeros let a compressor cheat.
 */
public final class WordText {
  private static final String[] WORDS = words();

  private WordText() {}

  /** {@code byteCount} bytes of US-ASCII text, the same for the same count and seed. */
  public static byte[] of(int byteCount, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    byte[] text = new byte[byteCount];
    int pos = 0;
    while (pos < byteCount) {
      String piece = switch (random.nextInt(12)) {
        case 0 -> Integer.toString(random.nextInt(100_000));
        case 1 -> ".\n";
        case 2 -> ", ";
        default -> WORDS[random.nextInt(WORDS.length)];
      };
      for (int i = 0; i < piece.length() && pos < byteCount; i++) {
        text[pos++] = (byte) piece.charAt(i);
      }
      if (pos < byteCount) {
        text[pos++] = ' ';
      }
    }
    return text;
  }

  /** 26 stems times 12 endings: 312 words, from the same seed every time. */
  private static String[] words() {
    String[] stems = {"order", "price", "city", "street", "ship", "pay", "bill", "count", "mark", "post", "file",
        "stream", "frame", "block", "window", "level", "serve", "read", "write", "close", "pool", "cache", "limit",
        "body", "head", "trail"};
    String[] endings = {"", "s", "ed", "ing", "er", "ers", "able", "ment", "ly", "ness", "al", "ive"};
    String[] words = new String[stems.length * endings.length];
    int i = 0;
    for (String stem : stems) {
      for (String ending : endings) {
        words[i++] = stem + ending;
      }
    }
    return words;
  }
}
