package io.github.zipjack.webflux;

import java.net.URI;
import java.util.Map;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import reactor.netty.http.client.HttpClient;

/**
 * Makes a Reactor Netty {@link HttpClient} report each answer's URL ({@code resourceUrl()}, the
 * URL of the last request when redirects are followed) to the {@link AnsweringUrl} of the WebClient
 * request, which Spring's connector hands to the connection among the request's attributes
 * ({@link ReactorClientHttpConnector#ATTRIBUTES_KEY}). A separate class, so that nothing else
 * names Reactor Netty's types. Stateless.
 */
public final class ReactorAnsweringUrls {
  private ReactorAnsweringUrls() {}

  /**
   * {@return {@code client}, reporting the URL of every answer to the request's {@link AnsweringUrl}}
   *
   * @param client the connector's client
   */
  public static HttpClient reporting(HttpClient client) {
    return client.doOnResponse((response, connection) -> {
      Map<String, Object> attributes = connection.channel().attr(ReactorClientHttpConnector.ATTRIBUTES_KEY).get();
      if (attributes != null && attributes.get(AnsweringUrl.ATTRIBUTE) instanceof AnsweringUrl answering) {
        try {
          answering.report(URI.create(response.resourceUrl()));
        } catch (IllegalArgumentException unparsable) {
          answering.report(null); // an origin that cannot be known keeps nothing
        }
      }
    });
  }
}
