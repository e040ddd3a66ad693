package io.github.zipjack.codec;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayDeque;
import java.util.zip.CRC32;

/**
 * Writes one gzip member whose deflate data several threads make: the caller's writes fill
 * {@link DeflateBlock}s of {@link ParallelGzipEngine#BLOCK_BYTES}; each full block goes to a worker
 * when one is free, else the caller deflates it itself (a body never waits for a busy pool); the
 * pieces go to the sink in order as they are done, behind one header, followed by one trailer whose
 * CRC-32 the caller computes as blocks fill (CRC32 is a JVM intrinsic). Not thread-safe; lent by
 * {@link ParallelGzipEngine}.
 *
 * <p>A body's size is not known while it is serialized, so the first
 * {@link Parallelism#thresholdBytes()} bytes are only gathered in blocks. A body that ends within
 * them is compressed by the engine's serial encoder (libdeflate or zlib), as with one thread. A body
 * that passes them goes on in parallel blocks, or, when the engine's serial compressor is faster at
 * this thread count (libdeflate with few threads), in the serial encoder fed what was gathered.
 *
 * <p>The output depends only on the body and the level: not on the thread count, the workers'
 * timing, or whether the caller deflated a block itself. Memory: at most the threshold's worth of
 * blocks before the body goes parallel, then at most {@link #maxPendingBlocks} blocks, each
 * {@code BLOCK_BYTES + 32 KiB} of input, its output and a Deflater.
 */
final class ParallelGzipEncoder extends Encoder {
  private final ParallelGzipEngine engine;
  private final CRC32 crc = new CRC32();
  /** Header and trailer scratch. */
  private final byte[] frame = new byte[GzipFraming.HEADER_BYTES];
  /** Full blocks not yet written to the sink, in body order: gathered, or being or done deflating. */
  private final ArrayDeque<DeflateBlock> pending = new ArrayDeque<>();
  /** The most blocks pending once parallel: enough to keep every thread busy while one is slow. */
  private final int maxPendingBlocks;
  private OutputStream sink;
  /** Whether this body was lent by openStreaming: its serial encoder must then stream too. */
  boolean streaming;
  /** The block being filled; null between bodies. */
  private DeflateBlock current;
  private long bodyBytes;
  /** True once the body goes on in parallel blocks (its header is written). */
  private boolean parallel;
  /** The serial encoder the body goes on in instead; null unless it does. */
  private Encoder serial;

  ParallelGzipEncoder(ParallelGzipEngine engine) {
    super(0);
    this.engine = engine;
    this.maxPendingBlocks = 2 * engine.parallelism().threads();
  }

  @Override
  protected void begin(OutputStream sink) {
    this.sink = sink;
    this.bodyBytes = 0;
    this.parallel = false;
    crc.reset();
  }

  @Override
  protected void consume(byte[] bytes, int offset, int length) throws IOException {
    if (serial != null) {
      serial.stream().write(bytes, offset, length);
      return;
    }
    while (length > 0) {
      if (current == null) {
        current = engine.takeBlock();
      }
      int n = Math.min(length, current.writableBytes());
      System.arraycopy(bytes, offset, current.input, DeflateBlock.DICTIONARY_BYTES + current.length, n);
      current.length += n;
      bodyBytes += n;
      offset += n;
      length -= n;
      if (current.writableBytes() == 0) {
        blockFilled();
        if (serial != null && length > 0) {
          serial.stream().write(bytes, offset, length);
          return;
        }
      }
    }
  }

  /** Queues the full current block, starts the next one primed with its end, and goes parallel past the threshold. */
  private void blockFilled() throws IOException {
    DeflateBlock full = current;
    current = null; // pending owns it now; a failed take below must not leave it owned twice
    crc.update(full.input, DeflateBlock.DICTIONARY_BYTES, full.length);
    pending.add(full);
    current = engine.takeBlock();
    current.primeWith(full);
    if (!parallel && bodyBytes > engine.parallelism().thresholdBytes()) {
      goOn();
    }
    if (parallel) {
      dispatchPending();
      writeDone(false);
    }
  }

  /** The body has passed the threshold: parallel blocks, or the serial encoder where it is faster. */
  private void goOn() throws IOException {
    if (engine.serialIsFaster()) {
      serial = openSerial();
      for (DeflateBlock b : pending) {
        serial.stream().write(b.input, DeflateBlock.DICTIONARY_BYTES, b.length);
      }
      serial.stream().write(current.input, DeflateBlock.DICTIONARY_BYTES, current.length);
      recycleBlocks();
      return;
    }
    parallel = true;
    GzipFraming.writeHeader(frame, 0, engine.level());
    sink.write(frame, 0, GzipFraming.HEADER_BYTES);
  }

  /** Starts every pending block not yet started, oldest first. */
  private void dispatchPending() {
    for (DeflateBlock b : pending) {
      if (!b.started) {
        dispatch(b);
      }
    }
  }

  /** Hands {@code block} to a worker when this body may use one more and one is free; else deflates it here. */
  private void dispatch(DeflateBlock block) {
    Parallelism p = engine.parallelism();
    block.started = true;
    if (blocksOnWorkers() < p.threads() - 1 && p.workers().tryAcquire(1) == 1 && block.runOn(p.workers())) {
      return;
    }
    block.run();
  }

  /** Pending blocks of this body that a worker still deflates. */
  private int blocksOnWorkers() {
    int n = 0;
    for (DeflateBlock b : pending) {
      if (b.onWorker && !b.isDone()) {
        n++;
      }
    }
    return n;
  }

  /**
   * Writes the pending blocks that are done, in order, to the sink; waits for the oldest when
   * {@code all} or when too many are pending.
   */
  private void writeDone(boolean all) throws IOException {
    while (!pending.isEmpty()) {
      DeflateBlock head = pending.peekFirst();
      boolean mustWait = all || pending.size() > maxPendingBlocks;
      if (!mustWait && !head.isDone()) {
        return;
      }
      Throwable failure = head.awaitDone();
      pending.pollFirst();
      try {
        if (failure != null) {
          throw new IOException("gzip(" + engine.level() + ") could not deflate a block: " + failure, failure);
        }
        sink.write(head.output, 0, head.outputLength);
      } finally {
        engine.recycleBlock(head);
      }
    }
  }

  @Override
  protected void finishStream() throws IOException {
    if (serial == null && !parallel) {
      if (bodyBytes > engine.parallelism().thresholdBytes()) {
        goOn();
      } else {
        finishSerially();
        return;
      }
    }
    if (serial != null) {
      serial.finish();
      return;
    }
    if (current == null) {
      current = engine.takeBlock();
    }
    DeflateBlock last = current;
    current = null;
    last.last = true;
    crc.update(last.input, DeflateBlock.DICTIONARY_BYTES, last.length);
    pending.add(last);
    dispatchPending();
    writeDone(true);
    GzipFraming.writeTrailer(frame, 0, (int) crc.getValue(), bodyBytes);
    sink.write(frame, 0, GzipFraming.TRAILER_BYTES);
  }

  /** A body within the threshold: the gathered blocks through the serial encoder, as with one thread. */
  private void finishSerially() throws IOException {
    Encoder encoder = openSerial();
    try {
      for (DeflateBlock b : pending) {
        encoder.stream().write(b.input, DeflateBlock.DICTIONARY_BYTES, b.length);
      }
      if (current != null) {
        encoder.stream().write(current.input, DeflateBlock.DICTIONARY_BYTES, current.length);
      }
      encoder.finish();
    } finally {
      encoder.close();
      recycleBlocks();
    }
  }

  private Encoder openSerial() throws IOException {
    return streaming ? engine.serial().openStreaming(sink) : engine.serial().open(sink);
  }

  /** Gives back every block this body holds, waiting for any still on a worker. */
  private void recycleBlocks() {
    for (DeflateBlock b; (b = pending.pollFirst()) != null; ) {
      b.awaitDone();
      engine.recycleBlock(b);
    }
    if (current != null) {
      engine.recycleBlock(current);
      current = null;
    }
  }

  @Override
  protected void release() {
    try {
      recycleBlocks();
    } finally {
      Encoder s = serial;
      serial = null;
      sink = null;
      if (s != null) {
        s.close();
      }
      engine.recycleEncoder(this);
    }
  }

  @Override
  protected void dispose() {
    // holds no native state: its blocks go back to the engine's pool
  }

  @Override
  public String toString() {
    return "ParallelGzipEncoder[gzip(" + engine.level() + "), " + engine.parallelism().threads() + " threads]";
  }
}
