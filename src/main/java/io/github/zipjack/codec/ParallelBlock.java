package io.github.zipjack.codec;

import io.github.zipjack.buffer.StripedPool;

/**
 * One fixed-size block of a body that several threads compress, with the array its compressed bytes
 * go into and the compressor that makes them; pooled by its engine ({@link ParallelBlockEngine}) and
 * reused from block to block. One owner at a time: the caller fills {@link #input} from
 * {@link #dataOffset()}, then exactly one thread (a worker or the caller) runs {@link #run()}, then
 * the caller reads {@link #output} once {@link #awaitDone} returns, and gives the block back.
 *
 * <p>Handed over, a block waits in its encoder's queue until one thread claims it, under the
 * encoder's lock: a worker, or the caller when it would otherwise wait ({@link ParallelBlockEncoder}).
 */
abstract class ParallelBlock extends StripedPool.Node {
  /**
   * Nanoseconds a thread of a body spins for another (the caller for a block on a worker, a worker
   * for the next block, the caller for its workers to leave) before it sleeps, while no other caller
   * lacks a core. Waking a sleeping thread costs the waker and the woken tens of microseconds each on
   * virtual machines, as long as the gap between two blocks often is; a spin this long costs only a
   * core the body already holds.
   */
  static final long SPIN_NANOS = 250_000;

  /**
   * Whether a thread of a body that began spinning at {@code spinStart} ({@link System#nanoTime()})
   * may spin on: for less than {@link #SPIN_NANOS}, and while no caller of {@code workers} lacks a core.
   */
  static boolean maySpin(CompressionWorkers workers, long spinStart) {
    return workers.idleCores() >= 0 && System.nanoTime() - spinStart < SPIN_NANOS;
  }

  /** Room before the block's own bytes, for what a compressor may be primed with; then the block's bytes. */
  final byte[] input;
  /** Bytes of the block's own data in {@link #input}, from {@link #dataOffset()}. */
  int length;
  /** Whether this is the body's last block. */
  boolean last;
  /** The compressed block is {@code output[0, outputLength)} once done; null until the first compression. */
  byte[] output;
  int outputLength;
  /** True once the block was handed over for compressing; read and written by the caller only. */
  boolean started;
  /** True once a worker claimed the block: its owner must then wait for it before reusing it. */
  volatile boolean onWorker;
  private final int dataOffset;
  /** Set by whichever thread compressed the block, when it failed. */
  private Throwable failure;
  /** True once {@link #run()} has ended; written under this, read without it by a thread spinning for it. */
  private volatile boolean done;

  /**
   * @param dataOffset bytes of {@link #input} before the block's own data
   * @param blockBytes the most bytes of data the block holds
   */
  ParallelBlock(int dataOffset, int blockBytes) {
    this.dataOffset = dataOffset;
    this.input = new byte[dataOffset + blockBytes];
  }

  /** Where the block's own data starts in {@link #input}. */
  final int dataOffset() {
    return dataOffset;
  }

  /** Free bytes left for the block's own data. */
  final int writableBytes() {
    return input.length - dataOffset - length;
  }

  /**
   * Readies this block, the body's next, to continue {@code previous}, whose data ends where this
   * block's begins: by default nothing, each block being compressed on its own.
   */
  void primeWith(ParallelBlock previous) {
  }

  /**
   * Compresses the block into {@link #output} and {@link #outputLength}; records a failure instead of
   * throwing it. Run by whichever thread claimed the block: a worker or the caller.
   */
  final void run() {
    try {
      compress();
    } catch (RuntimeException | Error e) {
      synchronized (this) {
        failure = e;
      }
    } finally {
      synchronized (this) {
        done = true;
        notifyAll();
      }
    }
  }

  /** Compresses {@code input[dataOffset(), dataOffset() + length)} into {@link #output}. */
  abstract void compress();

  /**
   * Waits until {@link #run()} has ended, if a worker claimed the block; the caller's thread only.
   *
   * @param workers the body's workers: while none of their cores is wanted by another caller, the
   *     wait spins for up to {@link #SPIN_NANOS} before it sleeps
   * @return the failure of the compression, or null
   */
  final Throwable awaitDone(CompressionWorkers workers) {
    if (onWorker && !done) {
      long start = System.nanoTime();
      while (!done && maySpin(workers, start)) {
        Thread.onSpinWait();
      }
    }
    synchronized (this) {
      boolean interrupted = false;
      while (onWorker && !done) {
        try {
          wait();
        } catch (InterruptedException e) {
          interrupted = true; // a block in a worker's hands must not be reused: keep waiting, then restore
        }
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
      return failure;
    }
  }

  /** Whether {@link #run()} has ended (without waiting). */
  final boolean isDone() {
    return done;
  }

  /** Readies the block for another body or block; only when no thread runs it. */
  final void reset() {
    resetCompressor();
    length = 0;
    last = false;
    outputLength = 0;
    failure = null;
    done = false;
    started = false;
    onWorker = false;
  }

  /** Readies the compressor and any priming for another block; only when no thread runs it. */
  abstract void resetCompressor();

  /** Frees the compressor's native state for good, if it has any; once, when the pool drops the block. */
  abstract void dispose();
}
