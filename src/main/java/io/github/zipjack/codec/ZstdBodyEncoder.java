package io.github.zipjack.codec;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdException;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Compresses one whole body into one zstd frame with a {@link ZstdCompressCtx} that it keeps for
 * the next body. Not thread-safe; lent by {@link ZstdEngine}, which pools it.
 *
 * <p>Each frame carries the body's size (zstd writes it when it compresses the whole input in one
 * call) and a checksum of its content, and its window never exceeds
 * {@link ZstdEngine#HTTP_MAX_WINDOW_LOG}: the 8 MB that HTTP's {@code zstd} coding allows
 * (RFC 9659). Only levels 20 to 22 need the cap; zstd picks at most 8 MB for the others and
 * shrinks the window to the body's size in any case.
 *
 * <p>Owns its context: {@link #dispose()} frees it once, and counts it released.
 */
final class ZstdBodyEncoder extends WholeBodyEncoder {
  /** Levels above this default to windows larger than 8 MB (zstd's lib/compress/clevels.h). */
  private static final int MAX_LEVEL_WITHIN_HTTP_WINDOW = 19;

  private final ZstdEngine engine;
  private final int level;
  private final ContextCounter contexts;
  private final ZstdCompressCtx ctx;
  /** True once {@link #ctx} is freed. */
  private boolean disposed;

  ZstdBodyEncoder(ZstdEngine engine, int level, ContextCounter contexts) {
    this.engine = engine;
    this.level = level;
    this.contexts = contexts;
    this.ctx = new ZstdCompressCtx();
    contexts.created();
    try {
      configure();
    } catch (RuntimeException | Error e) {
      dispose();
      throw e;
    }
  }

  /**
   * Sets the frame parameters. zstd-jni's {@code reset()} resets parameters too (it calls
   * {@code ZSTD_CCtx_reset(ZSTD_reset_session_and_parameters)}), so they are set again after each.
   */
  private void configure() {
    ctx.setLevel(level);
    ctx.setChecksum(true);
    ctx.setContentSize(true);
    if (level > MAX_LEVEL_WITHIN_HTTP_WINDOW) {
      ctx.setWindowLog(ZstdEngine.HTTP_MAX_WINDOW_LOG);
    }
  }

  @Override
  protected void compress(byte[] body, int length, OutputStream sink) throws IOException {
    byte[] output = outputBuffer(Zstd.compressBound(length));
    int written;
    try {
      written = ctx.compressByteArray(output, 0, output.length, body, 0, length);
    } catch (ZstdException e) {
      throw new IOException("zstd(" + level + ") could not compress a body of " + length + " bytes: "
          + e.getMessage() + " (zstd error " + e.getErrorCode() + ")", e);
    }
    sink.write(output, 0, written);
  }

  /**
   * Resets the context (session and parameters, then sets the parameters again) so that a body
   * abandoned midway or failed inside zstd leaves nothing behind, and hands this encoder back. A
   * context that cannot be reset is freed instead of pooled.
   */
  @Override
  protected void resetAndRecycle() {
    try {
      ctx.reset();
      configure();
    } catch (RuntimeException e) {
      dispose();
      return;
    }
    engine.recycle(this);
  }

  /** Frees the native context; idempotent. Called by the pool when it drops this encoder. */
  @Override
  protected void dispose() {
    if (disposed) {
      return;
    }
    disposed = true;
    ctx.close();
    contexts.released();
  }

  @Override
  public String toString() {
    return "ZstdBodyEncoder[zstd(" + level + ")]";
  }
}
