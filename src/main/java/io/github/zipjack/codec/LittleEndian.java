package io.github.zipjack.codec;

/**
 * Reads the little-endian integers that zstd frames and dictionaries and gzip trailers store. For
 * zipjack's own packages; stateless.
 */
public final class LittleEndian {
  private LittleEndian() {}

  /**
   * {@return the 32-bit little-endian int at {@code bytes[at, at + 4)}}
   *
   * @throws ArrayIndexOutOfBoundsException if the four bytes are not all within {@code bytes}
   */
  public static int readInt(byte[] bytes, int at) {
    return bytes[at] & 0xff | (bytes[at + 1] & 0xff) << 8 | (bytes[at + 2] & 0xff) << 16
        | (bytes[at + 3] & 0xff) << 24;
  }
}
