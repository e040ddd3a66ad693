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

  public ZipjackDecodeException(String message) {
    super(message);
  }

  public ZipjackDecodeException(String message, Throwable cause) {
    super(message, cause);
  }
}
