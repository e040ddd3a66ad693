package io.github.zipjack;

/** The decoded body is well-formed, but a value in it does not fit the requested type (a string where a number belongs, an array where an object does); the message gives the value's path. */
public final class ValueTypeMismatchException extends MalformedBodyException {
  private static final long serialVersionUID = 1L;

  public ValueTypeMismatchException(String message) {
    super(message);
  }

  public ValueTypeMismatchException(String message, Throwable cause) {
    super(message, cause);
  }
}
