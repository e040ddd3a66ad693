package io.github.zipjack.spring;

import io.github.zipjack.urlpattern.UrlPattern;
import java.io.IOException;
import java.net.ProtocolException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Map;
import org.springframework.boot.http.client.ClientHttpRequestFactoryBuilder;
import org.springframework.boot.http.client.HttpClientSettings;
import org.springframework.boot.http.client.HttpRedirects;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.StreamingHttpOutputMessage;
import org.springframework.http.client.AbstractBufferingClientHttpRequest;
import org.springframework.http.client.ClientHttpRequest;
import org.springframework.http.client.ClientHttpRequestFactory;
import org.springframework.http.client.ClientHttpResponse;

/**
 * A request factory that follows redirects itself, one hop at a time, over a factory that follows
 * none, so that zipjack's {@link DecodingClientInterceptor} learns which URL gave each answer: before
 * every hop it hands the hop's URL and headers to the {@link Hops} the request carries as its
 * {@link #HOPS} attribute (the interceptor announces the RFC 9842 dictionary of that URL's origin
 * there), and the last hop's URL is the one whose answer the caller gets. A request without that
 * attribute is followed the same way. With dictionaries on and Boot's default redirect setting,
 * zipjack's auto-configuration makes Boot's factory builder build these ({@link Builder}).
 *
 * <p>Redirects are followed as browsers (the Fetch standard) and the JDK's client follow them: a 301,
 * 302, 303, 307 or 308 with a {@code Location} (resolved against the URL that answered); a 303 turns
 * any method but GET and HEAD into a GET without a body, a 301 or 302 turns only a POST into one,
 * and a 307 or 308 keeps the method and the body. A redirect from https to http, or to another
 * scheme, or with a {@code Location} that is not a URL, is not followed: the caller gets that 3xx
 * answer as it is. Once a hop leaves the first request's origin, {@code Authorization},
 * {@code Cookie} and {@code Proxy-Authorization} are dropped for the rest of the exchange; the
 * dictionary headers ({@code Available-Dictionary}, {@code Dictionary-ID}) are dropped on every
 * redirect, so that only the interceptor's announcement for the new URL is sent. At most
 * {@link #MAX_REDIRECTS} redirects are followed: one more fails the exchange with a
 * {@link ProtocolException}, as the JDK's {@code HttpURLConnection} does. Every answer but the last
 * is closed.
 *
 * <p>Thread-safe when the factory under it is; each request it makes serves one exchange, on the
 * calling thread.
 */
final class HopByHopRequestFactory implements ClientHttpRequestFactory {
  /** The request attribute that holds the {@link Hops} of an exchange. */
  static final String HOPS = HopByHopRequestFactory.class.getName() + ".hops";
  /** The most redirects one exchange follows, as browsers allow. */
  static final int MAX_REDIRECTS = 20;
  /** Headers of credentials, never sent to another origin than the first request's. */
  private static final List<String> CREDENTIALS = List.of(HttpHeaders.AUTHORIZATION, HttpHeaders.COOKIE,
      HttpHeaders.PROXY_AUTHORIZATION);
  /** Headers that describe a body, dropped with it. */
  private static final List<String> BODY_HEADERS = List.of(HttpHeaders.CONTENT_TYPE, HttpHeaders.CONTENT_ENCODING,
      HttpHeaders.CONTENT_LANGUAGE, HttpHeaders.CONTENT_LOCATION, HttpHeaders.CONTENT_LENGTH);
  /** Headers that belong to one URL, dropped on every redirect. */
  private static final List<String> PER_URL = List.of(HttpHeaders.HOST, "Available-Dictionary", "Dictionary-ID");

  /** Follows no redirect. */
  private final ClientHttpRequestFactory hops;
  private final boolean followsRedirects;

  /** What is told of each hop of an exchange, before it is sent. */
  interface Hops {
    /**
     * Called on the calling thread before each hop, the first one too.
     *
     * @param uri the hop's URL
     * @param headers the hop's headers, which may be changed for this hop
     */
    void sending(URI uri, HttpHeaders headers);
  }

  /**
   * @param hops makes each hop's request; must follow no redirect
   * @param followsRedirects false to send one hop and give its answer, 3xx or not
   */
  HopByHopRequestFactory(ClientHttpRequestFactory hops, boolean followsRedirects) {
    this.hops = hops;
    this.followsRedirects = followsRedirects;
  }

  /**
   * Makes factories of this type over the ones Boot's builder makes: each with the settings given
   * but {@link HttpRedirects#DONT_FOLLOW}, so that every other setting (timeouts, SSL bundle, cookie
   * handling) is kept, following redirects hop by hop unless the settings say {@code DONT_FOLLOW}.
   * Immutable.
   */
  static final class Builder implements ClientHttpRequestFactoryBuilder<HopByHopRequestFactory> {
    private final ClientHttpRequestFactoryBuilder<?> hops;

    /** @param hops Boot's builder, whose factories make each hop */
    Builder(ClientHttpRequestFactoryBuilder<?> hops) {
      this.hops = hops;
    }

    @Override
    public HopByHopRequestFactory build(HttpClientSettings settings) {
      HttpClientSettings given = settings == null ? HttpClientSettings.defaults() : settings;
      return new HopByHopRequestFactory(hops.build(given.withRedirects(HttpRedirects.DONT_FOLLOW)),
          given.redirects() != HttpRedirects.DONT_FOLLOW);
    }

    @Override
    public String toString() {
      return "HopByHopRequestFactory.Builder[over " + hops + "]";
    }
  }

  @Override
  public ClientHttpRequest createRequest(URI uri, HttpMethod httpMethod) {
    return new HopByHopRequest(uri, httpMethod);
  }

  @Override
  public String toString() {
    return "HopByHopRequestFactory[" + (followsRedirects ? "follows up to " + MAX_REDIRECTS + " redirects"
        : "follows none") + ", over " + hops + "]";
  }

  /** One exchange: its first hop as the caller made it, held whole until it is sent. */
  private final class HopByHopRequest extends AbstractBufferingClientHttpRequest {
    private final URI uri;
    private final HttpMethod method;

    HopByHopRequest(URI uri, HttpMethod method) {
      this.uri = uri;
      this.method = method;
    }

    @Override
    public HttpMethod getMethod() {
      return method;
    }

    @Override
    public URI getURI() {
      return uri;
    }

    @Override
    protected ClientHttpResponse executeInternal(HttpHeaders headers, byte[] body) throws IOException {
      Hops told = getAttributes().get(HOPS) instanceof Hops h ? h : null;
      String firstOrigin = UrlPattern.origin(uri);
      URI hopUri = uri;
      HttpMethod hopMethod = method;
      HttpHeaders hopHeaders = HttpHeaders.copyOf(headers);
      byte[] hopBody = body;
      for (int redirects = 0; ; redirects++) {
        if (told != null) {
          told.sending(hopUri, hopHeaders);
        }
        ClientHttpResponse response = send(hopUri, hopMethod, hopHeaders, hopBody);
        URI next = followsRedirects ? redirectTarget(response, hopUri) : null;
        if (next == null) {
          return response;
        }
        int status = response.getStatusCode().value();
        response.close();
        if (redirects == MAX_REDIRECTS) {
          throw new ProtocolException("more than " + MAX_REDIRECTS + " redirects from " + uri + "; the last, a "
              + status + " from " + hopUri + " to " + next + ", was not followed");
        }
        if (status == 303 ? hopMethod != HttpMethod.GET && hopMethod != HttpMethod.HEAD
            : status <= 302 && hopMethod == HttpMethod.POST) {
          hopMethod = HttpMethod.GET;
          hopBody = new byte[0];
          BODY_HEADERS.forEach(hopHeaders::remove);
        }
        PER_URL.forEach(hopHeaders::remove);
        if (!UrlPattern.origin(next).equals(firstOrigin)) {
          CREDENTIALS.forEach(hopHeaders::remove);
        }
        hopUri = next;
      }
    }

    /** One hop, through the factory that follows no redirect, with this exchange's attributes. */
    private ClientHttpResponse send(URI hopUri, HttpMethod hopMethod, HttpHeaders headers, byte[] body)
        throws IOException {
      ClientHttpRequest request = hops.createRequest(hopUri, hopMethod);
      request.getHeaders().putAll(headers);
      for (Map.Entry<String, Object> attribute : getAttributes().entrySet()) {
        request.getAttributes().put(attribute.getKey(), attribute.getValue());
      }
      if (body.length > 0) {
        if (request instanceof StreamingHttpOutputMessage streaming) {
          streaming.setBody(body);
        } else {
          request.getBody().write(body);
        }
      }
      return request.execute();
    }
  }

  /**
   * The URL {@code response} redirects to, when it is a redirect to follow (see the class doc); else null.
   */
  static URI redirectTarget(ClientHttpResponse response, URI from) throws IOException {
    int status = response.getStatusCode().value();
    String location = response.getHeaders().getFirst(HttpHeaders.LOCATION);
    if (location == null || (status < 301 || status > 303) && status != 307 && status != 308) {
      return null;
    }
    URI target;
    try {
      target = from.resolve(new URI(location));
    } catch (URISyntaxException | IllegalArgumentException notAUrl) {
      return null;
    }
    String scheme = target.getScheme() == null ? "" : target.getScheme().toLowerCase(java.util.Locale.ROOT);
    boolean downgrade = scheme.equals("http") && "https".equalsIgnoreCase(from.getScheme());
    return (scheme.equals("http") || scheme.equals("https")) && target.getHost() != null && !downgrade
        ? target : null;
  }
}
