package io.github.zipjack;

/** The body is not in the pipeline's compression at all: it is uncompressed, in another coding, or not a compressed body; the message says what it starts with. */
public final class WrongCodingException extends MalformedBodyException {
  private static final long serialVersionUID = 1L;

  /**
   * Reports a body that is not in the pipeline's compression.
   *
   * @param message what was wrong, with the offending value where there is one
   */
  public WrongCodingException(String message) {
    super(message);
  }

  /**
   * Reports a body that is not in the pipeline's compression, with the failure that caused it.
   *
   * @param message what was wrong, with the offending value where there is one
   * @param cause the underlying failure, or null
   */
  public WrongCodingException(String message, Throwable cause) {
    super(message, cause);
  }
}
