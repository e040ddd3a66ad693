package io.github.zipjack.buffer;

import java.io.OutputStream;
import java.nio.ByteBuffer;

/**
 * An output stream that fills pooled {@link Segment}s instead of growing one array.
 *
 * <p>Not thread-safe; one writer. Compressors that know this type deflate straight into
 * {@link #writableSegment()} and skip a copy. {@link #detach()} hands the filled chain to its new
 * owner; {@link #close()} before that returns every segment to the pool, so a failed encode leaks
 * nothing.
 */
public final class SegmentOutputStream extends OutputStream {
  private final SegmentPool pool;
  private Segment head;
  private Segment tail;
  /** Bytes written so far; the sum of readable bytes of the chain. */
  private long size;

  /**
   * An empty stream.
   *
   * @param pool where segments come from and, unless detached, go back to on {@link #close()}
   */
  public SegmentOutputStream(SegmentPool pool) {
    this.pool = pool;
  }

  @Override
  public void write(int b) {
    Segment s = writableSegment();
    s.data[s.limit++] = (byte) b;
    size++;
  }

  @Override
  public void write(byte[] bytes, int offset, int length) {
    java.util.Objects.checkFromIndexSize(offset, length, bytes.length);
    while (length > 0) {
      Segment s = writableSegment();
      int n = Math.min(length, s.writableBytes());
      System.arraycopy(bytes, offset, s.data, s.limit, n);
      s.limit += n;
      size += n;
      offset += n;
      length -= n;
    }
  }

  /**
   * Writes the remaining bytes of {@code source} (a heap or direct buffer) straight into segments,
   * moving its position to its limit.
   *
   * @param source the bytes to write
   */
  public void write(ByteBuffer source) {
    while (source.hasRemaining()) {
      Segment s = writableSegment();
      int n = Math.min(source.remaining(), s.writableBytes());
      source.get(s.data, s.limit, n);
      s.limit += n;
      size += n;
    }
  }

  /**
   * The last segment, with at least one writable byte. After writing into
   * {@code data[limit...]} directly, the caller must call {@link #committed(int)}.
   *
   * @return the tail segment, still owned by this stream
   */
  public Segment writableSegment() {
    if (tail == null || tail.writableBytes() == 0) {
      Segment s = pool.take();
      if (tail == null) {
        head = s;
      } else {
        tail.next = s;
      }
      tail = s;
    }
    return tail;
  }

  /**
   * Records that bytes were written directly into the tail segment.
   *
   * @param byteCount bytes written; the caller has already moved the segment's limit
   */
  public void committed(int byteCount) {
    size += byteCount;
  }

  /** {@return the first segment written, still owned by this stream (follow {@link Segment#next()}); null if empty} */
  public Segment head() {
    return head;
  }

  /** {@return bytes written so far} */
  public long size() {
    return size;
  }

  /** {@return a copy of everything written, in one new array} */
  public byte[] toByteArray() {
    return Segment.copyChain(head, size);
  }

  /**
   * Hands over the chain; this stream is empty afterwards.
   *
   * @return the first segment, now owned by the caller; null when nothing was written
   */
  public Segment detach() {
    Segment h = head;
    head = null;
    tail = null;
    size = 0;
    return h;
  }

  /** Returns the segments not yet detached to the pool. Idempotent. */
  @Override
  public void close() {
    Segment h = detach();
    pool.recycleChain(h);
  }
}
