package io.github.zipjack.buffer;

import java.nio.ByteBuffer;

/**
 * A fixed-size chunk of a body: bytes {@code [pos, limit)} of {@link #data} are readable.
 *
 * <p>Not thread-safe: a segment has one owner at a time, the {@link SegmentOutputStream} filling it
 * or the body holding it, and goes back to its {@link SegmentPool} exactly once.
 */
public final class Segment extends StripedPool.Node {
  /** Bytes per segment. Large enough for few JNI calls, small enough to pool many. */
  public static final int SIZE = 16 * 1024;

  /** The storage; its length is {@link #SIZE}. */
  public final byte[] data = new byte[SIZE];
  /** A view of {@link #data} for channel writes, made once; its position and limit are scratch. */
  final ByteBuffer nioView = ByteBuffer.wrap(data);
  /** First readable byte. */
  public int pos;
  /** First writable byte; {@code pos <= limit <= SIZE}. */
  public int limit;
  /** Next segment of the same body, or null for the last. */
  Segment next;

  /** An empty segment; {@link SegmentPool} makes them. */
  public Segment() {
  }

  /** {@return readable bytes} */
  public int readableBytes() {
    return limit - pos;
  }

  /** {@return free bytes after {@link #limit}} */
  public int writableBytes() {
    return SIZE - limit;
  }

  /** {@return the segment after this one in its body, or null} */
  public Segment next() {
    return next;
  }

  /**
   * The readable bytes of the chain starting at {@code head}, {@code byteCount} in all, copied into
   * one new array.
   *
   * @param head the first segment, or null for an empty body; not changed
   * @param byteCount the chain's readable bytes in all
   * @return a new array of {@code byteCount} bytes
   * @throws IllegalStateException if {@code byteCount} does not fit in an array
   */
  public static byte[] copyChain(Segment head, long byteCount) {
    if (byteCount > Integer.MAX_VALUE - 8) {
      throw new IllegalStateException("body of " + byteCount + " bytes does not fit in a byte[]");
    }
    byte[] bytes = new byte[(int) byteCount];
    int at = 0;
    for (Segment s = head; s != null; s = s.next) {
      System.arraycopy(s.data, s.pos, bytes, at, s.readableBytes());
      at += s.readableBytes();
    }
    return bytes;
  }

  /** {@return the readable bytes as a buffer view (shared storage, no copy); valid until the segment is released} */
  public ByteBuffer readableView() {
    nioView.limit(limit).position(pos);
    return nioView;
  }

  @Override
  public String toString() {
    return "Segment[pos=" + pos + ", limit=" + limit + "]";
  }
}
