package io.github.zipjack;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * One gzip member read by hand after RFC 1952, section 2.3, without java.util.zip's GZIP classes:
 * the header fields, the raw-inflated data, the trailer, and how many bytes follow the trailer.
 * Only the fixed 10-byte header is understood; {@link #parse(byte[])} refuses optional fields
 * (FLG other than 0), which zipjack never writes.
 *
 * @param magic the first two bytes, big-endian ({@code 0x1f8b} for gzip)
 * @param compressionMethod CM, 8 for deflate
 * @param flags FLG
 * @param extraFlags XFL: 2 for the slowest level, 4 for the fastest
 * @param data the inflated bytes
 * @param trailerCrc32 CRC32 from the trailer
 * @param trailerSize ISIZE from the trailer: the data's length modulo 2^32
 * @param bytesAfterTrailer bytes left over after the 8-byte trailer
 */
public record GzipMember(int magic, int compressionMethod, int flags, int extraFlags, byte[] data,
    long trailerCrc32, long trailerSize, int bytesAfterTrailer) {
  private static final int HEADER_BYTES = 10;
  private static final int TRAILER_BYTES = 8;

  /**
   * Reads the member at the start of {@code body}.
   *
   * @throws IllegalArgumentException if the body is too short, has optional header fields, or its
   *     deflate stream is corrupt or ends early
   */
  public static GzipMember parse(byte[] body) {
    if (body.length < HEADER_BYTES + TRAILER_BYTES) {
      throw new IllegalArgumentException("a gzip member has at least 18 bytes: " + body.length);
    }
    int magic = (body[0] & 0xff) << 8 | (body[1] & 0xff);
    int flags = body[3] & 0xff;
    if (flags != 0) {
      throw new IllegalArgumentException("FLG must be 0 (no optional fields, no reserved bits): " + flags);
    }
    RawDeflate deflate = RawDeflate.inflate(body, HEADER_BYTES);
    if (deflate.bytesAfter() < TRAILER_BYTES) {
      throw new IllegalArgumentException("trailer has " + deflate.bytesAfter() + " of 8 bytes");
    }
    int trailerAt = body.length - deflate.bytesAfter();
    ByteBuffer trailer = ByteBuffer.wrap(body, trailerAt, TRAILER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    long crc = Integer.toUnsignedLong(trailer.getInt());
    long size = Integer.toUnsignedLong(trailer.getInt());
    return new GzipMember(magic, body[2] & 0xff, flags, body[8] & 0xff, deflate.data(), crc, size,
        deflate.bytesAfter() - TRAILER_BYTES);
  }

  /**
   * One raw deflate stream (RFC 1951) inflated with java.util.zip's Inflater.
   *
   * @param data the inflated bytes
   * @param bytesAfter bytes after the stream's final block
   */
  public record RawDeflate(byte[] data, int bytesAfter) {
    /**
     * Inflates the stream that starts at {@code bytes[offset]}.
     *
     * @throws IllegalArgumentException if the stream is corrupt or ends before its final block
     */
    public static RawDeflate inflate(byte[] bytes, int offset) {
      Inflater inflater = new Inflater(true);
      try {
        inflater.setInput(bytes, offset, bytes.length - offset);
        java.io.ByteArrayOutputStream data = new java.io.ByteArrayOutputStream();
        byte[] chunk = new byte[64 * 1024];
        while (!inflater.finished()) {
          int n = inflater.inflate(chunk);
          if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
            throw new IllegalArgumentException("deflate stream ends before its final block");
          }
          data.write(chunk, 0, n);
        }
        return new RawDeflate(data.toByteArray(), inflater.getRemaining());
      } catch (DataFormatException e) {
        throw new IllegalArgumentException("corrupt deflate stream: " + e.getMessage(), e);
      } finally {
        inflater.end();
      }
    }
  }

  /** CRC32 of {@link #data()}, to compare with {@link #trailerCrc32()}. */
  public long dataCrc32() {
    CRC32 crc = new CRC32();
    crc.update(data);
    return crc.getValue();
  }

  /** The length of {@link #data()} modulo 2^32, to compare with {@link #trailerSize()}. */
  public long dataSizeModulo32() {
    return data.length & 0xffffffffL;
  }
}
