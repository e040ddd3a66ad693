package io.github.zipjack;

import java.io.IOException;

/**
 * A body could not be decoded: it is not what the pipeline expects, it is cut short, or it goes past
 * a decoding limit. The subtypes say which and carry the facts.
 *
 * <p>Checked, like Jackson's own read errors, because bad input is an expected condition for a
 * service that decodes what clients send. It extends {@link IOException} so it passes through
 * Jackson's parsers unwrapped.
 */
public class ZipjackDecodeException extends IOException {
  private static final long serialVersionUID = 1L;
  /** Where the body came from (a file), when the pipeline knows; shown before the message. */
  private String source;

  /**
   * Reports a body that cannot be decoded.
   *
   * @param message what was wrong, with the offending value where there is one
   */
  public ZipjackDecodeException(String message) {
    super(message);
  }

  /**
   * Reports a body that cannot be decoded, with the failure that caused it.
   *
   * @param message what was wrong, with the offending value where there is one
   * @param cause the underlying failure, or null
   */
  public ZipjackDecodeException(String message, Throwable cause) {
    super(message, cause);
  }

  /** The message, after the body's source when there is one: {@code /data/people.json.gz: body is ...}. */
  @Override
  public String getMessage() {
    return source == null ? super.getMessage() : source + ": " + super.getMessage();
  }

  /** {@return the body's source named by the pipeline ({@link Pipeline#readFile}), or null} */
  public String source() {
    return source;
  }

  /** Names the body's source, for a pipeline that decoded it from one. */
  ZipjackDecodeException withSource(String source) {
    this.source = source;
    return this;
  }
}
