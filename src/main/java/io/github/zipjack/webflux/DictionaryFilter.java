package io.github.zipjack.webflux;

import io.github.zipjack.http.DictionaryAnswer;
import io.github.zipjack.http.DictionaryTransport;
import io.github.zipjack.servlet.CompressionListener;
import java.util.List;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Serves a WebFlux application's RFC 9842 dictionaries at their own URLs,
 * {@code <context path><dictionary path>/<first 16 hex digits of the SHA-256>}, by the servlet
 * side's rules ({@link DictionaryAnswer}): GET and HEAD get the bytes in the coding the client
 * prefers among those offered (compressed once, when the transport was made), or as they are, with
 * {@code Use-As-Dictionary}, {@code Cache-Control: public, max-age}, a strong ETag suffixed with the
 * coding and the exact Content-Length, 304 when {@code If-None-Match} names it; other methods get 405
 * and a client that accepts none of them 406, both without a body. Every other request passes on
 * untouched.
 *
 * <p>Thread-safe. It does not own the dictionaries: their holder closes them.
 */
public final class DictionaryFilter implements WebFilter, Ordered {
  private final DictionaryTransport dictionaries;
  /** The codings a dictionary's bytes are offered in, most preferred first. */
  private final List<String> codings;
  /** Null for none. */
  private final CompressionListener listener;
  private final int order;
  /**
   * What {@link #toString()} returns, made once: Spring's filter chain asks every filter for it on
   * every request (the name of a Reactor checkpoint).
   */
  private final String description;

  /**
   * @param dictionaries what is served, and where
   * @param codings the codings a dictionary's bytes are offered in, most preferred first: those the
   *     transport compressed them in, and {@code identity}
   * @param listener told of each dictionary request once it is answered, or null
   * @param order the filter's order among the application's web filters
   */
  public DictionaryFilter(DictionaryTransport dictionaries, List<String> codings, CompressionListener listener,
      int order) {
    this.dictionaries = dictionaries;
    this.codings = List.copyOf(codings);
    this.listener = listener;
    this.order = order;
    this.description = "DictionaryFilter[" + dictionaries + "]";
  }

  @Override
  public int getOrder() {
    return order;
  }

  @Override
  public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
    ServerHttpRequest request = exchange.getRequest();
    DictionaryTransport.Served served = dictionaries.servedAt(request.getPath().pathWithinApplication().value());
    if (served == null) {
      return chain.filter(exchange);
    }
    HttpHeaders asked = request.getHeaders();
    DictionaryAnswer answer = dictionaries.answer(served, request.getMethod().name(),
        CompressingValueWriter.joined(asked.get(HttpHeaders.ACCEPT_ENCODING)), asked.get(HttpHeaders.IF_NONE_MATCH),
        codings);
    ServerHttpResponse response = exchange.getResponse();
    response.setStatusCode(HttpStatusCode.valueOf(answer.status()));
    HttpHeaders headers = response.getHeaders();
    answer.headers().forEach(headers::set);
    byte[] body = answer.body();
    Mono<Void> sent;
    if (body == null) {
      if (answer.isError()) {
        headers.setContentLength(0);
      }
      sent = response.setComplete();
    } else {
      headers.set(HttpHeaders.CONTENT_TYPE, DictionaryAnswer.CONTENT_TYPE);
      headers.setContentLength(body.length);
      sent = answer.sendsBody() ? response.writeWith(Mono.fromSupplier(() -> response.bufferFactory().wrap(body)))
          : response.setComplete();
    }
    return sent.doOnSuccess(done -> answer.report(listener));
  }

  @Override
  public String toString() {
    return description;
  }
}
