package io.github.zipjack.codec;

import io.github.zipjack.buffer.StripedPool;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * An engine whose large bodies several threads compress in blocks ({@link ParallelBlockEncoder}), in
 * front of a serial engine of the same coding that serves the small ones, a body that finds no core
 * idle, and decoding. Thread-safe.
 *
 * <p>Pools: blocks (each with a compressor, counted in {@link #contexts()} with the serial engine's
 * contexts), at most {@code maxIdleEncoders} idle but never fewer than two per thread, the
 * parallel encoders, which hold no native state, and whatever an engine keeps for the rest of a body
 * that goes on alone ({@link #openRest}). {@link #lentEncoders()} counts both engines'
 * encoders, {@link #lentBlocks()} the blocks out of the pool. {@link #close()} closes the serial
 * engine and frees idle blocks' compressors; blocks still in use are freed when they come back.
 *
 * @param <B> its blocks
 */
abstract class ParallelBlockEngine<B extends ParallelBlock> implements CompressionEngine {
  private final CompressionEngine serial;
  private final String contentEncoding;
  private final int level;
  private final Parallelism parallelism;
  private final StripedPool<B> blocks;
  private final StripedPool<ParallelBlockEncoder<B>> encoders;

  /**
   * @param serial serves bodies within the threshold, and decoding; this engine owns it from now on
   *     and closes it
   * @param config its level, maxIdleEncoders (idle encoders and blocks kept) and parallelism (more
   *     than 1 thread)
   * @param contentEncoding the coding this engine and its serial engine serve
   * @throws IllegalArgumentException if the serial engine is of another coding, or the config allows 1 thread
   */
  ParallelBlockEngine(CompressionEngine serial, EngineConfig config, String contentEncoding) {
    if (!serial.contentEncoding().equals(contentEncoding)) {
      throw new IllegalArgumentException(getClass().getSimpleName() + " serves " + contentEncoding + ", not "
          + serial.implementation());
    }
    if (!config.parallelism().isParallel()) {
      throw new IllegalArgumentException(getClass().getSimpleName() + " needs more than 1 thread: "
          + config.parallelism());
    }
    this.serial = serial;
    this.contentEncoding = contentEncoding;
    this.level = config.level();
    this.parallelism = config.parallelism();
    this.blocks = new StripedPool<>(Math.max(config.maxIdleEncoders(), 2 * parallelism.threads()), this::newBlock,
        ParallelBlock::dispose);
    this.encoders = new StripedPool<>(config.maxIdleEncoders(), this::newEncoder, e -> { });
  }

  /** A new block with its (not yet made) compressor; called by the pool. */
  abstract B newBlock();

  /** A new encoder of this engine's format; called by the pool. */
  abstract ParallelBlockEncoder<B> newEncoder();

  /** The coding and level, for messages: {@code gzip(1)}. */
  final String codingName() {
    return contentEncoding + "(" + level + ")";
  }

  final int level() {
    return level;
  }

  /**
   * Whether a body whose bytes filled its last block exactly still ends with an empty block, as a
   * format whose last block carries its end does; true by default.
   */
  boolean emptyLastBlockNeeded() {
    return true;
  }

  /**
   * Whether a parallel body's last block may be cut in two at the body's end, so that the caller
   * and a worker share it ({@link ParallelBlockEncoder}); true by default, false where a cut costs
   * bytes the engine cannot spare.
   */
  boolean cutsLastBlock() {
    return true;
  }

  /**
   * Opens the encoder of the rest of a parallel body whose workers have no idle core left: its
   * output continues the body's blocks up to and including {@code previous} (whose bytes it may be
   * primed with; it keeps no reference to them) and ends the format's compressed data, before
   * {@link ParallelBlockEncoder#endFormat}. It writes nothing to {@code sink} until written to. The
   * body closes it. A body lent by {@link #openStreaming} ({@code streaming}) needs one whose memory
   * stays bounded, as the serial engine's streaming encoders'.
   */
  abstract Encoder openRest(OutputStream sink, B previous, boolean streaming) throws IOException;

  /** {@return encoders of a body's rest lent by this engine's own pool, not its serial engine's} */
  long lentRestEncoders() {
    return 0;
  }

  /** Frees what this engine pools besides blocks and encoders; once, from {@link #close()}. */
  void closeRestEncoders() {
  }

  /** Body bytes past which a body may go on in parallel blocks. */
  long parallelThresholdBytes() {
    return parallelism.thresholdBytes();
  }

  final CompressionEngine serial() {
    return serial;
  }

  final Parallelism parallelism() {
    return parallelism;
  }

  final B takeBlock() {
    return blocks.take();
  }

  /** Takes back a block no thread uses any more. */
  final void recycleBlock(B block) {
    block.reset();
    blocks.recycle(block);
  }

  final void recycleEncoder(ParallelBlockEncoder<B> encoder) {
    encoders.recycle(encoder);
  }

  @Override
  public final String contentEncoding() {
    return contentEncoding;
  }

  @Override
  public final ContextCounter contexts() {
    return serial.contexts();
  }

  @Override
  public final long lentEncoders() {
    return serial.lentEncoders() + encoders.lentCount() + lentRestEncoders();
  }

  @Override
  public final long lentBlocks() {
    return blocks.lentCount();
  }

  @Override
  public final long lentDecoderSlots() {
    return serial.lentDecoderSlots();
  }

  @Override
  public final Encoder open(OutputStream sink) throws IOException {
    ParallelBlockEncoder<B> encoder = Encoder.lend(encoders, sink, parallelism.workers());
    encoder.streaming = false;
    return encoder;
  }

  /** The same encoders: a body past the threshold streams its blocks to the sink as they are done. */
  @Override
  public final Encoder openStreaming(OutputStream sink) throws IOException {
    ParallelBlockEncoder<B> encoder = Encoder.lend(encoders, sink, parallelism.workers());
    encoder.streaming = true;
    return encoder;
  }

  @Override
  public final InputStream decoder(InputStream body) throws IOException {
    return serial.decoder(body);
  }

  @Override
  public final boolean decodesWhole() {
    return serial.decodesWhole();
  }

  @Override
  public final int decodeWhole(byte[] body, int offset, int length, long maxDecodedBytes, WholeBodyArrays into) {
    return serial.decodeWhole(body, offset, length, maxDecodedBytes, into);
  }

  @Override
  public final void close() {
    encoders.close();
    blocks.close();
    try {
      closeRestEncoders();
    } finally {
      serial.close();
    }
  }

  @Override
  public String toString() {
    return implementation();
  }
}
