package io.github.zipjack;

/** Decoding stopped because the body went past a limit; {@link #limitName()} says which one. */
public final class DecodeLimitExceededException extends ZipjackDecodeException {
  private static final long serialVersionUID = 1L;
  /** The builder setting or Jackson constraint that was exceeded. */
  private final String limitName;
  /** Its value: bytes, depth or characters, as its name says. */
  private final long limit;

  /**
   * Reports the limit that decoding went past.
   *
   * @param limitName the builder setting or Jackson constraint, such as {@code maxDecodedBytes}
   * @param limit its value
   * @param message what went past the limit, with the limit and the amount seen
   * @param cause the underlying failure (Jackson's constraint error), or null
   */
  public DecodeLimitExceededException(String limitName, long limit, String message, Throwable cause) {
    super(message, cause);
    this.limitName = limitName;
    this.limit = limit;
  }

  /** {@return the name of the limit that was exceeded, as the builder or Jackson calls it} */
  public String limitName() {
    return limitName;
  }

  /** {@return the value of that limit (bytes, depth or characters, as its name says)} */
  public long limit() {
    return limit;
  }
}
