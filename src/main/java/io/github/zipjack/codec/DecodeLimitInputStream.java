package io.github.zipjack.codec;

import io.github.zipjack.DecodeLimitExceededException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Fails once more than {@code maxBytes} decoded bytes have been read, so a small compressed body
 * that inflates to gigabytes (a decompression bomb) costs at most {@code maxBytes} plus one read.
 * Not thread-safe. Closing it closes the wrapped stream.
 */
public final class DecodeLimitInputStream extends FilterInputStream {
  private final long maxBytes;
  private final String limitName;
  private long count;

  /**
   * Counts the bytes read from {@code in} and fails past {@code maxBytes}.
   *
   * @param in the decoded stream; closed with this one
   * @param limitName the setting that holds the limit, named in the exception
   * @param maxBytes decoded bytes allowed
   */
  public DecodeLimitInputStream(InputStream in, String limitName, long maxBytes) {
    super(in);
    this.limitName = limitName;
    this.maxBytes = maxBytes;
  }

  @Override
  public int read() throws IOException {
    int b = in.read();
    if (b >= 0) {
      counted(1);
    }
    return b;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    int n = in.read(b, off, len);
    if (n > 0) {
      counted(n);
    }
    return n;
  }

  /** Skips at most one byte past the limit, so skipping a bomb costs no more than reading it would. */
  @Override
  public long skip(long n) throws IOException {
    long skipped = in.skip(Math.min(n, maxBytes - count + 1));
    if (skipped > 0) {
      counted(skipped);
    }
    return skipped;
  }

  @Override
  public boolean markSupported() {
    return false;
  }

  /** {@return decoded bytes read so far} */
  public long count() {
    return count;
  }

  private void counted(long n) throws DecodeLimitExceededException {
    count += n;
    if (count > maxBytes) {
      throw new DecodeLimitExceededException(limitName, maxBytes,
          "decoded body is larger than " + limitName + " = " + maxBytes + " bytes (read " + count
              + " so far); raise " + limitName + " if such bodies are expected", null);
    }
  }
}
