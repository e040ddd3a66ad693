package io.github.zipjack.servlet;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.encoder.Encoder;
import com.github.luben.zstd.Zstd;
import io.github.zipjack.JdkGzip;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;

/** Compressed request bodies made with the libraries directly, not with zipjack. */
public final class RequestBodies {
  /** The inflated size of {@link #gzipBomb()}: 100 MB of zeros. */
  static final int BOMB_INFLATED_BYTES = 100_000_000;
  private static byte[] bomb;
  private static byte[] overSize;

  private RequestBodies() {}

  public static byte[] encode(String coding, byte[] body) throws IOException {
    switch (coding) {
      case "gzip":
        return JdkGzip.of(body);
      case "zstd":
        return Zstd.compress(body, 3);
      case "br":
        Brotli4jLoader.ensureAvailability();
        return Encoder.compress(body, new Encoder.Parameters().setQuality(5));
      default:
        throw new AssertionError(coding);
    }
  }

  /**
   * 17 MiB of text gzipped at a ratio well under 100: past the default 16 MiB inflated-size limit
   * without tripping the ratio limit. Made once.
   */
  static synchronized byte[] overSizeLimit() {
    if (overSize == null) {
      overSize = JdkGzip.of(TestServlets.randomText(17 * 1024 * 1024));
    }
    return overSize;
  }

  /** 100 MB of zeros, gzipped (about 100 KB); made once. */
  static synchronized byte[] gzipBomb() {
    if (bomb == null) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      try (GZIPOutputStream gzip = new GZIPOutputStream(out, 64 * 1024) {
        {
          def.setLevel(Deflater.BEST_SPEED);
        }
      }) {
        byte[] zeros = new byte[1024 * 1024];
        for (int written = 0; written < BOMB_INFLATED_BYTES; written += zeros.length) {
          gzip.write(zeros, 0, Math.min(zeros.length, BOMB_INFLATED_BYTES - written));
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      bomb = out.toByteArray();
    }
    return bomb;
  }
}
