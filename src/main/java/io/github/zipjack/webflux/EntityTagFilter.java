package io.github.zipjack.webflux;

import io.github.zipjack.http.EntityTags;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.ServerWebExchangeDecorator;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * The other half of the writer's ETags: the application compares its own tags, so a conditional
 * request's {@code If-None-Match} and {@code If-Match} reach it with the coding suffixes removed
 * ({@code "v1-zstd"} is {@code "v1"}), and Spring's {@code checkNotModified} with the application's
 * tag finds the client's; the 304 carries the tag the client holds ({@code "v1-zstd"}), by the
 * servlet filter's rules ({@link EntityTags}). Requests without those
 * headers pass untouched. Thread-safe and stateless across requests.
 */
public final class EntityTagFilter implements WebFilter, Ordered {
  private static final List<String> CONDITIONAL = List.of(HttpHeaders.IF_NONE_MATCH, HttpHeaders.IF_MATCH);

  private final List<String> codings;
  private final int order;
  /**
   * What {@link #toString()} returns, made once: Spring's filter chain asks every filter for it on
   * every request (the name of a Reactor checkpoint).
   */
  private final String description;

  /**
   * @param codings the suffixes the writer puts on tags: the codings it offers, and with dictionaries
   *     their codings' ({@code dcz-<hash>}, {@code dcb-<hash>})
   * @param order the filter's order among the application's web filters
   */
  public EntityTagFilter(List<String> codings, int order) {
    this.codings = List.copyOf(codings);
    this.order = order;
    this.description = "EntityTagFilter[codings=" + this.codings + "]";
  }

  @Override
  public int getOrder() {
    return order;
  }

  @Override
  public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
    ServerHttpRequest request = exchange.getRequest();
    if (CONDITIONAL.stream().noneMatch(request.getHeaders()::containsHeader)) {
      return chain.filter(exchange);
    }
    Map<String, String> stripped = new ConcurrentHashMap<>();
    ServerHttpRequest bare = request.mutate().headers(headers -> {
      for (String name : CONDITIONAL) {
        List<String> values = headers.get(name);
        if (values != null) {
          List<String> without = new ArrayList<>(values.size());
          values.forEach(v -> without.add(EntityTags.stripSuffixes(v, codings, stripped)));
          headers.put(name, without);
        }
      }
    }).build();
    if (stripped.isEmpty()) {
      return chain.filter(exchange);
    }
    ServerHttpResponse response = exchange.getResponse();
    response.beforeCommit(() -> {
      String etag = response.getHeaders().getETag();
      if (HttpStatus.NOT_MODIFIED.equals(response.getStatusCode()) && etag != null && stripped.containsKey(etag)) {
        response.getHeaders().setETag(stripped.get(etag));
      }
      return Mono.empty();
    });
    return chain.filter(new ConditionalExchange(exchange, bare, stripped));
  }

  /**
   * The exchange the application sees. Spring's {@code checkNotModified} reads the request it was
   * made with, not a mutated one, so it is given the tag the client holds for the application's tag
   * instead: a match answers 304 carrying that tag.
   */
  private static final class ConditionalExchange extends ServerWebExchangeDecorator {
    private final ServerHttpRequest request;
    /** Bare tag to the suffixed tag the client sent. */
    private final Map<String, String> clientTags;

    ConditionalExchange(ServerWebExchange exchange, ServerHttpRequest request, Map<String, String> clientTags) {
      super(exchange);
      this.request = request;
      this.clientTags = clientTags;
    }

    @Override
    public ServerHttpRequest getRequest() {
      return request;
    }

    @Override
    public boolean checkNotModified(String etag) {
      return getDelegate().checkNotModified(clientTag(etag));
    }

    @Override
    public boolean checkNotModified(String etag, Instant lastModified) {
      return getDelegate().checkNotModified(clientTag(etag), lastModified);
    }

    private String clientTag(String etag) {
      if (etag == null) {
        return null;
      }
      String quoted = etag.startsWith("\"") || etag.startsWith("W/") ? etag : "\"" + etag + "\"";
      return clientTags.getOrDefault(quoted, etag);
    }
  }

  @Override
  public String toString() {
    return description;
  }
}
