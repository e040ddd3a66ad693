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

  /**
   * What brotli4j's own JNI decoder, given {@code dictionary} as raw content, makes of a shared
   * brotli {@code stream} (a dcb body after its 36-byte header).
   */
  public static byte[] brotliWithDictionary(byte[] stream, byte[] dictionary) throws IOException {
    com.aayushatharva.brotli4j.Brotli4jLoader.ensureAvailability();
    java.nio.ByteBuffer raw = java.nio.ByteBuffer.allocateDirect(dictionary.length).put(dictionary).flip();
    com.aayushatharva.brotli4j.decoder.DecoderJNI.Wrapper d = new com.aayushatharva.brotli4j.decoder.DecoderJNI.Wrapper(
        stream.length);
    try {
      if (!d.attachDictionary(raw)) {
        throw new AssertionError("brotli4j could not attach the dictionary");
      }
      d.getInputBuffer().put(stream);
      d.push(stream.length);
      java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
      while (true) {
        com.aayushatharva.brotli4j.decoder.DecoderJNI.Status status = d.getStatus();
        if (d.hasOutput()) {
          java.nio.ByteBuffer o = d.pull();
          byte[] b = new byte[o.remaining()];
          o.get(b);
          out.write(b);
        } else if (status == com.aayushatharva.brotli4j.decoder.DecoderJNI.Status.DONE) {
          return out.toByteArray();
        } else {
          throw new AssertionError("brotli4j's decoder stopped with " + status);
        }
      }
    } finally {
      d.destroy();
    }
  }

}
