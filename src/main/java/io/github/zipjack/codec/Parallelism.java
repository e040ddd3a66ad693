package io.github.zipjack.codec;

/**
 * How many threads may compress one body, from what size, and on which workers. Immutable. Internal
 * API; users set it with {@code Pipeline.Builder.compressionThreads} and its neighbours.
 *
 * @param threads threads that may compress one body, the caller's included; 1 compresses every body
 *     on its caller's thread
 * @param thresholdBytes bodies of at most this many bytes are compressed serially
 * @param workers where the other threads come from; null when {@code threads} is 1
 */
public record Parallelism(int threads, long thresholdBytes, CompressionWorkers workers) {
  /** Every body on its caller's thread. */
  public static final Parallelism SERIAL = new Parallelism(1, Long.MAX_VALUE, null);

  /**
   * Checks the settings.
   *
   * @param threads threads that may compress one body, the caller's included; at least 1
   * @param thresholdBytes bodies up to this size stay on their caller's thread; at least 0
   * @param workers where the other threads come from; null when {@code threads} is 1
   * @throws IllegalArgumentException if threads is below 1, or above 1 without workers
   */
  public Parallelism {
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be >= 1: " + threads);
    }
    if (threads > 1 && workers == null) {
      throw new IllegalArgumentException("threads is " + threads + " but no workers were given");
    }
    if (thresholdBytes < 0) {
      throw new IllegalArgumentException("thresholdBytes must be >= 0: " + thresholdBytes);
    }
  }

  /**
   * {@return {@code threads} threads on zipjack's shared workers for bodies over {@code thresholdBytes}, or
   * {@link #SERIAL} for 1 thread}
   *
   * @param threads threads that may compress one body, the caller's included; at least 1
   * @param thresholdBytes bodies up to this size stay on their caller's thread; at least 0
   * @throws IllegalArgumentException if threads is below 1 or thresholdBytes negative
   */
  public static Parallelism shared(int threads, long thresholdBytes) {
    return threads == 1 ? SERIAL : new Parallelism(threads, thresholdBytes, CompressionWorkers.shared());
  }

  /** {@return whether bodies past the threshold are compressed on several threads} */
  public boolean isParallel() {
    return threads > 1;
  }
}
