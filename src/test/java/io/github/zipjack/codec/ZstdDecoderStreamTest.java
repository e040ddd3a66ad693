package io.github.zipjack.codec;

import static io.github.zipjack.codec.ZstdBodies.concat;
import static io.github.zipjack.codec.ZstdBodies.decode;
import static io.github.zipjack.codec.ZstdBodies.encode;
import static io.github.zipjack.codec.ZstdBodies.engine;
import static io.github.zipjack.codec.ZstdBodies.text;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.ChecksumMismatchException;
import io.github.zipjack.DecodeLimitExceededException;
import io.github.zipjack.MalformedBodyException;
import io.github.zipjack.TruncatedBodyException;
import io.github.zipjack.WrongDictionaryException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The strict zstd decoder: it gives back exactly what was encoded (frame after frame), refuses
 * frames too large for maxDecodedBytes from their header alone, names what is wrong with anything
 * else, and returns its context to the pool exactly once.
 */
class ZstdDecoderStreamTest {
  private static final byte[] PLAIN = text(200_000, 2);
  private static final byte[] MAGIC = {0x28, (byte) 0xb5, 0x2f, (byte) 0xfd};

  /** Its frames end with a checksum, which a damaged body fails. */
  private final ZstdEngine engine = ZstdBodies.checksummingEngine(3);
  private final byte[] body = encodeOrFail(PLAIN);

  @AfterEach
  void closeEngine() {
    engine.close();
  }

  @Test
  void concatenatedFramesDecodeToTheConcatenatedContent() throws IOException {
    byte[] second = text(3_000, 3);

    assertArrayEquals(concat(PLAIN, second), decode(engine, concat(body, encodeOrFail(second))));
  }

  @Test
  void skippableFrameBetweenFramesIsSkipped() throws IOException {
    byte[] skippable = {0x5a, 0x2a, 0x4d, 0x18, 3, 0, 0, 0, 'a', 'b', 'c'};

    assertArrayEquals(concat(PLAIN, PLAIN), decode(engine, concat(body, skippable, body)));
  }

  @Test
  void sourceThatGivesOneByteAtATimeDecodesTheSame() throws IOException {
    try (InputStream in = engine.decoder(new OneByteAtATime(concat(body, body)))) {
      assertArrayEquals(concat(PLAIN, PLAIN), in.readAllBytes());
    }
  }

  @Test
  void singleByteReadsGiveTheSameBytes() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (InputStream in = engine.decoder(new ByteArrayInputStream(body))) {
      for (int b; (b = in.read()) >= 0; ) {
        out.write(b);
      }
    }

    assertArrayEquals(PLAIN, out.toByteArray());
  }

  @Test
  void emptyBodyIsTruncated() {
    TruncatedBodyException e = assertThrows(TruncatedBodyException.class, () -> decode(engine, new byte[0]));
    assertEquals("body is empty; expected a zstd frame (28 b5 2f fd)", e.getMessage());
  }

  @Test
  void uncompressedJsonIsMalformedNamingItsStart() {
    byte[] json = "{\"a\":1}".getBytes(StandardCharsets.US_ASCII);

    MalformedBodyException e = assertThrows(MalformedBodyException.class, () -> decode(engine, json));
    assertEquals("body is not zstd: it starts with 7b 22 61 22, zstd starts with 28 b5 2f fd"
        + " (looks like uncompressed JSON)", e.getMessage());
  }

  @Test
  void gzipBodyIsMalformedSayingItLooksLikeGzip() throws IOException {
    ByteArrayOutputStream gzip = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(gzip)) {
      out.write(PLAIN);
    }

    MalformedBodyException e = assertThrows(MalformedBodyException.class, () -> decode(engine, gzip.toByteArray()));
    assertEquals("body is not zstd: it starts with 1f 8b 08 00, zstd starts with 28 b5 2f fd (looks like gzip)",
        e.getMessage());
  }

  @Test
  void oneByteThatIsNotZstdIsMalformed() {
    MalformedBodyException e = assertThrows(MalformedBodyException.class, () -> decode(engine, new byte[] {'x'}));
    assertEquals("body is not zstd: it starts with 78, zstd starts with 28 b5 2f fd", e.getMessage());
  }

  @Test
  void bodyCutInsideTheMagicNumberIsTruncated() {
    TruncatedBodyException e = assertThrows(TruncatedBodyException.class, () -> decode(engine, Arrays.copyOf(body, 3)));
    assertEquals("zstd body is truncated: it ends inside the magic number of frame 1, after 3 bytes", e.getMessage());
  }

  @Test
  void bodyCutInsideTheFrameHeaderIsTruncated() {
    TruncatedBodyException e = assertThrows(TruncatedBodyException.class, () -> decode(engine, Arrays.copyOf(body, 5)));
    assertEquals("zstd body is truncated: it ends inside the header of frame 1 (from byte 0), after 5 bytes",
        e.getMessage());
  }

  @Test
  void bodyCutInsideTheDataIsTruncated() {
    int cut = body.length / 2;

    TruncatedBodyException e = assertThrows(TruncatedBodyException.class, () -> decode(engine, Arrays.copyOf(body, cut)));
    assertEquals("zstd body is truncated: it ends inside frame 1 (from byte 0), after " + cut + " bytes", e.getMessage());
  }

  @Test
  void bodyCutInsideTheChecksumIsTruncated() {
    int cut = body.length - 1;

    TruncatedBodyException e = assertThrows(TruncatedBodyException.class, () -> decode(engine, Arrays.copyOf(body, cut)));
    assertEquals("zstd body is truncated: it ends inside frame 1 (from byte 0), after " + cut + " bytes", e.getMessage());
  }

  @Test
  void secondFrameCutInsideItsMagicNumberIsTruncated() {
    byte[] cut = concat(body, Arrays.copyOf(MAGIC, 2));

    TruncatedBodyException e = assertThrows(TruncatedBodyException.class, () -> decode(engine, cut));
    assertEquals("zstd body is truncated: it ends inside the magic number of frame 2, after " + cut.length + " bytes",
        e.getMessage());
  }

  @Test
  void wrongChecksumIsAChecksumMismatchWithTheOffset() {
    byte[] corrupt = body.clone();
    corrupt[corrupt.length - 1] ^= 1;

    ChecksumMismatchException e = assertThrows(ChecksumMismatchException.class, () -> decode(engine, corrupt));
    assertEquals("zstd body is corrupt: frame 1 (from byte 0) fails at or before byte " + corrupt.length
        + ": Restored data doesn't match checksum", e.getMessage());
  }

  @Test
  void corruptDataIsMalformedWithTheOffset() {
    byte[] corrupt = body.clone();
    for (int i = body.length / 2; i < body.length / 2 + 16; i++) {
      corrupt[i] = (byte) ~corrupt[i];
    }

    MalformedBodyException e = assertThrows(MalformedBodyException.class, () -> decode(engine, corrupt));
    assertTrue(e.getMessage().startsWith("zstd body is corrupt: frame 1 (from byte 0) fails at or before byte "),
        e.getMessage());
  }

  @Test
  void dataAfterTheFrameIsMalformed() {
    byte[] trailing = concat(body, "\nxyz".getBytes(StandardCharsets.US_ASCII));

    MalformedBodyException e = assertThrows(MalformedBodyException.class, () -> decode(engine, trailing));
    assertEquals("body has data after its zstd frame: 0a 78 79 7a at byte " + body.length
        + ", where only the end or another frame (28 b5 2f fd) may follow", e.getMessage());
  }

  @Test
  void frameWhoseWindowExceedsMaxDecodedBytesIsRefusedBeforeDecoding() throws IOException {
    // a window of 2^30 bytes, then bytes that are no zstd block at all: only the header is read
    byte[] header = concat(MAGIC, new byte[] {0x00, (byte) 0xa0, (byte) 0xff, (byte) 0xff, (byte) 0xff});

    DecodeLimitExceededException e = assertThrows(DecodeLimitExceededException.class, () -> decode(engine, header));
    assertEquals("maxDecodedBytes", e.limitName());
    assertEquals(ZstdBodies.DEFAULT_MAX_DECODED_BYTES, e.limit());
    assertEquals("zstd frame 1 (from byte 0) declares a window of 1073741824 bytes, more than maxDecodedBytes"
        + " (67108864); refused before decoding", e.getMessage());
  }

  @Test
  void realFrameWhoseWindowExceedsASmallMaxDecodedBytesIsRefused() throws IOException {
    byte[] twoMegabytes = encodeOrFail(text(2 * 1024 * 1024, 4)); // single segment: the window is the content size
    try (ZstdEngine strict = engine(3, 1024 * 1024)) {
      DecodeLimitExceededException e = assertThrows(DecodeLimitExceededException.class, () -> decode(strict, twoMegabytes));
      assertEquals(1024 * 1024, e.limit());
      assertTrue(e.getMessage().startsWith("zstd frame 1 (from byte 0) declares a window of 2097152 bytes"), e.getMessage());
    }
  }

  @Test
  void frameWhoseContentSizeExceedsMaxDecodedBytesIsRefused() {
    // window 1 MiB, content size 2^40 in an 8-byte field
    byte[] header = concat(MAGIC, new byte[] {(byte) 0xc0, 0x50, 0, 0, 0, 0, 0, 1, 0, 0});

    DecodeLimitExceededException e = assertThrows(DecodeLimitExceededException.class, () -> decode(engine, header));
    assertEquals("zstd frame 1 (from byte 0) declares 1099511627776 bytes of content, more than maxDecodedBytes"
        + " (67108864); refused before decoding", e.getMessage());
  }

  @Test
  void windowAboveWhatZstdDecodesIsRefusedEvenUnderALargerLimit() {
    byte[] header = concat(MAGIC, new byte[] {0x00, (byte) 0x90, (byte) 0xff}); // 2^28 bytes
    try (ZstdEngine lenient = engine(3, Long.MAX_VALUE)) {
      DecodeLimitExceededException e = assertThrows(DecodeLimitExceededException.class, () -> decode(lenient, header));
      assertEquals(ZstdDecoderStream.WINDOW_LIMIT_NAME, e.limitName());
      assertEquals(1L << 27, e.limit());
    }
  }

  @Test
  void frameThatNeedsADictionaryIsTheWrongDictionary() {
    byte[] header = concat(MAGIC, new byte[] {0x01, 0x50, 0x07, (byte) 0xff});

    WrongDictionaryException e = assertThrows(WrongDictionaryException.class, () -> decode(engine, header));
    assertEquals("zstd frame 1 (from byte 0) needs dictionary 7, but this pipeline has no dictionary (HTTP's zstd "
        + "coding uses none; a pipeline with Compression.zstd(level, dictionary) decodes it)", e.getMessage());
    assertEquals(7, e.frameDictionaryId());
    assertEquals(0, e.expectedDictionaryId());
  }

  @Test
  void reservedDescriptorBitIsMalformed() {
    byte[] header = concat(MAGIC, new byte[] {0x08, 0x50, (byte) 0xff});

    MalformedBodyException e = assertThrows(MalformedBodyException.class, () -> decode(engine, header));
    assertEquals("zstd frame header has its reserved bit set: descriptor 08 at byte 4", e.getMessage());
  }

  @Test
  void contextIsReusedCleanAfterACorruptBody() throws IOException {
    byte[] corrupt = body.clone();
    corrupt[corrupt.length / 2] ^= 0x55;
    assertThrows(MalformedBodyException.class, () -> decode(engine, corrupt));

    assertArrayEquals(PLAIN, decode(engine, body));
    assertEquals(2, engine.contexts().createdCount(), "one compression and one decompression context");
  }

  @Test
  void closingTwiceReturnsTheContextOnce() throws IOException {
    InputStream decoder = engine.decoder(new ByteArrayInputStream(body));
    decoder.close();
    decoder.close();

    assertArrayEquals(PLAIN, decode(engine, body));
    assertArrayEquals(PLAIN, decode(engine, body));
    assertEquals(2, engine.contexts().createdCount(), "one compression and one decompression context");
  }

  @Test
  void closingTheDecoderClosesTheBody() throws IOException {
    OneByteAtATime source = new OneByteAtATime(body);

    engine.decoder(source).close();

    assertTrue(source.closed);
  }

  @Test
  void readAfterCloseFails() throws IOException {
    InputStream decoder = engine.decoder(new ByteArrayInputStream(body));
    decoder.close();

    IOException e = assertThrows(IOException.class, () -> decoder.read(new byte[10], 0, 10));
    assertEquals("stream is closed", e.getMessage());
  }

  private byte[] encodeOrFail(byte[] plain) {
    try {
      return encode(engine, plain);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  /** A source that returns at most one byte per read, and remembers being closed. */
  private static final class OneByteAtATime extends InputStream {
    private final byte[] bytes;
    private int pos;
    boolean closed;

    OneByteAtATime(byte[] bytes) {
      this.bytes = bytes;
    }

    @Override
    public int read() {
      return pos < bytes.length ? bytes[pos++] & 0xff : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      if (len == 0) {
        return 0;
      }
      int c = read();
      if (c < 0) {
        return -1;
      }
      b[off] = (byte) c;
      return 1;
    }

    @Override
    public void close() {
      closed = true;
    }
  }
}
