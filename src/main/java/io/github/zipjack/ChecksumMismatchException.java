package io.github.zipjack;

/** The body's own check value (a gzip member's CRC-32 or length, a zstd frame's checksum) disagrees with the data it decodes to: the body was damaged. */
public final class ChecksumMismatchException extends MalformedBodyException {
  private static final long serialVersionUID = 1L;

  /**
   * Reports a body damaged on the way.
   *
   * @param message what was wrong, with the offending value where there is one
   */
  public ChecksumMismatchException(String message) {
    super(message);
  }

  /**
   * Reports a body damaged on the way, with the failure that caused it.
   *
   * @param message what was wrong, with the offending value where there is one
   * @param cause the underlying failure, or null
   */
  public ChecksumMismatchException(String message, Throwable cause) {
    super(message, cause);
  }
}
