package io.github.zipjack.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.zipjack.buffer.SegmentOutputStream;
import io.github.zipjack.buffer.SegmentPool;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A body held until it reaches a minimum: under it, held and never compressed; from the write that
 * reaches it, compressed with the held bytes first, whether it is written an array or a byte at a
 * time; every segment given back on every path.
 */
class HeldUntilMinimumTest {
  private static final int MINIMUM = 1024;
  private static final byte[] TEXT = text(5000);
  private SegmentPool pool;
  private GzipEngine engine;

  @BeforeEach
  void start() {
    pool = new SegmentPool(1 << 20);
    engine = new GzipEngine(new EngineConfig(1, 8192, 8192, 2, null, Long.MAX_VALUE));
  }

  @AfterEach
  void stop() {
    engine.close();
    assertEquals(0, pool.lentCount(), "segments not given back");
  }

  @Test
  void aBodyUnderTheMinimumWrittenAByteAtATimeIsHeldAndNeverCompressed() throws IOException {
    HeldUntilMinimum body = new HeldUntilMinimum(engine, pool, MINIMUM);
    for (int i = 0; i < MINIMUM - 1; i++) {
      body.write(TEXT[i]);
    }
    assertNull(body.encoder());
    assertEquals(0, body.compressedSize());
    try (SegmentOutputStream held = body.takeHeld()) {
      assertArrayEquals(Arrays.copyOf(TEXT, MINIMUM - 1), held.toByteArray());
    } finally {
      body.release();
    }
  }

  @Test
  void aBodyThatReachesTheMinimumAByteAtATimeIsCompressedHeldBytesFirst() throws IOException {
    HeldUntilMinimum body = new HeldUntilMinimum(engine, pool, MINIMUM);
    for (byte b : TEXT) {
      body.write(b);
    }
    assertNotNull(body.encoder());
    assertCompressedToText(body);
  }

  @Test
  void aBodyWrittenAsArraysThatReachesTheMinimumIsCompressedWhole() throws IOException {
    HeldUntilMinimum body = new HeldUntilMinimum(engine, pool, MINIMUM);
    body.write(TEXT, 0, 600);
    body.write(TEXT, 600, TEXT.length - 600);
    assertCompressedToText(body);
  }

  @Test
  void releaseGivesBackTheHeldAndCompressedSegmentsWhenNothingWasTaken() throws IOException {
    HeldUntilMinimum underMinimum = new HeldUntilMinimum(engine, pool, MINIMUM);
    underMinimum.write(TEXT, 0, 100);
    underMinimum.release();
    HeldUntilMinimum compressing = new HeldUntilMinimum(engine, pool, MINIMUM);
    compressing.write(TEXT, 0, TEXT.length);
    compressing.release();
  }

  /** Finishes the body's encoder, takes its compressed bytes (as many as it counted) and releases it. */
  private static void assertCompressedToText(HeldUntilMinimum body) throws IOException {
    body.encoder().finish();
    long compressedSize = body.compressedSize();
    try (SegmentOutputStream compressed = body.takeCompressed()) {
      assertEquals(compressedSize, compressed.size());
      assertArrayEquals(TEXT, gunzip(compressed.toByteArray()));
    } finally {
      body.release();
    }
  }

  private static byte[] gunzip(byte[] body) throws IOException {
    try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
      return in.readAllBytes();
    }
  }

  private static byte[] text(int length) {
    byte[] text = new byte[length];
    for (int i = 0; i < length; i++) {
      text[i] = (byte) ('a' + (i * 7 + i / 13) % 26);
    }
    return text;
  }
}
