package io.github.zipjack.codec;

import java.io.InputStream;

/**
 * What both gzip engines share: bodies are decoded by the strict JDK reader
 * ({@link GzipDecoderStream}) with pooled Inflaters, whoever deflated them, and each Inflater counts
 * as a native context; bodies lent by {@link #openStreaming} are deflated as written by JDK zlib
 * ({@link GzipEncoder} without a whole-body pool), each Deflater counted as a native context.
 * Thread-safe.
 */
abstract class GzipDecodingEngine<E extends Encoder> extends PooledEngine<E, GzipDecoderStream.InflaterSlot> {
  static final int MAGIC_1 = 0x1f;
  static final int MAGIC_2 = 0x8b;

  /** When the Deflater's output buffer size does not apply to the engine (libdeflate): bytes. */
  private static final int DEFAULT_DEFLATER_BUFFER_BYTES = 64 * 1024;

  /** zlib's level, 0 to 9, for {@link #openStreaming}. */
  private final int streamingLevel;
  private final int inputBufferSize;
  /** At least 1. */
  private final int deflaterBufferSize;

  /**
   * @param streamingLevel zlib's level (0 to 9) for streamed bodies
   * @param inputBufferSize bytes gathered before each Deflater call when streaming, 0 for none
   * @param deflaterBufferSize bytes of zlib's output buffer when streaming; below 1, 64 KiB
   */
  GzipDecodingEngine(int maxIdle, int streamingLevel, int inputBufferSize, int deflaterBufferSize) {
    super(maxIdle);
    this.streamingLevel = streamingLevel;
    this.inputBufferSize = Math.max(0, inputBufferSize);
    this.deflaterBufferSize = deflaterBufferSize > 0 ? deflaterBufferSize : DEFAULT_DEFLATER_BUFFER_BYTES;
  }

  /** A JDK zlib encoder that deflates as it is written, at the streaming level. */
  @Override
  final GzipEncoder newStreamingEncoder() {
    GzipEncoder encoder = new GzipEncoder(this::recycleStreaming, streamingLevel, inputBufferSize,
        deflaterBufferSize, null);
    contexts.created();
    return encoder;
  }

  @Override
  final void disposeStreamingEncoder(Encoder encoder) {
    encoder.dispose();
    contexts.released();
  }

  @Override
  public final String contentEncoding() {
    return "gzip";
  }

  @Override
  final GzipDecoderStream.InflaterSlot newDecoderSlot() {
    GzipDecoderStream.InflaterSlot slot = new GzipDecoderStream.InflaterSlot();
    contexts.created();
    return slot;
  }

  @Override
  final void disposeDecoderSlot(GzipDecoderStream.InflaterSlot slot) {
    slot.dispose();
    contexts.released();
  }

  /**
   * A strict gzip reader over {@code body} with a pooled Inflater: it checks the magic (naming what
   * the body starts with otherwise), every member's CRC-32 and length, and that nothing but another
   * member follows a member.
   */
  @Override
  public final InputStream decoder(InputStream body) {
    return new GzipDecoderStream(body, decoderSlots);
  }
}
