package io.github.zipjack.codec;

/** Names what a body's first bytes suggest, for error messages about unexpected input. */
public final class BodyStart {
  private BodyStart() {}

  /**
   * {@return a short parenthesised hint such as {@code " (looks like JSON)"}, or an empty string}
   *
   * @param firstByte the body's first byte, 0 to 255
   */
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

  /**
   * {@code count} bytes of {@code bytes} from {@code offset} in lower-case hex, separated by spaces:
   * {@code "7b 22 69 64"}.
   *
   * @param bytes the bytes
   * @param offset the first byte shown
   * @param count how many bytes are shown
   * @return the hex text
   */
  public static String hex(byte[] bytes, int offset, int count) {
    StringBuilder sb = new StringBuilder(count * 3);
    for (int i = 0; i < count; i++) {
      if (i > 0) {
        sb.append(' ');
      }
      sb.append(Character.forDigit((bytes[offset + i] >> 4) & 0xf, 16)).append(Character.forDigit(bytes[offset + i] & 0xf, 16));
    }
    return sb.toString();
  }
}
