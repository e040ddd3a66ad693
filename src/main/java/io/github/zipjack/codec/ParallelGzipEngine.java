package io.github.zipjack.codec;

import io.github.zipjack.buffer.StripedPool;
import java.io.IOException;
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
 * <p>A parallel body whose workers lose their idle core (another caller started a body) goes on in
 * one piece on its own thread: raw deflate from a pooled rest encoder that ends the stream, so that no
 * further block pays its priming or its walk (zlib primed with the last block's end; libdeflate
 * gathering the rest, as serial libdeflate gathers a body, except for a streamed body, which goes on
 * in zlib to keep its memory bounded).
 *
 * <p>Its blocks are {@link DeflateBlock}s, pooled as {@link ParallelBlockEngine} says; the rest
 * encoders are pooled as many, each counted as a native context.
 */
public final class ParallelGzipEngine extends ParallelBlockEngine<DeflateBlock> {
  /**
   * Bytes of body per block, 256 KiB: twice pigz's default, because each block's priming with the
   * previous block's 32 KiB is paid again per block (measured in docs/parallel-compression.md, "Why
   * 256 KiB blocks").
   */
  static final int BLOCK_BYTES = 256 * 1024;
  private final boolean serialIsLibdeflate;
  /** Encoders of a parallel body's rest in JDK zlib: raw deflate, streaming. */
  private final StripedPool<GzipEncoder> zlibRests;
  /** Encoders of a parallel body's rest in libdeflate, which gather it; unused unless the serial engine is libdeflate. */
  private final StripedPool<Encoder> libdeflateRests;
  private final int deflaterBufferSize;

  /**
   * An engine that shares gzip bodies past the threshold among threads.
   *
   * @param serial the engine that serves bodies within the threshold, and decoding; this engine
   *     owns it from now on and closes it
   * @param config its level and maxIdleEncoders (idle blocks kept) and parallelism (more than 1 thread)
   * @throws IllegalArgumentException if the serial engine is not gzip, or the config allows 1 thread
   */
  public ParallelGzipEngine(CompressionEngine serial, EngineConfig config) {
    super(serial, config, "gzip");
    this.serialIsLibdeflate = serial instanceof LibdeflateGzipEngine;
    this.deflaterBufferSize = config.deflaterBufferSize();
    this.zlibRests = new StripedPool<>(config.maxIdleEncoders(), this::newZlibRest, this::disposeRest);
    this.libdeflateRests = new StripedPool<>(config.maxIdleEncoders(), this::newLibdeflateRest, this::disposeRest);
  }

  private GzipEncoder newZlibRest() {
    GzipEncoder encoder = GzipEncoder.rest(zlibRests::recycle, level(), deflaterBufferSize);
    contexts().created();
    return encoder;
  }

  private Encoder newLibdeflateRest() {
    Encoder encoder = LibdeflateGzipEncoder.rest(libdeflateRests::recycle, level());
    contexts().created();
    return encoder;
  }

  private void disposeRest(Encoder encoder) {
    encoder.dispose();
    contexts().released();
  }

  /**
   * With libdeflate, an encoder that gathers the rest and compresses it in one call, as serial
   * libdeflate would; with zlib, or for a body lent by {@code openStreaming} (whose memory stays
   * bounded), a zlib stream primed with {@code previous}'s last 32 KiB, as a block after it would be.
   */
  @Override
  Encoder openRest(OutputStream sink, DeflateBlock previous, boolean streaming) throws IOException {
    if (serialIsLibdeflate && !streaming) {
      return Encoder.lend(libdeflateRests, sink);
    }
    GzipEncoder rest = Encoder.lend(zlibRests, sink);
    rest.primeWith(previous.input, DeflateBlock.dictionaryStart(previous), DeflateBlock.DICTIONARY_BYTES);
    return rest;
  }

  @Override
  long lentRestEncoders() {
    return zlibRests.lentCount() + libdeflateRests.lentCount();
  }

  @Override
  void closeRestEncoders() {
    try {
      zlibRests.close();
    } finally {
      libdeflateRests.close();
    }
  }

  @Override
  DeflateBlock newBlock() {
    return new DeflateBlock(level(), BLOCK_BYTES, contexts(), serialIsLibdeflate);
  }

  @Override
  ParallelGzipEncoder newEncoder() {
    return new ParallelGzipEncoder(this);
  }

  /**
   * Not with libdeflate, whose blocks start without their predecessor's end: a cut costs the bytes
   * of a fresh start, where a zlib block primed with the first half's end costs a few.
   */
  @Override
  boolean cutsLastBlock() {
    return !serialIsLibdeflate;
  }

  /**
   * The serial engine's; with libdeflate, also what serves a large body while a core is idle:
   * {@code gzip(1) via libdeflate; past 262144 bytes while a core is idle, in libdeflate blocks on 4
   * threads}.
   */
  @Override
  public String implementation() {
    return serialIsLibdeflate
        ? serial().implementation() + "; past " + parallelism().thresholdBytes() + " bytes while a core is idle,"
            + " in libdeflate blocks on " + parallelism().threads() + " threads"
        : serial().implementation();
  }
}
