package io.github.zipjack.codec;

import io.github.zipjack.buffer.StripedPool;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * gzip (RFC 1952) whose large bodies several threads deflate, as pigz does, in front of a serial gzip
 * engine (JDK zlib, or libdeflate) that serves the small ones. Thread-safe. A pipeline
 * or the servlet filter makes it for {@code Compression.gzip(level)} when its {@link Parallelism}
 * allows more than one thread.
 *
 * <p>Each body is one gzip member, never several (browsers keep only the first member, and curl
 * refuses more): one header, the blocks' raw deflate in order, one trailer with the CRC-32 and length
 * of the whole body. Blocks are {@link #BLOCK_BYTES}, each primed with the previous
 * block's last 32 KiB and ended with a sync flush ({@link DeflateBlock}); the output is the same
 * bytes for any thread count and timing, and a few bytes per block larger than serial zlib at the
 * same level (with libdeflate, 1-2% larger than serial libdeflate: its blocks take no dictionary).
 * See {@link ParallelGzipEncoder} for when a body goes parallel.
 *
 * <p>A body past the threshold goes on in parallel blocks only while a core is idle
 * ({@link CompressionWorkers#idleCores()}: the processors less the callers compressing bodies and the
 * busy workers); with every core busy it goes on in the serial engine, whole, as with one thread,
 * since blocks cost more work than one stream (with zlib, each is primed with its predecessor's
 * 32 KiB; with libdeflate, each is walked once more to be reopened) and a worker would only take its
 * core from another caller. So under full load the server's throughput is
 * the serial engine's, and a large body's bytes depend on whether a core was idle when it passed the
 * threshold (both decode to the same content).
 *
 * <p>The blocks are deflated by the serial engine's library: JDK zlib, or libdeflate. libdeflate has
 * no dictionary and no flush (it always ends a whole stream), so each of its blocks is compressed
 * afresh and reopened by {@link JoinableDeflate}, which walks the block's codes once (a third to a half
 * of libdeflate-1's own time, less at higher levels); on two threads that is still faster than
 * serial libdeflate, and much faster than zlib blocks.
 *
 * <p>Pools: {@link DeflateBlock}s (each with a compressor, counted in {@link #contexts()} with the
 * serial engine's contexts), at most {@code maxIdleEncoders} idle, and the parallel encoders, which
 * hold no native state. {@link #lentEncoders()} counts both engines' encoders, {@link #lentBlocks()}
 * the blocks out of the pool. {@link #close()} closes the serial engine and ends idle blocks' compressors;
 * blocks still in use are ended when they come back.
 */
public final class ParallelGzipEngine implements CompressionEngine {
  /**
   * Bytes of body per block, 256 KiB: twice pigz's default, because each block's priming with the
   * previous block's 32 KiB is paid again per block (measured in docs/parallel-compression.md, "Why
   * 256 KiB blocks").
   */
  static final int BLOCK_BYTES = 256 * 1024;
  private final CompressionEngine serial;
  private final boolean serialIsLibdeflate;
  private final int level;
  private final Parallelism parallelism;
  private final StripedPool<DeflateBlock> blocks;
  private final StripedPool<ParallelGzipEncoder> encoders;

  /**
   * An engine that shares gzip bodies past the threshold among threads.
   *
   * @param serial the engine that serves bodies within the threshold, and decoding; this engine
   *     owns it from now on and closes it
   * @param config its level and maxIdleEncoders (idle blocks kept) and parallelism (more than 1 thread)
   */
  public ParallelGzipEngine(CompressionEngine serial, EngineConfig config) {
    if (!serial.contentEncoding().equals("gzip")) {
      throw new IllegalArgumentException("ParallelGzipEngine serves gzip, not " + serial.implementation());
    }
    if (!config.parallelism().isParallel()) {
      throw new IllegalArgumentException("ParallelGzipEngine needs more than 1 thread: " + config.parallelism());
    }
    this.serial = serial;
    this.serialIsLibdeflate = serial instanceof LibdeflateGzipEngine;
    this.level = config.level();
    this.parallelism = config.parallelism();
    ContextCounter contexts = serial.contexts();
    boolean libdeflateBlocks = serialIsLibdeflate;
    this.blocks = new StripedPool<>(Math.max(config.maxIdleEncoders(), 2 * parallelism.threads()),
        () -> new DeflateBlock(level, BLOCK_BYTES, contexts, libdeflateBlocks), DeflateBlock::dispose);
    this.encoders = new StripedPool<>(config.maxIdleEncoders(), () -> new ParallelGzipEncoder(this), e -> { });
  }

  CompressionEngine serial() {
    return serial;
  }

  Parallelism parallelism() {
    return parallelism;
  }

  int level() {
    return level;
  }

  DeflateBlock takeBlock() {
    return blocks.take();
  }

  /** Takes back a block no thread uses any more. */
  void recycleBlock(DeflateBlock block) {
    block.reset();
    blocks.recycle(block);
  }

  void recycleEncoder(ParallelGzipEncoder encoder) {
    encoders.recycle(encoder);
  }

  @Override
  public String contentEncoding() {
    return "gzip";
  }

  /**
   * The serial engine's; with libdeflate, also what serves a large body while a core is idle:
   * {@code gzip(1) via libdeflate; past 262144 bytes while a core is idle, in libdeflate blocks on 4
   * threads}.
   */
  @Override
  public String implementation() {
    return serialIsLibdeflate
        ? serial.implementation() + "; past " + parallelism.thresholdBytes() + " bytes while a core is idle,"
            + " in libdeflate blocks on " + parallelism.threads() + " threads"
        : serial.implementation();
  }

  @Override
  public ContextCounter contexts() {
    return serial.contexts();
  }

  @Override
  public long lentEncoders() {
    return serial.lentEncoders() + encoders.lentCount();
  }

  @Override
  public long lentBlocks() {
    return blocks.lentCount();
  }

  @Override
  public long lentDecoderSlots() {
    return serial.lentDecoderSlots();
  }

  @Override
  public Encoder open(OutputStream sink) throws IOException {
    ParallelGzipEncoder encoder = Encoder.lend(encoders, sink, parallelism.workers());
    encoder.streaming = false;
    return encoder;
  }

  /** The same encoders: a body past the threshold streams its blocks to the sink as they are done. */
  @Override
  public Encoder openStreaming(OutputStream sink) throws IOException {
    ParallelGzipEncoder encoder = Encoder.lend(encoders, sink, parallelism.workers());
    encoder.streaming = true;
    return encoder;
  }

  @Override
  public InputStream decoder(InputStream body) throws IOException {
    return serial.decoder(body);
  }

  @Override
  public boolean decodesWhole() {
    return serial.decodesWhole();
  }

  @Override
  public int decodeWhole(byte[] body, int offset, int length, long maxDecodedBytes, WholeBodyArrays into) {
    return serial.decodeWhole(body, offset, length, maxDecodedBytes, into);
  }

  @Override
  public void close() {
    encoders.close();
    blocks.close();
    serial.close();
  }

  @Override
  public String toString() {
    return implementation();
  }
}
