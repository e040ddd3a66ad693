package io.github.zipjack.codec;

import java.util.zip.Deflater;

/**
 * The fixed parts of the one gzip member (RFC 1952, section 2.3) that every zipjack gzip encoder
 * writes, whatever makes the deflate data between them: a 10-byte header with no optional fields and
 * no modification time, and an 8-byte trailer. Stateless; the caller owns the arrays written into.
 */
final class GzipFraming {
  /** Bytes of the header zipjack writes (no optional fields). */
  static final int HEADER_BYTES = 10;
  /** Bytes of the trailer: CRC-32 then ISIZE, both little-endian. */
  static final int TRAILER_BYTES = 8;
  /** OS field: "unknown"; the body is made the same on every platform. */
  private static final int OS_UNKNOWN = 255;

  private GzipFraming() {}

  /**
   * Writes the header into {@code dst[at, at + 10)}.
   *
   * @param level the gzip level 0 to 9, which only sets XFL: 2 for 9 (slowest), 4 for 1 (fastest)
   */
  static void writeHeader(byte[] dst, int at, int level) {
    dst[at] = (byte) GzipEngine.MAGIC_1;
    dst[at + 1] = (byte) GzipEngine.MAGIC_2;
    dst[at + 2] = Deflater.DEFLATED;
    dst[at + 3] = 0; // FLG: no name, comment, extra field or header CRC
    dst[at + 4] = dst[at + 5] = dst[at + 6] = dst[at + 7] = 0; // MTIME: none
    dst[at + 8] = (byte) (level == 9 ? 2 : level == 1 ? 4 : 0);
    dst[at + 9] = (byte) OS_UNKNOWN;
  }

  /**
   * Writes the trailer into {@code dst[at, at + 8)}.
   *
   * @param crc32 the CRC-32 of the uncompressed data
   * @param size the uncompressed length; only its low 32 bits are written (ISIZE is modulo 2^32)
   */
  static void writeTrailer(byte[] dst, int at, int crc32, long size) {
    writeIntLe(dst, at, crc32);
    writeIntLe(dst, at + 4, (int) size);
  }

  private static void writeIntLe(byte[] dst, int at, int value) {
    dst[at] = (byte) value;
    dst[at + 1] = (byte) (value >>> 8);
    dst[at + 2] = (byte) (value >>> 16);
    dst[at + 3] = (byte) (value >>> 24);
  }
}
