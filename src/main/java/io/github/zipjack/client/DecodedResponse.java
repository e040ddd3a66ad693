package io.github.zipjack.client;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Optional;
import javax.net.ssl.SSLSession;

/**
 * A response whose body a {@link CompressedHttpClient} decoded: the status, headers (as the server
 * sent them, Content-Encoding included) and request of the exchange, with the decoded value.
 * Immutable.
 */
final class DecodedResponse<T> implements HttpResponse<T> {
  private final HttpResponse<?> exchange;
  private final T body;

  DecodedResponse(HttpResponse<?> exchange, T body) {
    this.exchange = exchange;
    this.body = body;
  }

  @Override
  public int statusCode() {
    return exchange.statusCode();
  }

  @Override
  public HttpRequest request() {
    return exchange.request();
  }

  @Override
  public Optional<HttpResponse<T>> previousResponse() {
    return Optional.empty();
  }

  @Override
  public HttpHeaders headers() {
    return exchange.headers();
  }

  @Override
  public T body() {
    return body;
  }

  @Override
  public Optional<SSLSession> sslSession() {
    return exchange.sslSession();
  }

  @Override
  public URI uri() {
    return exchange.uri();
  }

  @Override
  public HttpClient.Version version() {
    return exchange.version();
  }

  @Override
  public String toString() {
    return "DecodedResponse[" + exchange + "]";
  }
}
