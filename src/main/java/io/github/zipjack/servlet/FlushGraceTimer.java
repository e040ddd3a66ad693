package io.github.zipjack.servlet;

import io.github.zipjack.codec.DaemonThreads;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * The filter's timer for early flushes: runs a response's pass-through when a flush was not followed
 * by the end of its body within {@link CompressionSettings#flushGraceMillis()}. Thread-safe; owned by
 * one {@link CompressionFilter}, which closes it in {@code destroy()}.
 *
 * <p>Two daemon threads, so that one early flush blocked on a slow client delays the others' by at
 * most one such write; a cancelled task leaves the queue at once, so responses that end within the
 * grace (nearly all) cost one queue insertion and removal.
 */
final class FlushGraceTimer implements AutoCloseable {
  static final String THREAD_NAME_PREFIX = "zipjack-flush-grace-";
  private static final ThreadFactory THREADS = new DaemonThreads(THREAD_NAME_PREFIX);

  private final long graceMillis;
  private final ScheduledThreadPoolExecutor executor;

  FlushGraceTimer(long graceMillis) {
    this.graceMillis = graceMillis;
    executor = new ScheduledThreadPoolExecutor(2, THREADS);
    executor.setRemoveOnCancelPolicy(true);
    executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
  }

  /** Runs {@code expired} once the grace has passed, unless the returned future is cancelled first. */
  ScheduledFuture<?> schedule(Runnable expired) {
    return executor.schedule(expired, graceMillis, TimeUnit.MILLISECONDS);
  }

  /** Stops the threads; pending tasks are dropped (their responses end with the filter). Idempotent. */
  @Override
  public void close() {
    executor.shutdownNow();
  }
}
