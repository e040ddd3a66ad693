package io.github.zipjack;

import io.github.zipjack.buffer.Segment;
import io.github.zipjack.buffer.SegmentPool;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.GatheringByteChannel;
import java.nio.channels.SelectableChannel;

/**
 * A finished, compressed body held in pooled segments, for servers that must know the length
 * before they send the bytes (Content-Length).
 *
 * <p>Not thread-safe: one owner. The body can be written any number of times until
 * {@link #close()}, which returns its segments to the pipeline's pool; the owner must close it
 * (try-with-resources), and must not use it afterwards.
 */
public final class EncodedBody implements AutoCloseable {
  private final SegmentPool pool;
  private final String contentEncoding;
  private final long size;
  private final long uncompressedSize;
  /** First segment; null once closed, or for an empty body. */
  private Segment head;
  private int segmentCount;
  private boolean closed;
  /** Reused across channel writes of this body. */
  private ByteBuffer[] views;

  EncodedBody(SegmentPool pool, Segment head, long size, long uncompressedSize, String contentEncoding) {
    this.pool = pool;
    this.head = head;
    this.size = size;
    this.uncompressedSize = uncompressedSize;
    this.contentEncoding = contentEncoding;
    for (Segment s = head; s != null; s = s.next()) {
      segmentCount++;
    }
  }

  /** {@return the body's length in bytes: the value for Content-Length} */
  public long size() {
    return size;
  }

  /**
   * {@return the bytes the value serialized to, before compression: {@link #size()} again for an
   * {@code identity} body} A server can tell from it, without serializing the value again, whether the
   * body was worth compressing.
   */
  public long uncompressedSize() {
    return uncompressedSize;
  }

  /**
   * {@return the HTTP content coding of the bytes: the pipeline's ({@code gzip}, {@code zstd},
   * {@code br}), or {@code identity} for an uncompressed pipeline's body and for one under the
   * minimum of {@link Pipeline#encodeToBody(Object, long)}}
   */
  public String contentEncoding() {
    return contentEncoding;
  }

  /**
   * Writes the whole body to {@code out}, one write per segment. Does not flush or close {@code out}.
   *
   * @param out where the bytes go
   * @throws IOException if {@code out} fails
   * @throws IllegalStateException if the body is closed
   */
  public void writeTo(OutputStream out) throws IOException {
    checkOpen();
    for (Segment s = head; s != null; s = s.next()) {
      out.write(s.data, s.pos, s.readableBytes());
    }
  }

  /**
   * Writes the whole body to {@code channel} with gathering writes: one {@code writev} for all
   * segments when the channel takes everything at once (a socket, a file). The channel must be in
   * blocking mode. Does not close the channel.
   *
   * @param channel a blocking channel
   * @return the bytes written, {@link #size()}
   * @throws IOException if the channel fails
   * @throws IllegalArgumentException if the channel is in non-blocking mode
   */
  public long writeTo(GatheringByteChannel channel) throws IOException {
    checkOpen();
    if (channel instanceof SelectableChannel && !((SelectableChannel) channel).isBlocking()) {
      throw new IllegalArgumentException("channel must be in blocking mode: " + channel);
    }
    if (views == null) {
      views = new ByteBuffer[segmentCount];
    }
    int i = 0;
    for (Segment s = head; s != null; s = s.next()) {
      views[i++] = s.readableView();
    }
    long remaining = size;
    int first = 0;
    while (remaining > 0) {
      remaining -= channel.write(views, first, segmentCount - first);
      while (first < segmentCount && !views[first].hasRemaining()) {
        first++;
      }
    }
    return size;
  }

  /**
   * A copy of the body in one new array.
   *
   * @return the body's bytes, owned by the caller
   * @throws IllegalStateException if the body is larger than an array can be
   */
  public byte[] toByteArray() {
    checkOpen();
    return Segment.copyChain(head, size);
  }

  /** Returns the segments to the pool. Idempotent. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    Segment h = head;
    head = null;
    views = null;
    pool.recycleChain(h);
  }

  private void checkOpen() {
    if (closed) {
      throw new IllegalStateException("body is closed");
    }
  }

  @Override
  public String toString() {
    return "EncodedBody[" + size + " bytes, " + contentEncoding + (closed ? ", closed]" : "]");
  }
}
