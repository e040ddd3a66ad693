package io.github.zipjack.bench;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.encoder.Encoder;
import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import io.github.zipjack.codec.LibdeflateBinding;
import java.io.IOException;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * One codec alone on bytes that are already serialized, with its context made once and reused for
 * every call, as zipjack's engines reuse theirs: the C of {@link CeilingBenchmark}'s serial ceiling.
 * Each does the work its engine's body needs (gzip: the deflate stream and its CRC-32; zstd: a frame
 * with checksum and content size; brotli: one stream with the smallest window that holds the input).
 *
 * <p>One per benchmark thread; not thread-safe. {@link #close()} frees native memory where the
 * library has an explicit free.
 */
abstract class ReadyBytesCompressor implements AutoCloseable {

  /** Compresses {@code input} whole; returns a value derived from the output, for the Blackhole. */
  abstract long compress(byte[] input) throws IOException;

  @Override
  public void close() {}

  /** @param inputBytes the largest input, to size the output buffers once */
  static ReadyBytesCompressor of(Codec codec, int inputBytes) {
    codec.requireAvailableHere();
    return switch (codec.engine()) {
      case Codec.ZLIB -> new Zlib(codec.level());
      case Codec.LIBDEFLATE -> new Libdeflate(codec.level(), inputBytes);
      case Codec.ZSTD -> new ZstdCtx(codec.level(), inputBytes);
      case Codec.BROTLI -> new Brotli(codec.level());
      default -> throw new IllegalArgumentException(
          "codec none compresses nothing: its ceiling is serializeOnly alone");
    };
  }

  /** The JDK's zlib: one Deflater (raw deflate, as inside a gzip member), reset per call. */
  private static final class Zlib extends ReadyBytesCompressor {
    /** Bytes zlib deflates into per call; reused, so its size only sets the number of calls. */
    private static final int OUTPUT_BYTES = 64 * 1024;
    private final Deflater deflater;
    private final CRC32 crc = new CRC32();
    private final byte[] output = new byte[OUTPUT_BYTES];

    Zlib(int level) {
      deflater = new Deflater(level, true);
    }

    @Override
    long compress(byte[] input) {
      crc.reset();
      crc.update(input, 0, input.length);
      deflater.reset();
      deflater.setInput(input);
      deflater.finish();
      long total = 0;
      while (!deflater.finished()) {
        total += deflater.deflate(output);
      }
      return total + crc.getValue();
    }

    @Override
    public void close() {
      deflater.end();
    }
  }

  /** libdeflate through aircompressor-v3: one compressor, one call per input, plus the CRC-32. */
  private static final class Libdeflate extends ReadyBytesCompressor {
    private final Object compressor;
    private final CRC32 crc = new CRC32();
    private final byte[] output;

    Libdeflate(int level, int inputBytes) {
      compressor = LibdeflateBinding.newCompressor(level);
      output = new byte[LibdeflateBinding.maxCompressedLength(compressor, inputBytes)];
    }

    @Override
    long compress(byte[] input) {
      crc.reset();
      crc.update(input, 0, input.length);
      int length = LibdeflateBinding.compress(compressor, input, 0, input.length, output, 0, output.length);
      return length + crc.getValue();
    }
  }

  /** zstd-jni: one ZstdCompressCtx, as zipjack's engine sets it, one frame per call. */
  private static final class ZstdCtx extends ReadyBytesCompressor {
    private final ZstdCompressCtx ctx = new ZstdCompressCtx();
    private final byte[] output;

    ZstdCtx(int level, int inputBytes) {
      ctx.setLevel(level);
      ctx.setChecksum(true);
      ctx.setContentSize(true);
      output = new byte[(int) Zstd.compressBound(inputBytes)];
    }

    @Override
    long compress(byte[] input) {
      return ctx.compressByteArray(output, 0, output.length, input, 0, input.length);
    }

    @Override
    public void close() {
      ctx.close();
    }
  }

  /**
   * brotli4j's one-shot call. Brotli cannot reset an encoder that finished a stream, so there is no
   * context to reuse: a native encoder per call is also what zipjack's engine does.
   */
  private static final class Brotli extends ReadyBytesCompressor {
    /** brotli's window limits, 2^10 to 2^24 bytes, and the 16 bytes at its end it cannot reference. */
    private static final int MIN_WINDOW_BITS = 10;
    private static final int MAX_WINDOW_BITS = 24;
    private static final int WINDOW_GAP_BYTES = 16;
    private final int quality;

    Brotli(int quality) {
      Brotli4jLoader.ensureAvailability();
      this.quality = quality;
    }

    @Override
    long compress(byte[] input) throws IOException {
      Encoder.Parameters parameters = new Encoder.Parameters().setQuality(quality).setWindow(windowBits(input.length));
      return Encoder.compress(input, 0, input.length, parameters).length;
    }

    /** The smallest window that holds the input, as the brotli program and zipjack choose it. */
    static int windowBits(int byteCount) {
      int bits = MIN_WINDOW_BITS;
      while (bits < MAX_WINDOW_BITS && (1L << bits) - WINDOW_GAP_BYTES < byteCount) {
        bits++;
      }
      return bits;
    }
  }
}
