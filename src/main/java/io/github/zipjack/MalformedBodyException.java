package io.github.zipjack;

/**
 * The body is not in the pipeline's compression or format, or is corrupt (bad syntax, bad compressed
 * data). The subtypes name the commoner cases: {@link WrongCodingException},
 * {@link ChecksumMismatchException}, {@link TrailingDataException}, {@link ValueTypeMismatchException}.
 */
public class MalformedBodyException extends ZipjackDecodeException {
  private static final long serialVersionUID = 1L;

  /**
   * An exception with a message that states what was wrong.
   *
   * @param message what was wrong, with the offending value where there is one
   */
  public MalformedBodyException(String message) {
    super(message);
  }

  /**
   * An exception with a message and the failure that caused it.
   *
   * @param message what was wrong, with the offending value where there is one
   * @param cause the underlying failure, or null
   */
  public MalformedBodyException(String message, Throwable cause) {
    super(message, cause);
  }
}
