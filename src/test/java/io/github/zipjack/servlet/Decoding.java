package io.github.zipjack.servlet;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.decoder.BrotliInputStream;
import com.github.luben.zstd.ZstdInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.GZIPInputStream;

/**
 * Decodes response bodies with decoders zipjack does not wrap: the JDK's GZIPInputStream,
 * zstd-jni's stream and brotli4j's stream, used directly.
 */
public final class Decoding {
  private Decoding() {}

  /** {@code body} decoded from {@code contentEncoding} (null or identity: unchanged). */
  public static byte[] decode(String contentEncoding, byte[] body) throws IOException {
    if (contentEncoding == null || contentEncoding.equals("identity")) {
      return body;
    }
    try (InputStream in = decoder(contentEncoding, new ByteArrayInputStream(body))) {
      return in.readAllBytes();
    }
  }

  private static InputStream decoder(String contentEncoding, InputStream body) throws IOException {
    switch (contentEncoding) {
      case "gzip":
        return new GZIPInputStream(body);
      case "zstd":
        return new ZstdInputStream(body);
      case "br":
        Brotli4jLoader.ensureAvailability();
        return new BrotliInputStream(body);
      default:
        throw new AssertionError("unexpected Content-Encoding: " + contentEncoding);
    }
  }
}
