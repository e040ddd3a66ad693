package io.github.zipjack.codec;

/** Names what a body's first byte suggests, for error messages about unexpected input. */
public final class BodyStart {
  private BodyStart() {}

  /** A short parenthesised hint such as {@code " (looks like JSON)"}, or an empty string. */
  public static String describe(int firstByte) {
    switch (firstByte) {
      case '{':
      case '[':
      case '"':
        return " (looks like uncompressed JSON)";
      case 0x1f:
        return " (looks like gzip)";
      case 0x28:
        return " (may be zstd)";
      default:
        return (firstByte & 0xf0) == 0x80 || (firstByte & 0xf0) == 0x90 || firstByte == 0xdc || firstByte == 0xdd
            ? " (looks like uncompressed MessagePack)" : "";
    }
  }
}
