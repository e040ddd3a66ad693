package io.github.zipjack.codec;

import io.github.zipjack.buffer.Segment;
import io.github.zipjack.buffer.SegmentOutputStream;
import io.github.zipjack.buffer.SegmentPool;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Where a body worth compressing only past a minimum size is serialized: into held segments while
 * it is under the minimum, then, from the write that reaches it on, into an encoder of
 * {@code engine} over segments of its own, the held bytes first (at most one copy of the minimum's
 * bytes). A body that ends under the minimum never reaches the compressor, and its bytes are there
 * to be sent as they are ({@link #takeHeld()}); one that reached it is finished by the caller
 * ({@link #encoder()}) and its compressed bytes taken ({@link #takeCompressed()}). Not thread-safe;
 * one body. {@link #release()} returns the encoder and whichever segments were not taken, on every
 * path.
 */
public final class HeldUntilMinimum extends OutputStream {
  private final CompressionEngine engine;
  private final long minBodyBytes;
  /** Where the encoder writes; null once taken. */
  private SegmentOutputStream compressed;
  /** The body so far while under the minimum; closed once handed to the encoder, null once taken. */
  private SegmentOutputStream held;
  /** Null while the body is under the minimum. */
  private Encoder encoder;
  private OutputStream encoding;

  /**
   * @param engine what compresses a body that reaches the minimum
   * @param pool where the bytes under the minimum and the compressed bytes are held
   * @param minBodyBytes bodies shorter than this are held, never compressed
   */
  public HeldUntilMinimum(CompressionEngine engine, SegmentPool pool, long minBodyBytes) {
    this.engine = engine;
    this.minBodyBytes = minBodyBytes;
    this.held = new SegmentOutputStream(pool);
    this.compressed = new SegmentOutputStream(pool);
  }

  @Override
  public void write(int b) throws IOException {
    if (encoding != null) {
      encoding.write(b);
    } else if (held.size() + 1 < minBodyBytes) {
      held.write(b);
    } else {
      write(new byte[] {(byte) b}, 0, 1); // the one write that reaches the minimum
    }
  }

  @Override
  public void write(byte[] bytes, int offset, int length) throws IOException {
    if (encoding != null) {
      encoding.write(bytes, offset, length);
      return;
    }
    if (held.size() + length < minBodyBytes) {
      held.write(bytes, offset, length);
      return;
    }
    encoder = engine.open(compressed);
    encoding = encoder.stream();
    for (Segment s = held.head(); s != null; s = s.next()) {
      encoding.write(s.data, s.pos, s.readableBytes());
    }
    held.close();
    encoding.write(bytes, offset, length);
  }

  /** {@return the encoder the body went on in, which the caller finishes; null when the body stayed under the minimum} */
  public Encoder encoder() {
    return encoder;
  }

  /** {@return how many compressed bytes were made so far; 0 while the body is under the minimum} */
  public long compressedSize() {
    return compressed == null ? 0 : compressed.size();
  }

  /** {@return the bytes of a body that stayed under the minimum; the caller closes them from now on} */
  public SegmentOutputStream takeHeld() {
    SegmentOutputStream taken = held;
    held = null;
    return taken;
  }

  /**
   * {@return the compressed bytes of a body that reached the minimum, complete once its encoder is
   * finished; the caller closes them from now on}
   */
  public SegmentOutputStream takeCompressed() {
    SegmentOutputStream taken = compressed;
    compressed = null;
    return taken;
  }

  /** Returns the encoder to its pool, and the segments that were not taken or handed on. */
  public void release() {
    if (held != null) {
      held.close();
    }
    if (encoder != null) {
      encoder.close();
    }
    if (compressed != null) {
      compressed.close();
    }
  }
}
