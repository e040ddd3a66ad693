package io.github.zipjack;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.zip.GZIPOutputStream;

/** Bodies gzipped by the JDK's own {@code GZIPOutputStream}, as a client or server without zipjack makes them. */
public final class JdkGzip {
  private JdkGzip() {}

  /** {@return {@code plain} as one gzip member, at the JDK's default level} */
  public static byte[] of(byte[] plain) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
      gzip.write(plain);
    } catch (IOException e) {
      throw new UncheckedIOException("a ByteArrayOutputStream does not fail", e);
    }
    return out.toByteArray();
  }
}
