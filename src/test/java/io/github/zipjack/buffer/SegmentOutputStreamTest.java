package io.github.zipjack.buffer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** Bytes written across segments read back in order; close returns what was not handed over. */
class SegmentOutputStreamTest {
  private static final int POOL_BYTES = 64 * Segment.SIZE;

  @Test
  void bytesWrittenAcrossSegmentsReadBackInOrder() {
    byte[] data = new byte[3 * Segment.SIZE + 123];
    new Random(7).nextBytes(data);
    try (SegmentOutputStream out = new SegmentOutputStream(new SegmentPool(POOL_BYTES))) {
      out.write(data, 0, 1000);
      out.write(data[1000]);
      out.write(data, 1001, data.length - 1001);

      assertEquals(data.length, out.size());
      assertArrayEquals(data, out.toByteArray());
    }
  }

  @Test
  void aDirectBufferIsCopiedAcrossSegmentsAndConsumed() {
    byte[] data = new byte[2 * Segment.SIZE + 77];
    new Random(11).nextBytes(data);
    java.nio.ByteBuffer source = java.nio.ByteBuffer.allocateDirect(data.length).put(data).flip();
    try (SegmentOutputStream out = new SegmentOutputStream(new SegmentPool(POOL_BYTES))) {
      out.write(data, 0, 5);
      source.position(5);

      out.write(source);

      assertEquals(0, source.remaining());
      assertEquals(data.length, out.size());
      assertArrayEquals(data, out.toByteArray());
    }
  }

  @Test
  void directWritesIntoTheTailSegmentAreCounted() {
    try (SegmentOutputStream out = new SegmentOutputStream(new SegmentPool(POOL_BYTES))) {
      Segment tail = out.writableSegment();
      tail.data[tail.limit] = 42;
      tail.limit += 1;
      out.committed(1);

      assertArrayEquals(new byte[] {42}, out.toByteArray());
    }
  }

  @Test
  void closeReturnsTheSegmentsToThePool() {
    SegmentPool pool = new SegmentPool(POOL_BYTES);
    SegmentOutputStream out = new SegmentOutputStream(pool);
    out.write(new byte[2 * Segment.SIZE + 1], 0, 2 * Segment.SIZE + 1);

    out.close();

    assertEquals(3L * Segment.SIZE, pool.idleBytes());
  }

  @Test
  void closeAfterDetachReturnsNothing() {
    SegmentPool pool = new SegmentPool(POOL_BYTES);
    SegmentOutputStream out = new SegmentOutputStream(pool);
    out.write(new byte[2 * Segment.SIZE], 0, 2 * Segment.SIZE);
    Segment head = out.detach();

    out.close();

    assertEquals(0, pool.idleBytes());
    assertEquals(Segment.SIZE, head.readableBytes());
    assertEquals(Segment.SIZE, head.next().readableBytes());
    assertNull(head.next().next());
  }

  @Test
  void detachOfAnEmptyStreamIsNull() {
    try (SegmentOutputStream out = new SegmentOutputStream(new SegmentPool(POOL_BYTES))) {
      assertNull(out.detach());
      assertEquals(0, out.size());
    }
  }
}
