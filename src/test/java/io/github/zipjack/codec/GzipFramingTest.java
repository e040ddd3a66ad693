package io.github.zipjack.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Where a gzip member's deflate data starts, read from an array: every optional header field is
 * skipped, and anything that is not a whole header followed by room for a trailer gives -1, so that
 * the strict stream reader says what is wrong.
 */
class GzipFramingTest {
  private static final byte[] EIGHT_BYTES_OF_DATA_AND_TRAILER = new byte[8 + GzipFraming.TRAILER_BYTES];

  @Test
  void plainHeaderEndsAfterTenBytes() {
    byte[] member = member(0, new byte[0]);
    assertEquals(GzipFraming.HEADER_BYTES, GzipFraming.deflateStart(member, 0, member.length));
  }

  @Test
  void startIsCountedFromTheOffset() {
    byte[] member = member(0, new byte[0]);
    byte[] shifted = new byte[member.length + 5];
    System.arraycopy(member, 0, shifted, 5, member.length);
    assertEquals(5 + GzipFraming.HEADER_BYTES, GzipFraming.deflateStart(shifted, 5, member.length));
  }

  @Test
  void extraFieldNameCommentAndHeaderCrcAreSkipped() {
    ByteArrayOutputStream optional = new ByteArrayOutputStream();
    optional.write(3);
    optional.write(0); // XLEN = 3
    optional.writeBytes(new byte[] {1, 2, 3});
    optional.writeBytes("body.json\0".getBytes(StandardCharsets.ISO_8859_1));
    optional.writeBytes("a comment\0".getBytes(StandardCharsets.ISO_8859_1));
    optional.writeBytes(new byte[] {0x12, 0x34}); // header CRC16, not checked here
    int flags = GzipFraming.FEXTRA | GzipFraming.FNAME | GzipFraming.FCOMMENT | GzipFraming.FHCRC;
    byte[] member = member(flags, optional.toByteArray());
    assertEquals(GzipFraming.HEADER_BYTES + optional.size(), GzipFraming.deflateStart(member, 0, member.length));
  }

  @Test
  void reservedFlagBitsGiveMinusOne() {
    byte[] member = member(0x20, new byte[0]);
    assertEquals(-1, GzipFraming.deflateStart(member, 0, member.length));
  }

  @Test
  void wrongMagicGivesMinusOne() {
    byte[] member = member(0, new byte[0]);
    member[1] = (byte) 0x8c;
    assertEquals(-1, GzipFraming.deflateStart(member, 0, member.length));
  }

  @Test
  void nameWithoutItsZeroBeforeTheTrailerGivesMinusOne() {
    byte[] member = member(GzipFraming.FNAME, "unterminated".getBytes(StandardCharsets.ISO_8859_1));
    // the name runs into the data and trailer, which hold no zero either
    java.util.Arrays.fill(member, GzipFraming.HEADER_BYTES, member.length, (byte) 'x');
    assertEquals(-1, GzipFraming.deflateStart(member, 0, member.length));
  }

  @Test
  void extraFieldLongerThanTheBodyGivesMinusOne() {
    byte[] member = member(GzipFraming.FEXTRA, new byte[] {(byte) 0xff, (byte) 0xff});
    assertEquals(-1, GzipFraming.deflateStart(member, 0, member.length));
  }

  @Test
  void bodyShorterThanHeaderAndTrailerGivesMinusOne() {
    byte[] member = member(0, new byte[0]);
    assertEquals(-1, GzipFraming.deflateStart(member, 0, GzipFraming.HEADER_BYTES + GzipFraming.TRAILER_BYTES - 1));
  }

  /** A header with {@code flags} and {@code optional} fields, then 8 bytes of data and a trailer. */
  private static byte[] member(int flags, byte[] optional) {
    byte[] header = new byte[GzipFraming.HEADER_BYTES];
    GzipFraming.writeHeader(header, 0, 1);
    header[3] = (byte) flags;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(header);
    out.writeBytes(optional);
    out.writeBytes(EIGHT_BYTES_OF_DATA_AND_TRAILER);
    return out.toByteArray();
  }
}
