package io.github.zipjack;

/** The decoded body is well-formed, but a value in it does not fit the requested type (a string where a number belongs, an array where an object does); the message gives the value's path. */
public final class ValueTypeMismatchException extends MalformedBodyException {
  private static final long serialVersionUID = 1L;

  /**
   * Reports a value that does not fit the requested type.
   *
   * @param message what was wrong, with the offending value where there is one
   */
  public ValueTypeMismatchException(String message) {
    super(message);
  }

  /**
   * Reports a value that does not fit the requested type, with the failure that caused it.
   *
   * @param message what was wrong, with the offending value where there is one
   * @param cause the underlying failure, or null
   */
  public ValueTypeMismatchException(String message, Throwable cause) {
    super(message, cause);
  }
}
