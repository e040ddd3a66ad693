package io.github.zipjack.codec;

import com.github.luben.zstd.EndDirective;
import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdException;
import com.github.luben.zstd.ZstdOutputStreamNoFinalizer;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;

/**
 * Compresses a body of unknown size into one zstd frame as it is written, handing each compressed
 * block to the sink as zstd makes it. Not thread-safe; lent by {@link ZstdEngine#openStreaming},
 * which pools it with its {@link ZstdContext} and its two direct buffers for the next body.
 *
 * <p>The frame carries no content size (a checksum if the engine asks for one), and its window is the level's, at most 8 MB
 * ({@link ZstdContext}). Body bytes held at any time: at most {@link #INPUT_BYTES} in the input
 * buffer plus what zstd keeps for matching, one window (2^19 bytes at level 1, 2^21 at 3, at most
 * 8 MiB) and one block; compressed bytes held: at most one output buffer.
 *
 * <p>Owns its context and buffers: {@link #dispose()} frees the context once, and counts it released.
 */
final class ZstdStreamEncoder extends DirectInputEncoder {
  /** Bytes of the input buffer: one block, zstd's {@code ZSTD_CStreamInSize()}. */
  static final int INPUT_BYTES = Zstd.blockSizeMax();
  /** Bytes of the output buffer: one compressed block and its headers, zstd's {@code ZSTD_CStreamOutSize()}. */
  static final int OUTPUT_BYTES = (int) ZstdOutputStreamNoFinalizer.recommendedCOutSize();

  private final ZstdEngine engine;
  private final ZstdContext context;
  /** Body bytes not yet given to zstd are {@code [0, position)}, between zstd calls. */
  private final ByteBuffer input = ByteBuffer.allocateDirect(INPUT_BYTES);
  /** Empty between zstd calls. */
  private final ByteBuffer output = ByteBuffer.allocateDirect(OUTPUT_BYTES);
  /** Body bytes given to zstd in this body, for error messages. */
  private long bodyBytes;
  /** Worker permits this body holds (libzstd's threads compressing it); 0 when it is serial. */
  private int workerPermits;
  /** libzstd workers compressing this body; 0 when it is serial. */
  private int workers;
  /** True once this body's frame is ended: no libzstd job of it is left running. */
  private boolean frameEnded;

  ZstdStreamEncoder(ZstdEngine engine, int level, ContextCounter contexts) {
    this.engine = engine;
    this.context = new ZstdContext(level, engine.checksum(), engine.dictionary(), contexts);
  }

  @Override
  protected void begin(OutputStream sink) {
    this.sink = sink;
    this.bodyBytes = 0;
    input.clear();
    output.clear();
    frameEnded = false;
    workerPermits = engine.acquireWorkers();
    workers = engine.workersFor(workerPermits);
    if (workers > 0) {
      context.useWorkers(workers, ZstdEngine.JOB_BYTES);
    }
  }

  /**
   * Compresses this body on the caller's thread alone, giving back any worker permits {@link #begin}
   * took; before the first write.
   */
  void withoutWorkers() {
    engine.releaseWorkers(workerPermits);
    workerPermits = 0;
    if (workers > 0) {
      context.useWorkers(0, ZstdEngine.JOB_BYTES);
      workers = 0;
    }
  }

  /** Declares the body's size, written into the frame; before the first write. */
  void pledgeContentSize(long bytes) {
    context.pledgeContentSize(bytes);
  }

  @Override
  ByteBuffer input() {
    return input;
  }

  @Override
  void compressFullInput() throws IOException {
    compress(EndDirective.CONTINUE);
  }

  @Override
  protected void finishStream() throws IOException {
    compress(EndDirective.END);
  }

  /**
   * Gives the input buffer to zstd and writes what it makes to the sink, until zstd has taken all
   * of the input ({@code CONTINUE}) or also ended the frame ({@code END}).
   */
  private void compress(EndDirective directive) throws IOException {
    input.flip();
    bodyBytes += input.remaining();
    boolean done;
    do {
      try {
        done = context.ctx().compressDirectByteBufferStream(output, input, directive);
      } catch (ZstdException e) {
        throw context.failure("a streamed body after " + bodyBytes + " bytes", e);
      }
      output.flip();
      writer.write(output, sink);
      output.clear();
    } while (directive == EndDirective.CONTINUE ? input.hasRemaining() : !done);
    input.clear();
    frameEnded = directive == EndDirective.END;
  }

  /**
   * Forgets the sink, resets the context (whatever the body left in it) and hands this encoder back;
   * a context that cannot be reset is freed instead, and this encoder dropped. So is the context of a
   * body abandoned while libzstd's workers may still run its jobs: a reset does not wait for them,
   * and libzstd (1.5.7) resizes its job table for the next frame's worker count before it waits,
   * which crashes a worker still inside an old job; freeing the context joins its workers first.
   */
  @Override
  protected void release() {
    sink = null;
    input.clear();
    output.clear();
    boolean reset;
    if (workers > 0 && !frameEnded) {
      context.free();
      reset = false;
    } else {
      reset = context.reset();
    }
    engine.releaseWorkers(workerPermits);
    workerPermits = 0;
    workers = 0;
    if (reset) {
      engine.recycleStreaming(this);
    } else {
      engine.discard(this);
    }
  }

  /** Frees the native context; idempotent. The direct buffers go with this object. */
  @Override
  protected void dispose() {
    context.free();
  }

  @Override
  public String toString() {
    return "ZstdStreamEncoder[zstd(" + engine.level() + ")]";
  }
}
