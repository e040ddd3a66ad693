package io.github.zipjack.client;

import io.github.zipjack.MalformedBodyException;

/**
 * A {@code dcz} answer (RFC 9842) names, by its SHA-256, a dictionary other than the one the request
 * announced in {@code Available-Dictionary}, or one this client does not hold. Refused from the
 * body's 40-byte header, before anything is decoded.
 */
public final class DictionaryMismatchException extends MalformedBodyException {
  private static final long serialVersionUID = 1L;
  /** Lower-case hex of the SHA-256 the body's header names. */
  private final String bodyHash;
  /** Lower-case hex of the SHA-256 announced, or null when the request announced none. */
  private final String expectedHash;

  /**
   * Refuses a {@code dcz} body whose dictionary is not the one announced.
   *
   * @param message what was refused, with both hashes
   * @param bodyHash the SHA-256 the body's header names, 64 lower-case hex digits
   * @param expectedHash the SHA-256 announced, or null when the request announced none
   */
  public DictionaryMismatchException(String message, String bodyHash, String expectedHash) {
    super(message);
    this.bodyHash = bodyHash;
    this.expectedHash = expectedHash;
  }

  /** {@return the SHA-256 the body's header names, as 64 lower-case hex digits} */
  public String bodyHash() {
    return bodyHash;
  }

  /**
   * {@return the SHA-256 of the dictionary the request announced (64 hex digits), or null when it
   * announced none}
   */
  public String expectedHash() {
    return expectedHash;
  }
}
