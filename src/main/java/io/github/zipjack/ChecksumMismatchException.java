package io.github.zipjack;

/** The body's own check value (a gzip member's CRC-32 or length, a zstd frame's checksum) disagrees with the data it decodes to: the body was damaged. */
public final class ChecksumMismatchException extends MalformedBodyException {
  private static final long serialVersionUID = 1L;

  public ChecksumMismatchException(String message) {
    super(message);
  }

  public ChecksumMismatchException(String message, Throwable cause) {
    super(message, cause);
  }
}
