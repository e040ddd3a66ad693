package io.github.zipjack.codec;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayDeque;

/**
 * Writes one body whose compressed bytes several threads make: the caller's writes fill
 * {@link ParallelBlock}s of the engine's block size; each full block joins this body's queue, which
 * up to {@code threads - 1} workers drain while the caller goes on serializing; the pieces go to the
 * sink in order as they are done, between what the format puts before the first and after the last
 * ({@link #startFormat}, {@link #endFormat}). Not thread-safe; lent by its {@link ParallelBlockEngine}.
 *
 * <p>A body never waits for a busy pool: whenever the caller would wait (too many blocks pending, or
 * the body's end) it first claims a block no worker has started and compresses it itself, so a
 * worker that is slow to come costs nothing, and every thread stays busy while the queue holds work
 * (when the caller compressed a block each time the one worker was busy, that worker sat idle while
 * the caller compressed and serialized: about 60% busy on 2 threads). At the body's end, workers not
 * yet started give their permits back at once and find nothing to do when they do start.
 *
 * <p>Waking a sleeping thread costs the waker and the woken tens of microseconds each on virtual
 * machines, about as long as a worker often waits for the caller's next block. So a worker that
 * finds nothing waiting spins for the next block for up to {@link ParallelBlock#SPIN_NANOS} before
 * it leaves, and the caller spins as long for a block a worker holds before it sleeps. The body's
 * last block, the only work that cannot start before the caller's last write, is cut in two so that
 * the caller and a worker share it ({@link #cutInTwo}).
 *
 * <p>A body's size is not known while it is serialized, so the first
 * {@link ParallelBlockEngine#parallelThresholdBytes()} bytes are only gathered in blocks. A body that
 * ends within them is compressed by the engine's serial encoder, as with one thread. A body that
 * passes them goes on in parallel blocks if a core is idle then, else in the serial encoder fed what
 * was gathered. A body that started with no core idle never goes parallel, so it gathers nothing and
 * writes to the serial encoder from its first byte. Once parallel, a worker joins only while a core
 * is idle; and once a block fills while no core is idle beside those its own workers hold (another
 * caller started a body meanwhile: two requests arriving together), the body writes out its blocks
 * and goes on with the rest in one piece on its own thread ({@link ParallelBlockEngine#openRest}), as
 * the serial encoder would, so that no worker takes that caller's core and no further block pays its
 * cost against one stream.
 *
 * <p>A body that goes parallel and keeps its idle core has the same bytes whatever the thread
 * count, the workers' timing, or whether the caller compressed a block itself; where it goes on
 * alone depends on when the other body started (every form decodes to the same content). Memory: at
 * most the threshold's worth of blocks before the body goes parallel, then at most
 * {@link #maxPendingBlocks} blocks (one more at the end, the last block's second half), each with its
 * input, its output and a compressor; a body that goes on alone gives its blocks back, and its rest
 * holds what the engine's serial encoder would (libdeflate: the rest of the body in one array).
 *
 * @param <B> the engine's blocks
 */
abstract class ParallelBlockEncoder<B extends ParallelBlock> extends Encoder {
  private final ParallelBlockEngine<B> engine;
  /** The engine's workers, whose permits and idle cores every drainer and spin of this encoder consult. */
  private final CompressionWorkers workers;
  /** Full blocks not yet written to the sink, in body order: gathered, or being or done compressing. */
  private final ArrayDeque<B> pending = new ArrayDeque<>();
  /**
   * The fewest bytes in each half of a last block cut in two: below this a worker's wake-up costs
   * about as much as the half it takes, and a zstd frame this short starts without its window.
   */
  static final int MIN_HALF_BYTES = 64 * 1024;
  /** The most blocks pending once parallel: enough to keep every thread busy while one is slow. */
  private final int maxPendingBlocks;
  private OutputStream sink;
  /** Whether this body was lent by openStreaming: its serial encoder must then stream too. */
  boolean streaming;
  /** The block being filled; null between bodies. */
  private B current;
  private long bodyBytes;
  /** True once the body goes on in parallel blocks (its header is written). */
  private boolean parallel;
  /** The serial encoder the body goes on in instead; null unless it does. */
  private Encoder serial;
  /** The encoder of a parallel body's rest once it goes on alone; null until then. */
  private Encoder rest;
  /** Guards {@link #waiting} and the drainer counts: who claims a block. */
  private final Object lock = new Object();
  /** Blocks handed over that no thread has claimed yet, oldest first; guarded by {@link #lock}. */
  private final ArrayDeque<B> waiting = new ArrayDeque<>();
  /** The task a worker runs: {@link #drain()}; one object for every hand-over. */
  private final Runnable drainer = this::drain;
  /** Drainers handed to the workers, not yet started; each holds a permit. Guarded by {@link #lock}. */
  private int drainersQueued;
  /** Drainers running; each holds a permit. Written under {@link #lock}, read without it by a caller spinning. */
  private volatile int drainersRunning;
  /** Blocks this body has handed over so far; written under {@link #lock}, read without it by a spinning drainer. */
  private volatile int handedOver;
  /** True once this body hands over no more blocks: a drainer that finds none waiting leaves at once. */
  private volatile boolean noMoreBlocks;
  /** The thread writing this body: a drainer that an executor runs on it must not wait for its next block. */
  private volatile Thread caller;
  /**
   * Drainers handed over for an ended body whose permits this encoder gave back: the next that many
   * to start end at once. Guarded by {@link #lock}.
   */
  private int drainersCancelled;

  ParallelBlockEncoder(ParallelBlockEngine<B> engine) {
    super(0);
    this.engine = engine;
    this.workers = engine.parallelism().workers();
    this.maxPendingBlocks = 2 * engine.parallelism().threads();
  }

  @Override
  protected final void begin(OutputStream sink) {
    this.sink = sink;
    this.bodyBytes = 0;
    this.parallel = false;
    this.noMoreBlocks = false;
    this.caller = Thread.currentThread();
    startBody();
  }

  /** Readies the format's state for a new body. */
  abstract void startBody();

  /**
   * Takes note of a block of the body once it is full (or, for the last, once the body ends), in
   * body order, before it is handed over; the format may keep what its trailer needs.
   */
  abstract void blockEnded(B block);

  /** Writes what the format puts before the first block to {@code sink}: the body has gone parallel. */
  abstract void startFormat(OutputStream sink) throws IOException;

  /** Writes what the format puts after the last block to {@code sink}, for a body of {@code bodyBytes}. */
  abstract void endFormat(OutputStream sink, long bodyBytes) throws IOException;

  @Override
  protected final void consume(byte[] bytes, int offset, int length) throws IOException {
    if (bodyBytes == 0 && serial == null && !startedWithIdleCore()) {
      serial = openSerial(); // it never goes parallel: gathering blocks for the threshold would only copy
    }
    while (length > 0 && serial == null && rest == null) {
      if (current == null) {
        current = engine.takeBlock();
      }
      int n = Math.min(length, current.writableBytes());
      System.arraycopy(bytes, offset, current.input, current.dataOffset() + current.length, n);
      current.length += n;
      bodyBytes += n;
      offset += n;
      length -= n;
      if (current.writableBytes() == 0) {
        blockFilled();
      }
      if (!parallel && bodyBytes > engine.parallelThresholdBytes()) {
        goOn(); // as soon as the threshold is passed, not at the next full block: a worker starts sooner
        if (parallel) {
          handOver();
        }
      }
    }
    if (length > 0) {
      writeOnward(bytes, offset, length);
    }
  }

  /** Writes body bytes to the encoder the body went on in instead of blocks: the serial one, or its rest's. */
  private void writeOnward(byte[] bytes, int offset, int length) throws IOException {
    if (serial != null) {
      serial.stream().write(bytes, offset, length);
      return;
    }
    restWritten(bytes, offset, length);
    rest.stream().write(bytes, offset, length);
    bodyBytes += length;
  }

  /** Takes note of bytes of the body that go to its rest encoder; the format may keep what its trailer needs. */
  abstract void restWritten(byte[] bytes, int offset, int length);

  /** Queues the full current block, starts the next one primed with its end, and hands it over once parallel. */
  private void blockFilled() throws IOException {
    B full = current;
    current = null; // pending owns it now; a failed take below must not leave it owned twice
    blockEnded(full);
    pending.add(full);
    if (parallel && !coreIdleForWorkers()) {
      goOnAlone(full);
      return;
    }
    current = engine.takeBlock();
    current.primeWith(full);
    if (parallel) {
      handOver();
    }
  }

  /**
   * Whether a core is idle for this body's workers: one no caller nor other worker uses, counting
   * those its own drainers hold as its own.
   */
  private boolean coreIdleForWorkers() {
    synchronized (lock) {
      return workers.idleCores() + drainersQueued + drainersRunning > 0;
    }
  }

  /**
   * No core is idle for this parallel body's workers: opens the rest's encoder (primed with
   * {@code last}, the block just filled), writes every block out, compressing those no worker took,
   * lets the drainers go, and sends the rest of the body to that encoder.
   */
  private void goOnAlone(B last) throws IOException {
    rest = engine.openRest(sink, last, streaming);
    writeEveryBlock();
  }

  /**
   * Hands over what is pending, writes every block out in order (the caller compressing those no
   * worker claims) and settles the drainers: the body hands over no more.
   */
  private void writeEveryBlock() throws IOException {
    dispatchPending();
    noMoreBlocks = true; // a drainer may still claim what waits, but need not wait for more
    writeDone(true);
    settleDrainers();
  }

  /** Hands the pending blocks over and writes those done, compressing some itself if too many wait. */
  private void handOver() throws IOException {
    dispatchPending();
    writeDone(false);
  }

  /**
   * The body has passed the threshold: parallel blocks when a core was idle both when it started and
   * now, else the serial encoder.
   */
  private void goOn() throws IOException {
    if (!coreIdleSinceStart()) {
      serial = openSerial();
      writeGathered(serial);
      recycleBlocks();
      return;
    }
    parallel = true;
    startFormat(sink);
  }

  /** Hands every pending block not yet handed over to this body's queue, oldest first, and starts drainers for it. */
  private void dispatchPending() {
    synchronized (lock) {
      for (B b : pending) {
        if (!b.started) {
          b.started = true;
          waiting.addLast(b);
          handedOver++;
        }
      }
    }
    startDrainers();
  }

  /** Starts drainers while blocks wait, this body has fewer than threads - 1, and the workers have a permit. */
  private void startDrainers() {
    int most = engine.parallelism().threads() - 1;
    while (true) {
      synchronized (lock) {
        if (waiting.isEmpty() || drainersQueued + drainersRunning >= most || workers.tryAcquireIdle(1) == 0) {
          return;
        }
        drainersQueued++;
      }
      if (!workers.execute(drainer)) { // refused: the permit is back, and the caller claims what waits
        synchronized (lock) {
          drainersQueued--;
        }
        return;
      }
    }
  }

  /**
   * A worker's task: claims and compresses this body's waiting blocks, oldest first, until none
   * comes ({@link #nextBlock}); then gives its permit back. Ends at once, holding no permit, if its
   * body ended before it started.
   */
  private void drain() {
    synchronized (lock) {
      if (drainersCancelled > 0) {
        drainersCancelled--;
        return;
      }
      drainersQueued--;
      drainersRunning++;
    }
    boolean left = false;
    try {
      for (B block; (block = nextBlock()) != null; ) {
        block.run();
      }
      left = true;
    } finally {
      if (!left) {
        synchronized (lock) {
          leave();
        }
      }
    }
  }

  /**
   * Claims the oldest waiting block for a worker. When none waits, spins for the caller's next one
   * for up to {@link ParallelBlock#SPIN_NANOS} (a new drainer would cost the caller a thread's
   * wake-up for each block), unless the body hands over no more, a caller compressing another body
   * lacks a core, or the executor runs this drainer on the body's own caller thread; then leaves, in
   * the same hold of the lock that found nothing, so that a block handed over meanwhile starts
   * another drainer.
   *
   * @return the block, or null once this drainer has left
   */
  private B nextBlock() {
    long spinStart = System.nanoTime();
    while (true) {
      int seen;
      synchronized (lock) {
        B b = waiting.pollFirst();
        if (b != null) {
          b.onWorker = true;
          return b;
        }
        if (noMoreBlocks || Thread.currentThread() == caller || !ParallelBlock.maySpin(workers, spinStart)) {
          leave();
          return null;
        }
        seen = handedOver;
      }
      while (handedOver == seen && !noMoreBlocks && ParallelBlock.maySpin(workers, spinStart)) {
        Thread.onSpinWait();
      }
    }
  }

  /** A drainer ends: its permit goes back before the caller can see it gone. Holds {@link #lock}. */
  private void leave() {
    drainersRunning--;
    workers.release(1);
    lock.notifyAll();
  }

  /** Claims the oldest waiting block for the caller, or returns null when none waits. */
  private B claimOldestForCaller() {
    synchronized (lock) {
      return waiting.pollFirst();
    }
  }

  /**
   * Ends this body's use of the workers: blocks still waiting are taken back unclaimed, drainers not
   * yet started give their permits back now (they end at once when they start), and the caller
   * waits for running ones to end, which they do after the block they compress, if any.
   */
  private void settleDrainers() {
    noMoreBlocks = true;
    long spinStart = System.nanoTime();
    while (drainersRunning > 0 && ParallelBlock.maySpin(workers, spinStart)) {
      Thread.onSpinWait(); // a drainer leaving soon is cheaper to watch than to be woken by
    }
    synchronized (lock) {
      waiting.clear();
      if (drainersQueued > 0) {
        workers.release(drainersQueued);
        drainersCancelled += drainersQueued;
        drainersQueued = 0;
      }
      boolean interrupted = false;
      while (drainersRunning > 0) {
        try {
          lock.wait();
        } catch (InterruptedException e) {
          interrupted = true; // a running drainer may hold this body's blocks: keep waiting, then restore
        }
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /**
   * Writes the pending blocks that are done, in order, to the sink; when {@code all} or when too many
   * are pending, compresses waiting blocks itself, then waits for the oldest if a worker still has it.
   */
  private void writeDone(boolean all) throws IOException {
    while (!pending.isEmpty()) {
      B head = pending.peekFirst();
      if (!head.isDone()) {
        if (!all && pending.size() <= maxPendingBlocks) {
          return;
        }
        B unclaimed = claimOldestForCaller(); // the head itself unless a worker has it
        if (unclaimed != null) {
          unclaimed.run();
          continue;
        }
      }
      Throwable failure = head.awaitDone(workers);
      pending.pollFirst();
      try {
        if (failure != null) {
          throw new IOException(engine.codingName() + " could not compress a block: " + failure, failure);
        }
        sink.write(head.output, 0, head.outputLength);
      } finally {
        engine.recycleBlock(head);
      }
    }
  }

  @Override
  protected final void finishStream() throws IOException {
    if (serial != null) {
      serial.finish();
      return;
    }
    if (rest != null) {
      rest.finish();
      endFormat(sink, bodyBytes);
      return;
    }
    if (!parallel) { // every write past the threshold went on in one or the other, so this body is within it
      finishSerially();
      return;
    }
    if (current == null) {
      current = engine.takeBlock();
    }
    B secondHalf = cutInTwo(current);
    B last = current;
    current = null;
    if (last.length == 0 && !engine.emptyLastBlockNeeded()) { // parallel: full blocks came before it
      engine.recycleBlock(last);
    } else {
      endBlock(last, secondHalf == null);
      if (secondHalf != null) {
        endBlock(secondHalf, true);
      }
    }
    writeEveryBlock();
    endFormat(sink, bodyBytes);
  }

  /**
   * Cuts the body's last block in two when the engine allows it and each half would hold at least
   * {@link #MIN_HALF_BYTES}: the second half moves to a new block primed with the first's end, which
   * is returned. The last block is the work that starts only once the caller has written everything;
   * in two halves, the caller and a worker share it.
   *
   * @return the second half, or null when the block stays whole
   */
  private B cutInTwo(B last) {
    if (!engine.cutsLastBlock() || last.length < 2 * MIN_HALF_BYTES) {
      return null;
    }
    B second = engine.takeBlock();
    int half = last.length / 2;
    System.arraycopy(last.input, last.dataOffset() + half, second.input, second.dataOffset(), last.length - half);
    second.length = last.length - half;
    last.length = half;
    second.primeWith(last);
    return second;
  }

  /** Queues a block of the body that will not grow, marked as the body's last or not. */
  private void endBlock(B block, boolean last) {
    block.last = last;
    blockEnded(block);
    pending.add(block);
  }

  /** A body within the threshold: the gathered blocks through the serial encoder, as with one thread. */
  private void finishSerially() throws IOException {
    Encoder encoder = openSerial();
    try {
      writeGathered(encoder);
      encoder.finish();
    } finally {
      encoder.close();
      recycleBlocks();
    }
  }

  /** Writes the body gathered so far, the pending blocks then the current one, to {@code encoder}. */
  private void writeGathered(Encoder encoder) throws IOException {
    for (B b : pending) {
      encoder.stream().write(b.input, b.dataOffset(), b.length);
    }
    if (current != null) {
      encoder.stream().write(current.input, current.dataOffset(), current.length);
    }
  }

  private Encoder openSerial() throws IOException {
    return streaming ? engine.serial().openStreaming(sink) : engine.serial().open(sink);
  }

  /** Gives back every block this body holds, waiting for any still on a worker. */
  private void recycleBlocks() {
    settleDrainers();
    for (B b; (b = pending.pollFirst()) != null; ) {
      b.awaitDone(workers);
      engine.recycleBlock(b);
    }
    if (current != null) {
      engine.recycleBlock(current);
      current = null;
    }
  }

  @Override
  protected final void release() {
    try {
      recycleBlocks();
    } finally {
      Encoder s = serial;
      Encoder r = rest;
      serial = null;
      rest = null;
      sink = null;
      caller = null; // a pooled encoder keeps no thread reachable
      try {
        if (s != null) {
          s.close();
        }
      } finally {
        if (r != null) {
          r.close();
        }
        engine.recycleEncoder(this);
      }
    }
  }

  @Override
  protected final void dispose() {
    // holds no native state: its blocks go back to the engine's pool
  }

  @Override
  public String toString() {
    return getClass().getSimpleName() + "[" + engine.codingName() + ", " + engine.parallelism().threads() + " threads]";
  }
}
