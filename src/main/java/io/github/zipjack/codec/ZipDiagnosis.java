package io.github.zipjack.codec;

import io.github.zipjack.MalformedBodyException;
import io.github.zipjack.TruncatedBodyException;
import io.github.zipjack.ZipjackDecodeException;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.ZipException;

/** Turns java.util.zip's errors into zipjack's decode exceptions, which say what went wrong. */
final class ZipDiagnosis {
  private ZipDiagnosis() {}

  /** A ZipException means corrupt data, an EOFException a body cut short; others pass through. */
  static IOException translate(IOException e) {
    if (e instanceof ZipjackDecodeException) {
      return e;
    }
    if (e instanceof EOFException) {
      return new TruncatedBodyException("gzip body is truncated: it ends inside "
          + (e.getMessage() == null ? "its header or trailer" : "its compressed data (" + e.getMessage() + ")"), e);
    }
    if (e instanceof ZipException) {
      return new MalformedBodyException("gzip body is corrupt: " + e.getMessage(), e);
    }
    return e;
  }

  /** Wraps an inflating stream so that its zip errors come out translated. */
  static final class TranslatingInputStream extends FilterInputStream {
    TranslatingInputStream(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      try {
        return in.read();
      } catch (IOException e) {
        throw translate(e);
      }
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      try {
        return in.read(b, off, len);
      } catch (IOException e) {
        throw translate(e);
      }
    }

    @Override
    public long skip(long n) throws IOException {
      try {
        return in.skip(n);
      } catch (IOException e) {
        throw translate(e);
      }
    }
  }
}
