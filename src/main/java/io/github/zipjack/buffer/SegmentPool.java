package io.github.zipjack.buffer;

/**
 * Reusable {@link Segment}s, capped in bytes.
 *
 * <p>Thread-safe and lock-free; never blocks. When empty it allocates, when full it drops (the
 * garbage collector takes dropped segments; they hold no native memory).
 */
public final class SegmentPool implements AutoCloseable {
  private final StripedPool<Segment> pool;
  private final long maxPoolBytes;

  /** @param maxPoolBytes the most bytes kept idle; 0 disables pooling */
  public SegmentPool(long maxPoolBytes) {
    if (maxPoolBytes < 0) {
      throw new IllegalArgumentException("maxPoolBytes must be >= 0: " + maxPoolBytes);
    }
    this.maxPoolBytes = maxPoolBytes;
    int maxSegments = (int) Math.min(Integer.MAX_VALUE, maxPoolBytes / Segment.SIZE);
    this.pool = new StripedPool<>(maxSegments, Segment::new, segment -> { });
  }

  /** An empty segment ({@code pos == limit == 0}) owned by the caller. */
  public Segment take() {
    return pool.take();
  }

  /** Gives back a whole chain starting at {@code head} (following {@link Segment#next()}). */
  public void recycleChain(Segment head) {
    while (head != null) {
      Segment next = head.next;
      head.next = null;
      head.pos = 0;
      head.limit = 0;
      pool.recycle(head);
      head = next;
    }
  }

  /** Idle bytes now; exact only when no thread is busy. */
  public long idleBytes() {
    return (long) pool.idleCount() * Segment.SIZE;
  }

  /** Segments taken and not yet given back; exact only when no thread is busy. 0 means none leaked. */
  public long lentCount() {
    return pool.lentCount();
  }

  /** The cap given at construction. */
  public long maxPoolBytes() {
    return maxPoolBytes;
  }

  /** Drops idle segments; segments recycled later are dropped too. */
  @Override
  public void close() {
    pool.close();
  }
}
