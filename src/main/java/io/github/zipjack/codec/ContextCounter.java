package io.github.zipjack.codec;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts an engine's native contexts (Deflaters, Inflaters, zstd and brotli contexts, libdeflate
 * compressors) as they are made and released, so that tests and monitoring can prove none leaks:
 * after the pipeline closes and every body is closed, {@link #live()} is 0. Thread-safe.
 */
public final class ContextCounter {
  private final AtomicLong created = new AtomicLong();
  private final AtomicLong released = new AtomicLong();

  /** A counter at zero. */
  public ContextCounter() {
  }

  /** Records one context made. */
  public void created() {
    created.incrementAndGet();
  }

  /** Records one context released (its native memory freed, or handed to the library's own cleaner). */
  public void released() {
    released.incrementAndGet();
  }

  /** {@return contexts made so far} */
  public long createdCount() {
    return created.get();
  }

  /** {@return contexts released so far} */
  public long releasedCount() {
    return released.get();
  }

  /** {@return contexts made and not yet released: in use or idle in a pool} */
  public long live() {
    return created.get() - released.get();
  }

  @Override
  public String toString() {
    return "contexts[created=" + created.get() + ", released=" + released.get() + "]";
  }
}
