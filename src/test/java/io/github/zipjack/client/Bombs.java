package io.github.zipjack.client;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.encoder.BrotliOutputStream;
import com.aayushatharva.brotli4j.encoder.Encoder;
import com.github.luben.zstd.ZstdOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * Decompression bombs made in memory, once per JVM: 1 GiB of JSON whitespace (which a parser skips
 * without building anything, so only a decode limit stops it) in one gzip member, one zstd frame
 * without a declared content size, or one brotli stream; each a few hundred KB to a few MB.
 */
public final class Bombs {
  static final long GIB = 1L << 30;
  private static final int CHUNK = 64 * 1024;
  /** The largest run of spaces deflated once for a gzip bomb, which repeats it. */
  private static final int PIECE_MAX = 16 << 20;
  /** A last deflate block holding nothing: BFINAL 1, fixed codes, end of block. */
  private static final byte[] EMPTY_LAST_BLOCK = {0x03, 0x00};
  private static final Map<String, byte[]> MADE = new ConcurrentHashMap<>();

  private Bombs() {}

  /** 1 GiB of spaces in {@code coding} (gzip, zstd or br). */
  public static byte[] oneGib(String coding) {
    return spaces(coding, GIB);
  }

  /** {@code count} spaces (a multiple of 64 KiB) in {@code coding} (gzip, zstd or br), made once per JVM. */
  public static byte[] spaces(String coding, long count) {
    if (count <= 0 || count % CHUNK != 0) {
      throw new IllegalArgumentException("count must be a positive multiple of " + CHUNK + ": " + count);
    }
    return MADE.computeIfAbsent(coding + ":" + count, key -> {
      try {
        return coding.equals("gzip") ? gzipSpaces(count) : streamed(coding, count);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
  }

  private static byte[] streamed(String coding, long count) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (OutputStream out = open(coding, bytes)) {
      byte[] chunk = spaces(CHUNK);
      for (long written = 0; written < count; written += chunk.length) {
        out.write(chunk);
      }
    }
    return bytes.toByteArray();
  }

  /**
   * One gzip member of {@code count} spaces, made in milliseconds where deflating 1 GiB takes
   * seconds: a run of spaces deflated once and ended with a full flush is whole bytes that refer to
   * nothing before them, so the member's deflate stream is that piece repeated, then an empty last
   * block.
   */
  private static byte[] gzipSpaces(long count) {
    int pieceBytes = CHUNK;
    while (pieceBytes < PIECE_MAX && count % (2L * pieceBytes) == 0) {
      pieceBytes *= 2;
    }
    byte[] piece = fullyFlushed(spaces(pieceBytes));
    long pieces = count / pieceBytes;
    ByteArrayOutputStream out = new ByteArrayOutputStream((int) (pieces * piece.length + 32));
    out.writeBytes(new byte[] {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, (byte) 0xff});
    CRC32 crc = new CRC32();
    byte[] spaces = spaces(pieceBytes);
    for (long i = 0; i < pieces; i++) {
      out.writeBytes(piece);
      crc.update(spaces);
    }
    out.writeBytes(EMPTY_LAST_BLOCK);
    writeIntLittleEndian(out, crc.getValue());
    writeIntLittleEndian(out, count);
    return out.toByteArray();
  }

  /** Raw deflate of {@code input} at level 9, ended with a full flush (no last block). */
  private static byte[] fullyFlushed(byte[] input) {
    Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION, true);
    try {
      deflater.setInput(input);
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      byte[] buffer = new byte[CHUNK];
      int n;
      do {
        n = deflater.deflate(buffer, 0, buffer.length, Deflater.FULL_FLUSH);
        out.write(buffer, 0, n);
      } while (n == buffer.length);
      return out.toByteArray();
    } finally {
      deflater.end();
    }
  }

  private static void writeIntLittleEndian(ByteArrayOutputStream out, long value) {
    for (int shift = 0; shift < 32; shift += 8) {
      out.write((int) (value >>> shift) & 0xff);
    }
  }

  private static byte[] spaces(int bytes) {
    byte[] spaces = new byte[bytes];
    Arrays.fill(spaces, (byte) ' ');
    return spaces;
  }

  private static OutputStream open(String coding, OutputStream sink) throws IOException {
    switch (coding) {
      case "zstd":
        return new ZstdOutputStream(sink, 1);
      case "br":
        Brotli4jLoader.ensureAvailability();
        return new BrotliOutputStream(sink, new Encoder.Parameters().setQuality(1));
      default:
        throw new IllegalArgumentException(coding);
    }
  }
}
