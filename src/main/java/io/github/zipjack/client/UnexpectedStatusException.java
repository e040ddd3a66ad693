package io.github.zipjack.client;

import java.io.IOException;
import java.net.URI;

/**
 * The server answered with a status outside 200-299, so the body was not decoded as a value; the
 * body was discarded and its connection released.
 */
public final class UnexpectedStatusException extends IOException {
  private static final long serialVersionUID = 1L;
  /** The status outside 200-299. */
  private final int statusCode;
  /** The request's URI; null when not known. */
  private final URI uri;

  /**
   * Refuses an answer by its status; the message names the status and the URI.
   *
   * @param statusCode the status outside 200-299
   * @param uri the request's URI, or null when not known
   */
  public UnexpectedStatusException(int statusCode, URI uri) {
    super("HTTP " + statusCode + " from " + uri + "; only 2xx answers are decoded");
    this.statusCode = statusCode;
    this.uri = uri;
  }

  /** {@return the response's status code} */
  public int statusCode() {
    return statusCode;
  }

  /** {@return the request's URI} */
  public URI uri() {
    return uri;
  }
}
