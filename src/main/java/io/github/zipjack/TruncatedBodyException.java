package io.github.zipjack;

/** The body ends before its compressed stream or its document does: it was cut short. */
public final class TruncatedBodyException extends ZipjackDecodeException {
  private static final long serialVersionUID = 1L;

  /**
   * Reports a body that was cut short, with the failure that caused it.
   *
   * @param message what was wrong, with the offending value where there is one
   * @param cause the underlying failure, or null
   */
  public TruncatedBodyException(String message, Throwable cause) {
    super(message, cause);
  }
}
