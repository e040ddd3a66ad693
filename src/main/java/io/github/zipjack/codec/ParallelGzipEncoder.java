package io.github.zipjack.codec;

import java.io.IOException;
import java.io.OutputStream;
import java.util.zip.CRC32;

/**
 * One gzip member whose deflate data several threads make in {@link DeflateBlock}s, each primed with
 * its predecessor's end: one header before the blocks, one trailer after them whose CRC-32 the
 * caller computes as blocks fill (CRC32 is a JVM intrinsic). Not thread-safe; lent by
 * {@link ParallelGzipEngine}.
 */
final class ParallelGzipEncoder extends ParallelBlockEncoder<DeflateBlock> {
  private final ParallelGzipEngine engine;
  private final CRC32 crc = new CRC32();
  /** Header and trailer scratch. */
  private final byte[] frame = new byte[GzipFraming.HEADER_BYTES];

  ParallelGzipEncoder(ParallelGzipEngine engine) {
    super(engine);
    this.engine = engine;
  }

  @Override
  void startBody() {
    crc.reset();
  }

  @Override
  void blockEnded(DeflateBlock block) {
    crc.update(block.input, block.dataOffset(), block.length);
  }

  @Override
  void restWritten(byte[] bytes, int offset, int length) {
    crc.update(bytes, offset, length);
  }

  @Override
  void startFormat(OutputStream sink) throws IOException {
    GzipFraming.writeHeader(frame, 0, engine.level());
    sink.write(frame, 0, GzipFraming.HEADER_BYTES);
  }

  @Override
  void endFormat(OutputStream sink, long bodyBytes) throws IOException {
    GzipFraming.writeTrailer(frame, 0, (int) crc.getValue(), bodyBytes);
    sink.write(frame, 0, GzipFraming.TRAILER_BYTES);
  }
}
