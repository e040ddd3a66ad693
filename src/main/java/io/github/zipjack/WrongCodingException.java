package io.github.zipjack;

/** The body is not in the pipeline's compression at all: it is uncompressed, in another coding, or not a compressed body; the message says what it starts with. */
public final class WrongCodingException extends MalformedBodyException {
  private static final long serialVersionUID = 1L;

  public WrongCodingException(String message) {
    super(message);
  }

  public WrongCodingException(String message, Throwable cause) {
    super(message, cause);
  }
}
