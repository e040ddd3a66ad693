package io.github.zipjack.codec;

import io.github.zipjack.MalformedBodyException;
import io.github.zipjack.WrongCodingException;
import io.github.zipjack.buffer.StripedPool;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PushbackInputStream;

/**
 * No compression: the serialized bytes go to the sink as they are (through the input buffer, if
 * one is set). Thread-safe. Users pick it with {@code Compression.none()}.
 */
public final class IdentityEngine implements CompressionEngine {
  private final StripedPool<IdentityEncoder> encoders;
  private final ContextCounter contexts = new ContextCounter();

  /**
   * An engine that passes bodies through uncompressed.
   *
   * @param inputBufferSize bytes gathered before each write to the sink, 0 for none
   * @param maxIdleEncoders encoders kept for reuse
   */
  public IdentityEngine(int inputBufferSize, int maxIdleEncoders) {
    this.encoders = new StripedPool<>(maxIdleEncoders, () -> new IdentityEncoder(inputBufferSize), e -> { });
  }

  @Override
  public String contentEncoding() {
    return "identity";
  }

  @Override
  public String implementation() {
    return "none";
  }

  /** Always zero: identity holds no native state. */
  @Override
  public ContextCounter contexts() {
    return contexts;
  }

  @Override
  public long lentEncoders() {
    return encoders.lentCount();
  }

  /** Always zero: an identity decoder borrows nothing. */
  @Override
  public long lentDecoderSlots() {
    return 0;
  }

  @Override
  public Encoder open(OutputStream sink) throws IOException {
    return Encoder.lend(encoders, sink);
  }

  /**
   * The body itself, after a look at its first four bytes: a gzip or zstd body sent to a pipeline
   * without compression fails here with a message saying so, instead of as a parse error about
   * byte 0x1f or 0x28.
   */
  @Override
  public InputStream decoder(InputStream body) throws IOException {
    PushbackInputStream in = new PushbackInputStream(body, ZstdFrameHeader.MAGIC_BYTES);
    byte[] start = new byte[ZstdFrameHeader.MAGIC_BYTES];
    int n = in.readNBytes(start, 0, start.length);
    if (n >= 2 && (start[0] & 0xff) == GzipEngine.MAGIC_1 && (start[1] & 0xff) == GzipEngine.MAGIC_2) {
      throw new WrongCodingException("body is gzip (it starts with 1f 8b) but this pipeline's compression is none");
    }
    if (n == ZstdFrameHeader.MAGIC_BYTES && ZstdFrameHeader.isMagic(start, 0)) {
      throw new WrongCodingException("body is zstd (it starts with 28 b5 2f fd) but this pipeline's compression is none");
    }
    in.unread(start, 0, n);
    return in;
  }

  @Override
  public void close() {
    encoders.close();
  }

  @Override
  public String toString() {
    return "none";
  }

  private final class IdentityEncoder extends Encoder {
    private OutputStream sink;

    IdentityEncoder(int inputBufferSize) {
      super(inputBufferSize);
    }

    @Override
    protected void begin(OutputStream sink) {
      this.sink = sink;
    }

    @Override
    protected void consume(byte[] bytes, int offset, int length) throws IOException {
      sink.write(bytes, offset, length);
    }

    @Override
    protected void finishStream() {
      // nothing to end
    }

    @Override
    protected void release() {
      sink = null;
      encoders.recycle(this);
    }

    @Override
    protected void dispose() {
      // no native state
    }
  }
}
