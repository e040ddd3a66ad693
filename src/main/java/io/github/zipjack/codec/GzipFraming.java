package io.github.zipjack.codec;

import java.util.zip.CRC32;
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
  /** FLG bits (RFC 1952, section 2.3.1). */
  static final int FHCRC = 2;
  static final int FEXTRA = 4;
  static final int FNAME = 8;
  static final int FCOMMENT = 16;
  static final int RESERVED_FLAGS = 0xe0;

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

  /** {@return the uncompressed size (modulo 2^32) the trailer at {@code body[trailer]} gives} */
  static long trailerSize(byte[] body, int trailer) {
    return LittleEndian.readInt(body, trailer + 4) & 0xffffffffL;
  }

  /**
   * {@return whether {@code decoded[0, made)} is what the trailer at {@code body[trailer]} vouches
   * for: as many bytes as it gives, and their CRC-32}
   *
   * @param crc a CRC-32 to compute with; reset here first
   */
  static boolean matchesTrailer(byte[] body, int trailer, byte[] decoded, int made, CRC32 crc) {
    if (made != trailerSize(body, trailer)) {
      return false;
    }
    crc.reset();
    crc.update(decoded, 0, made);
    return (int) crc.getValue() == LittleEndian.readInt(body, trailer);
  }

  /**
   * {@return where the deflate data of the gzip member starting at {@code body[offset]} begins, or -1
   * if the header is not a well-formed one that ends with at least a trailer's worth of bytes after it
   * within {@code [offset, offset + length)}} Optional fields (extra, name, comment, header CRC) are
   * skipped, not checked; a reader that must say what is wrong with a header reads it itself.
   *
   * @param body the array holding the member
   * @param offset where the member starts
   * @param length bytes of the member and whatever follows it
   */
  static int deflateStart(byte[] body, int offset, int length) {
    int end = offset + length - TRAILER_BYTES;
    if (length < HEADER_BYTES + TRAILER_BYTES || (body[offset] & 0xff) != GzipEngine.MAGIC_1
        || (body[offset + 1] & 0xff) != GzipEngine.MAGIC_2 || body[offset + 2] != Deflater.DEFLATED) {
      return -1;
    }
    int flags = body[offset + 3] & 0xff;
    if ((flags & RESERVED_FLAGS) != 0) {
      return -1;
    }
    int at = offset + HEADER_BYTES;
    if ((flags & FEXTRA) != 0) {
      if (at + 2 > end) {
        return -1;
      }
      at += 2 + ((body[at] & 0xff) | (body[at + 1] & 0xff) << 8);
    }
    if ((flags & FNAME) != 0) {
      at = pastZero(body, at, end);
    }
    if ((flags & FCOMMENT) != 0) {
      at = pastZero(body, at, end);
    }
    if ((flags & FHCRC) != 0) {
      at += 2;
    }
    return at <= end ? at : -1;
  }

  /** {@return the index after the zero that ends the string at {@code at}, or past {@code end} if none does before it} */
  private static int pastZero(byte[] body, int at, int end) {
    while (at < end && body[at] != 0) {
      at++;
    }
    return at + 1;
  }

  private static void writeIntLe(byte[] dst, int at, int value) {
    dst[at] = (byte) value;
    dst[at + 1] = (byte) (value >>> 8);
    dst[at + 2] = (byte) (value >>> 16);
    dst[at + 3] = (byte) (value >>> 24);
  }
}
