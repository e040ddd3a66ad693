package io.github.zipjack.servlet;

import io.github.zipjack.http.DictionaryTransport;
import io.github.zipjack.http.EntityTags;
import io.github.zipjack.buffer.Segment;
import io.github.zipjack.buffer.SegmentOutputStream;
import io.github.zipjack.buffer.SegmentPool;
import io.github.zipjack.codec.CompressionEngine;
import io.github.zipjack.codec.Encoder;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.util.Locale;
import java.util.concurrent.RejectedExecutionException;

/**
 * The response as the application sees it behind {@link CompressionFilter}: it holds the body in
 * pooled segments and decides, once the body is complete, whether to send it compressed. One per
 * request, used by the request's thread and, after a flush, by the filter's {@link FlushGraceTimer}:
 * every method that reads or moves the state, or changes headers, holds this object's monitor.
 * Larger than most types because the body's state machine, the servlet API calls that move it
 * (flush, reset, sendError, Content-Length) and the final decision belong together.
 *
 * <p>States: BUFFERING (the start: bytes go into segments), then one of PASSING (sent as written,
 * uncompressed: the response is not compressible, or it flushed early: written after a flush, or
 * not ended within the flush grace), STREAMING (past
 * {@code maxBufferedBytes}: compressed as written, chunked) or, at the end, the buffered body sent
 * compressed or identity with an exact Content-Length; DONE after that or after sendError. Every
 * segment and encoder is released by {@link #finish()} or {@link #release()}, which the filter
 * calls on every path.
 */
final class CompressingResponse extends HttpServletResponseWrapper {
  private enum State { BUFFERING, PASSING, STREAMING, DONE }

  private final CompressionSettings settings;
  private final SegmentPool pool;
  /**
   * Null when the negotiated coding is identity. The plain negotiation's engine, until the body is
   * sent: then the dictionary's, when {@link #dictionary} allows it.
   */
  private CompressionEngine engine;
  /** What the dictionary negotiation chose: maybe a dcz or dcb engine, and the Vary tokens it read. */
  private final DictionaryTransport.Choice dictionary;
  private boolean engineResolved;
  private final NegotiatedRequest request;
  /** Null when flushGraceMillis is 0: every flush is early at once. */
  private final FlushGraceTimer flushTimer;
  private final BodyStream body = new BodyStream();

  private State state = State.BUFFERING;
  /** The body so far while BUFFERING; null until the first byte. */
  private SegmentOutputStream buffer;
  /** The application's Content-Length, held back; -1 when not set. */
  private long declaredLength = -1;
  /**
   * A flush was asked for while BUFFERING: the next byte written, or the end of the flush grace,
   * makes the response pass through.
   */
  private boolean flushPending;
  /** The pass-through the flush grace will run; null when none is scheduled. */
  private FlushGraceTimer.Grace flushGrace;
  /** Why the flush grace's pass-through failed (the client left); thrown at the next write or flush. */
  private IOException flushGraceFailure;
  /** Set while the filter flushes the writer itself, which is no early flush. */
  private boolean internalFlush;
  private boolean firstWriteChecked;
  /** sendError or sendRedirect was called: the container writes the body, later writes are dropped. */
  private boolean bypassed;
  private Encoder encoder;
  private OutputStream downstream;
  private long discardedBytes;
  private PrintWriter writer;
  private boolean streamObtained;
  /** Null when nobody listens; then no outcome is kept. */
  private final CompressionListener listener;
  /** What became of the body, once decided; reported by {@link #release()}. */
  private CompressionListener.Outcome outcome;
  private String sentCoding = "identity";
  /** Body bytes as written (held or streamed), and as sent when held; -1 when not counted. */
  private long bodyBytes = -1;
  private long sentBytes = -1;
  private long compressionNanos;
  private boolean reported;

  CompressingResponse(HttpServletResponse response, NegotiatedRequest request, CompressionSettings settings,
      SegmentPool pool, CompressionEngine engine, FlushGraceTimer flushTimer, CompressionListener listener) {
    this(response, request, settings, pool, engine, DictionaryTransport.Choice.NONE, flushTimer, listener);
  }

  CompressingResponse(HttpServletResponse response, NegotiatedRequest request, CompressionSettings settings,
      SegmentPool pool, CompressionEngine engine, DictionaryTransport.Choice dictionary, FlushGraceTimer flushTimer,
      CompressionListener listener) {
    super(response);
    this.dictionary = dictionary;
    this.listener = listener;
    this.request = request;
    this.flushTimer = flushTimer;
    this.settings = settings;
    this.pool = pool;
    this.engine = engine;
  }

  // ---- the application's view

  @Override
  public ServletOutputStream getOutputStream() {
    if (writer != null) {
      throw new IllegalStateException("getWriter() has already been called for this response");
    }
    streamObtained = true;
    return body;
  }

  @Override
  public PrintWriter getWriter() {
    if (streamObtained) {
      throw new IllegalStateException("getOutputStream() has already been called for this response");
    }
    if (writer == null) {
      String charset = getCharacterEncoding();
      super.setCharacterEncoding(charset); // fixes it in the Content-Type, as the container's getWriter does
      writer = new PrintWriter(new OutputStreamWriter(body, Charset.forName(charset)), false);
    }
    return writer;
  }

  @Override
  public void setContentLength(int length) {
    setContentLengthLong(length);
  }

  @Override
  public synchronized void setContentLengthLong(long length) {
    if (state == State.PASSING) {
      super.setContentLengthLong(length);
    } else {
      declaredLength = length;
    }
  }

  @Override
  public synchronized void setHeader(String name, String value) {
    if (isContentLength(name) && state != State.PASSING) {
      declaredLength = value == null ? -1 : parseLength(value);
    } else {
      super.setHeader(name, value);
    }
  }

  @Override
  public synchronized void addHeader(String name, String value) {
    if (isContentLength(name)) {
      setHeader(name, value);
    } else {
      super.addHeader(name, value);
    }
  }

  @Override
  public synchronized void setIntHeader(String name, int value) {
    if (isContentLength(name)) {
      setHeader(name, Integer.toString(value));
    } else {
      super.setIntHeader(name, value);
    }
  }

  @Override
  public synchronized void addIntHeader(String name, int value) {
    if (isContentLength(name)) {
      setHeader(name, Integer.toString(value));
    } else {
      super.addIntHeader(name, value);
    }
  }

  @Override
  public synchronized void flushBuffer() throws IOException {
    if (writer != null) {
      writer.flush();
    }
    if (state == State.BUFFERING) {
      flushAsked();
    } else if (state == State.PASSING) {
      super.flushBuffer();
    }
  }

  // Header changes after a flush may meet the flush grace's pass-through on the timer thread.

  @Override
  public synchronized void setStatus(int status) {
    super.setStatus(status);
  }

  @Override
  public synchronized void setContentType(String type) {
    super.setContentType(type);
  }

  @Override
  public synchronized void setCharacterEncoding(String charset) {
    super.setCharacterEncoding(charset);
  }

  @Override
  public synchronized void setDateHeader(String name, long date) {
    super.setDateHeader(name, date);
  }

  @Override
  public synchronized void addDateHeader(String name, long date) {
    super.addDateHeader(name, date);
  }

  @Override
  public synchronized void addCookie(Cookie cookie) {
    super.addCookie(cookie);
  }

  @Override
  public synchronized void resetBuffer() {
    if (state == State.BUFFERING) {
      discardBuffer();
    } else {
      super.resetBuffer();
    }
  }

  @Override
  public synchronized void reset() {
    super.reset();
    if (state == State.BUFFERING) {
      discardBuffer();
      declaredLength = -1;
      flushPending = false;
      cancelFlushGrace();
      writer = null;
      streamObtained = false;
      firstWriteChecked = false;
    }
  }

  @Override
  public synchronized void sendError(int status, String message) throws IOException {
    bypass();
    super.sendError(status, message);
  }

  @Override
  public synchronized void sendError(int status) throws IOException {
    bypass();
    super.sendError(status);
  }

  @Override
  public synchronized void sendRedirect(String location) throws IOException {
    bypass();
    super.sendRedirect(location);
  }

  @Override
  public synchronized void sendRedirect(String location, int status) throws IOException {
    bypass();
    super.sendRedirect(location, status);
  }

  @Override
  public synchronized void sendRedirect(String location, boolean clearBuffer) throws IOException {
    bypass();
    super.sendRedirect(location, clearBuffer);
  }

  @Override
  public synchronized void sendRedirect(String location, int status, boolean clearBuffer) throws IOException {
    bypass();
    super.sendRedirect(location, status, clearBuffer);
  }

  // ---- the filter's view

  /**
   * Completes the body: sends what is buffered (compressed when it pays) or ends the compressed
   * stream. Called when the application closes the stream or the chain returns; idempotent.
   */
  synchronized void finish() throws IOException {
    if (state == State.DONE) {
      return;
    }
    try {
      flushWriter();
      switch (state) {
        case BUFFERING:
          sendBuffered();
          break;
        case STREAMING:
          encoder.finish();
          encoder.close();
          encoder = null;
          break;
        case PASSING:
          if (request.isHead() && declaredLength < 0 && !isCommitted()) {
            super.setContentLengthLong(discardedBytes);
          }
          break;
        default:
          break;
      }
    } finally {
      release();
    }
  }

  /**
   * The chain returned with async processing started: the application writes later, from another
   * thread, and may complete without closing the stream, so what is buffered goes out now,
   * uncompressed, and the rest passes through.
   */
  synchronized void passThroughForAsync() throws IOException {
    flushWriter();
    if (state == State.BUFFERING) {
      decided(CompressionListener.Outcome.PASSED_THROUGH_ASYNC);
      passThrough();
    }
  }

  /**
   * Returns every segment and encoder held; the body is abandoned. After a failure that leaves the
   * response uncommitted, the headers this filter set are cleared with the rest, so the container's
   * error page goes out with none of them. Idempotent.
   */
  synchronized void release() {
    State was = state;
    state = State.DONE;
    if (listener != null && !reported && !writtenByHelper()) {
      reported = true;
      report(was == State.STREAMING && encoder != null ? CompressionListener.Outcome.ABANDONED : outcome);
    }
    cancelFlushGrace();
    if (encoder != null) {
      encoder.close();
      encoder = null;
      if (was == State.STREAMING && !isCommitted()) {
        super.reset();
      }
    }
    discardBuffer();
  }

  // ---- decisions

  /** Keeps the first outcome decided; later transitions (a pass-through that follows) do not change it. */
  private void decided(CompressionListener.Outcome decision) {
    if (outcome == null) {
      outcome = decision;
    }
  }

  private void report(CompressionListener.Outcome decision) {
    CompressionListener.Outcome sent = decision == null ? CompressionListener.Outcome.ABANDONED : decision;
    try {
      listener.onResponse(sent == CompressionListener.Outcome.ABANDONED ? "identity" : sentCoding, sent, bodyBytes,
          sentBytes, compressionNanos);
    } catch (RuntimeException ignored) {
      // a listener's failure must not reach the client; see CompressionListener
    }
  }

  /** Whether this response may be compressed, judging by status and headers (not by size). */
  private boolean isCompressible() {
    int status = getStatus();
    if (status < 200 || status == SC_NO_CONTENT || status == SC_PARTIAL_CONTENT || status == SC_NOT_MODIFIED) {
      return false;
    }
    if (getHeader("Content-Encoding") != null || getHeader("Content-Range") != null) {
      return false;
    }
    if (getHeader("Cache-Control") != null) {
      for (String cacheControl : getHeaders("Cache-Control")) {
        if (cacheControl.toLowerCase(Locale.ROOT).contains("no-transform")) {
          return false;
        }
      }
    }
    String contentType = getContentType();
    return !isEventStream(contentType) && settings.isCompressible(contentType);
  }

  private static boolean isEventStream(String contentType) {
    return contentType != null && contentType.toLowerCase(Locale.ROOT).startsWith("text/event-stream");
  }

  /**
   * At the first byte: pass through at once when the headers already rule compression out. Identity
   * responses of compressible types are still held, for their exact Content-Length.
   */
  private boolean passesThroughAtFirstWrite() {
    String contentType = getContentType();
    return writtenByHelper() || isEventStream(contentType) || (contentType != null && !isCompressible());
  }

  /**
   * Whether {@link CompressedResponses} (or the Spring converter built on it) is writing this response:
   * it chose the coding and sends an exact Content-Length itself, so the filter neither holds nor
   * counts it.
   */
  private boolean writtenByHelper() {
    return request.getAttribute(CompressedResponses.WRITTEN_ATTRIBUTE) != null;
  }

  private void sendBuffered() throws IOException {
    long size = buffer == null ? 0 : buffer.size();
    bodyBytes = size;
    if (getStatus() == SC_NOT_MODIFIED) {
      decided(CompressionListener.Outcome.NOT_COMPRESSIBLE);
      String etag = getHeader("ETag");
      String clientTag = etag == null ? null : request.clientTagFor(etag);
      if (clientTag != null) {
        super.setHeader("ETag", clientTag);
        addVary();
      }
      return;
    }
    boolean compressible = isCompressible();
    if (compressible) {
      addVary();
      resolveEngine();
    }
    if (compressible && engine != null && size > 0 && size >= settings.minBodyBytes()) {
      SegmentOutputStream compressed = new SegmentOutputStream(pool);
      try {
        long start = listener == null ? 0 : System.nanoTime();
        try (Encoder e = engine.open(compressed)) {
          e.writeChain(buffer.head()); // the buffer stays untouched until finish() returns
          e.finish();
        }
        if (listener != null) {
          compressionNanos = System.nanoTime() - start;
        }
        if (compressed.size() < size) {
          decided(CompressionListener.Outcome.COMPRESSED);
          sentBytes = compressed.size();
          setCompressedHeaders();
          super.setContentLengthLong(compressed.size());
          if (!request.isHead()) {
            sendWhole(compressed.head(), compressed.size());
          }
          return;
        }
      } finally {
        compressed.close();
      }
      decided(CompressionListener.Outcome.DID_NOT_SHRINK);
    }
    decided(!compressible ? CompressionListener.Outcome.NOT_COMPRESSIBLE
        : engine == null ? CompressionListener.Outcome.IDENTITY_ACCEPTED : CompressionListener.Outcome.TOO_SMALL);
    sentBytes = size;
    int status = getStatus();
    if (status >= 200 && status != SC_NO_CONTENT) {
      super.setContentLengthLong(size);
    }
    if (size > 0 && !request.isHead()) {
      sendWhole(buffer.head(), size);
    }
  }

  /** Writes a whole held body of {@code size} bytes to the container, in one network write if it fits (see ContainerBuffer). */
  private void sendWhole(Segment head, long size) throws IOException {
    ContainerBuffer.holdWhole(getResponse(), size);
    writeChain(head, super.getOutputStream());
  }

  /**
   * Once, when the body is about to be compressed: takes the dictionary's engine when the choice
   * allows it now that the response's headers are known (a cross-site CORS request needs its
   * Access-Control-Allow-Origin).
   */
  private void resolveEngine() {
    if (!engineResolved) {
      engineResolved = true;
      if (dictionary.allows(getHeader("Access-Control-Allow-Origin"))) {
        engine = dictionary.engine();
      }
    }
  }

  private void setCompressedHeaders() {
    String coding = engine.contentEncoding();
    sentCoding = coding;
    super.setHeader("Content-Encoding", coding);
    addVary();
    String etag = getHeader("ETag");
    if (etag != null) {
      super.setHeader("ETag", EntityTags.withSuffix(etag,
          engine == dictionary.engine() ? dictionary.entityTagSuffix() : coding));
    }
  }

  /** Adds, in one Vary line, the fields the negotiation read that no Vary line names yet. */
  private void addVary() {
    CompressedResponses.addVary((HttpServletResponse) getResponse(), dictionary.varyTokens());
  }

  // ---- transitions

  /**
   * A flush while BUFFERING: early at once when there is no grace, else early when the grace ends
   * before the body does.
   */
  private void flushAsked() throws IOException {
    flushPending = true;
    if (flushTimer == null) {
      passThrough();
    } else if (flushGrace == null) {
      try {
        flushGrace = flushTimer.schedule(this::flushGraceEnded);
      } catch (RejectedExecutionException e) {
        passThrough(); // the filter is being destroyed
      }
    }
  }

  /** On the timer thread: the body did not end within the grace after a flush, so the flush was early. */
  private synchronized void flushGraceEnded() {
    if (flushGrace == null || state != State.BUFFERING) {
      return; // cancelled, or overtaken by a write or the end
    }
    flushGrace = null;
    try {
      passThrough();
    } catch (IOException e) {
      flushGraceFailure = e;
    }
  }

  private void cancelFlushGrace() {
    if (flushGrace != null) {
      flushGrace.cancel();
      flushGrace = null;
    }
  }

  private void throwFlushGraceFailure() throws IOException {
    if (flushGraceFailure != null) {
      IOException e = flushGraceFailure;
      flushGraceFailure = null;
      throw new IOException("sending the flushed part of the response failed: " + e.getMessage(), e);
    }
  }

  private void passThrough() throws IOException {
    cancelFlushGrace();
    if (listener != null) {
      decided(flushPending ? CompressionListener.Outcome.PASSED_THROUGH_ON_FLUSH
          : !isCompressible() ? CompressionListener.Outcome.NOT_COMPRESSIBLE
          : engine == null ? CompressionListener.Outcome.IDENTITY_ACCEPTED
          : CompressionListener.Outcome.PASSED_THROUGH_ASYNC);
    }
    state = State.PASSING;
    if (isCompressible()) {
      addVary();
    }
    if (declaredLength >= 0) {
      super.setContentLengthLong(declaredLength);
    }
    if (buffer != null) {
      try {
        writeChain(buffer.head(), downstream());
      } finally {
        discardBuffer();
      }
    }
    if (flushPending) {
      downstream().flush();
    }
  }

  private void startStreaming() throws IOException {
    if (isCompressible()) {
      resolveEngine();
    }
    if (engine == null || !isCompressible()) {
      passThrough();
      return;
    }
    setCompressedHeaders();
    encoder = engine.openStreaming(downstream());
    state = State.STREAMING;
    decided(CompressionListener.Outcome.STREAMED);
    bodyBytes = buffer.size();
    try {
      writeChain(buffer.head(), encoder.stream());
    } finally {
      discardBuffer();
    }
  }

  private void bypass() {
    decided(CompressionListener.Outcome.SENT_BY_CONTAINER);
    bypassed = true;
    release();
  }

  private OutputStream downstream() throws IOException {
    if (downstream == null) {
      downstream = request.isHead() ? new OutputStream() {
        @Override
        public void write(int b) {
          discardedBytes++;
        }

        @Override
        public void write(byte[] bytes, int offset, int length) {
          discardedBytes += length;
        }
      } : super.getOutputStream();
    }
    return downstream;
  }

  private void flushWriter() {
    if (writer != null) {
      internalFlush = true;
      try {
        writer.flush();
      } finally {
        internalFlush = false;
      }
    }
  }

  private void discardBuffer() {
    if (buffer != null) {
      buffer.close();
      buffer = null;
    }
  }

  private static void writeChain(Segment head, OutputStream out) throws IOException {
    for (Segment s = head; s != null; s = s.next()) {
      out.write(s.data, s.pos, s.readableBytes());
    }
  }

  private static boolean isContentLength(String name) {
    return "Content-Length".equalsIgnoreCase(name);
  }

  private static long parseLength(String value) {
    try {
      return Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /** The stream the application writes to; its state is the response's. */
  private final class BodyStream extends ServletOutputStream {
    /** Null until the first single-byte write: most bodies are written in arrays. */
    private byte[] one;

    @Override
    public void write(int b) throws IOException {
      if (one == null) {
        one = new byte[1];
      }
      one[0] = (byte) b;
      write(one, 0, 1);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
      synchronized (CompressingResponse.this) {
        writeHeld(bytes, offset, length);
      }
    }

    private void writeHeld(byte[] bytes, int offset, int length) throws IOException {
      if (length == 0) {
        return;
      }
      throwFlushGraceFailure();
      switch (state) {
        case PASSING:
          downstream().write(bytes, offset, length);
          return;
        case STREAMING:
          encoder.stream().write(bytes, offset, length);
          bodyBytes += length;
          return;
        case DONE:
          if (bypassed) {
            return; // as containers do after sendError: the response is committed, writes are dropped
          }
          throw new IOException("the response is complete: its stream is closed");
        default:
          break;
      }
      if (flushPending || (!firstWriteChecked && passesThroughAtFirstWrite())) {
        passThrough();
        downstream().write(bytes, offset, length);
        return;
      }
      firstWriteChecked = true;
      if (buffer == null) {
        buffer = new SegmentOutputStream(pool);
      }
      buffer.write(bytes, offset, length);
      if (buffer.size() > settings.maxBufferedBytes()) {
        startStreaming();
      }
    }

    @Override
    public void flush() throws IOException {
      synchronized (CompressingResponse.this) {
        if (internalFlush) {
          return;
        }
        throwFlushGraceFailure();
        if (state == State.BUFFERING) {
          flushAsked();
        } else if (state == State.PASSING) {
          downstream().flush();
        }
      }
    }

    @Override
    public void close() throws IOException {
      finish();
    }

    @Override
    public boolean isReady() {
      if (state != State.PASSING || request.isHead()) {
        return true;
      }
      try {
        return ((ServletOutputStream) downstream()).isReady();
      } catch (IOException e) {
        return true;
      }
    }

    @Override
    public void setWriteListener(WriteListener listener) {
      synchronized (CompressingResponse.this) {
        setWriteListenerHeld(listener);
      }
    }

    private void setWriteListenerHeld(WriteListener listener) {
      try {
        if (state == State.BUFFERING) {
          passThrough();
        }
        if (!request.isHead()) {
          ((ServletOutputStream) downstream()).setWriteListener(listener);
        }
      } catch (IOException e) {
        listener.onError(e);
      }
    }
  }
}
