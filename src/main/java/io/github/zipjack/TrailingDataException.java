package io.github.zipjack;

/** Data follows the end of the body: after the last gzip member, zstd frame or brotli stream, or after the decoded value; the message says what and at which byte. */
public final class TrailingDataException extends MalformedBodyException {
  private static final long serialVersionUID = 1L;

  /**
   * Reports data after the end of the body.
   *
   * @param message what was wrong, with the offending value where there is one
   */
  public TrailingDataException(String message) {
    super(message);
  }

  /**
   * Reports data after the end of the body, with the failure that caused it.
   *
   * @param message what was wrong, with the offending value where there is one
   * @param cause the underlying failure, or null
   */
  public TrailingDataException(String message, Throwable cause) {
    super(message, cause);
  }
}
