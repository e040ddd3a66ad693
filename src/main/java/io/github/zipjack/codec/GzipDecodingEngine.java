package io.github.zipjack.codec;

import java.io.InputStream;

/**
 * What both gzip engines share: bodies are decoded by the strict JDK reader
 * ({@link GzipDecoderStream}) with pooled Inflaters, whoever deflated them, and each Inflater counts
 * as a native context. Thread-safe.
 */
abstract class GzipDecodingEngine<E extends Encoder> extends PooledEngine<E, GzipDecoderStream.InflaterSlot> {
  static final int MAGIC_1 = 0x1f;
  static final int MAGIC_2 = 0x8b;

  GzipDecodingEngine(int maxIdle) {
    super(maxIdle);
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
