package io.github.zipjack.codec;

import java.io.InputStream;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * What both gzip engines share: bodies are decoded by the strict JDK reader
 * ({@link GzipDecoderStream}) with pooled Inflaters, whoever deflated them, and each Inflater counts
 * as a native context; a body held whole that is one member, by one call of such an Inflater
 * ({@link #decodeWhole}, which the libdeflate engine does with libdeflate where it loads); bodies
 * lent by {@link #openStreaming} are deflated as written by JDK zlib ({@link GzipEncoder} without a
 * whole-body pool), each Deflater counted as a native context. Thread-safe.
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

  @Override
  public boolean decodesWhole() {
    return true;
  }

  /**
   * Decodes a body that is one gzip member in one call ({@link #inflateWhole}: a pooled Inflater, or
   * libdeflate in the libdeflate engine), into {@code into}'s decoded array grown to the size its
   * trailer gives (a holder that has seen a body as large allocates nothing), and checks that the
   * CRC-32 and size of what it made match it. Declines (-1: stream it instead) a header that is not
   * a well-formed one, a trailer's size above {@code maxDecodedBytes} or
   * {@link CompressionEngine#MAX_WHOLE_DECODED_BYTES}, data that is not valid deflate, and a body
   * that is anything but that one member. The array is sized before decoding: a call allocates at
   * most {@code maxDecodedBytes} and 8 MiB, whatever the body.
   */
  @Override
  public final int decodeWhole(byte[] body, int offset, int length, long maxDecodedBytes, WholeBodyArrays into) {
    int start = GzipFraming.deflateStart(body, offset, length);
    if (start < 0) {
      return -1;
    }
    int trailer = offset + length - GzipFraming.TRAILER_BYTES;
    long size = GzipFraming.trailerSize(body, trailer);
    if (size > Math.min(maxDecodedBytes, MAX_WHOLE_DECODED_BYTES)) {
      return -1;
    }
    return inflateWhole(body, start, trailer, into.decoded((int) size), (int) size) ? (int) size : -1;
  }

  /**
   * Inflates the deflate data {@code body[start, trailer)} into {@code decoded[0, size)}, {@code size}
   * being what the trailer at {@code body[trailer]} gives, with one call of a pooled Inflater.
   *
   * @return whether it made exactly what the trailer vouches for (its size and CRC-32), the data
   *     ending right before the trailer
   */
  boolean inflateWhole(byte[] body, int start, int trailer, byte[] decoded, int size) {
    GzipDecoderStream.InflaterSlot slot = decoderSlots.take();
    Inflater inflater = slot.inflater;
    try {
      inflater.setInput(body, start, trailer - start);
      int made = 0;
      while (!inflater.finished()) {
        if (made == size) {
          // every byte the trailer counts is made: the data must end here, without another byte
          if (inflater.inflate(slot.buffer, 0, 1) != 0 || !inflater.finished()) {
            return false;
          }
          break;
        }
        int n = inflater.inflate(decoded, made, size - made);
        if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
          return false;
        }
        made += n;
      }
      return inflater.getRemaining() == 0 && GzipFraming.matchesTrailer(body, trailer, decoded, made, slot.crc);
    } catch (DataFormatException malformed) {
      return false;
    } finally {
      inflater.reset();
      decoderSlots.recycle(slot);
    }
  }
}
