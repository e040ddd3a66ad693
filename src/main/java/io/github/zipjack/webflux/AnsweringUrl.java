package io.github.zipjack.webflux;

import java.net.URI;

/**
 * The URL that finally answered one WebClient exchange, after any redirect the connector followed,
 * as the connector reports it: {@link DecodingExchangeFilter} puts one in each request's attributes
 * under {@link #ATTRIBUTE}, and {@link ReactorAnsweringUrls} sets it from Reactor Netty's
 * {@code HttpClientResponse.resourceUrl()}. Unset when the connector reports nothing (another
 * connector, or one zipjack did not customize): then the answer's origin is unknown. Thread-safe:
 * set on the connection's event loop, read by the filter after the response arrived.
 */
public final class AnsweringUrl {
  /** The request attribute that holds it. */
  public static final String ATTRIBUTE = AnsweringUrl.class.getName();

  /** Null until reported. */
  private volatile URI url;

  AnsweringUrl() {}

  /**
   * Records the URL that answered; a later report (the final answer after a redirect) replaces an
   * earlier one.
   *
   * @param url the absolute URL that answered
   */
  public void report(URI url) {
    this.url = url;
  }

  /** {@return the URL that answered, or null when the connector reported none} */
  public URI url() {
    return url;
  }

  @Override
  public String toString() {
    return "AnsweringUrl[" + url + "]";
  }
}
