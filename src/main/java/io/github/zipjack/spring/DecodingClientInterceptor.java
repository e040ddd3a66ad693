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
 * <p>Where zstd decodes it also speaks RFC 9842 as {@link io.github.zipjack.client.CompressedHttpClient}
 * does, unless {@link Builder#dictionaries} turns that off: it keeps answers marked
 * {@code Use-As-Dictionary} for the origin that answered, announces them to requests of that origin,
 * decodes a {@code dcz} answer only with the dictionary its request announced, and, when the settings
 * say {@code fetchLinked}, fetches a dictionary an answer names with
 * {@code Link: <url>; rel="compression-dictionary"} in the background, on one daemon thread of its
 * own, through the interceptors after this one and the request factory (the caller's answer never
 * waits for it; a refused or failed fetch is never the caller's failure). An interceptor cannot see
 * which URL finally answered when the request factory follows a redirect, and an answer from another
 * origin must not become this one's dictionary, nor one origin's dictionary be announced to another:
 * so it uses dictionaries only where it knows each answer's URL. That is when the factory follows no
 * redirect ({@link Builder#redirectsFollowed}{@code (false)}; Boot's auto-configuration sets it for
 * {@code spring.http.clients.redirects=dont-follow}), or, by default, for the exchanges that go
 * through the factories Boot builds under zipjack's auto-configuration, which follow redirects
 * themselves, one hop at a time, and have the interceptor announce each hop's dictionary; an
 * exchange through any other factory keeps, announces and fetches none.
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
  /**
   * False when the request factory follows no redirect, so that a request's URL is its answer's;
   * true when each answer's URL is known only from a {@link HopByHopRequestFactory}.
   */
  private final boolean redirectsFollowed;
  /** Which linked dictionaries are fetched; null when {@link #dictionaries} is. */
  private final LinkedDictionaryFetches fetches;
  /** Runs dictionary fetches: one daemon thread at most, made when needed and ended when idle; null when {@link #dictionaries} is. */
  private final ThreadPoolExecutor fetchExecutor;

  private DecodingClientInterceptor(ResponseCodings codings, RequestCompression requestCompression,
      long maxDecodedBytes, DictionaryStore dictionaries, boolean redirectsFollowed) {
    this.codings = codings;
    this.requestCompression = requestCompression;
    this.maxDecodedBytes = maxDecodedBytes;
    this.acceptEncoding = String.join(", ", codings.codings());
    this.dictionaries = dictionaries;
    this.redirectsFollowed = redirectsFollowed;
    this.fetches = dictionaries == null ? null : new LinkedDictionaryFetches(dictionaries);
    this.fetchExecutor = dictionaries == null ? null : fetchExecutor();
  }

  /**
   * {@return a builder with every setting at its default: all codings that load, no request
   * compression, dictionaries where zstd decodes, a request factory that may follow redirects}
   */
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
    Announcement announcement = announce(request);
    byte[] sent = body;
    if (requestCompression != null && body.length > 0 && !headers.containsHeader(HttpHeaders.CONTENT_ENCODING)
        && requestCompression.compressesByDefault(body.length)) {
      sent = requestCompression.compress(body);
      headers.set(HttpHeaders.CONTENT_ENCODING, requestCompression.contentEncoding());
      headers.setContentLength(sent.length);
    }
    ClientHttpResponse response = execution.execute(request, sent);
    try {
      URI answeredBy = announcement.answeredBy;
      List<String> applied = applied(response);
      codings.checkAskedFor(applied, acceptEncoding, announcement.announced != null);
      java.net.http.HttpHeaders answerHeaders = answeredBy == null ? null : jdkHeaders(response.getHeaders());
      boolean answered = answerHeaders != null && response.getStatusCode().is2xxSuccessful();
      boolean marked = answered && DictionaryStore.marksDictionary(answerHeaders);
      if (answered) {
        fetches.start(answeredBy, answerHeaders,
            link -> CompletableFuture.supplyAsync(() -> fetchDictionary(link, execution), fetchExecutor));
      }
      if (applied.isEmpty() && !marked) {
        return response;
      }
      DecodedResponse decoded = new DecodedResponse(response, applied, announcement.announced);
      if (marked) {
        dictionaries.keep(answeredBy, answerHeaders, decoded.readWhole(), Instant.now());
      }
      return decoded;
    } catch (IOException | RuntimeException e) {
      response.close();
      throw e;
    }
  }

  /**
   * Starts an exchange: sets Accept-Encoding unless the request names its own and, with dictionaries
   * on, announces the dictionary of the request's URL when the factory follows no redirect, or else
   * leaves the announcing to a {@link HopByHopRequestFactory}, one hop at a time.
   */
  private Announcement announce(HttpRequest request) {
    HttpHeaders headers = request.getHeaders();
    Announcement announcement = new Announcement(headers.containsHeader(HttpHeaders.ACCEPT_ENCODING));
    if (!announcement.ownCodings) {
      headers.set(HttpHeaders.ACCEPT_ENCODING, acceptEncoding);
    }
    if (dictionaries != null && redirectsFollowed) {
      request.getAttributes().put(HopByHopRequestFactory.HOPS, announcement);
    } else if (dictionaries != null) {
      announcement.sending(request.getURI(), headers);
    }
    return announcement;
  }

  /**
   * Which URL answered one exchange and which dictionary was announced to it; both null while
   * unknown, and for good when the exchange went through a factory that may have followed a
   * redirect out of sight. Used on one thread at a time: the exchange's.
   */
  private final class Announcement implements HopByHopRequestFactory.Hops {
    /** The request named its own Accept-Encoding: nothing is announced. */
    private final boolean ownCodings;
    private URI answeredBy;
    private DictionaryStore.Entry announced;

    Announcement(boolean ownCodings) {
      this.ownCodings = ownCodings;
    }

    /**
     * Sets Accept-Encoding (with dcz, Available-Dictionary and Dictionary-ID when a held dictionary
     * of the URL's origin matches it), unless the request named its own.
     */
    @Override
    public void sending(URI uri, HttpHeaders headers) {
      answeredBy = uri;
      announced = ownCodings ? null : dictionaries.match(uri, Instant.now()).orElse(null);
      if (ownCodings) {
        return;
      }
      headers.set(HttpHeaders.ACCEPT_ENCODING, announced == null ? acceptEncoding : acceptEncoding + ", dcz");
      if (announced != null) {
        headers.set("Available-Dictionary", announced.availableDictionary());
        if (announced.dictionaryIdHeader() != null) {
          headers.set("Dictionary-ID", announced.dictionaryIdHeader());
        }
      }
    }
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
    Announcement announcement = announce(request);
    try (ClientHttpResponse response = execution.execute(request, new byte[0])) {
      List<String> applied = applied(response);
      DictionaryStore.Entry announced = announcement.announced;
      return fetches.receive(link, announcement.answeredBy, response.getStatusCode().value(),
          jdkHeaders(response.getHeaders()), () -> codings.decoder(response.getBody(), applied, acceptEncoding,
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

  /**
   * {@return whether this interceptor uses dictionaries only through a {@link HopByHopRequestFactory}:
   * dictionaries are on and its factory may follow redirects}
   */
  boolean needsHopByHopFactory() {
    return dictionaries != null && redirectsFollowed;
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
        + ", dictionaries=" + (dictionaries == null ? "off"
            : dictionaries + (redirectsFollowed ? " through a hop-by-hop factory" : "")) + "]";
  }

  /**
   * Collects an interceptor's settings, checked as {@code CompressedHttpClient.Builder} checks the
   * same ones, with the same messages. Not thread-safe; {@link #build()} may be called more than once.
   */
  public static final class Builder {
    private final ClientCodingChoices codings = new ClientCodingChoices();
    private long maxDecodedBytes = SettingCatalog.MAX_DECODED_BYTES.defaultValue();
    /** Null for no dictionaries. */
    private DictionarySettings dictionarySettings = DictionaryStore.defaultSettings();
    /** Whether the caller chose the dictionary settings; the default alone asks for no zstd. */
    private boolean dictionariesChosen;
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
     * Holds RFC 9842 dictionaries as {@code settings} say (see the class doc). Needs zstd: once set,
     * {@link #build()} fails without it. Default: on with {@code DictionarySettings}' defaults where
     * zstd decodes, off where it does not (zstd-jni missing, or {@link #codings} leaving it out).
     *
     * @param settings the dictionaries' budgets, or null for no dictionaries
     * @return this builder
     */
    public Builder dictionaries(DictionarySettings settings) {
      return dictionaries(settings, true);
    }

    /** As {@link #dictionaries(DictionarySettings)}; {@code chosen} false keeps them the default, off without zstd. */
    Builder dictionaries(DictionarySettings settings, boolean chosen) {
      this.dictionarySettings = settings;
      this.dictionariesChosen = chosen;
      return this;
    }

    /**
     * Whether the request factory behind this interceptor may follow redirects, which the
     * interceptor cannot see. While it may, dictionaries are kept, announced and fetched only for
     * the exchanges that go through the factories Boot builds under zipjack's auto-configuration,
     * which follow redirects themselves and tell the interceptor each hop's URL; an exchange through another
     * factory could be answered by another origin than the request's, so it keeps, announces and
     * fetches none. Default true (Spring's factories follow redirects unless told not to); Boot's
     * auto-configuration sets false for {@code spring.http.clients.redirects=dont-follow}.
     *
     * @param followed false only when the factory never follows a redirect: every answer is then
     *     taken to come from its request's URL
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
     *     {@link #dictionaries} set settings and zstd does not decode (the same message as the
     *     client's builder)
     */
    public DecodingClientInterceptor build() {
      return codings.assemble(maxDecodedBytes, this::build);
    }

    /**
     * An interceptor on decoders and a request compression made from this builder's choices.
     *
     * @throws IllegalStateException if dictionaries were chosen and zstd does not decode
     */
    DecodingClientInterceptor build(ResponseCodings responseCodings, RequestCompression requestCompression) {
      DictionarySettings settings = DictionaryStore.inEffect(dictionarySettings, dictionariesChosen,
          responseCodings.decodes("zstd"), codings.listed());
      return new DecodingClientInterceptor(responseCodings, requestCompression, maxDecodedBytes,
          settings == null ? null : new DictionaryStore(settings, maxDecodedBytes), redirectsFollowed);
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
