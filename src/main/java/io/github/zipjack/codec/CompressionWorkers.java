package io.github.zipjack.codec;

import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * The threads that compress parts of one body while its caller goes on serializing, and a budget of
 * how many may be busy at once. Thread-safe.
 *
 * <p>A body never waits for a worker: {@link #tryAcquire(int)} takes permits only when they are
 * free, and a body that gets none compresses on its own thread. Permits bound both the blocks (gzip,
 * and level-1 zstd frames) handed to {@link #execute(Runnable)} and the native worker threads libzstd
 * runs for a body at other levels (those are libzstd's own threads, not this executor's, but they
 * compete for the same cores).
 *
 * <p>A worker only helps when a core would otherwise be idle: when every core already runs a caller
 * compressing a body, a worker takes its core from a caller, and the parallel formats cost more work
 * than serial ones (gzip blocks primed with their predecessor's end, JDK zlib instead of libdeflate).
 * So the engines count the bodies their callers compress ({@link #callerStarted()},
 * {@link #callerEnded()}), and {@link #tryAcquireIdle(int)} hands out only as many permits as
 * there are cores left over: the processors, less the callers compressing bodies, less the permits
 * already taken. Callers busy with anything else are not seen.
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
  /** Bodies whose callers are compressing them now, with engines that use these workers. */
  private final LongAdder callers = new LongAdder();
  /** The cores callers and workers share: the JVM's processors. */
  private final int cores;

  private CompressionWorkers(Executor executor, int permits, int cores) {
    this.executor = executor;
    this.permits = permits;
    this.cores = cores;
    this.free = new AtomicInteger(permits);
  }

  /** {@return the JVM's shared workers, one per processor; made on first use} */
  public static CompressionWorkers shared() {
    return Shared.WORKERS;
  }

  /**
   * Workers on a caller's executor, of which at most {@code permits} tasks are handed over at once
   * (an executor that rejects a task makes the body compress it itself).
   *
   * @param executor where tasks run; never shut down by zipjack
   * @param permits the most tasks handed over at once
   * @return new workers
   * @throws IllegalArgumentException if {@code permits} is less than 1
   */
  public static CompressionWorkers of(Executor executor, int permits) {
    return of(executor, permits, Runtime.getRuntime().availableProcessors());
  }

  /**
   * As {@link #of(Executor, int)}, for callers and workers that share {@code cores} processors
   * instead of the JVM's; for tests and for containers whose processor count the JVM misreads.
   *
   * @param executor where tasks run; never shut down by zipjack
   * @param permits the most tasks handed over at once
   * @param cores the processors callers and workers share
   * @return new workers
   * @throws IllegalArgumentException if {@code permits} or {@code cores} is less than 1
   */
  public static CompressionWorkers of(Executor executor, int permits, int cores) {
    Objects.requireNonNull(executor, "executor must not be null");
    if (permits < 1) {
      throw new IllegalArgumentException("permits must be >= 1: " + permits);
    }
    if (cores < 1) {
      throw new IllegalArgumentException("cores must be >= 1: " + cores);
    }
    return new CompressionWorkers(executor, permits, cores);
  }

  /**
   * Takes up to {@code wanted} permits without waiting; returns how many it took (0 when all are
   * busy). The caller gives each back with {@link #release(int)}.
   *
   * @param wanted the most permits to take
   * @return the permits taken, 0 to {@code wanted}
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

  /**
   * Takes up to {@code wanted} permits without waiting, but no more than the cores left idle by the
   * callers compressing bodies and the permits already taken; returns how many it took (0 when no
   * core is idle). The caller, which must itself be counted by {@link #callerStarted()}, gives each
   * back with {@link #release(int)}.
   *
   * @param wanted the most permits to take
   * @return the permits taken, 0 to {@code wanted}
   */
  public int tryAcquireIdle(int wanted) {
    long idle = idleCores();
    return idle <= 0 ? 0 : tryAcquire((int) Math.min(wanted, idle));
  }

  /**
   * {@return cores not running a caller that compresses a body, nor a worker: the processors less
   * both counts} An approximation while bodies start and end; negative when callers outnumber the
   * cores.
   */
  public long idleCores() {
    return cores - callers.sum() - (permits - free.get());
  }

  /** Counts a caller that starts compressing a body; it calls {@link #callerEnded()} when the body is done. */
  void callerStarted() {
    callers.increment();
  }

  /** Counts the end of a body counted by {@link #callerStarted()}. */
  void callerEnded() {
    callers.decrement();
  }

  /**
   * Gives back permits taken by {@link #tryAcquire(int)}.
   *
   * @param count how many
   */
  public void release(int count) {
    free.addAndGet(count);
  }

  /**
   * {@return permits not taken now} An approximation while bodies run; {@link #permits()} when none
   * does.
   */
  public int freePermits() {
    return free.get();
  }

  /** {@return the permits this budget has} */
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
    return "CompressionWorkers[" + (this == Shared.WORKERS ? "shared" : executor.toString()) + ", permits=" + permits
        + ", cores=" + cores + "]";
  }

  /** Holds the shared workers; made when first asked for. */
  private static final class Shared {
    static final CompressionWorkers WORKERS = create();

    private static CompressionWorkers create() {
      int threads = Runtime.getRuntime().availableProcessors();
      ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, IDLE_SECONDS, TimeUnit.SECONDS,
          new LinkedBlockingQueue<>(), new DaemonThreads("zipjack-compress-"));
      pool.allowCoreThreadTimeOut(true);
      return new CompressionWorkers(pool, threads, threads);
    }
  }
}
