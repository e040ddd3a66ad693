package io.github.zipjack.spring;

import io.github.zipjack.client.RequestCompression;
import io.github.zipjack.client.ResponseCodings;
import io.github.zipjack.codec.DecodeLimitInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpRequest;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.client.ClientHttpRequestExecution;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.http.client.ClientHttpResponse;

/**
 * Makes a {@code RestClient} or {@code RestTemplate} ask for and decode zipjack's codings: it sets
 * {@code Accept-Encoding: zstd, gzip, br} (those that load; a request that names its own keeps it),
 * compresses request bodies from a size up when configured (Content-Encoding and an exact
 * Content-Length), and hands the message converters (the application's own mapper) the answer's
 * decoded body, bounded by {@code maxDecodedBytes}, with Content-Encoding and Content-Length
 * removed. Decoding happens as the converter reads, from the socket. A bad body fails the read with
 * zipjack's {@link io.github.zipjack.ZipjackDecodeException} (Spring wraps it, in a
 * {@code ResourceAccessException} or {@code RestClientException}); a coding not asked for fails
 * before the body is read, and the response is closed either way.
 *
 * <p>Spring's JDK request factory decodes gzip itself, without a limit; zipjack's auto-configuration
 * turns that off, and an application that builds its own factory should call
 * {@code enableCompression(false)} on it. Thread-safe; {@link #close()} ends the decoders.
 */
public final class DecodingClientInterceptor implements ClientHttpRequestInterceptor, AutoCloseable {
  private final ResponseCodings codings;
  /** Null when request bodies are never compressed. */
  private final RequestCompression requestCompression;
  private final long maxDecodedBytes;
  private final String acceptEncoding;

  /**
   * @param codings the codings asked for and decoded; owned (closed) by this interceptor
   * @param requestCompression compresses request bodies from its minimum size, or null for never; owned
   * @param maxDecodedBytes the most bytes an answer may decode to
   */
  public DecodingClientInterceptor(ResponseCodings codings, RequestCompression requestCompression, long maxDecodedBytes) {
    this.codings = codings;
    this.requestCompression = requestCompression;
    this.maxDecodedBytes = maxDecodedBytes;
    this.acceptEncoding = String.join(", ", codings.codings());
  }

  /** The value set as Accept-Encoding. */
  public String acceptEncoding() {
    return acceptEncoding;
  }

  @Override
  public ClientHttpResponse intercept(HttpRequest request, byte[] body, ClientHttpRequestExecution execution)
      throws IOException {
    HttpHeaders headers = request.getHeaders();
    if (!headers.containsHeader(HttpHeaders.ACCEPT_ENCODING)) {
      headers.set(HttpHeaders.ACCEPT_ENCODING, acceptEncoding);
    }
    byte[] sent = body;
    if (requestCompression != null && body.length > 0 && !headers.containsHeader(HttpHeaders.CONTENT_ENCODING)
        && requestCompression.compressesByDefault(body.length)) {
      sent = requestCompression.compress(body);
      headers.set(HttpHeaders.CONTENT_ENCODING, requestCompression.contentEncoding());
      headers.setContentLength(sent.length);
    }
    ClientHttpResponse response = execution.execute(request, sent);
    try {
      List<String> lines = response.getHeaders().get(HttpHeaders.CONTENT_ENCODING);
      List<String> applied = ResponseCodings.applied(lines == null ? List.of() : lines);
      if (applied.isEmpty()) {
        return response;
      }
      codings.checkAskedFor(applied, acceptEncoding);
      return new DecodedResponse(response, applied);
    } catch (IOException | RuntimeException e) {
      response.close();
      throw e;
    }
  }

  @Override
  public void close() {
    codings.close();
    if (requestCompression != null) {
      requestCompression.close();
    }
  }

  @Override
  public String toString() {
    return "DecodingClientInterceptor[accept-encoding=" + acceptEncoding + ", maxDecodedBytes=" + maxDecodedBytes
        + ", request compression=" + (requestCompression == null ? "none" : requestCompression) + "]";
  }

  /** The answer with its body decoded as it is read; closing it closes the decoders and the answer. */
  private final class DecodedResponse implements ClientHttpResponse {
    private final ClientHttpResponse raw;
    private final List<String> applied;
    private final HttpHeaders headers;
    private InputStream body;

    DecodedResponse(ClientHttpResponse raw, List<String> applied) {
      this.raw = raw;
      this.applied = applied;
      HttpHeaders copy = HttpHeaders.copyOf(raw.getHeaders());
      copy.remove(HttpHeaders.CONTENT_ENCODING);
      copy.remove(HttpHeaders.CONTENT_LENGTH);
      this.headers = HttpHeaders.readOnlyHttpHeaders(copy);
    }

    @Override
    public InputStream getBody() throws IOException {
      if (body == null) {
        body = new DecodeLimitInputStream(codings.decoder(raw.getBody(), applied, acceptEncoding), "maxDecodedBytes",
            maxDecodedBytes);
      }
      return body;
    }

    @Override
    public HttpHeaders getHeaders() {
      return headers;
    }

    @Override
    public HttpStatusCode getStatusCode() throws IOException {
      return raw.getStatusCode();
    }

    @Override
    public String getStatusText() throws IOException {
      return raw.getStatusText();
    }

    @Override
    public void close() {
      try {
        if (body != null) {
          body.close();
        }
      } catch (IOException e) {
        // the answer is being discarded; closing its decoders cannot lose anything of the caller's
      } finally {
        raw.close();
      }
    }
  }
}
