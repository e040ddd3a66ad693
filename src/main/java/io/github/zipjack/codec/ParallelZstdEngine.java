package io.github.zipjack.codec;

import java.io.IOException;
import java.io.OutputStream;

/**
 * zstd at level 1 whose large bodies several threads compress, in frames of {@link #FRAME_BYTES}
 * that follow one another in the body, in front of a serial {@link ZstdEngine} that serves the
 * small ones. Thread-safe. A pipeline or the servlet filter makes it for {@code Compression.zstd(1)}
 * without a dictionary when its {@link Parallelism} allows more than one thread; other levels, and
 * dictionaries, go to libzstd's own workers ({@link ZstdEngine}).
 *
 * <p>A zstd body may hold several frames, which decode to the concatenation of their contents (RFC
 * 8878, section 3.1): the zstd program, zstd-jni's streams, Chromium and curl read them all. Each
 * frame here is one block of the body compressed on its own, with its content size and, when the
 * config asks, its checksum ({@link ZstdFrameBlock}); a frame cannot refer to an earlier one, so a
 * cut costs the matches across it. At level 1, whose window is one frame (512 KiB), that was 0.4-1.2%
 * of bytes on the bundled shapes, against 3-6% at level 3 on people records (docs/parallel-compression.md),
 * which is why only level 1 goes this way. The bytes are the same for any thread count from two and
 * any timing; see {@link ParallelBlockEncoder} for when a body goes parallel.
 *
 * <p>Against libzstd's workers, which compress one frame in jobs handed to threads of their own,
 * these frames are compressed by zipjack's {@link CompressionWorkers} and by the caller whenever it
 * would wait, so the last frame does not wait for a worker; each is one zstd call sized to its
 * frame. A body past the threshold that finds every core busy goes on in the serial engine, whole,
 * as with one thread.
 *
 * <p>Memory: each block holds its 512 KiB of input, an output array of zstd's bound for it (a little
 * over 512 KiB) and, once it has compressed a frame, a level-1 zstd context; blocks are pooled as
 * {@link ParallelBlockEngine} says, so an idle engine keeps at most that many.
 */
public final class ParallelZstdEngine extends ParallelBlockEngine<ZstdFrameBlock> {
  /** The highest level whose large bodies go in frames; above it, libzstd's workers keep one frame. */
  public static final int MAX_LEVEL = 1;
  /** Bytes of body per frame: level 1's window, so that a frame loses only the matches across its cut. */
  static final int FRAME_BYTES = 512 * 1024;
  /**
   * Bytes past which a body may go parallel, whatever lower threshold is set: a frame and a quarter.
   * A frame is handed over only once it is full, so a body of about one frame would pay the
   * hand-over for nothing.
   */
  static final int MIN_PARALLEL_BYTES = FRAME_BYTES + FRAME_BYTES / 4;

  private final boolean checksum;

  /**
   * An engine that shares zstd bodies past the threshold among threads, in frames.
   *
   * @param serial a zstd engine without a dictionary that compresses on its caller's thread alone;
   *     it serves bodies within the threshold, and decoding; this engine owns it from now on and
   *     closes it
   * @param config its level (at most {@link #MAX_LEVEL}), maxIdleEncoders (idle blocks kept),
   *     parallelism (more than 1 thread) and zstdChecksum
   * @throws IllegalArgumentException if the serial engine is not zstd, the level is above
   *     {@link #MAX_LEVEL}, or the config allows 1 thread
   */
  public ParallelZstdEngine(CompressionEngine serial, EngineConfig config) {
    super(serial, config, "zstd");
    if (config.level() < 1 || config.level() > MAX_LEVEL) {
      throw new IllegalArgumentException("zstd frames on several threads serve levels 1 to " + MAX_LEVEL + ": "
          + config.level());
    }
    this.checksum = config.zstdChecksum();
  }

  @Override
  ZstdFrameBlock newBlock() {
    return new ZstdFrameBlock(level(), checksum, FRAME_BYTES, contexts());
  }

  @Override
  ParallelZstdEncoder newEncoder() {
    return new ParallelZstdEncoder(this);
  }

  /** A frame of its own from the serial engine's streaming encoders: zstd frames join as they are. */
  @Override
  Encoder openRest(OutputStream sink, ZstdFrameBlock previous, boolean streaming) throws IOException {
    return serial().openStreaming(sink);
  }

  @Override
  boolean emptyLastBlockNeeded() {
    return false;
  }

  @Override
  long parallelThresholdBytes() {
    return Math.max(parallelism().thresholdBytes(), MIN_PARALLEL_BYTES);
  }

  /**
   * The serial engine's, {@code zstd(1) via zstd-jni}: the frames come from the same library, and
   * the pipeline's {@code toString()} shows its thread count and threshold.
   */
  @Override
  public String implementation() {
    return serial().implementation();
  }
}
