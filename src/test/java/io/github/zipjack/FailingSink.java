package io.github.zipjack;

import java.io.IOException;
import java.io.OutputStream;

/** A sink that takes a number of bytes, then fails every write, as a client that went away does. */
public final class FailingSink extends OutputStream {
  /** The message of every failure. */
  public static final String MESSAGE = "the client went away";
  private volatile long limit;
  private long written;

  /** A sink that takes {@code limit} bytes, then fails. */
  public FailingSink(long limit) {
    this.limit = limit;
  }

  /** Fails every write from now on. */
  public void failFromNow() {
    limit = written;
  }

  @Override
  public void write(int b) throws IOException {
    write(new byte[] {(byte) b}, 0, 1);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    if (written + len > limit) {
      throw new IOException(MESSAGE);
    }
    written += len;
  }
}
