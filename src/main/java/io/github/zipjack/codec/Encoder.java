package io.github.zipjack.codec;

import io.github.zipjack.buffer.Segment;
import io.github.zipjack.buffer.StripedPool;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Objects;

/**
 * One compression of one body, borrowed from a {@link CompressionEngine}.
 *
 * <p>Not thread-safe: one thread writes to {@link #stream()}, calls {@link #finish()} once, then
 * {@link #close()}. Closing returns the encoder (and its native state) to its engine and never closes
 * the sink; a close without finish abandons the body, which is what a failed encode wants. After
 * close the caller must not touch the encoder: another thread may already be using it.
 *
 * <p>When made with an input buffer, writes are gathered into it and handed to the compressor in
 * chunks of that size (like a {@code BufferedOutputStream} in front of it; writes at least as
 * large as the buffer go straight through when it is empty).
 */
public abstract class Encoder extends StripedPool.Node implements AutoCloseable {
  /** Null when input buffering is off. */
  private final byte[] inputBuffer;
  /** Bytes waiting in {@link #inputBuffer}. */
  private int buffered;
  /** Body bytes written since this body started. */
  private long bodyBytes;
  private final OutputStream stream = new EncoderStream();
  private boolean open;
  private boolean finished;
  /** The workers that count this body's caller while it runs ({@link CompressionWorkers#callerStarted()}); null for none. */
  private CompressionWorkers countedBy;
  /** Whether a core was idle when this body started, its own caller counted; false when not counted. */
  private boolean idleCoreAtStart;

  /**
   * An encoder that gathers input before compressing it.
   *
   * @param inputBufferSize bytes gathered before the compressor sees them; 0 for none
   */
  protected Encoder(int inputBufferSize) {
    this.inputBuffer = inputBufferSize > 0 ? new byte[inputBufferSize] : null;
  }

  /**
   * Takes an encoder from {@code pool} and starts a body on it; an encoder whose start fails goes
   * back to the pool. What engines call in {@link CompressionEngine#open(OutputStream)}.
   */
  static <E extends Encoder> E lend(StripedPool<E> pool, OutputStream sink) throws IOException {
    return lend(pool, sink, null);
  }

  /**
   * As {@link #lend(StripedPool, OutputStream)}, counting the body's caller in {@code workers}
   * (null for none) from now until the encoder is closed, so that other bodies see one core fewer
   * idle ({@link CompressionWorkers#tryAcquireIdle(int)}).
   */
  static <E extends Encoder> E lend(StripedPool<E> pool, OutputStream sink, CompressionWorkers workers)
      throws IOException {
    E encoder = pool.take();
    try {
      encoder.open(sink, workers);
    } catch (IOException | RuntimeException | Error e) {
      encoder.close();
      throw e;
    }
    return encoder;
  }

  /** Starts a body that goes to {@code sink}; called by the engine when lending this encoder. */
  final void open(OutputStream sink, CompressionWorkers countedBy) throws IOException {
    open = true;
    finished = false;
    buffered = 0;
    bodyBytes = 0;
    this.countedBy = countedBy;
    idleCoreAtStart = false;
    if (countedBy != null) {
      countedBy.callerStarted();
      idleCoreAtStart = countedBy.idleCores() > 0;
    }
    begin(sink);
  }

  /**
   * The stream the serializer writes to. It never closes the sink, and {@code flush()} on it does
   * nothing: flushing a compressor mid-body costs ratio, and the body is complete only after
   * {@link #finish()}.
   *
   * @return the same stream for the encoder's whole life
   */
  public final OutputStream stream() {
    return stream;
  }

  /**
   * Writes the readable bytes of the segment chain starting at {@code head}, as {@link #stream()}
   * would. The caller must leave the chain unchanged until {@link #finish()} has returned or this
   * encoder is closed: an encoder that compresses whole bodies may read it then instead of copying
   * it now.
   *
   * @param head the first segment, or null for none
   * @throws IOException if compressing or writing to the sink fails
   */
  public void writeChain(Segment head) throws IOException {
    for (Segment s = head; s != null; s = s.next()) {
      write(s.data, s.pos, s.readableBytes());
    }
  }

  /** {@return the uncompressed bytes written to this encoder since its body started} */
  public long bodyBytes() {
    return bodyBytes;
  }

  /** Counts {@code byteCount} body bytes an encoder took without {@link #write}: a chain it borrowed whole. */
  protected final void countBodyBytes(long byteCount) {
    bodyBytes += byteCount;
  }

  /**
   * Writes everything buffered and the end of the compressed format (trailer) to the sink.
   *
   * @throws IOException if compressing or writing to the sink fails
   */
  public final void finish() throws IOException {
    checkWritable();
    if (buffered > 0) {
      int n = buffered;
      buffered = 0;
      consume(inputBuffer, 0, n);
    }
    finished = true;
    finishStream();
  }

  /** Returns this encoder to its engine. Does not close the sink. Safe to call twice in a row. */
  @Override
  public final void close() {
    if (!open) {
      return;
    }
    open = false;
    buffered = 0;
    CompressionWorkers counted = countedBy;
    countedBy = null; // once released, another thread may lend this encoder
    try {
      release();
    } finally {
      if (counted != null) {
        counted.callerEnded();
      }
    }
  }

  /**
   * Whether this body may still share its work: a core was idle when it started and one is idle now
   * (its own caller counted both times). A core seen idle only now is usually a loaded server's
   * caller between two bodies, about to take it back. False for a body not counted by workers.
   */
  final boolean coreIdleSinceStart() {
    return startedWithIdleCore() && countedBy.idleCores() > 0;
  }

  /**
   * Whether a core was idle when this body started (its own caller counted); false for a body not
   * counted by workers. A body that started without one never shares its work.
   */
  final boolean startedWithIdleCore() {
    return idleCoreAtStart && countedBy != null;
  }

  /**
   * Starts the compressed format in the sink (a header, for example).
   *
   * @param sink where the compressed body goes
   * @throws IOException if writing to the sink fails
   */
  protected abstract void begin(OutputStream sink) throws IOException;

  /**
   * Compresses {@code length} bytes; the array may be reused by the caller after this returns.
   *
   * @param bytes the input
   * @param offset where the input starts in {@code bytes}
   * @param length bytes of input
   * @throws IOException if writing to the sink fails
   */
  protected abstract void consume(byte[] bytes, int offset, int length) throws IOException;

  /**
   * Ends the compressed format; the sink then holds the whole body.
   *
   * @throws IOException if writing to the sink fails
   */
  protected abstract void finishStream() throws IOException;

  /** Forgets the sink, resets native state and goes back to the engine's pool. */
  protected abstract void release();

  /** Frees native state for good; called by the pool when it drops this encoder. */
  protected abstract void dispose();

  final void write(byte[] bytes, int offset, int length) throws IOException {
    Objects.checkFromIndexSize(offset, length, bytes.length);
    checkWritable();
    bodyBytes += length;
    if (inputBuffer == null) {
      consume(bytes, offset, length);
      return;
    }
    if (length >= inputBuffer.length - buffered) {
      if (buffered > 0) {
        int n = buffered;
        buffered = 0;
        consume(inputBuffer, 0, n);
      }
      if (length >= inputBuffer.length) {
        consume(bytes, offset, length);
        return;
      }
    }
    System.arraycopy(bytes, offset, inputBuffer, buffered, length);
    buffered += length;
  }

  final void checkWritable() throws IOException {
    if (!open) {
      throw new IOException("encoder is closed");
    }
    if (finished) {
      throw new IOException("encoder is finished");
    }
  }

  /** The serializer's view; a permanent member so that lending an encoder allocates nothing. */
  private final class EncoderStream extends OutputStream {
    private final byte[] one = new byte[1];

    @Override
    public void write(int b) throws IOException {
      one[0] = (byte) b;
      Encoder.this.write(one, 0, 1);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
      Encoder.this.write(bytes, offset, length);
    }

    @Override
    public void flush() {
      // deliberately nothing: see stream()
    }

    @Override
    public void close() {
      // the pipeline finishes and closes the encoder; a serializer closing its target must not
    }
  }
}
