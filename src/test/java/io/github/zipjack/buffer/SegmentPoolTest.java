package io.github.zipjack.buffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Segments come back empty, the pool stays under its byte cap, and a double release is caught. */
class SegmentPoolTest {
  private static final int POOL_BYTES = 64 * Segment.SIZE;

  @Test
  void recycledSegmentComesBackEmpty() {
    SegmentPool pool = new SegmentPool(POOL_BYTES);
    Segment segment = pool.take();
    segment.pos = 3;
    segment.limit = 100;
    pool.recycleChain(segment);

    Segment again = pool.take();

    assertSame(segment, again);
    assertEquals(0, again.pos);
    assertEquals(0, again.limit);
    assertNull(again.next());
  }

  @Test
  void recycleChainReturnsEverySegment() {
    SegmentPool pool = new SegmentPool(POOL_BYTES);
    SegmentOutputStream out = new SegmentOutputStream(pool);
    out.write(new byte[5 * Segment.SIZE], 0, 5 * Segment.SIZE);

    pool.recycleChain(out.detach());

    assertEquals(5L * Segment.SIZE, pool.idleBytes());
  }

  @Test
  void lentCountIsSegmentsTakenAndNotGivenBack() {
    SegmentPool pool = new SegmentPool(POOL_BYTES);
    Segment first = pool.take();
    Segment second = pool.take();
    pool.take();
    first.next = second;

    pool.recycleChain(first);

    assertEquals(1, pool.lentCount());
  }

  @Test
  void segmentsDroppedByAFullPoolCountAsGivenBack() {
    SegmentPool pool = new SegmentPool(Segment.SIZE);
    List<Segment> segments = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      segments.add(pool.take());
    }
    segments.forEach(pool::recycleChain);

    assertEquals(0, pool.lentCount());
    assertEquals(Segment.SIZE, pool.idleBytes());
  }

  @Test
  void poolNeverHoldsMoreThanItsCap() {
    SegmentPool pool = new SegmentPool(3 * Segment.SIZE);
    List<Segment> segments = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      segments.add(pool.take());
    }
    segments.forEach(pool::recycleChain);

    assertTrue(pool.idleBytes() <= pool.maxPoolBytes(), pool.idleBytes() + " idle bytes");
  }

  @Test
  void poolOfZeroBytesKeepsNothing() {
    SegmentPool pool = new SegmentPool(0);
    pool.recycleChain(pool.take());

    assertEquals(0, pool.idleBytes());
  }

  @Test
  void releasingASegmentTwiceIsDetected() {
    SegmentPool pool = new SegmentPool(POOL_BYTES);
    Segment segment = pool.take();
    pool.recycleChain(segment);

    assertThrows(IllegalStateException.class, () -> pool.recycleChain(segment));
  }

  @Test
  void closeDropsIdleSegments() {
    SegmentPool pool = new SegmentPool(POOL_BYTES);
    pool.recycleChain(pool.take());

    pool.close();

    assertEquals(0, pool.idleBytes());
  }

  @Test
  void segmentRecycledAfterCloseIsDropped() {
    SegmentPool pool = new SegmentPool(POOL_BYTES);
    Segment segment = pool.take();
    pool.close();

    pool.recycleChain(segment);

    assertEquals(0, pool.idleBytes());
  }

  @Test
  void maxPoolBytes_negative() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new SegmentPool(-1));
    assertEquals("maxPoolBytes must be >= 0: -1", e.getMessage());
  }
}
