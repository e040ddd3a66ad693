package io.github.zipjack.spring;

/**
 * A {@code zipjack.compression.*} or {@code zipjack.client.*} property whose value zipjack cannot
 * use; start-up stops with it, and {@link ZipjackPropertyFailureAnalyzer} reports the property, the
 * value and what is allowed instead of a stack trace.
 */
public final class InvalidZipjackPropertyException extends IllegalArgumentException {
  /** The full property name. */
  private final String property;
  /** The value as bound, in text. */
  private final String value;
  /** Why the value is refused and what is allowed. */
  private final String allowed;

  /**
   * Refuses a property's value; the message is {@code property=value is invalid: allowed}.
   *
   * @param property the full property name, {@code zipjack.compression.codings}
   * @param value the value as bound, in text
   * @param allowed what would be accepted, the checking code's own words
   * @param cause the checking code's exception, or null
   */
  public InvalidZipjackPropertyException(String property, String value, String allowed, Throwable cause) {
    super(property + "=" + value + " is invalid: " + allowed, cause);
    this.property = property;
    this.value = value;
    this.allowed = allowed;
  }

  /** {@return the full property name} */
  public String property() {
    return property;
  }

  /** {@return the value as bound, in text} */
  public String value() {
    return value;
  }

  /** {@return why the value is refused and what is allowed} */
  public String allowed() {
    return allowed;
  }
}
