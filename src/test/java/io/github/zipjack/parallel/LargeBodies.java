package io.github.zipjack.parallel;

import io.github.zipjack.Compression;
import io.github.zipjack.Pipeline;
import io.github.zipjack.WordText;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Values whose JSON has an exact byte count, for tests of bodies cut into parallel parts: a string
 * of word text (no character JSON escapes) serializes to its length plus two quotes.
 */
final class LargeBodies {
  private LargeBodies() {}

  /** A value whose JSON is exactly {@code jsonBytes} bytes (at least 2). */
  static String ofJsonBytes(int jsonBytes, long seed) {
    byte[] text = WordText.of(jsonBytes - 2, seed);
    for (int i = 0; i < text.length; i++) {
      if (text[i] == '\n') {
        text[i] = ' ';
      }
    }
    return new String(text, StandardCharsets.US_ASCII);
  }

  /** A list of records whose JSON is a few MB: what a service returns. */
  static List<Map<String, Object>> records(int count) {
    List<Map<String, Object>> records = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      records.add(Map.of("id", i, "name", "person " + i, "text", ofJsonBytes(200 + i % 300, i), "score", i * 0.25));
    }
    return records;
  }

  /** The serialized bytes of {@code value}, uncompressed. */
  static byte[] json(Object value) {
    try (Pipeline identity = Pipeline.builder().compression(Compression.none()).build()) {
      return identity.encode(value);
    }
  }
}
