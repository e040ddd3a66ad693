package io.github.zipjack.servlet;

import io.github.zipjack.ZipjackDecodeException;
import io.github.zipjack.codec.CompressionEngine;
import io.github.zipjack.http.InflatingStream;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * The inflated request body the application reads: the client's bytes through one engine's decoder,
 * under {@code maxInflatedRequestBytes} and {@code maxInflationRatio} ({@link InflatingStream}, which
 * the reactive side shares). Not thread-safe (one request thread at a time, as any request stream).
 * Blocking reads only.
 *
 * <p>The decoder (a pooled Inflater or zstd context, a brotli decoder) is made on the first read,
 * so a body the application never reads costs nothing; {@link #close()} returns it, and is safe to
 * call twice. The container's own stream is never closed here: the container owns it.
 *
 * <p>The first data problem (a limit passed, a malformed or cut-short body) is kept: every later
 * read throws it again, and {@link #failure()} lets the filter answer 413 or 400 even when the
 * application swallowed it.
 */
final class InflatingInputStream extends ServletInputStream {
  /** See {@link InflatingStream#RATIO_GRACE_BYTES}. */
  static final long RATIO_GRACE_BYTES = InflatingStream.RATIO_GRACE_BYTES;

  private final InflatingStream inflated;

  /**
   * @param body the client's (compressed) bytes; not closed by this stream
   * @param engine the engine whose decoder reads {@code body}
   * @param maxInflatedBytes inflated bytes allowed, at least 1
   * @param maxRatio inflated bytes allowed per compressed byte read, at least 1, checked past
   *     {@link #RATIO_GRACE_BYTES}
   */
  InflatingInputStream(InputStream body, CompressionEngine engine, long maxInflatedBytes, long maxRatio) {
    this.inflated = new InflatingStream(body, engine, maxInflatedBytes, maxRatio);
  }

  @Override
  public int read() throws IOException {
    return inflated.read();
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    return inflated.read(b, off, len);
  }

  /** The first data problem met, or null: an {@link InflatedRequestTooLargeException} means 413. */
  ZipjackDecodeException failure() {
    return inflated.failure();
  }

  /** Inflated bytes read so far. */
  long inflatedBytes() {
    return inflated.inflatedBytes();
  }

  /** Compressed bytes read from the client so far. */
  long compressedBytes() {
    return inflated.compressedBytes();
  }

  /** Whether a decoder is lent out (made and not yet closed). */
  boolean decoderOpen() {
    return inflated.decoderOpen();
  }

  @Override
  public boolean isFinished() {
    return inflated.isFinished();
  }

  /** Always true: reads block until inflated bytes are available. */
  @Override
  public boolean isReady() {
    return true;
  }

  /**
   * Not supported: an inflated body is read with blocking reads. (A decoder may need more
   * compressed bytes than the container has ready to produce one inflated byte.)
   */
  @Override
  public void setReadListener(ReadListener readListener) {
    throw new IllegalStateException("zipjack inflates compressed request bodies with blocking reads only;"
        + " a ReadListener cannot be set on an inflated request body (send it without Content-Encoding,"
        + " or read it in blocking mode)");
  }

  /** Returns the decoder's native state. Idempotent; later reads fail. */
  @Override
  public void close() throws IOException {
    inflated.close();
  }
}
