package io.github.zipjack;

/** The body ends before its compressed stream or its document does: it was cut short. */
public final class TruncatedBodyException extends ZipjackDecodeException {
  private static final long serialVersionUID = 1L;

  public TruncatedBodyException(String message, Throwable cause) {
    super(message, cause);
  }
}
