package io.github.zipjack;

/**
 * The body is not in the pipeline's compression or format, or is corrupt (bad syntax, bad compressed
 * data). The subtypes name the commoner cases: {@link WrongCodingException},
 * {@link ChecksumMismatchException}, {@link TrailingDataException}, {@link ValueTypeMismatchException}.
 */
public class MalformedBodyException extends ZipjackDecodeException {
  private static final long serialVersionUID = 1L;

  public MalformedBodyException(String message) {
    super(message);
  }

  public MalformedBodyException(String message, Throwable cause) {
    super(message, cause);
  }
}
