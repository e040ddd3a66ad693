package io.github.zipjack;

/** Data follows the end of the body: after the last gzip member, zstd frame or brotli stream, or after the decoded value; the message says what and at which byte. */
public final class TrailingDataException extends MalformedBodyException {
  private static final long serialVersionUID = 1L;

  public TrailingDataException(String message) {
    super(message);
  }

  public TrailingDataException(String message, Throwable cause) {
    super(message, cause);
  }
}
