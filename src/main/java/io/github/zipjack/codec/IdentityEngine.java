package io.github.zipjack.codec;

import io.github.zipjack.MalformedBodyException;
import io.github.zipjack.buffer.StripedPool;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PushbackInputStream;

/**
 * No compression: the serialized bytes go to the sink as they are (through the input buffer, if
 * one is set). Thread-safe. Internal API; users pick it with {@code Compression.none()}.
 */
public final class IdentityEngine implements CompressionEngine {
  private final StripedPool<IdentityEncoder> encoders;

  /**
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
  public Encoder open(OutputStream sink) throws IOException {
    IdentityEncoder encoder = encoders.take();
    encoder.open(sink);
    return encoder;
  }

  /**
   * The body itself, after a look at its first two bytes: a gzip body sent to a pipeline without
   * compression fails here with a message saying so, instead of as a parse error about byte 0x1f.
   */
  @Override
  public InputStream decoder(InputStream body) throws IOException {
    PushbackInputStream in = new PushbackInputStream(body, 2);
    int first = in.read();
    int second = first < 0 ? -1 : in.read();
    if (first == GzipEngine.MAGIC_1 && second == GzipEngine.MAGIC_2) {
      throw new MalformedBodyException("body is gzip (it starts with 1f 8b) but this pipeline's compression is none");
    }
    if (second >= 0) {
      in.unread(second);
    }
    if (first >= 0) {
      in.unread(first);
    }
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
