package io.github.zipjack.spring;

import io.github.zipjack.Compression;
import io.github.zipjack.client.DictionarySettings;
import io.github.zipjack.client.dictionaries.DictionaryStore;
import io.github.zipjack.client.dictionaries.LinkedDictionaryFetches;
import io.github.zipjack.client.codings.RequestCompression;
import io.github.zipjack.client.codings.ResponseCodings;
import io.github.zipjack.codec.DaemonThreads;
import io.github.zipjack.codec.DecodeLimitInputStream;
import io.github.zipjack.settings.SettingCatalog;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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
 * before the body is read, and the response is closed either way.
 *
 * <p>With {@link Builder#dictionaries} it also speaks RFC 9842 as
 * {@link io.github.zipjack.client.CompressedHttpClient} does: it keeps answers marked
 * {@code Use-As-Dictionary} for their origin, announces them to requests of that origin, decodes a
 * {@code dcz} answer only with the dictionary its request announced, and, when the settings say
 * {@code fetchLinked}, fetches a dictionary an answer names with
 * {@code Link: <url>; rel="compression-dictionary"} in the background, on one daemon thread of its
 * own, through the interceptors after this one and the request factory (the caller's answer never
 * waits for it; a refused or failed fetch is never the caller's failure). An interceptor cannot see
 * which URL finally answered when the request factory follows a redirect, and an answer from another
 * origin must not become this one's dictionary: so dictionaries are used only when the factory
 * follows no redirects ({@link Builder#redirectsFollowed}; Boot's auto-configuration reads
 * {@code spring.http.clients.redirects=dont-follow}); otherwise it keeps, announces and fetches none.
 *
 * <p>Spring's JDK request factory decodes gzip itself, without a limit; zipjack's auto-configuration
 * turns that off, and an application that builds its own factory should call
 * {@code enableCompression(false)} on it. Thread-safe; {@link #close()} ends the decoders.
 */
public final class DecodingClientInterceptor implements ClientHttpRequestInterceptor, AutoCloseable {
  private static final ThreadFactory FETCH_THREADS = new DaemonThreads("zipjack-dictionary-fetch-");
  private static final System.Logger LOG = System.getLogger(DecodingClientInterceptor.class.getName());
  private final ResponseCodings codings;
  /** Null when request bodies are never compressed. */
  private final RequestCompression requestCompression;
  private final long maxDecodedBytes;
  private final String acceptEncoding;
  /** Null when RFC 9842 dictionaries are off, or redirects are followed out of this interceptor's sight. */
  private final DictionaryStore dictionaries;
  /** Which linked dictionaries are fetched; null when {@link #dictionaries} is. */
  private final LinkedDictionaryFetches fetches;
  /** Runs dictionary fetches: one daemon thread at most, made when needed and ended when idle; null when {@link #dictionaries} is. */
  private final ThreadPoolExecutor fetchExecutor;

  private DecodingClientInterceptor(ResponseCodings codings, RequestCompression requestCompression,
      long maxDecodedBytes, DictionaryStore dictionaries) {
    this.codings = codings;
    this.requestCompression = requestCompression;
    this.maxDecodedBytes = maxDecodedBytes;
    this.acceptEncoding = String.join(", ", codings.codings());
    this.dictionaries = dictionaries;
    this.fetches = dictionaries == null ? null : new LinkedDictionaryFetches(dictionaries);
    this.fetchExecutor = dictionaries == null ? null : fetchExecutor();
  }

  /** {@return a builder with every setting at its default: all codings that load, no request compression, no dictionaries} */
  public static Builder builder() {
    return new Builder();
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
    DictionaryStore.Entry announced = askForCodings(request);
    byte[] sent = body;
    if (requestCompression != null && body.length > 0 && !headers.containsHeader(HttpHeaders.CONTENT_ENCODING)
        && requestCompression.compressesByDefault(body.length)) {
      sent = requestCompression.compress(body);
      headers.set(HttpHeaders.CONTENT_ENCODING, requestCompression.contentEncoding());
      headers.setContentLength(sent.length);
    }
    ClientHttpResponse response = execution.execute(request, sent);
    try {
      List<String> applied = applied(response);
      codings.checkAskedFor(applied, acceptEncoding, announced != null);
      java.net.http.HttpHeaders answerHeaders = dictionaries == null ? null : jdkHeaders(response.getHeaders());
      boolean answered = answerHeaders != null && response.getStatusCode().is2xxSuccessful();
      boolean marked = answered && DictionaryStore.marksDictionary(answerHeaders);
      if (answered) {
        fetches.start(request.getURI(), answerHeaders,
            link -> CompletableFuture.supplyAsync(() -> fetchDictionary(link, execution), fetchExecutor));
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
   * Sets Accept-Encoding (with dcz, Available-Dictionary and Dictionary-ID when a held dictionary of
   * the request's origin matches its URL), unless the request names its own.
   *
   * @return the dictionary announced, or null for none
   */
  private DictionaryStore.Entry askForCodings(HttpRequest request) {
    HttpHeaders headers = request.getHeaders();
    if (headers.containsHeader(HttpHeaders.ACCEPT_ENCODING)) {
      return null;
    }
    DictionaryStore.Entry announced = dictionaries == null ? null
        : dictionaries.match(request.getURI(), Instant.now()).orElse(null);
    headers.set(HttpHeaders.ACCEPT_ENCODING, announced == null ? acceptEncoding : acceptEncoding + ", dcz");
    if (announced != null) {
      headers.set("Available-Dictionary", announced.availableDictionary());
      if (announced.dictionaryIdHeader() != null) {
        headers.set("Dictionary-ID", announced.dictionaryIdHeader());
      }
    }
    return announced;
  }

  private static List<String> applied(ClientHttpResponse response) throws IOException {
    List<String> lines = response.getHeaders().get(HttpHeaders.CONTENT_ENCODING);
    return ResponseCodings.applied(lines == null ? List.of() : lines);
  }

  /**
   * Fetches a linked dictionary through the rest of the chain (the interceptors after this one and
   * the request factory) and hands the answer to {@link LinkedDictionaryFetches#receive}, which keeps
   * it if it qualifies, reading no more than the dictionary budget; the answer is closed on every
   * path. Runs on the fetch thread: Spring's execution holds no state of the exchange that named the
   * link and may be called again once that exchange is over.
   *
   * @throws UncheckedIOException if the exchange fails, which the fetches remember as a refusal
   */
  private boolean fetchDictionary(URI link, ClientHttpRequestExecution execution) {
    DictionaryRequest request = new DictionaryRequest(link);
    DictionaryStore.Entry announced = askForCodings(request);
    try (ClientHttpResponse response = execution.execute(request, new byte[0])) {
      List<String> applied = applied(response);
      return fetches.receive(link, link, response.getStatusCode().value(), jdkHeaders(response.getHeaders()),
          () -> codings.decoder(response.getBody(), applied, acceptEncoding,
              announced == null ? null : dictionaries, announced));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
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

  /**
   * Collects an interceptor's settings, checked as {@code CompressedHttpClient.Builder} checks the
   * same ones, with the same messages. Not thread-safe; {@link #build()} may be called more than once.
   */
  public static final class Builder {
    private final ClientCodingChoices codings = new ClientCodingChoices();
    private long maxDecodedBytes = SettingCatalog.MAX_DECODED_BYTES.defaultValue();
    private DictionarySettings dictionarySettings;
    private boolean redirectsFollowed = true;

    private Builder() {}

    /**
     * The codings to ask for and decode, most preferred first, from {@code zstd}, {@code gzip},
     * {@code br}; each must load ({@link #build()} fails naming the Maven coordinates otherwise).
     * Default: all three, in that order, leaving out those whose library is missing.
     *
     * @param codings content-coding tokens, case-insensitive
     * @return this builder
     * @throws IllegalArgumentException for an unknown coding, one listed twice, or none
     */
    public Builder codings(String... codings) {
      this.codings.codings(codings);
      return this;
    }

    /**
     * The most bytes an answer may decode to, each decoding layer counted; default 64 MiB.
     *
     * @param bytes in the range {@code Pipeline.Builder.maxDecodedBytes} takes
     * @return this builder
     * @throws IllegalArgumentException outside that range
     */
    public Builder maxDecodedBytes(long bytes) {
      this.maxDecodedBytes = SettingCatalog.MAX_DECODED_BYTES.check(bytes);
      return this;
    }

    /**
     * Compresses request bodies of at least {@code minBytes} bytes with {@code compression}, with
     * Content-Encoding and an exact Content-Length. Default: no request is compressed.
     *
     * @param compression gzip, zstd or brotli, without a dictionary
     * @param minBytes body bytes from which a body is compressed; 0 for every body
     * @return this builder
     * @throws IllegalArgumentException if {@code minBytes} is negative, or compression is none
     */
    public Builder compressRequests(Compression compression, long minBytes) {
      codings.compressRequests(compression, minBytes);
      return this;
    }

    /**
     * Holds RFC 9842 dictionaries as {@code settings} say (see the class doc). Needs zstd.
     * Default: off.
     *
     * @param settings the dictionaries' budgets
     * @return this builder
     */
    public Builder dictionaries(DictionarySettings settings) {
      this.dictionarySettings = Objects.requireNonNull(settings, "settings must not be null");
      return this;
    }

    /**
     * Whether the request factory behind this interceptor may follow redirects, which it cannot
     * see; while it may, no dictionary is kept, announced or fetched, since an answer could come
     * from another origin than the request's. Default true (Spring's factories follow them unless
     * told not to); Boot's auto-configuration sets false for {@code spring.http.clients.redirects=dont-follow}.
     *
     * @param followed false only when the factory never follows a redirect
     * @return this builder
     */
    public Builder redirectsFollowed(boolean followed) {
      this.redirectsFollowed = followed;
      return this;
    }

    /**
     * A new interceptor; the builder is left as it was.
     *
     * @return a thread-safe interceptor that the caller closes
     * @throws IllegalStateException if a listed coding (or the request compression) cannot load, or
     *     dictionaries are on without zstd (the same message as the client's builder)
     */
    public DecodingClientInterceptor build() {
      return codings.assemble(maxDecodedBytes, this::build);
    }

    /**
     * An interceptor on decoders and a request compression made from this builder's choices.
     *
     * @throws IllegalStateException if dictionaries are on without zstd
     */
    DecodingClientInterceptor build(ResponseCodings responseCodings, RequestCompression requestCompression) {
      if (dictionarySettings != null && !responseCodings.decodes("zstd")) {
        throw DictionaryStore.zstdMissing(codings.listed());
      }
      DictionaryStore dictionaries = null;
      if (dictionarySettings != null && redirectsFollowed) {
        LOG.log(System.Logger.Level.WARNING, "zipjack keeps no RFC 9842 dictionary: the request factory may follow "
            + "redirects, so an answer's origin is unknown; set spring.http.clients.redirects=dont-follow (or "
            + "DecodingClientInterceptor.Builder.redirectsFollowed(false) for a factory that follows none)");
      } else if (dictionarySettings != null) {
        dictionaries = new DictionaryStore(dictionarySettings, maxDecodedBytes);
      }
      return new DecodingClientInterceptor(responseCodings, requestCompression, maxDecodedBytes, dictionaries);
    }

    /** The codings and request compression chosen, for a caller that makes them itself. */
    ClientCodingChoices codingChoices() {
      return codings;
    }

    long maxDecodedBytes() {
      return maxDecodedBytes;
    }
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
