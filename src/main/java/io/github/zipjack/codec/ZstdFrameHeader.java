package io.github.zipjack.codec;

import io.github.zipjack.MalformedBodyException;
import java.nio.ByteBuffer;

/**
 * The facts a Zstandard frame header (RFC 8878, section 3.1.1.1) declares, read before the frame is
 * decoded so that a decoder can refuse a frame that would need too much memory. Immutable.
 *
 * @param windowBytes the window the decoder must keep (bytes); for a single-segment frame, its
 *     content size
 * @param contentBytes the decoded size the frame declares (bytes), or -1 when it does not say; an
 *     8-byte field above 2^63-1 reads as {@link Long#MAX_VALUE}
 * @param checksum whether the frame ends with a checksum of its content
 * @param dictionaryId the dictionary the frame needs, 0 for none (unsigned)
 * @param headerBytes the header's length, magic number included
 */
record ZstdFrameHeader(long windowBytes, long contentBytes, boolean checksum, long dictionaryId, int headerBytes) {
  /** The magic number that starts every zstd frame, read little-endian: bytes 28 b5 2f fd. */
  static final int MAGIC = 0xFD2FB528;
  /** Bytes of the magic number. */
  static final int MAGIC_BYTES = 4;
  /** Skippable frames have magic numbers 0x184D2A50 to 0x184D2A5F; this masks off the variable nibble. */
  static final int SKIPPABLE_MAGIC_MASK = 0xFFFFFFF0;
  static final int SKIPPABLE_MAGIC = 0x184D2A50;
  /** Bytes of a skippable frame's header: magic number and 4-byte length. */
  static final int SKIPPABLE_HEADER_BYTES = 8;
  /** The longest frame header: magic, descriptor, window, 4-byte dictionary id, 8-byte content size. */
  static final int MAX_HEADER_BYTES = 18;

  private static final int SINGLE_SEGMENT = 0x20;
  private static final int RESERVED = 0x08;
  private static final int CHECKSUM = 0x04;

  /** True if {@code bytes[offset, offset + 4)} is the zstd magic number, 28 b5 2f fd. */
  static boolean isMagic(byte[] bytes, int offset) {
    return LittleEndian.readInt(bytes, offset) == MAGIC;
  }

  /**
   * The length of a header whose Frame_Header_Descriptor (the byte after the magic number) is
   * {@code descriptor}.
   */
  static int headerBytes(int descriptor) {
    boolean singleSegment = (descriptor & SINGLE_SEGMENT) != 0;
    return MAGIC_BYTES + 1 + (singleSegment ? 0 : 1) + dictionaryIdBytes(descriptor)
        + contentSizeBytes(descriptor);
  }

  /**
   * Reads the header that starts at {@code pos} in {@code buf} (absolute; the buffer's position is
   * not moved). The caller has checked the magic number and that {@link #headerBytes(int)} bytes
   * are there.
   *
   * @param offset where the frame starts in the body, for messages
   * @throws MalformedBodyException if the descriptor's reserved bit is set
   */
  static ZstdFrameHeader parse(ByteBuffer buf, int pos, long offset) throws MalformedBodyException {
    int descriptor = buf.get(pos + MAGIC_BYTES) & 0xff;
    if ((descriptor & RESERVED) != 0) {
      throw new MalformedBodyException(String.format(
          "zstd frame header has its reserved bit set: descriptor %02x at byte %d", descriptor, offset + MAGIC_BYTES));
    }
    boolean singleSegment = (descriptor & SINGLE_SEGMENT) != 0;
    int at = pos + MAGIC_BYTES + 1;
    long window = -1;
    if (!singleSegment) {
      int windowDescriptor = buf.get(at++) & 0xff;
      int windowLog = 10 + (windowDescriptor >>> 3);
      long windowBase = 1L << windowLog;
      window = windowBase + (windowBase / 8) * (windowDescriptor & 7);
    }
    int idBytes = dictionaryIdBytes(descriptor);
    long dictionaryId = readLe(buf, at, idBytes);
    at += idBytes;
    int sizeBytes = contentSizeBytes(descriptor);
    long content = -1;
    if (sizeBytes > 0) {
      content = readLe(buf, at, sizeBytes);
      if (sizeBytes == 2) {
        content += 256; // RFC 8878: the 2-byte field is offset by 256
      } else if (content < 0) {
        content = Long.MAX_VALUE; // an 8-byte size above 2^63-1: more than any limit
      }
    }
    return new ZstdFrameHeader(singleSegment ? content : window, content, (descriptor & CHECKSUM) != 0,
        dictionaryId, headerBytes(descriptor));
  }

  private static int dictionaryIdBytes(int descriptor) {
    int flag = descriptor & 3;
    return flag == 3 ? 4 : flag;
  }

  private static int contentSizeBytes(int descriptor) {
    int flag = descriptor >>> 6;
    if (flag == 0) {
      return (descriptor & SINGLE_SEGMENT) != 0 ? 1 : 0;
    }
    return 1 << flag;
  }

  /** Reads {@code count} (0 to 8) bytes little-endian from {@code pos}. */
  static long readLe(ByteBuffer buf, int pos, int count) {
    long value = 0;
    for (int i = count - 1; i >= 0; i--) {
      value = value << 8 | (buf.get(pos + i) & 0xff);
    }
    return value;
  }
}
