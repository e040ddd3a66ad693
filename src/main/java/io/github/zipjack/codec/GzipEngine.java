package io.github.zipjack.codec;

import io.github.zipjack.buffer.SegmentPool;
import java.io.IOException;
import java.io.OutputStream;

/**
 * gzip (RFC 1952) with the JDK's zlib, streaming or whole-body: a pool of {@link GzipEncoder}s, each holding one
 * {@link java.util.zip.Deflater} that is reset between bodies and ended when the pool drops it or
 * the engine closes. Thread-safe. Users pick it with {@code Compression.gzip(level)}.
 *
 * <p>Streaming, {@link #open} and {@link #openStreaming} lend the same encoders: each holds at most
 * its input buffer of body bytes plus zlib's 32 KiB window. Whole-body (with a whole-body pool),
 * {@link #openStreaming} lends streaming encoders from a pool of their own.
 */
public final class GzipEngine extends GzipDecodingEngine<GzipEncoder> {
  private final int level;
  private final int inputBufferSize;
  private final int deflaterBufferSize;
  private final SegmentPool wholeBodyPool;

  /**
   * A gzip engine through the JDK's zlib.
   *
   * @param level 0 to 9
   * @param inputBufferSize bytes gathered before each Deflater call, 0 for none
   * @param deflaterBufferSize bytes of the buffer zlib writes into when the sink is a caller's stream
   * @param maxIdleEncoders encoders (each about 256 KB native plus its buffers) kept for reuse, and
   *     as many idle Inflaters for decoding
   * @param wholeBodyPool null to deflate as the serializer writes; else the pool in which each body
   *     is gathered whole before it is deflated in one pass
   */
  public GzipEngine(int level, int inputBufferSize, int deflaterBufferSize, int maxIdleEncoders,
      SegmentPool wholeBodyPool) {
    super(maxIdleEncoders, level, inputBufferSize, deflaterBufferSize);
    if (level < 0 || level > 9) {
      throw new IllegalArgumentException("gzip level must be in [0, 9]: " + level);
    }
    if (deflaterBufferSize < 1) {
      throw new IllegalArgumentException("deflaterBufferSize must be >= 1 (the Deflater cannot make progress"
          + " into an empty buffer): " + deflaterBufferSize);
    }
    if (inputBufferSize < 0) {
      throw new IllegalArgumentException("inputBufferSize must be >= 0: " + inputBufferSize);
    }
    this.level = level;
    this.inputBufferSize = inputBufferSize;
    this.deflaterBufferSize = deflaterBufferSize;
    this.wholeBodyPool = wholeBodyPool;
  }

  /**
   * A gzip engine through the JDK's zlib, from a pipeline's configuration.
   *
   * @param config the level, buffers, pool size and whole-body pool; see the other constructor
   */
  public GzipEngine(EngineConfig config) {
    this(config.level(), config.inputBufferSize(), config.deflaterBufferSize(), config.maxIdleEncoders(),
        config.wholeBodyPool());
  }

  @Override
  GzipEncoder newEncoder() {
    GzipEncoder encoder = new GzipEncoder(this::recycle, level, inputBufferSize, deflaterBufferSize, wholeBodyPool);
    contexts.created();
    return encoder;
  }

  /** The encoders of {@link #open} when they stream already; else a streaming one of its own pool. */
  @Override
  public Encoder openStreaming(OutputStream sink) throws IOException {
    return wholeBodyPool == null ? open(sink) : super.openStreaming(sink);
  }

  @Override
  void disposeEncoder(GzipEncoder encoder) {
    encoder.dispose();
    contexts.released();
  }

  /** {@return the compression level, 0 to 9} */
  public int level() {
    return level;
  }

  @Override
  public String implementation() {
    return "gzip(" + level + ") via JDK zlib" + (wholeBodyPool != null ? ", whole body" : "");
  }

  @Override
  public String toString() {
    return "gzip(" + level + (wholeBodyPool != null ? ", whole body)" : ")");
  }
}
