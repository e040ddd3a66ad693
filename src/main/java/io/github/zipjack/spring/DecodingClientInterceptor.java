package io.github.zipjack.spring;

import io.github.zipjack.client.DictionaryStore;
import io.github.zipjack.client.LinkedDictionaryFetches;
import io.github.zipjack.client.RequestCompression;
import io.github.zipjack.client.ResponseCodings;
import io.github.zipjack.codec.DaemonThreads;
import io.github.zipjack.codec.DecodeLimitInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.ThreadFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
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
 * before the body is read, and the response is closed either way. With a {@link DictionaryStore} it
 * also speaks RFC 9842 as {@link io.github.zipjack.client.CompressedHttpClient} does, and when the
 * store's settings say {@code fetchLinked} it fetches a dictionary an answer names with
 * {@code Link: <url>; rel="compression-dictionary"} (same origin only, one URL once at a time,
 * {@link LinkedDictionaryFetches}) in the background, on one daemon thread of its own, through the
 * interceptors after this one and the request factory: the caller's answer never waits for it, and a
 * failed fetch is forgotten, never the caller's failure.
 *
 * <p>Spring's JDK request factory decodes gzip itself, without a limit; zipjack's auto-configuration
 * turns that off, and an application that builds its own factory should call
 * {@code enableCompression(false)} on it. Thread-safe; {@link #close()} ends the decoders.
 */
public final class DecodingClientInterceptor implements ClientHttpRequestInterceptor, AutoCloseable {
  private static final ThreadFactory FETCH_THREADS = new DaemonThreads("zipjack-dictionary-fetch-");
  private final ResponseCodings codings;
  /** Null when request bodies are never compressed. */
  private final RequestCompression requestCompression;
  private final long maxDecodedBytes;
  private final String acceptEncoding;
  /** Null when RFC 9842 dictionaries are off. */
  private final DictionaryStore dictionaries;
  /** Which linked dictionaries are fetched; null when dictionaries are off. */
  private final LinkedDictionaryFetches fetches;
  /**
   * Runs dictionary fetches: one daemon thread at most, made when needed and ended when idle; null
   * when dictionaries are off.
   */
  private final ThreadPoolExecutor fetchExecutor;

  /**
   * An interceptor without RFC 9842 dictionaries.
   *
   * @param codings the codings asked for and decoded; owned (closed) by this interceptor
   * @param requestCompression compresses request bodies from its minimum size, or null for never; owned
   * @param maxDecodedBytes the most bytes an answer may decode to
   */
  public DecodingClientInterceptor(ResponseCodings codings, RequestCompression requestCompression, long maxDecodedBytes) {
    this(codings, requestCompression, maxDecodedBytes, null);
  }

  /**
   * As the other constructor, with RFC 9842 dictionaries: answers marked {@code Use-As-Dictionary}
   * are kept in {@code dictionaries}, requests whose URL one matches announce it, and {@code dcz}
   * answers are decoded with it (the hash in their header checked).
   *
   * @param codings the codings asked for and decoded; owned (closed) by this interceptor
   * @param requestCompression compresses request bodies from its minimum size, or null for never; owned
   * @param maxDecodedBytes the most bytes an answer may decode to
   * @param dictionaries owned (closed) by this interceptor; null for none. Needs the zstd coding.
   * @throws IllegalArgumentException if {@code dictionaries} is given and {@code codings} lacks zstd
   */
  public DecodingClientInterceptor(ResponseCodings codings, RequestCompression requestCompression, long maxDecodedBytes,
      DictionaryStore dictionaries) {
    if (dictionaries != null && !codings.codings().contains("zstd")) {
      throw new IllegalArgumentException("dictionaries need the zstd coding (dcz is zstd with a dictionary); codings are "
          + codings.codings());
    }
    this.codings = codings;
    this.requestCompression = requestCompression;
    this.maxDecodedBytes = maxDecodedBytes;
    this.acceptEncoding = String.join(", ", codings.codings());
    this.dictionaries = dictionaries;
    this.fetches = dictionaries == null ? null : new LinkedDictionaryFetches(dictionaries);
    this.fetchExecutor = dictionaries == null ? null : fetchExecutor();
  }

  private static ThreadPoolExecutor fetchExecutor() {
    ThreadPoolExecutor executor = new ThreadPoolExecutor(1, 1, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
        FETCH_THREADS);
    executor.allowCoreThreadTimeOut(true);
    return executor;
  }

  /** {@return the value set as Accept-Encoding} */
  public String acceptEncoding() {
    return acceptEncoding;
  }

  @Override
  public ClientHttpResponse intercept(HttpRequest request, byte[] body, ClientHttpRequestExecution execution)
      throws IOException {
    HttpHeaders headers = request.getHeaders();
    DictionaryStore.Entry announced = null;
    if (!headers.containsHeader(HttpHeaders.ACCEPT_ENCODING)) {
      announced = dictionaries == null ? null : dictionaries.match(request.getURI(), Instant.now()).orElse(null);
      headers.set(HttpHeaders.ACCEPT_ENCODING, announced == null ? acceptEncoding : acceptEncoding + ", dcz");
      if (announced != null) {
        headers.set("Available-Dictionary", announced.availableDictionary());
        if (announced.dictionaryIdHeader() != null) {
          headers.set("Dictionary-ID", announced.dictionaryIdHeader());
        }
      }
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
      codings.checkAskedFor(applied, acceptEncoding, announced != null);
      java.net.http.HttpHeaders answerHeaders = dictionaries == null ? null : jdkHeaders(response.getHeaders());
      boolean answered = answerHeaders != null && response.getStatusCode().is2xxSuccessful();
      boolean marked = answered && DictionaryStore.marksDictionary(answerHeaders);
      if (answered) {
        fetches.start(request.getURI(), answerHeaders,
            link -> CompletableFuture.runAsync(() -> fetchDictionary(link, execution), fetchExecutor));
      }
      if (applied.isEmpty() && !marked) {
        return response;
      }
      DecodedResponse decoded = new DecodedResponse(response, applied, announced);
      if (marked) {
        dictionaries.keep(request.getURI(), answerHeaders, decoded.readWhole(), Instant.now());
      }
      return decoded;
    } catch (IOException | RuntimeException e) {
      response.close();
      throw e;
    }
  }

  /**
   * Fetches a linked dictionary through the rest of the chain (the interceptors after this one and
   * the request factory), as this interceptor sends any request, so that a marked answer is kept;
   * the answer is closed on every path. Runs on the fetch thread: Spring's execution holds no state
   * of the exchange that named the link and may be called again once that exchange is over.
   */
  private void fetchDictionary(URI link, ClientHttpRequestExecution execution) {
    try {
      intercept(new DictionaryRequest(link), new byte[0], execution).close();
    } catch (IOException | RuntimeException e) {
      // a dictionary that cannot be fetched is not used; the answer that named it was the caller's, untouched
    }
  }

  /** A GET of a linked dictionary, with no header of the caller's request. */
  private static final class DictionaryRequest implements HttpRequest {
    private final URI uri;
    private final HttpHeaders headers = new HttpHeaders();
    private final Map<String, Object> attributes = new HashMap<>();

    DictionaryRequest(URI uri) {
      this.uri = uri;
    }

    @Override
    public HttpMethod getMethod() {
      return HttpMethod.GET;
    }

    @Override
    public URI getURI() {
      return uri;
    }

    @Override
    public Map<String, Object> getAttributes() {
      return attributes;
    }

    @Override
    public HttpHeaders getHeaders() {
      return headers;
    }
  }

  /** Waits for the dictionary fetches under way. For tests. */
  void awaitDictionaryFetches() {
    if (fetches != null) {
      fetches.await();
    }
  }

  /** Dictionaries held now; 0 when dictionaries are off. For tests. */
  int dictionaryCount() {
    return dictionaries == null ? 0 : dictionaries.count();
  }

  private static java.net.http.HttpHeaders jdkHeaders(HttpHeaders headers) {
    Map<String, List<String>> map = new HashMap<>();
    headers.forEach(map::put);
    return java.net.http.HttpHeaders.of(map, (name, value) -> true);
  }

  /**
   * Stops the dictionary fetches (interrupting one under way, waiting up to 5 seconds for it to end)
   * and ends the decoders, the request compression and the dictionaries. Idempotent.
   */
  @Override
  public void close() {
    if (fetchExecutor != null) {
      fetchExecutor.shutdownNow();
      try {
        fetchExecutor.awaitTermination(5, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    codings.close();
    if (requestCompression != null) {
      requestCompression.close();
    }
    if (dictionaries != null) {
      dictionaries.close();
    }
  }

  @Override
  public String toString() {
    return "DecodingClientInterceptor[accept-encoding=" + acceptEncoding + ", maxDecodedBytes=" + maxDecodedBytes
        + ", request compression=" + (requestCompression == null ? "none" : requestCompression)
        + ", dictionaries=" + (dictionaries == null ? "off" : dictionaries) + "]";
  }

  /** The answer with its body decoded as it is read; closing it closes the decoders and the answer. */
  private final class DecodedResponse implements ClientHttpResponse {
    private final ClientHttpResponse raw;
    private final List<String> applied;
    /** The dictionary the request announced, for dcz layers; null for none. */
    private final DictionaryStore.Entry dictionary;
    private final HttpHeaders headers;
    private InputStream body;

    DecodedResponse(ClientHttpResponse raw, List<String> applied, DictionaryStore.Entry dictionary) {
      this.raw = raw;
      this.applied = applied;
      this.dictionary = dictionary;
      HttpHeaders copy = HttpHeaders.copyOf(raw.getHeaders());
      copy.remove(HttpHeaders.CONTENT_ENCODING);
      copy.remove(HttpHeaders.CONTENT_LENGTH);
      this.headers = HttpHeaders.readOnlyHttpHeaders(copy);
    }

    @Override
    public InputStream getBody() throws IOException {
      if (body == null) {
        InputStream in = raw.getBody();
        body = new DecodeLimitInputStream(codings.decoder(in, applied, acceptEncoding,
            dictionary == null ? null : dictionaries, dictionary), "maxDecodedBytes", maxDecodedBytes);
      }
      return body;
    }

    /** Reads the whole decoded body (within maxDecodedBytes), which getBody() then serves from memory. */
    byte[] readWhole() throws IOException {
      byte[] content;
      try (InputStream in = getBody()) {
        content = in.readAllBytes();
      }
      body = new ByteArrayInputStream(content);
      return content;
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
