package io.github.zipjack.webflux;

import io.github.zipjack.Compression;
import io.github.zipjack.PipelineResources;
import io.github.zipjack.ZipjackDecodeException;
import io.github.zipjack.buffer.Segment;
import io.github.zipjack.codec.CompressionEngine;
import io.github.zipjack.codec.EngineConfig;
import io.github.zipjack.codec.EngineResources;
import io.github.zipjack.codec.EngineSelection;
import io.github.zipjack.http.DictionaryRequestDecoding;
import io.github.zipjack.http.DictionaryTransport;
import io.github.zipjack.http.RequestBodyCodings;
import io.github.zipjack.servlet.CompressionSettings;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.core.Ordered;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpRequestDecorator;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Inflates compressed request bodies for a WebFlux application by the servlet filter's rules
 * ({@link RequestBodyCodings}): a body in {@code gzip}, {@code zstd} or {@code br}, or with RFC 9842
 * dictionaries in {@code dcz} or {@code dcb} (made with any of the application's dictionaries, named by
 * the hash in the body's header), reaches the handler decoded, without {@code Content-Encoding} and
 * {@code Content-Length}; an unknown or
 * stacked coding gets 415 without the handler running. Past {@code maxInflatedRequestBytes}, or
 * past {@code maxInflationRatio} once over 1 MiB, inflation stops and the client gets
 * {@code 413 Payload Too Large} (400 for a malformed body) with {@code Connection: close}, unless
 * the response was committed by then.
 *
 * <p>Thread-safe. It owns its decoding engines, not the dictionaries' (their holder closes them):
 * {@link #close()} ends them, after the last request.
 */
public final class RequestInflationFilter implements WebFilter, Ordered, AutoCloseable {
  private final RequestBodyCodings codings;
  /** Owned: ended by {@link #close()}. */
  private final List<CompressionEngine> engines;
  private final long maxInflatedRequestBytes;
  private final long maxInflationRatio;
  private final int order;
  /**
   * What {@link #toString()} returns, made once: Spring's filter chain asks every filter for it on
   * every request (the name of a Reactor checkpoint).
   */
  private final String description;

  /**
   * Makes a decoding engine for each of the settings' codings whose library loads (each listed one
   * when {@link CompressionSettings#codingsRequired()}), with their request limits; no dictionary codings.
   *
   * @param settings the codings, {@code maxInflatedRequestBytes} and {@code maxInflationRatio}
   * @param order the filter's order among the application's web filters
   * @throws IllegalStateException if a required coding's library cannot load
   */
  public RequestInflationFilter(CompressionSettings settings, int order) {
    this(settings, null, order);
  }

  /**
   * As {@link #RequestInflationFilter(CompressionSettings, int)}, and {@code dcz} (and {@code dcb}
   * where offered) bodies decoded with the dictionaries of {@code dictionaries}, within the same limits.
   *
   * @param settings the codings, {@code maxInflatedRequestBytes} and {@code maxInflationRatio}
   * @param dictionaries the application's dictionaries, or null for none; not closed by this filter
   * @param order the filter's order among the application's web filters
   * @throws IllegalStateException if a required coding's library cannot load
   */
  public RequestInflationFilter(CompressionSettings settings, DictionaryTransport dictionaries, int order) {
    Map<String, CompressionEngine> made = new LinkedHashMap<>();
    try {
      for (Compression c : settings.codings()) {
        EngineConfig config = new EngineConfig(c.level(), Segment.SIZE, Segment.SIZE, settings.encoderPoolSize(),
            null, settings.maxInflatedRequestBytes());
        try {
          made.put(c.contentEncoding(), EngineSelection.create(c, config));
        } catch (IllegalStateException e) {
          if (settings.codingsRequired()) {
            throw e;
          }
        }
      }
    } catch (RuntimeException | Error e) {
      made.values().forEach(CompressionEngine::close);
      throw e;
    }
    this.engines = List.copyOf(made.values());
    this.codings = new RequestBodyCodings(DictionaryRequestDecoding.with(made, dictionaries));
    this.maxInflatedRequestBytes = settings.maxInflatedRequestBytes();
    this.maxInflationRatio = settings.maxInflationRatio();
    this.order = order;
    this.description = "RequestInflationFilter[codings=" + codings.codings() + ", maxInflatedRequestBytes="
        + maxInflatedRequestBytes + ", maxInflationRatio=" + maxInflationRatio + "]";
  }

  @Override
  public int getOrder() {
    return order;
  }

  @Override
  public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
    ServerHttpRequest request = exchange.getRequest();
    RequestBodyCodings.Decision decision = codings.decide(request.getHeaders().get(HttpHeaders.CONTENT_ENCODING));
    if (decision.passThrough()) {
      return chain.filter(exchange);
    }
    ServerHttpResponse response = exchange.getResponse();
    if (decision.engine == null) {
      response.getHeaders().set(HttpHeaders.ACCEPT_ENCODING, codings.acceptedCodings());
      return sendText(response, HttpStatus.UNSUPPORTED_MEDIA_TYPE, "415 Unsupported Media Type: " + decision.problem);
    }
    InflatedBody body = new InflatedBody(request.getBody(), decision.engine, maxInflatedRequestBytes,
        maxInflationRatio, response.bufferFactory());
    ServerHttpRequest inflated = new InflatedRequest(request, body);
    return chain.filter(exchange.mutate().request(inflated).build())
        .onErrorResume(e -> body.failure() != null && !response.isCommitted(), e -> answer(response, body.failure()))
        .then(Mono.defer(() -> body.failure() != null && !response.isCommitted()
            ? answer(response, body.failure()) : Mono.empty()));
  }

  /** 413 for a limit passed, 400 for bad data, with the failure's message; the rest of the body is not read. */
  private static Mono<Void> answer(ServerHttpResponse response, ZipjackDecodeException failure) {
    int status = RequestBodyCodings.statusFor(failure);
    String reason = status == 413 ? "413 Payload Too Large: " : "400 Bad Request: ";
    response.getHeaders().clear();
    response.getHeaders().set(HttpHeaders.CONNECTION, "close");
    return sendText(response, HttpStatus.valueOf(status), reason + failure.getMessage());
  }

  private static Mono<Void> sendText(ServerHttpResponse response, HttpStatus status, String message) {
    byte[] text = (message + "\n").getBytes(StandardCharsets.UTF_8);
    response.setStatusCode(status);
    response.getHeaders().setContentType(new MediaType("text", "plain", StandardCharsets.UTF_8));
    response.getHeaders().setContentLength(text.length);
    return response.writeWith(Mono.fromSupplier(() -> response.bufferFactory().wrap(text)));
  }

  /**
   * A snapshot of the decoder state and native contexts its own engines hold (the dictionaries'
   * are their holder's), for monitoring; exact only when no request is in progress.
   *
   * @return a new immutable snapshot, with no segments (the filter lends none)
   */
  public PipelineResources resources() {
    return EngineResources.of(null, engines);
  }

  /** Ends the engines' pooled native state; decoders still lent end theirs when closed. Idempotent. */
  @Override
  public void close() {
    engines.forEach(CompressionEngine::close);
  }

  @Override
  public String toString() {
    return description;
  }

  /** The request as the handler sees it: the inflated body, without the headers of the compressed one. */
  private static final class InflatedRequest extends ServerHttpRequestDecorator {
    private final InflatedBody body;
    private final HttpHeaders headers;

    InflatedRequest(ServerHttpRequest request, InflatedBody body) {
      super(request);
      this.body = body;
      HttpHeaders copy = new HttpHeaders();
      copy.putAll(request.getHeaders());
      copy.remove(HttpHeaders.CONTENT_ENCODING);
      copy.remove(HttpHeaders.CONTENT_LENGTH);
      this.headers = HttpHeaders.readOnlyHttpHeaders(copy);
    }

    @Override
    public HttpHeaders getHeaders() {
      return headers;
    }

    @Override
    public Flux<DataBuffer> getBody() {
      return body.flux();
    }
  }
}
