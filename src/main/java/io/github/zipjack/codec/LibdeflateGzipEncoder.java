package io.github.zipjack.codec;

import java.io.IOException;
import java.io.OutputStream;
import java.util.function.Consumer;
import java.util.zip.CRC32;

/**
 * Writes one gzip member per body: the header, raw deflate from one reused libdeflate compressor,
 * CRC-32 and ISIZE, all built in this encoder's output array and handed to the sink in one write.
 * Not thread-safe; lent by {@link LibdeflateGzipEngine}.
 *
 * <p>{@link #rest} makes one that writes only the raw deflate, ending the stream: the end of a
 * deflate stream whose start others made ({@link ParallelGzipEncoder}, which frames the member).
 *
 * <p>The compressor keeps no state between calls, so nothing is reset between bodies. It owns native
 * memory that aircompressor frees through its own Cleaner once the compressor is unreachable;
 * {@link #dispose()} only lets go of it.
 */
final class LibdeflateGzipEncoder extends WholeBodyEncoder {
  /** Takes this encoder back after each body: its engine's pool. */
  private final Consumer<? super LibdeflateGzipEncoder> home;
  /** Raw deflate only, for the rest of a body: no header, no CRC-32, no trailer. */
  private final boolean raw;
  /** 0 to 9, the same numbers on libdeflate's scale; it also sets the header's XFL. */
  private final int level;
  /** An aircompressor {@code DeflateNativeCompressor}, typed Object because zipjack cannot name it. */
  private final Object compressor;
  private final CRC32 crc = new CRC32();

  LibdeflateGzipEncoder(Consumer<? super LibdeflateGzipEncoder> home, int level) {
    this(home, level, false);
  }

  private LibdeflateGzipEncoder(Consumer<? super LibdeflateGzipEncoder> home, int level, boolean raw) {
    this.home = home;
    this.raw = raw;
    this.level = level;
    this.compressor = LibdeflateBinding.newCompressor(level);
  }

  /**
   * An encoder of raw deflate for the rest of a body, compressed afresh in one call at the end and
   * written to the sink then, as the stream's final block.
   *
   * @param home takes this encoder back after each body
   */
  static LibdeflateGzipEncoder rest(Consumer<? super LibdeflateGzipEncoder> home, int level) {
    return new LibdeflateGzipEncoder(home, level, true);
  }

  @Override
  protected void compress(byte[] body, int length, OutputStream sink) throws IOException {
    int maxDeflated;
    try {
      maxDeflated = LibdeflateBinding.maxCompressedLength(compressor, length);
    } catch (ArithmeticException e) { // the bound does not fit in an int
      throw new IOException(this + ": a body of " + length + " bytes is too large to compress in one array", e);
    }
    if (raw) {
      byte[] out = outputBuffer(maxDeflated);
      sink.write(out, 0, LibdeflateBinding.compress(compressor, body, 0, length, out, 0, maxDeflated));
      return;
    }
    byte[] out = outputBuffer((long) GzipFraming.HEADER_BYTES + maxDeflated + GzipFraming.TRAILER_BYTES);
    GzipFraming.writeHeader(out, 0, level);
    int deflated = LibdeflateBinding.compress(compressor, body, 0, length, out, GzipFraming.HEADER_BYTES, maxDeflated);
    crc.reset();
    crc.update(body, 0, length);
    int end = GzipFraming.HEADER_BYTES + deflated;
    GzipFraming.writeTrailer(out, end, (int) crc.getValue(), length);
    sink.write(out, 0, end + GzipFraming.TRAILER_BYTES);
  }

  @Override
  protected void resetAndRecycle() {
    home.accept(this);
  }

  /** Lets go of the compressor; aircompressor's Cleaner frees its native memory (never free it here). */
  @Override
  protected void dispose() {
    // nothing to call: aircompressor 3.8 has no explicit free, and a second free would be a double free
  }

  @Override
  public String toString() {
    return "gzip(" + level + ") via libdeflate encoder";
  }
}
