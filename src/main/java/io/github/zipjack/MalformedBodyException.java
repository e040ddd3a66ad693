package io.github.zipjack;

/**
 * The body is not in the pipeline's compression or format, or is corrupt (bad syntax, bad compressed
 * data). The subtypes name the commoner cases: {@link WrongCodingException},
 * {@link ChecksumMismatchException}, {@link TrailingDataException}, {@link ValueTypeMismatchException}.
 */
public class MalformedBodyException extends ZipjackDecodeException {
  private static final long serialVersionUID = 1L;

  /**
   * Reports a body that is not in the expected compression or format.
   *
   * @param message what was wrong, with the offending value where there is one
   */
  public MalformedBodyException(String message) {
    super(message);
  }

  /**
   * Reports a body that is not in the expected compression or format, with the failure that caused it.
   *
   * @param message what was wrong, with the offending value where there is one
   * @param cause the underlying failure, or null
   */
  public MalformedBodyException(String message, Throwable cause) {
    super(message, cause);
  }
}
