package io.github.zipjack.servlet;

import io.github.zipjack.codec.DaemonThreads;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The filter's timer for early flushes: runs a response's pass-through when a flush was not followed
 * by the end of its body within {@link CompressionSettings#flushGraceMillis()}. Thread-safe; owned by
 * one {@link CompressionFilter}, which closes it in {@code destroy()}.
 *
 * <p>Most responses are flushed once just before they end (Jackson flushes what it wrote), so a
 * grace is asked for and given up on nearly every request. Asking costs one queue insertion and
 * giving up one field write: no thread is woken for it. One watching thread sleeps until the oldest
 * grace's end, at most once a millisecond while graces are pending, and parks when there are none
 * (the first grace then wakes it). A grace ends up to a millisecond late. Expired graces run on two
 * daemon threads, so that one early flush blocked on a slow client delays the others' by at most one
 * such write.
 */
final class FlushGraceTimer implements AutoCloseable {
  static final String THREAD_NAME_PREFIX = "zipjack-flush-grace-";
  private static final ThreadFactory THREADS = new DaemonThreads(THREAD_NAME_PREFIX);
  /** The shortest sleep of the watching thread while graces are pending. */
  private static final long TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

  /** One response's grace after a flush; {@link #cancel()} when the body ends or passes through first. */
  static final class Grace {
    private final long deadlineNanos;
    /** Null once cancelled, so that a given-up grace does not keep its response while it waits. */
    private volatile Runnable expired;

    private Grace(long deadlineNanos, Runnable expired) {
      this.deadlineNanos = deadlineNanos;
      this.expired = expired;
    }

    /** Gives the grace up: its task will not run. Idempotent. */
    void cancel() {
      expired = null;
    }
  }

  private final long graceNanos;
  /** Graces in the order asked, which is the order of their ends within a microsecond or so. */
  private final ConcurrentLinkedQueue<Grace> pending = new ConcurrentLinkedQueue<>();
  private final ThreadPoolExecutor runners;
  private final Thread watcher;
  /** The watcher is parked, or about to park, with nothing pending. */
  private volatile boolean idle;
  private volatile boolean closed;

  FlushGraceTimer(long graceMillis) {
    this.graceNanos = TimeUnit.MILLISECONDS.toNanos(graceMillis);
    this.runners = new ThreadPoolExecutor(2, 2, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(), THREADS);
    this.watcher = THREADS.newThread(this::watch);
    watcher.start();
  }

  /**
   * Runs {@code expired} once the grace has passed, unless the returned grace is cancelled first.
   *
   * @throws RejectedExecutionException if the timer is closed (the filter is being destroyed)
   */
  Grace schedule(Runnable expired) {
    if (closed) {
      throw new RejectedExecutionException("the flush timer of a destroyed CompressionFilter");
    }
    Grace grace = new Grace(System.nanoTime() + graceNanos, expired);
    pending.offer(grace);
    if (idle) {
      LockSupport.unpark(watcher);
    }
    return grace;
  }

  private void watch() {
    while (!closed) {
      Grace oldest = pending.peek();
      if (oldest == null) {
        idle = true;
        if (pending.peek() == null && !closed) {
          LockSupport.park(this);
        }
        idle = false;
        continue;
      }
      long wait = oldest.deadlineNanos - System.nanoTime();
      if (wait > 0) {
        LockSupport.parkNanos(this, Math.max(wait, TICK_NANOS));
        continue;
      }
      long now = System.nanoTime();
      for (Grace due = pending.peek(); due != null && due.deadlineNanos - now <= 0; due = pending.peek()) {
        pending.poll();
        Runnable task = due.expired;
        if (task != null) {
          try {
            runners.execute(task);
          } catch (RejectedExecutionException e) {
            return; // closed meanwhile: its response ends with the filter
          }
        }
      }
    }
  }

  /** Stops the threads; pending tasks are dropped (their responses end with the filter). Idempotent. */
  @Override
  public void close() {
    closed = true;
    LockSupport.unpark(watcher);
    runners.shutdownNow();
    pending.clear();
  }
}
