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
import java.util.zip.GZIPOutputStream;

/**
 * Decompression bombs made in memory, once per JVM: 1 GiB of JSON whitespace (which a parser skips
 * without building anything, so only a decode limit stops it) in one gzip member, one zstd frame
 * without a declared content size, or one brotli stream; each a few hundred KB to a few MB.
 */
public final class Bombs {
  static final long GIB = 1L << 30;
  private static final Map<String, byte[]> MADE = new ConcurrentHashMap<>();

  private Bombs() {}

  /** 1 GiB of spaces in {@code coding} (gzip, zstd or br). */
  public static byte[] oneGib(String coding) {
    return spaces(coding, GIB);
  }

  /** {@code count} spaces (a multiple of 64 KiB) in {@code coding} (gzip, zstd or br), made once per JVM. */
  public static byte[] spaces(String coding, long count) {
    return MADE.computeIfAbsent(coding + ":" + count, key -> {
      try {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream out = open(coding, bytes)) {
          byte[] chunk = new byte[64 * 1024];
          Arrays.fill(chunk, (byte) ' ');
          for (long written = 0; written < count; written += chunk.length) {
            out.write(chunk);
          }
        }
        return bytes.toByteArray();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
  }

  private static OutputStream open(String coding, OutputStream sink) throws IOException {
    switch (coding) {
      case "gzip":
        return new GZIPOutputStream(sink, 64 * 1024);
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
