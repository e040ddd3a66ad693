package io.github.zipjack.codec;

import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdException;
import java.io.IOException;

/**
 * One {@link ZstdCompressCtx} set up for HTTP's {@code zstd} coding, owned by one encoder (whole-body
 * or streaming) and reused from body to body. Not thread-safe.
 *
 * <p>Every frame carries the content size when zstd knows it (a body compressed in one call), and a
 * checksum of its content when the engine asks for one; its window never exceeds {@link ZstdEngine#HTTP_MAX_WINDOW_LOG}: the
 * 8 MB that HTTP's {@code zstd} coding allows (RFC 9659). Only levels 20 to 22 need the cap; zstd
 * picks at most 8 MB for the others, and shrinks the window to a body of known size in any case.
 *
 * <p>With a dictionary, every frame is compressed with it and carries its ID; the context references
 * the engine's loaded tables ({@link ZstdLoadedDictionary}) again after each reset, and holds a
 * reference to them until freed.
 *
 * <p>Counts itself made in {@link ContextCounter#created()} when constructed and released when
 * {@link #free()} (idempotent) frees it, or when a failed {@link #reset()} does.
 */
final class ZstdContext {
  /** Levels above this default to windows larger than 8 MB (zstd's lib/compress/clevels.h). */
  private static final int MAX_LEVEL_WITHIN_HTTP_WINDOW = 19;

  private final int level;
  private final boolean checksum;
  private final ContextCounter contexts;
  /** Null without a dictionary; one reference held until {@link #free()}. */
  private final ZstdLoadedDictionary dictionary;
  private final ZstdCompressCtx ctx;
  /** True once {@link #ctx} is freed. */
  private boolean freed;

  /**
   * @param checksum whether frames end with a checksum of their content
   * @param dictionary null for none
   */
  ZstdContext(int level, boolean checksum, ZstdLoadedDictionary dictionary, ContextCounter contexts) {
    this.level = level;
    this.checksum = checksum;
    this.contexts = contexts;
    this.dictionary = dictionary == null ? null : dictionary.retain();
    try {
      this.ctx = new ZstdCompressCtx();
    } catch (RuntimeException | Error e) {
      if (this.dictionary != null) {
        this.dictionary.release();
      }
      throw e;
    }
    contexts.created();
    try {
      configure();
    } catch (RuntimeException | Error e) {
      free();
      throw e;
    }
  }

  /** The native context, set up for the next body. */
  ZstdCompressCtx ctx() {
    return ctx;
  }

  /**
   * Sets the frame parameters. zstd-jni's {@code reset()} resets parameters too (it calls
   * {@code ZSTD_CCtx_reset(ZSTD_reset_session_and_parameters)}), so they are set again after each.
   */
  private void configure() {
    ctx.setLevel(level);
    ctx.setChecksum(checksum);
    ctx.setContentSize(true);
    if (level > MAX_LEVEL_WITHIN_HTTP_WINDOW) {
      ctx.setWindowLog(ZstdEngine.HTTP_MAX_WINDOW_LOG);
    }
    if (dictionary != null) {
      ctx.loadDict(dictionary.compressTables());
    }
  }

  /**
   * Resets the session and the parameters, then sets the parameters again, so that a body abandoned
   * midway or failed inside zstd leaves nothing behind.
   *
   * @return false if the context could not be reset; it is then freed and must not be pooled
   */
  boolean reset() {
    try {
      ctx.reset();
      configure();
      return true;
    } catch (RuntimeException e) {
      free();
      return false;
    }
  }

  /**
   * Compresses the next frame on {@code workers} of libzstd's own threads (0: on the caller's), in
   * jobs of {@code jobBytes}. Call after {@link #reset()} and before the frame's first byte; the next
   * {@link #reset()} goes back to 0. A context that has used workers keeps their threads (idle,
   * blocked) until it is freed.
   */
  void useWorkers(int workers, int jobBytes) {
    ctx.setWorkers(workers);
    if (workers > 0) {
      ctx.setJobSize(jobBytes);
    }
  }

  /** Declares the size of the next frame's content, which zstd then writes into its header. */
  void pledgeContentSize(long bytes) {
    ctx.setPledgedSrcSize(bytes);
  }

  /** An IOException that says what zstd refused while compressing {@code what}. */
  IOException failure(String what, ZstdException e) {
    return new IOException("zstd(" + level + ") could not compress " + what + ": " + e.getMessage()
        + " (zstd error " + e.getErrorCode() + ")", e);
  }

  /** Frees the native context; idempotent. */
  void free() {
    if (freed) {
      return;
    }
    freed = true;
    ctx.close();
    contexts.released();
    if (dictionary != null) {
      dictionary.release();
    }
  }
}
