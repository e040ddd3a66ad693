package io.github.zipjack.servlet;

import io.github.zipjack.Compression;
import io.github.zipjack.buffer.Segment;
import io.github.zipjack.buffer.SegmentPool;
import io.github.zipjack.codec.CompressionEngine;
import io.github.zipjack.codec.EngineConfig;
import io.github.zipjack.codec.EngineResources;
import io.github.zipjack.codec.EngineSelection;
import io.github.zipjack.http.DictionaryRequestDecoding;
import io.github.zipjack.http.DictionaryTransport;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.FilterConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Compresses responses with an exact {@code Content-Length}: the body is held in pooled segments,
 * compressed once with a pooled engine, and sent with {@code Content-Encoding}, its compressed
 * length and {@code Vary: Accept-Encoding}. Also inflates compressed request bodies. Add it in
 * web.xml or with {@code FilterRegistration}; with the no-argument constructor it reads the init
 * parameters listed in {@link CompressionSettings} (names as the builder's setters; an unknown name
 * fails {@code init}), else takes the {@link CompressionSettings} given.
 *
 * <p>Thread-safe: one instance serves all requests. It owns its engines (one per coding, made in
 * {@link #init}) and its segment pool, and releases them in {@link #destroy()}; every segment and
 * encoder a request borrows goes back on every path: success, exception, sendError, client gone.
 *
 * <p>The rules, one test each:
 * <ol>
 *   <li>Negotiation: {@link AcceptEncoding} picks among the codings that loaded, in the settings'
 *       order ({@code zstd, gzip, br} by default) when the client's weights tie. No or empty
 *       Accept-Encoding: identity. Nothing acceptable (for example {@code identity;q=0} alone):
 *       {@code 406} with {@code Vary: Accept-Encoding}, before the application runs.
 *   <li>Compressed: status 200-299 (but 204, 206) and others such as 404 and 500, a Content-Type in
 *       {@code mimeTypes}, no Content-Encoding, no Content-Range, no {@code Cache-Control:
 *       no-transform}, a body of at least {@code minBodyBytes} (1 KiB) as written (a
 *       Content-Length set by the application is ignored for this and replaced by the real one),
 *       and a compressed body smaller than the identity one; else the body goes out identity with
 *       its exact Content-Length.
 *   <li>{@code Vary: Accept-Encoding} on every response that passes the status, type and header
 *       tests above, compressed or not (once; not when Vary already names it or is {@code *}).
 *   <li>Never compressed, sent as written: 1xx, 204, 206, 304; a Content-Encoding set by the
 *       application; {@code no-transform}; {@code text/event-stream} (passes through from its first
 *       byte, each flush reaching the client at once); a response that flushes early. A flush
 *       ({@code flush()} of the stream or writer, or {@code flushBuffer()}) is early when more bytes
 *       follow it or when the body has not ended {@code flushGraceMillis} (20 ms) after it: then
 *       everything so far goes out at once, uncompressed and flushed (from the filter's timer
 *       thread when the application is not writing), and the rest passes through, each later flush
 *       at once. A flush followed by the end within the grace is not early: Spring's message
 *       converters and Jackson with {@code AUTO_CLOSE_TARGET} off flush when they are done, and their
 *       responses must still be compressed with their Content-Length. {@code flushGraceMillis(0)}
 *       makes every flush early at the flush itself.
 *   <li>A body larger than {@code maxBufferedBytes} (8 MiB) streams compressed as written: chunked,
 *       no Content-Length, with Content-Encoding, Vary and the ETag suffix. Its encoder comes from
 *       {@link CompressionEngine#openStreaming}, so no coding holds it whole: zstd and brotli
 *       compress it as it comes, and gzip goes through JDK zlib even where libdeflate serves the
 *       buffered bodies.
 *   <li>HEAD: the application sees GET, the filter computes the same headers as GET (compressed
 *       Content-Length included) and sends no body.
 *   <li>ETag: a strong ETag of a compressed response gets the coding as suffix ({@code "abc"} becomes
 *       {@code "abc-gzip"}); weak ones are kept. The suffix is stripped from If-None-Match and
 *       If-Match before the application reads them, so its own checks match; a 304 it answers
 *       carries the suffixed tag the client sent (and Vary).
 *   <li>Failure: when the application throws, the buffered body is dropped (nothing partial, no
 *       Content-Length) and the exception propagates to the container's error handling; a response
 *       already streaming is cut short. {@code sendError} and {@code sendRedirect} drop the body.
 *   <li>Request bodies in {@code gzip}, {@code zstd} or {@code br} (and {@code dcz}, {@code dcb} with
 *       dictionaries): see {@link RequestInflation} (413, 415, 400).
 *   <li>Dictionaries ({@link CompressionSettings.Builder#dictionaries}, RFC 9842): each served at its
 *       own URL under {@code dictionaryPath}; responses under a dictionary's match carry a
 *       {@code Link} to it and {@code Vary: Accept-Encoding, Available-Dictionary}; a client that
 *       holds one and names {@code dcz} (or {@code dcb}) gets its body compressed with it, under
 *       the rules above (identity when not smaller, ETag suffix {@code dcz-<hash>}, HEAD, 304).
 *       The rules of the choice: zipjack's internal {@code io.github.zipjack.http.DictionaryTransport}.
 *   <li>{@code getWriter()} encodes with the response's character encoding; {@code getOutputStream()}
 *       and {@code getWriter()} exclude each other as the servlet spec says.
 *   <li>Async requests: what was written before the servlet returned goes out uncompressed and the
 *       rest passes through (a later write cannot be held safely past {@code complete()}).
 * </ol>
 */
public final class CompressionFilter implements Filter {
  private static final String APPLIED = CompressionFilter.class.getName() + ".applied";

  /** Null until init when made with the no-argument constructor. */
  private CompressionSettings settings;
  /** Coding token to engine, the settings' order; only codings that loaded. Set in init. */
  private Map<String, CompressionEngine> engines = Map.of();
  private List<String> preference = List.of();
  private SegmentPool pool;
  private RequestInflation inflation;
  /** Null when flushGraceMillis is 0. */
  private FlushGraceTimer flushTimer;
  /** Null without dictionaries. */
  private DictionaryTransport dictionaries;
  /**
   * The codings whose suffixes are stripped from conditional headers: the preference, then the
   * dictionary codings' ({@code dcz-<hash>}, {@code dcb-<hash>}).
   */
  private List<String> entityTagSuffixes = List.of();
  /** Null when nobody listens. */
  private final CompressionListener listener;

  /** A filter that reads its settings from its init parameters in {@link #init}. */
  public CompressionFilter() {
    this.listener = null;
  }

  /**
   * A filter with these settings; init parameters are then ignored.
   *
   * @param settings the filter's settings, validated when built
   */
  public CompressionFilter(CompressionSettings settings) {
    this(settings, null);
  }

  /**
   * A filter with these settings that tells {@code listener} what became of each response; init
   * parameters are then ignored.
   *
   * @param settings the filter's settings, validated when built
   * @param listener called on the request's thread as each response completes; null for none
   */
  public CompressionFilter(CompressionSettings settings, CompressionListener listener) {
    this.settings = java.util.Objects.requireNonNull(settings, "settings must not be null");
    this.listener = listener;
  }

  /**
   * Reads the init parameters (when made without settings) and makes the engines and the pool.
   *
   * @throws ServletException for an unknown or invalid init parameter, or a coding set explicitly
   *     whose library cannot load (the message names the artifact)
   */
  @Override
  public void init(FilterConfig config) throws ServletException {
    if (settings == null) {
      for (Enumeration<String> names = config.getInitParameterNames(); names.hasMoreElements(); ) {
        String name = names.nextElement();
        if (!CompressionSettings.INIT_PARAMETER_NAMES.contains(name)) {
          throw new ServletException("CompressionFilter: unknown init parameter " + name + "; known: "
              + new java.util.TreeSet<>(CompressionSettings.INIT_PARAMETER_NAMES));
        }
      }
      try {
        settings = CompressionSettings.fromInitParameters(config::getInitParameter);
      } catch (IllegalArgumentException e) {
        throw new ServletException("CompressionFilter: " + e.getMessage(), e);
      }
    }
    try {
      start(message -> config.getServletContext().log(message));
    } catch (IllegalStateException e) {
      throw new ServletException("CompressionFilter: " + e.getMessage(), e);
    }
  }

  private void start(java.util.function.Consumer<String> log) {
    pool = new SegmentPool(settings.segmentPoolBytes());
    Map<String, CompressionEngine> made = new LinkedHashMap<>();
    try {
      for (Compression c : settings.codings()) {
        EngineConfig engineConfig = new EngineConfig(c.level(), Segment.SIZE, Segment.SIZE,
            settings.encoderPoolSize(), null, settings.maxInflatedRequestBytes(), settings.parallelism());
        try {
          made.put(c.contentEncoding(), EngineSelection.create(c, engineConfig));
        } catch (IllegalStateException e) {
          if (settings.codingsRequired()) {
            throw e;
          }
          log.accept("CompressionFilter: " + c + " not offered: " + e.getMessage());
        }
      }
    } catch (RuntimeException e) {
      made.values().forEach(CompressionEngine::close);
      pool.close();
      throw e;
    }
    engines = Collections.unmodifiableMap(made);
    preference = List.copyOf(made.keySet());
    List<String> suffixes = new ArrayList<>(preference);
    Map<String, CompressionEngine> decoding = engines;
    if (!settings.dictionaries().isEmpty()) {
      try {
        dictionaries = DictionaryTransport.of(settings, settings.codings(), preference, engines);
      } catch (RuntimeException e) {
        made.values().forEach(CompressionEngine::close);
        pool.close();
        throw e;
      }
      suffixes.addAll(dictionaries.entityTagSuffixes());
      decoding = DictionaryRequestDecoding.with(engines, dictionaries);
    }
    entityTagSuffixes = List.copyOf(suffixes);
    inflation = new RequestInflation(settings, decoding);
    flushTimer = settings.flushGraceMillis() > 0 ? new FlushGraceTimer(settings.flushGraceMillis()) : null;
    log.accept("CompressionFilter: " + settings + "; serving " + implementations());
  }

  @Override
  public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain) throws IOException, ServletException {
    if (!(req instanceof HttpServletRequest) || !(res instanceof HttpServletResponse)
        || req.getDispatcherType() == DispatcherType.INCLUDE || req.getAttribute(APPLIED) != null) {
      chain.doFilter(req, res);
      return;
    }
    HttpServletRequest request = (HttpServletRequest) req;
    HttpServletResponse response = (HttpServletResponse) res;
    request.setAttribute(APPLIED, Boolean.TRUE);
    DictionaryTransport.Served dictionary = dictionaries == null ? null
        : dictionaries.servedAt(request.getRequestURI().substring(request.getContextPath().length()));
    if (dictionary != null) {
      CompressedResponses.sendDictionary(dictionaries, dictionary, request, response, preference, listener);
      return;
    }
    Optional<HttpServletRequest> inflated = settings.inflateRequests()
        ? inflation.wrap(request, response) : Optional.of(request);
    if (inflated.isEmpty()) {
      return; // 415 sent
    }
    AcceptEncoding acceptEncoding = AcceptEncoding.parse(joined(request.getHeaders("Accept-Encoding")));
    Optional<String> coding = acceptEncoding.choose(preference);
    if (coding.isEmpty()) {
      RequestInflation.release(inflated.get());
      response.addHeader("Vary", "Accept-Encoding");
      response.sendError(HttpServletResponse.SC_NOT_ACCEPTABLE,
          "none of the content codings acceptable: this server sends " + String.join(", ", preference) + ", identity");
      return;
    }
    DictionaryTransport.Choice choice = DictionaryTransport.Choice.NONE;
    if (dictionaries != null) {
      choice = CompressedResponses.chooseDictionary(dictionaries, request, acceptEncoding, coding.get());
      if (choice.link() != null) {
        response.addHeader("Link", choice.link());
      }
    }
    NegotiatedRequest appRequest = new NegotiatedRequest(inflated.get(), entityTagSuffixes);
    CompressingResponse appResponse = new CompressingResponse(response, appRequest, settings, pool,
        engines.get(coding.get()), choice, flushTimer, listener);
    boolean async = false;
    try {
      chain.doFilter(appRequest, appResponse);
      if (RequestInflation.find(appRequest) != null && RequestInflation.find(appRequest).failure() != null) {
        appResponse.release();
        if (RequestInflation.answerFailure(appRequest, response)) {
          return;
        }
      }
      if (appRequest.isAsyncStarted()) {
        async = true;
        appResponse.passThroughForAsync();
        appRequest.getAsyncContext().addListener(new Releaser(appResponse));
      } else {
        appResponse.finish();
      }
    } catch (IOException | ServletException | RuntimeException | Error e) {
      appResponse.release();
      if (RequestInflation.answerFailure(appRequest, response)) {
        return;
      }
      throw e;
    } finally {
      if (!async) {
        appResponse.release();
      }
      RequestInflation.release(appRequest);
    }
  }

  private static String joined(Enumeration<String> values) {
    if (values == null || !values.hasMoreElements()) {
      return null;
    }
    String first = values.nextElement();
    if (!values.hasMoreElements()) {
      return first;
    }
    StringBuilder s = new StringBuilder(first);
    while (values.hasMoreElements()) {
      s.append(',').append(values.nextElement());
    }
    return s.toString();
  }

  /** Closes the engines (their idle native contexts), the segment pool and the flush timer. Idempotent. */
  @Override
  public void destroy() {
    if (flushTimer != null) {
      flushTimer.close();
    }
    engines.values().forEach(CompressionEngine::close);
    if (dictionaries != null) {
      dictionaries.close();
    }
    if (pool != null) {
      pool.close();
    }
  }

  /** {@return the settings, or null before {@link #init} for a filter made without them} */
  public CompressionSettings settings() {
    return settings;
  }

  /**
   * {@return what serves each coding offered, most preferred first: {@code [zstd(1) via zstd-jni, ...]}}
   * Empty before init.
   */
  public List<String> implementations() {
    List<String> served = new ArrayList<>();
    allEngines().forEach(e -> served.add(e.implementation()));
    return served;
  }

  /** The engines of the codings, then the dictionaries' dcz and dcb engines. */
  private List<CompressionEngine> allEngines() {
    List<CompressionEngine> all = new ArrayList<>(engines.values());
    if (dictionaries != null) {
      all.addAll(dictionaries.engines());
    }
    return all;
  }

  /**
   * A snapshot of what the filter holds, in {@link io.github.zipjack.Pipeline#resources()}'s terms,
   * summed over its codings: segments and encoders lent to responses in progress, decoder state
   * lent to inflating requests, native contexts. For monitoring (the Spring Boot metrics read it)
   * and for tests; exact only when no request is in progress. All zero before {@link #init}.
   *
   * @return a new immutable snapshot
   */
  public io.github.zipjack.PipelineResources resources() {
    return EngineResources.of(pool, allEngines());
  }

  /**
   * The engines, the dictionary ones included (as {@code dcz-<hash>}, {@code dcb-<hash>}), for tests
   * that check native contexts are all returned.
   */
  Map<String, CompressionEngine> engines() {
    if (dictionaries == null) {
      return engines;
    }
    Map<String, CompressionEngine> all = new LinkedHashMap<>(engines);
    dictionaries.engines().forEach(e -> all.put(e.contentEncoding() + "-" + e.shortHash(), e));
    return all;
  }

  /** The segment pool, for tests that check segments are all returned. */
  SegmentPool segmentPool() {
    return pool;
  }

  @Override
  public String toString() {
    return "CompressionFilter[" + settings + ", serving " + implementations() + "]";
  }

  /** Releases what an async response holds when its processing ends. */
  private static final class Releaser implements AsyncListener {
    private final CompressingResponse response;

    Releaser(CompressingResponse response) {
      this.response = response;
    }

    @Override
    public void onComplete(AsyncEvent event) {
      response.release();
    }

    @Override
    public void onTimeout(AsyncEvent event) {
      response.release();
    }

    @Override
    public void onError(AsyncEvent event) {
      response.release();
    }

    @Override
    public void onStartAsync(AsyncEvent event) {
      event.getAsyncContext().addListener(this);
    }
  }
}
