package io.github.zipjack.codec;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdException;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Compresses one whole body into one zstd frame with a {@link ZstdContext} that it keeps for the
 * next body. Not thread-safe; lent by {@link ZstdEngine#open}, which pools it.
 *
 * <p>Each frame carries the body's size (zstd writes it when it compresses the whole input in one
 * call), a checksum of its content if the engine asks for one, and a window of at most 8 MB
 * ({@link ZstdContext}).
 *
 * <p>Owns its context: {@link #dispose()} frees it once, and counts it released.
 */
final class ZstdBodyEncoder extends WholeBodyEncoder {
  private final ZstdEngine engine;
  private final ZstdContext context;
  /**
   * True once this body reached the engine's parallel threshold with no core idle since it started: it goes on as
   * with one thread (gathered up to {@link #MAX_RETAINED_BYTES}, then streamed serially), so that
   * its bytes and its cost are those of {@code compressionThreads(1)}. False between bodies.
   */
  private boolean serialBody;

  ZstdBodyEncoder(ZstdEngine engine, int level, ContextCounter contexts) {
    this.engine = engine;
    this.context = new ZstdContext(level, engine.checksum(), engine.dictionary(), contexts);
  }

  @Override
  protected void compress(byte[] body, int length, OutputStream sink) throws IOException {
    byte[] output = outputBuffer(Zstd.compressBound(length));
    int written;
    try {
      written = context.ctx().compressByteArray(output, 0, output.length, body, 0, length);
    } catch (ZstdException e) {
      throw context.failure("a body of " + length + " bytes", e);
    }
    sink.write(output, 0, written);
  }

  /**
   * Resets the context and hands this encoder back; a context that cannot be reset is freed
   * instead, and this encoder dropped.
   */
  @Override
  protected void resetAndRecycle() {
    serialBody = false;
    if (context.reset()) {
      engine.recycle(this);
    } else {
      engine.discard(this);
    }
  }

  /** Frees the native context; idempotent. Called by the pool when it drops this encoder. */
  @Override
  protected void dispose() {
    context.free();
  }

  /**
   * A body past {@link #continuationBytes()} goes on in the engine's streaming encoder (see
   * WholeBodyEncoder), which declares the body's size when it is known. A body that reaches the
   * parallel threshold with no core idle goes on being gathered instead (null), and from
   * {@link #MAX_RETAINED_BYTES} on in a serial streaming encoder, as with one thread.
   */
  @Override
  protected Encoder openContinuation(OutputStream sink, long knownBodyBytes) throws IOException {
    if (!serialBody && engine.continuationBytes() < MAX_RETAINED_BYTES && !coreIdleSinceStart()) {
      serialBody = true;
      if (knownBodyBytes <= MAX_RETAINED_BYTES) { // -1 too: the body goes on, gathered for now
        return null;
      }
    }
    return engine.openContinuation(sink, knownBodyBytes, serialBody);
  }

  @Override
  protected long continuationBytes() {
    return serialBody ? MAX_RETAINED_BYTES : engine.continuationBytes();
  }

  @Override
  public String toString() {
    return "ZstdBodyEncoder[zstd(" + engine.level() + ")]";
  }
}
