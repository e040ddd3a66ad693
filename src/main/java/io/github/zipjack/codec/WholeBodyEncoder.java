package io.github.zipjack.codec;

import io.github.zipjack.buffer.Segment;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.ref.SoftReference;

/**
 * An encoder for one-shot compressors (libdeflate, zstd and brotli single calls): it gathers the
 * serialized body in a reusable array and compresses it in one call in {@link #finish()}. Knowing the
 * whole body lets the compressor size its tables to it (small bodies pay no set-up for large
 * windows) and write the content size into the frame. Not thread-safe; lent by its engine.
 *
 * <p>The body array and the output array grow as needed and are kept for the next body up to
 * {@link #MAX_RETAINED_BYTES} each, so an idle pooled encoder never holds more than twice that
 * strongly. A larger array is kept softly when its body is done: the next large body takes it back
 * instead of growing new ones (docs/engines.md), and the garbage collector frees it whenever the
 * heap needs the room.
 *
 * <p>A body given whole as a segment chain ({@link #writeChain(Segment)} before any other write) is
 * not gathered: {@link #compressChain} reads it from the segments, and only compressors that need
 * one array copy it into one.
 *
 * <p>A compressor that can also stream ({@link #openContinuation}: zstd, brotli) goes on with a body
 * that passes {@link #MAX_RETAINED_BYTES} in a streaming encoder of its engine, lent for the rest of
 * that body, instead of gathering it in arrays of its own: the same speed and size without a
 * body-sized array per body (measured in docs/engines.md, "Whole bodies and streaming"). libdeflate
 * cannot stream, so it keeps gathering.
 */
abstract class WholeBodyEncoder extends Encoder {
  /** Bytes of a new body array; most JSON responses fit without growing. */
  static final int INITIAL_CAPACITY = 64 * 1024;
  /** The largest body or output array (bytes) kept between bodies. */
  static final int MAX_RETAINED_BYTES = 1024 * 1024;
  /** The largest array the JVM reliably allocates. */
  private static final int MAX_ARRAY = Integer.MAX_VALUE - 8;
  private static final byte[] EMPTY = new byte[0];
  private static final SoftReference<byte[]> NO_SPARE = new SoftReference<>(null);

  /** The body gathered so far is {@code body[0, length)}. */
  private byte[] body = EMPTY;
  private int length;
  private byte[] output = EMPTY;
  /** The last body array larger than MAX_RETAINED_BYTES, kept softly between bodies. */
  private SoftReference<byte[]> spareBody = NO_SPARE;
  /** The last output array larger than MAX_RETAINED_BYTES, kept softly between bodies. */
  private SoftReference<byte[]> spareOutput = NO_SPARE;
  private OutputStream sink;
  /** A chain given whole by writeChain and not yet gathered, and its byte count; null when none. */
  private Segment borrowed;
  private long borrowedBytes;
  /** The streaming encoder a body past MAX_RETAINED_BYTES goes on in; null until then and between bodies. */
  private Encoder continuation;

  WholeBodyEncoder() {
    super(0);
  }

  @Override
  protected final void begin(OutputStream sink) {
    this.sink = sink;
    this.length = 0;
    this.borrowed = null;
  }

  @Override
  public final void writeChain(Segment head) throws IOException {
    if (length > 0 || borrowed != null || continuation != null) {
      super.writeChain(head);
      return;
    }
    long bytes = 0;
    for (Segment s = head; s != null; s = s.next()) {
      bytes += s.readableBytes();
    }
    checkWritable();
    borrowed = head;
    borrowedBytes = bytes;
    countBodyBytes(bytes);
  }

  @Override
  protected final void consume(byte[] bytes, int offset, int byteCount) throws IOException {
    if (streams(byteCount, false)) {
      continuation.stream().write(bytes, offset, byteCount);
      return;
    }
    gatherBorrowed();
    if (byteCount > body.length - length) {
      body = grow(body, length, (long) length + byteCount);
    }
    System.arraycopy(bytes, offset, body, length, byteCount);
    length += byteCount;
  }

  @Override
  protected final void finishStream() throws IOException {
    if (streams(0, true)) {
      continuation.finish();
      return;
    }
    if (borrowed != null) {
      compressChain(borrowed, borrowedBytes, sink);
    } else {
      compress(body, length, sink);
    }
  }

  /**
   * Compresses the {@code byteCount} readable bytes of the chain starting at {@code head}, as
   * {@link #compress(byte[], int, OutputStream)} does an array. By default the chain is copied into
   * the body array first; a compressor that can read the segments themselves overrides this.
   */
  protected void compressChain(Segment head, long byteCount, OutputStream sink) throws IOException {
    gatherBorrowed();
    compress(body, length, sink);
  }

  /**
   * An encoder that compresses as it is written into {@code sink}, for the rest of a body that has
   * passed {@link #MAX_RETAINED_BYTES}, or null to go on gathering it. This encoder closes what it
   * gets when it is closed. By default null.
   */
  protected Encoder openContinuation(OutputStream sink) throws IOException {
    return null;
  }

  /**
   * As {@link #openContinuation(OutputStream)}, told the whole body's size when it is known (the
   * body ends with the bytes gathered so far), else -1; a compressor may write it into its frame.
   */
  protected Encoder openContinuation(OutputStream sink, long knownBodyBytes) throws IOException {
    return openContinuation(sink);
  }

  /**
   * Body bytes past which the body goes on in a continuation; {@link #MAX_RETAINED_BYTES} by default,
   * less for a compressor whose continuation compresses on several threads.
   */
  protected long continuationBytes() {
    return MAX_RETAINED_BYTES;
  }

  /**
   * Hands the body so far (a borrowed chain, or the gathered bytes) to a continuation, which takes
   * every later write; false if this compressor has none.
   */
  private boolean continueStreaming(long knownBodyBytes) throws IOException {
    Encoder next = openContinuation(sink, knownBodyBytes);
    if (next == null) {
      return false;
    }
    continuation = next;
    if (borrowed != null) {
      Segment head = borrowed;
      borrowed = null;
      next.writeChain(head);
    }
    if (length > 0) {
      next.stream().write(body, 0, length);
      length = 0;
    }
    return true;
  }

  /**
   * Whether the body goes on in a continuation: it has one, or {@code more} bytes take it past
   * {@link #continuationBytes()}; {@code ending} when no byte follows them.
   */
  private boolean streams(long more, boolean ending) throws IOException {
    if (continuation != null) {
      return true;
    }
    long bodyBytes = length + (borrowed == null ? 0 : borrowedBytes) + more;
    return bodyBytes > continuationBytes() && continueStreaming(ending ? bodyBytes : -1);
  }

  /** Copies a borrowed chain into the body array, so that more bytes can follow it. */
  private void gatherBorrowed() throws IOException {
    Segment head = borrowed;
    if (head == null) {
      return;
    }
    borrowed = null;
    if (borrowedBytes > body.length) {
      body = grow(body, 0, borrowedBytes);
    }
    for (Segment s = head; s != null; s = s.next()) {
      System.arraycopy(s.data, s.pos, body, length, s.readableBytes());
      length += s.readableBytes();
    }
  }

  /**
   * Compresses {@code body[0, length)} and writes the whole compressed format (header, data,
   * trailer) to {@code sink}.
   */
  protected abstract void compress(byte[] body, int length, OutputStream sink) throws IOException;

  /**
   * A reusable array of at least {@code minCapacity} bytes for compressed output; its contents are
   * this encoder's scratch until the next call.
   */
  protected final byte[] outputBuffer(long minCapacity) throws IOException {
    if (output.length < minCapacity) {
      byte[] spare = spareOutput.get();
      output = spare != null && spare.length >= minCapacity ? spare
          : new byte[Math.max(INITIAL_CAPACITY, checkedSize(minCapacity))];
    }
    return output;
  }

  @Override
  protected final void release() {
    Encoder next = continuation;
    continuation = null;
    if (next != null) {
      next.close();
    }
    sink = null;
    length = 0;
    borrowed = null;
    if (body.length > MAX_RETAINED_BYTES) {
      spareBody = keptSoftly(spareBody, body);
      body = EMPTY;
    }
    if (output.length > MAX_RETAINED_BYTES) {
      spareOutput = keptSoftly(spareOutput, output);
      output = EMPTY;
    }
    resetAndRecycle();
  }

  /** Resets the native state for the next body and gives this encoder back to its engine's pool. */
  protected abstract void resetAndRecycle();

  /** A soft reference to {@code array}: {@code kept} itself when it already refers to it. */
  private static SoftReference<byte[]> keptSoftly(SoftReference<byte[]> kept, byte[] array) {
    return kept.get() == array ? kept : new SoftReference<>(array);
  }

  private byte[] grow(byte[] old, int used, long needed) throws IOException {
    int size = checkedSize(needed);
    byte[] spare = spareBody.get();
    if (spare != null && spare != old && spare.length >= needed) {
      System.arraycopy(old, 0, spare, 0, used);
      return spare;
    }
    long doubled = Math.max(INITIAL_CAPACITY, (long) old.length * 2);
    byte[] grown = new byte[(int) Math.min(MAX_ARRAY, Math.max(size, doubled))];
    System.arraycopy(old, 0, grown, 0, used);
    return grown;
  }

  private int checkedSize(long needed) throws IOException {
    if (needed > MAX_ARRAY) {
      throw new IOException(this + " compresses bodies whole, and " + needed
          + " bytes do not fit in one array (at most " + MAX_ARRAY + ")");
    }
    return (int) needed;
  }
}
