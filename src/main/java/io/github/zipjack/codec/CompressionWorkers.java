package io.github.zipjack.codec;

import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads that compress parts of one body while its caller goes on serializing, and a budget of
 * how many may be busy at once. Thread-safe.
 *
 * <p>A body never waits for a worker: {@link #tryAcquire(int)} takes permits only when they are
 * free, and a body that gets none compresses on its own thread, so under full load no body is slower
 * than serial. Permits bound both the gzip blocks handed to {@link #execute(Runnable)} and the native
 * worker threads libzstd runs for a body (those are libzstd's own threads, not this executor's, but
 * they compete for the same cores).
 *
 * <p>{@link #shared()} is the JVM's one pool: as many daemon threads named {@code zipjack-compress-N}
 * as there are processors, made on demand and ended after 30 seconds idle, never shut down (a
 * redeployed web application leaves no busy thread behind: idle ones time out). A user's executor
 * ({@link #of(Executor, int)}) is never shut down by zipjack either.
 */
public final class CompressionWorkers {
  /** Seconds an idle shared worker lives. */
  private static final long IDLE_SECONDS = 30;

  private final Executor executor;
  /** Permits not taken; never more than {@link #permits}. */
  private final AtomicInteger free;
  private final int permits;

  private CompressionWorkers(Executor executor, int permits) {
    this.executor = executor;
    this.permits = permits;
    this.free = new AtomicInteger(permits);
  }

  /** The JVM's shared workers, one per processor; made on first use. */
  public static CompressionWorkers shared() {
    return Shared.WORKERS;
  }

  /**
   * Workers on a caller's executor, of which at most {@code permits} tasks are handed over at once
   * (an executor that rejects a task makes the body compress it itself).
   *
   * @throws IllegalArgumentException if {@code permits} is less than 1
   */
  public static CompressionWorkers of(Executor executor, int permits) {
    Objects.requireNonNull(executor, "executor must not be null");
    if (permits < 1) {
      throw new IllegalArgumentException("permits must be >= 1: " + permits);
    }
    return new CompressionWorkers(executor, permits);
  }

  /**
   * Takes up to {@code wanted} permits without waiting; returns how many it took (0 when all are
   * busy). The caller gives each back with {@link #release(int)}.
   */
  public int tryAcquire(int wanted) {
    while (true) {
      int now = free.get();
      int taken = Math.min(now, wanted);
      if (taken <= 0) {
        return 0;
      }
      if (free.compareAndSet(now, now - taken)) {
        return taken;
      }
    }
  }

  /** Gives back {@code count} permits taken by {@link #tryAcquire(int)}. */
  public void release(int count) {
    free.addAndGet(count);
  }

  /** Permits not taken now: an approximation while bodies run; {@link #permits()} when none does. */
  public int freePermits() {
    return free.get();
  }

  /** The permits this budget has. */
  public int permits() {
    return permits;
  }

  /**
   * Runs {@code task} on a worker; the caller holds one permit for it, which the task gives back
   * itself before it signals that it is done (so that a caller who saw it done sees the permit
   * back). Returns false, with the permit given back, when the executor rejects it: the caller
   * then runs the task itself.
   */
  boolean execute(Runnable task) {
    try {
      executor.execute(task);
      return true;
    } catch (RejectedExecutionException e) {
      release(1);
      return false;
    }
  }

  @Override
  public String toString() {
    return "CompressionWorkers[" + (this == Shared.WORKERS ? "shared" : executor.toString()) + ", permits=" + permits + "]";
  }

  /** Holds the shared workers; made when first asked for. */
  private static final class Shared {
    static final CompressionWorkers WORKERS = create();

    private static CompressionWorkers create() {
      int threads = Runtime.getRuntime().availableProcessors();
      AtomicInteger serial = new AtomicInteger();
      ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, IDLE_SECONDS, TimeUnit.SECONDS,
          new LinkedBlockingQueue<>(), runnable -> {
            Thread t = new Thread(runnable, "zipjack-compress-" + serial.incrementAndGet());
            t.setDaemon(true);
            return t;
          });
      pool.allowCoreThreadTimeOut(true);
      return new CompressionWorkers(pool, threads);
    }
  }
}
