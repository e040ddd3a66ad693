package io.github.zipjack.codec;

import io.github.zipjack.buffer.SegmentPool;
import io.github.zipjack.buffer.StripedPool;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * gzip (RFC 1952) with the JDK's zlib, streaming or whole-body: a pool of {@link GzipEncoder}s, each holding one
 * {@link java.util.zip.Deflater} that is reset between bodies and ended when the pool drops it or
 * the engine closes. Thread-safe. Internal API; users pick it with {@code Compression.gzip(level)}.
 */
public final class GzipEngine implements CompressionEngine {
  static final int MAGIC_1 = 0x1f;
  static final int MAGIC_2 = 0x8b;

  private final int level;
  private final StripedPool<GzipEncoder> encoders;
  private final boolean wholeBody;
  private final StripedPool<GzipDecoderStream.InflaterSlot> inflaters;
  private final ContextCounter contexts = new ContextCounter();

  /**
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
    if (level < 0 || level > 9) {
      throw new IllegalArgumentException("gzip level must be in [0, 9]: " + level);
    }
    this.level = level;
    this.encoders = new StripedPool<>(maxIdleEncoders, () -> {
      GzipEncoder encoder = new GzipEncoder(this, level, inputBufferSize, deflaterBufferSize, wholeBodyPool);
      contexts.created();
      return encoder;
    }, encoder -> {
      encoder.dispose();
      contexts.released();
    });
    this.wholeBody = wholeBodyPool != null;
    this.inflaters = newInflaterPool(maxIdleEncoders, contexts);
  }

  /** @param config the level, buffers, pool size and whole-body pool; see the other constructor */
  public GzipEngine(EngineConfig config) {
    this(config.level(), config.inputBufferSize(), config.deflaterBufferSize(), config.maxIdleEncoders(),
        config.wholeBodyPool());
  }

  /** A pool of Inflaters for strict gzip decoding, counting each Inflater in {@code contexts}. */
  static StripedPool<GzipDecoderStream.InflaterSlot> newInflaterPool(int maxIdle, ContextCounter contexts) {
    return new StripedPool<>(maxIdle, () -> {
      GzipDecoderStream.InflaterSlot slot = new GzipDecoderStream.InflaterSlot();
      contexts.created();
      return slot;
    }, slot -> {
      slot.dispose();
      contexts.released();
    });
  }

  /** A strict gzip reader over {@code body} with an Inflater from {@code inflaters}. */
  static InputStream decoder(InputStream body, StripedPool<GzipDecoderStream.InflaterSlot> inflaters) {
    return new GzipDecoderStream(body, inflaters);
  }

  @Override
  public String contentEncoding() {
    return "gzip";
  }

  /** The compression level, 0 to 9. */
  public int level() {
    return level;
  }

  @Override
  public String implementation() {
    return "gzip(" + level + ") via JDK zlib" + (wholeBody ? ", whole body" : "");
  }

  @Override
  public ContextCounter contexts() {
    return contexts;
  }

  @Override
  public Encoder open(OutputStream sink) throws IOException {
    return Encoder.lend(encoders, sink);
  }

  void recycle(GzipEncoder encoder) {
    encoders.recycle(encoder);
  }

  /**
   * A strict gzip reader over {@code body} with a pooled Inflater: it checks the magic (naming what
   * the body starts with otherwise), every member's CRC-32 and length, and that nothing but another
   * member follows a member.
   */
  @Override
  public InputStream decoder(InputStream body) {
    return decoder(body, inflaters);
  }

  /** Ends the idle Deflaters and Inflaters; lent-out ones end theirs when returned. */
  @Override
  public void close() {
    encoders.close();
    inflaters.close();
  }

  @Override
  public String toString() {
    return "gzip(" + level + (wholeBody ? ", whole body)" : ")");
  }
}
