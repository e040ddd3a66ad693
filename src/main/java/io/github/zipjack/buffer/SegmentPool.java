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

  /**
   * An empty pool.
   *
   * @param maxPoolBytes the most bytes kept idle; 0 disables pooling
   * @throws IllegalArgumentException if negative
   */
  public SegmentPool(long maxPoolBytes) {
    if (maxPoolBytes < 0) {
      throw new IllegalArgumentException("maxPoolBytes must be >= 0: " + maxPoolBytes);
    }
    this.maxPoolBytes = maxPoolBytes;
    int maxSegments = (int) Math.min(Integer.MAX_VALUE, maxPoolBytes / Segment.SIZE);
    this.pool = new StripedPool<>(maxSegments, Segment::new, segment -> { });
  }

  /** {@return an empty segment ({@code pos == limit == 0}) owned by the caller} */
  public Segment take() {
    return pool.take();
  }

  /**
   * Gives back a whole chain; the caller must not touch its segments afterwards.
   *
   * @param head the first segment (the rest follow {@link Segment#next()}), or null for none
   */
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

  /** {@return idle bytes now; exact only when no thread is busy} */
  public long idleBytes() {
    return (long) pool.idleCount() * Segment.SIZE;
  }

  /**
   * {@return segments taken and not yet given back; exact only when no thread is busy} 0 means none
   * leaked.
   */
  public long lentCount() {
    return pool.lentCount();
  }

  /** {@return the cap given at construction} */
  public long maxPoolBytes() {
    return maxPoolBytes;
  }

  /** Drops idle segments; segments recycled later are dropped too. */
  @Override
  public void close() {
    pool.close();
  }
}
