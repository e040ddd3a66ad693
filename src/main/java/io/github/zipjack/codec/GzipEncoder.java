package io.github.zipjack.codec;

import io.github.zipjack.buffer.Segment;
import io.github.zipjack.buffer.SegmentOutputStream;
import io.github.zipjack.buffer.SegmentPool;
import java.io.IOException;
import java.io.OutputStream;
import java.util.function.Consumer;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * Writes one gzip member: header, raw deflate from a reused {@link Deflater}, CRC-32 and length.
 * When the sink is a {@link SegmentOutputStream}, zlib writes straight into its segments; otherwise
 * into this encoder's deflater buffer, then to the sink. Not thread-safe; lent by {@link GzipEngine},
 * or streaming by either gzip engine's {@code openStreaming} ({@link GzipDecodingEngine}).
 *
 * <p>Streaming, it deflates as the serializer writes. Whole-body, it gathers the serialized body in
 * pooled segments and deflates them all in {@link #finishStream()}, one segment per Deflater call.
 *
 * <p>{@link #rest} makes one that writes raw deflate with no header or trailer, primed with the body's
 * bytes before it ({@link #primeWith}): the end of a deflate stream whose start others made
 * ({@link ParallelGzipEncoder}, which frames the member and keeps its CRC-32).
 */
final class GzipEncoder extends Encoder {
  /** The pool this encoder goes back to once reset. */
  private final Consumer<? super GzipEncoder> home;
  private final Deflater deflater;
  private final CRC32 crc = new CRC32();
  private final byte[] deflaterBuffer;
  /** Header and trailer scratch. */
  private final byte[] frame = new byte[GzipFraming.HEADER_BYTES];
  /** 0 to 9; it also sets the header's XFL. */
  private final int level;
  /** The gathered serialized body in whole-body mode; null when streaming. */
  private final SegmentOutputStream gathered;
  /** Raw deflate only, for the rest of a body: no header, no CRC-32, no trailer. */
  private final boolean raw;
  private OutputStream sink;
  /** Same object as {@link #sink} when it is ours, else null. */
  private SegmentOutputStream segmentSink;

  /**
   * @param home takes this encoder back after each body (its engine's pool)
   * @param wholeBodyPool where whole-body mode gathers the body; null to stream
   */
  GzipEncoder(Consumer<? super GzipEncoder> home, int level, int inputBufferSize, int deflaterBufferSize,
      SegmentPool wholeBodyPool) {
    this(home, level, inputBufferSize, deflaterBufferSize, wholeBodyPool, false);
  }

  private GzipEncoder(Consumer<? super GzipEncoder> home, int level, int inputBufferSize, int deflaterBufferSize,
      SegmentPool wholeBodyPool, boolean raw) {
    super(inputBufferSize);
    this.raw = raw;
    this.gathered = wholeBodyPool == null ? null : new SegmentOutputStream(wholeBodyPool);
    this.home = home;
    this.deflater = new Deflater(level, true);
    this.deflaterBuffer = new byte[deflaterBufferSize];
    this.level = level;
  }

  /**
   * A streaming encoder of raw deflate for the rest of a body, from the write after
   * {@link #primeWith} to the stream's final block; it writes nothing to the sink until written to.
   *
   * @param home takes this encoder back after each body
   * @param deflaterBufferSize bytes of deflate output gathered before each write to the sink
   */
  static GzipEncoder rest(Consumer<? super GzipEncoder> home, int level, int deflaterBufferSize) {
    return new GzipEncoder(home, level, 0, deflaterBufferSize, null, true);
  }

  /**
   * Primes a {@link #rest} encoder, opened and not yet written to, with {@code length} bytes that
   * come just before the rest: its matches may reach back into them, as the stream's would.
   */
  void primeWith(byte[] bytes, int offset, int length) {
    deflater.setDictionary(bytes, offset, length);
  }

  @Override
  protected void begin(OutputStream sink) throws IOException {
    this.sink = sink;
    this.segmentSink = sink instanceof SegmentOutputStream ? (SegmentOutputStream) sink : null;
    if (!raw) {
      GzipFraming.writeHeader(frame, 0, level);
      sink.write(frame, 0, GzipFraming.HEADER_BYTES);
    }
  }

  @Override
  protected void consume(byte[] bytes, int offset, int length) throws IOException {
    if (gathered != null) {
      gathered.write(bytes, offset, length);
    } else {
      deflate(bytes, offset, length);
    }
  }

  private void deflate(byte[] bytes, int offset, int length) throws IOException {
    if (!raw) {
      crc.update(bytes, offset, length);
    }
    deflater.setInput(bytes, offset, length);
    while (!deflater.needsInput()) {
      deflateOnce();
    }
  }

  @Override
  protected void finishStream() throws IOException {
    if (gathered != null) {
      for (Segment s = gathered.head(); s != null; s = s.next()) {
        deflate(s.data, s.pos, s.readableBytes());
      }
      gathered.close();
    }
    deflater.finish();
    while (!deflater.finished()) {
      deflateOnce();
    }
    if (raw) {
      return;
    }
    GzipFraming.writeTrailer(frame, 0, (int) crc.getValue(), deflater.getBytesRead());
    sink.write(frame, 0, GzipFraming.TRAILER_BYTES);
  }

  private void deflateOnce() throws IOException {
    if (segmentSink != null) {
      Segment s = segmentSink.writableSegment();
      int n = deflater.deflate(s.data, s.limit, s.writableBytes());
      s.limit += n;
      segmentSink.committed(n);
    } else {
      int n = deflater.deflate(deflaterBuffer, 0, deflaterBuffer.length);
      if (n > 0) {
        sink.write(deflaterBuffer, 0, n);
      }
    }
  }

  @Override
  protected void release() {
    if (gathered != null) {
      gathered.close();
    }
    sink = null;
    segmentSink = null;
    deflater.reset();
    crc.reset();
    home.accept(this);
  }

  @Override
  protected void dispose() {
    deflater.end();
  }
}
