package io.github.zipjack;

/**
 * A value could not be serialized into an in-memory body (Jackson has no serializer for it, a
 * getter threw, and so on). Unchecked: serializing one's own objects failing is a programming error.
 * Methods that write to a caller's stream throw {@link java.io.IOException} for that stream's failures.
 */
public final class ZipjackEncodeException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * Reports a value that cannot be serialized, with the failure that caused it.
   *
   * @param message what was wrong, with the offending value where there is one
   * @param cause the underlying failure, or null
   */
  public ZipjackEncodeException(String message, Throwable cause) {
    super(message, cause);
  }
}
