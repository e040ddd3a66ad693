package io.github.zipjack.codec;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdException;
import java.io.UncheckedIOException;

/**
 * A block of a zstd body that several threads compress ({@link ParallelZstdEngine}), each into a
 * frame of its own: zstd frames follow one another in a body and decode to the concatenation of
 * their contents (RFC 8878, section 3.1), so a block needs nothing of its neighbours and is never
 * primed. Each frame declares its content size, and carries a checksum when the engine asks for one.
 *
 * <p>Owns its {@link ZstdContext}, made when the block is first compressed (a block that only
 * ever gathered small bodies holds none), reset after each frame, and freed once by
 * {@link #dispose()}.
 */
final class ZstdFrameBlock extends ParallelBlock {
  private final int level;
  private final boolean checksum;
  private final ContextCounter contexts;
  private ZstdContext context;

  /**
   * @param checksum whether each frame ends with a checksum of its content
   * @param contexts counts the context when it is made and when it is freed
   */
  ZstdFrameBlock(int level, boolean checksum, int blockBytes, ContextCounter contexts) {
    super(0, blockBytes);
    this.level = level;
    this.checksum = checksum;
    this.contexts = contexts;
  }

  @Override
  void compress() {
    if (context == null) {
      context = new ZstdContext(level, checksum, null, contexts);
      output = new byte[(int) Zstd.compressBound(input.length)];
    }
    try {
      outputLength = context.ctx().compressByteArray(output, 0, output.length, input, 0, length);
    } catch (ZstdException e) {
      throw new UncheckedIOException(context.failure("a frame of " + length + " bytes", e));
    }
  }

  /** A context that cannot be reset is freed; the next frame makes another. */
  @Override
  void resetCompressor() {
    if (context != null && !context.reset()) {
      context = null;
    }
  }

  @Override
  void dispose() {
    if (context != null) {
      context.free();
      context = null;
    }
  }
}
