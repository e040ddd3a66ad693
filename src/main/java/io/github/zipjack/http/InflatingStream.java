package io.github.zipjack.http;

import io.github.zipjack.ZipjackDecodeException;
import io.github.zipjack.codec.CompressionEngine;
import io.github.zipjack.servlet.InflatedRequestTooLargeException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * An inflated request body: the client's bytes through one engine's decoder, under
 * {@code maxInflatedRequestBytes} and {@code maxInflationRatio}; the servlet filter's request
 * stream and the reactive request filter read through it. Not thread-safe (one reader at a time).
 *
 * <p>The decoder (a pooled Inflater or zstd context, a brotli decoder) is made on the first read,
 * so a body the application never reads costs nothing; {@link #close()} returns it, and is safe to
 * call twice. The body given is never closed here: its owner closes it.
 *
 * <p>The first data problem (a limit passed, a malformed or cut-short body) is kept: every later
 * read throws it again, and {@link #failure()} lets the filter answer 413 or 400 even when the
 * application swallowed it.
 */
public final class InflatingStream extends InputStream {
  /**
   * Inflated bytes below which the ratio is not checked: small bodies of repetitive JSON legitimately
   * compress more than 100 to 1, and the size limit already bounds them.
   */
  public static final long RATIO_GRACE_BYTES = 1L << 20;

  private final CountingInputStream compressed;
  private final CompressionEngine engine;
  private final long maxInflatedBytes;
  private final long maxRatio;
  /** Null until the first read, and again once closed. */
  private InputStream decoder;
  private long inflatedBytes;
  private boolean finished;
  private boolean closed;
  private ZipjackDecodeException failure;
  private final byte[] one = new byte[1];

  /**
   * @param body the client's (compressed) bytes; not closed by this stream
   * @param engine the engine whose decoder reads {@code body}
   * @param maxInflatedBytes inflated bytes allowed, at least 1
   * @param maxRatio inflated bytes allowed per compressed byte read, at least 1, checked past
   *     {@link #RATIO_GRACE_BYTES}
   */
  public InflatingStream(InputStream body, CompressionEngine engine, long maxInflatedBytes, long maxRatio) {
    this.compressed = new CountingInputStream(body);
    this.engine = engine;
    this.maxInflatedBytes = maxInflatedBytes;
    this.maxRatio = maxRatio;
  }

  @Override
  public int read() throws IOException {
    int n = read(one, 0, 1);
    return n < 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    InputStream in = open();
    if (len == 0) {
      return 0;
    }
    int n;
    try {
      n = in.read(b, off, len);
    } catch (ZipjackDecodeException e) {
      throw fail(e);
    }
    if (n < 0) {
      finished = true;
      return -1;
    }
    inflatedBytes += n;
    checkLimits();
    return n;
  }

  private void checkLimits() throws ZipjackDecodeException {
    if (inflatedBytes > maxInflatedBytes) {
      throw fail(new InflatedRequestTooLargeException("maxInflatedRequestBytes", maxInflatedBytes, inflatedBytes,
          compressed.count, "request body inflates to more than maxInflatedRequestBytes = " + maxInflatedBytes
              + " bytes (" + engine.contentEncoding() + ", " + compressed.count + " compressed bytes read so far)"));
    }
    long compressedBytes = Math.max(1, compressed.count);
    if (inflatedBytes > RATIO_GRACE_BYTES && (double) inflatedBytes / compressedBytes > maxRatio) {
      throw fail(new InflatedRequestTooLargeException("maxInflationRatio", maxRatio, inflatedBytes,
          compressed.count, "request body inflates more than maxInflationRatio = " + maxRatio + " to 1 ("
              + engine.contentEncoding() + ": " + inflatedBytes + " bytes from " + compressed.count
              + " compressed bytes)"));
    }
  }

  private InputStream open() throws IOException {
    if (failure != null) {
      throw failure;
    }
    if (closed) {
      throw new IOException("request body stream is closed");
    }
    if (decoder == null) {
      try {
        decoder = engine.decoder(compressed);
      } catch (ZipjackDecodeException e) {
        throw fail(e);
      }
    }
    return decoder;
  }

  private ZipjackDecodeException fail(ZipjackDecodeException e) {
    if (failure == null) {
      failure = e;
    }
    return e;
  }

  /** The first data problem met, or null: an {@link InflatedRequestTooLargeException} means 413. */
  public ZipjackDecodeException failure() {
    return failure;
  }

  /** Inflated bytes read so far. */
  public long inflatedBytes() {
    return inflatedBytes;
  }

  /** Compressed bytes read from the client so far. */
  public long compressedBytes() {
    return compressed.count;
  }

  /** Whether a decoder is lent out (made and not yet closed). */
  public boolean decoderOpen() {
    return decoder != null;
  }

  /** {@return whether the decoded body's end was read} */
  public boolean isFinished() {
    return finished;
  }

  /** Returns the decoder's native state; the body given is not closed. Idempotent; later reads fail. */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    InputStream d = decoder;
    decoder = null;
    if (d != null) {
      d.close(); // closes `compressed`, which leaves the body given open
    }
  }

  /** Counts the compressed bytes read and shields the body given from close(). */
  private static final class CountingInputStream extends FilterInputStream {
    long count;

    CountingInputStream(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      int b = in.read();
      if (b >= 0) {
        count++;
      }
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = in.read(b, off, len);
      if (n > 0) {
        count += n;
      }
      return n;
    }

    @Override
    public long skip(long n) throws IOException {
      long skipped = in.skip(n);
      count += Math.max(0, skipped);
      return skipped;
    }

    @Override
    public void close() {
      // the caller owns the body
    }
  }
}
