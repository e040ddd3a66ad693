package io.github.zipjack.codec;

import io.github.zipjack.buffer.Segment;
import io.github.zipjack.buffer.SegmentOutputStream;
import io.github.zipjack.buffer.SegmentPool;
import java.io.IOException;
import java.io.OutputStream;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * Writes one gzip member: header, raw deflate from a reused {@link Deflater}, CRC-32 and length.
 * When the sink is a {@link SegmentOutputStream}, zlib writes straight into its segments; otherwise
 * into this encoder's deflater buffer, then to the sink. Not thread-safe; lent by {@link GzipEngine}.
 *
 * <p>Streaming, it deflates as the serializer writes. Whole-body, it gathers the serialized body in
 * pooled segments and deflates them all in {@link #finishStream()}, one segment per Deflater call.
 */
final class GzipEncoder extends Encoder {
  private static final int OS_UNKNOWN = 255;

  private final GzipEngine engine;
  private final Deflater deflater;
  private final CRC32 crc = new CRC32();
  private final byte[] deflaterBuffer;
  /** Header and trailer scratch. */
  private final byte[] frame = new byte[10];
  private final int extraFlags;
  /** The gathered serialized body in whole-body mode; null when streaming. */
  private final SegmentOutputStream gathered;
  private OutputStream sink;
  /** Same object as {@link #sink} when it is ours, else null. */
  private SegmentOutputStream segmentSink;

  /** @param wholeBodyPool where whole-body mode gathers the body; null to stream */
  GzipEncoder(GzipEngine engine, int level, int inputBufferSize, int deflaterBufferSize, SegmentPool wholeBodyPool) {
    super(inputBufferSize);
    this.gathered = wholeBodyPool == null ? null : new SegmentOutputStream(wholeBodyPool);
    this.engine = engine;
    this.deflater = new Deflater(level, true);
    this.deflaterBuffer = new byte[deflaterBufferSize];
    this.extraFlags = level == 9 ? 2 : level == 1 ? 4 : 0;
  }

  @Override
  protected void begin(OutputStream sink) throws IOException {
    this.sink = sink;
    this.segmentSink = sink instanceof SegmentOutputStream ? (SegmentOutputStream) sink : null;
    frame[0] = (byte) GzipEngine.MAGIC_1;
    frame[1] = (byte) GzipEngine.MAGIC_2;
    frame[2] = Deflater.DEFLATED;
    frame[3] = 0; // no flags: no name, comment or extra field
    frame[4] = frame[5] = frame[6] = frame[7] = 0; // no modification time
    frame[8] = (byte) extraFlags;
    frame[9] = (byte) OS_UNKNOWN;
    sink.write(frame, 0, 10);
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
    crc.update(bytes, offset, length);
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
    writeIntLe(0, (int) crc.getValue());
    writeIntLe(4, (int) deflater.getBytesRead()); // ISIZE is the length modulo 2^32
    sink.write(frame, 0, 8);
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

  private void writeIntLe(int at, int value) {
    frame[at] = (byte) value;
    frame[at + 1] = (byte) (value >>> 8);
    frame[at + 2] = (byte) (value >>> 16);
    frame[at + 3] = (byte) (value >>> 24);
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
    engine.recycle(this);
  }

  @Override
  protected void dispose() {
    deflater.end();
  }
}
