package io.github.zipjack.servlet;

import io.github.zipjack.Compression;
import io.github.zipjack.Format;
import io.github.zipjack.Pipeline;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import io.github.zipjack.buffer.SegmentPool;
import io.github.zipjack.http.DictionaryAnswer;
import io.github.zipjack.http.DictionaryTransport;
import io.github.zipjack.http.NegotiatedBody;
import io.github.zipjack.http.VaryHeader;
import io.github.zipjack.settings.SettingCatalog;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Writes a value straight from zipjack pipelines to an {@link HttpServletResponse}: the fastest path
 * for a service that serializes its own response. It negotiates the content coding with the
 * request's {@code Accept-Encoding}, encodes the value once into pooled segments, sets
 * {@code Content-Type}, {@code Content-Encoding}, the exact {@code Content-Length} and
 * {@code Vary: Accept-Encoding}, and writes the segments to the response's output stream with no
 * further copy. No filter is needed; behind {@link CompressionFilter} the response passes through
 * the filter untouched (a request attribute tells it the coding is chosen).
 *
 * <pre>{@code
 * CompressedResponses responses = CompressedResponses.of(zstdPipeline, gzipPipeline); // once
 * responses.write(request, response, orders);                                        // per request
 * }</pre>
 *
 * <p>Immutable and thread-safe: make one per endpoint family at startup and share it. It does not
 * own the pipelines it is given: the application closes them (in a servlet's {@code destroy}, a
 * bean's close) after the last {@code write}. When no {@code Compression.none()} pipeline is given,
 * the helper makes its own identity pipeline from the first pipeline's mapper
 * ({@link Pipeline.Builder#sameMapperAs}, so identity bodies hold the same bytes the others compress);
 * {@link #close()} closes that one, and only that one.
 *
 * <p>With {@link #withDictionaries} it also answers clients that hold an RFC 9842 dictionary in
 * {@code dcz} or {@code dcb}, by the rules of {@link CompressionFilter}.
 */
public final class CompressedResponses implements AutoCloseable {
  /**
   * MessagePack's media type as IANA registered it in 2024 ({@code application/vnd.msgpack});
   * {@code application/x-msgpack} was the unregistered one in use before.
   */
  static final String MSGPACK_MEDIA_TYPE = "application/vnd.msgpack";
  static final String JSON_MEDIA_TYPE = "application/json";
  private static final String IDENTITY = "identity";
  /**
   * Request attribute set (to the coding sent) once {@link #write} has chosen the coding, so that
   * {@link CompressionFilter} passes the response through untouched, identity ones included.
   */
  static final String WRITTEN_ATTRIBUTE = "io.github.zipjack.servlet.CompressedResponses.coding";

  /** Coding token to pipeline, in the server's order of preference; identity always present. */
  private final Map<String, Pipeline> pipelines;
  /** The keys of {@link #pipelines}, in order: what {@link AcceptEncoding#choose} is offered. */
  private final List<String> preference;
  /** What a dictionary is served in here: as it is (its bodies are not compressed per coding). */
  private static final List<String> DICTIONARY_CODINGS = List.of(IDENTITY);
  private final String contentType;
  /** The identity pipeline this helper made itself and closes; null when the caller gave one. */
  private final Pipeline ownIdentity;
  /** Told of each value written; null for none. */
  private final CompressionListener listener;
  /** Compressed bodies shorter than this are checked against the body as it is; 0: never. */
  private final long minBodyBytes;
  /** The HTTP dictionaries and their dcz and dcb engines; null for none. Owned: closed by {@link #close()}. */
  private final DictionaryTransport dictionaries;
  /** Where dcz and dcb bodies are compressed into; null without dictionaries. Owned with them. */
  private final SegmentPool dictionaryPool;

  private CompressedResponses(Map<String, Pipeline> pipelines, String contentType, Pipeline ownIdentity,
      CompressionListener listener, long minBodyBytes) {
    this(pipelines, contentType, ownIdentity, listener, minBodyBytes, null, null);
  }

  private CompressedResponses(Map<String, Pipeline> pipelines, String contentType, Pipeline ownIdentity,
      CompressionListener listener, long minBodyBytes, DictionaryTransport dictionaries, SegmentPool dictionaryPool) {
    this.dictionaries = dictionaries;
    this.dictionaryPool = dictionaryPool;
    this.pipelines = pipelines;
    this.preference = List.copyOf(pipelines.keySet());
    this.contentType = contentType;
    this.ownIdentity = ownIdentity;
    this.listener = listener;
    this.minBodyBytes = minBodyBytes;
  }

  /**
   * A helper that offers one content coding per pipeline, preferred in argument order; identity is
   * offered last unless one of the pipelines is a {@code Compression.none()} one. Content-Type is
   * {@code application/json} for {@link Format#JSON} and {@code application/vnd.msgpack} (the
   * IANA-registered type) for {@link Format#MSGPACK}; see {@link #withContentType(String)}.
   *
   * @param pipelines one per coding offered, most preferred first, all of one format; not closed by
   *     the helper
   * @return a helper that is immutable and thread-safe
   * @throws IllegalArgumentException if no pipeline is given, two serve the same coding, their
   *     formats differ, or one compresses with a zstd dictionary (no browser has it)
   */
  public static CompressedResponses of(Pipeline... pipelines) {
    Objects.requireNonNull(pipelines, "pipelines must not be null");
    if (pipelines.length == 0) {
      throw new IllegalArgumentException("pipelines must not be empty: give one pipeline per content coding to offer");
    }
    Format format = Objects.requireNonNull(pipelines[0], "pipelines[0] must not be null").format();
    Map<String, Pipeline> byCoding = new LinkedHashMap<>();
    for (int i = 0; i < pipelines.length; i++) {
      Pipeline p = Objects.requireNonNull(pipelines[i], "pipelines[" + i + "] must not be null");
      CompressionSettings.Builder.checkNoDictionary("pipelines[" + i + "]", p.compression());
      if (p.format() != format) {
        throw new IllegalArgumentException("pipelines must all have the same format: pipelines[0] is " + format
            + " but pipelines[" + i + "] is " + p.format() + " (" + p.compression() + ")");
      }
      Pipeline previous = byCoding.putIfAbsent(p.compression().contentEncoding(), p);
      if (previous != null) {
        throw new IllegalArgumentException("two pipelines serve content coding " + p.compression().contentEncoding()
            + ": " + previous.compression() + " and " + p.compression() + "; give one per coding");
      }
    }
    Pipeline ownIdentity = null;
    if (!byCoding.containsKey(IDENTITY)) {
      ownIdentity = Pipeline.builder()
          .format(format)
          .compression(Compression.none())
          .sameMapperAs(pipelines[0])
          .build();
      byCoding.put(IDENTITY, ownIdentity);
    }
    return new CompressedResponses(Collections.unmodifiableMap(byCoding), mediaType(format), ownIdentity, null, 0);
  }

  /**
   * A helper like this one whose responses carry {@code contentType} instead of the format's
   * default (for example {@code application/problem+json}, or {@code application/x-msgpack} for
   * older clients). It shares this helper's pipelines: close only one of the two.
   *
   * @param contentType the Content-Type value, sent as given
   * @return a new helper; this one is unchanged
   * @throws IllegalArgumentException if {@code contentType} is blank
   */
  public CompressedResponses withContentType(String contentType) {
    Objects.requireNonNull(contentType, "contentType must not be null");
    if (contentType.isBlank()) {
      throw new IllegalArgumentException("contentType must not be blank");
    }
    return new CompressedResponses(pipelines, contentType, ownIdentity, listener, minBodyBytes, dictionaries, dictionaryPool);
  }

  /**
   * A helper like this one that tells {@code listener} of each value it sends: the coding, outcome
   * {@code COMPRESSED} (or {@code IDENTITY_ACCEPTED} when the client takes no coding offered), the
   * body's size as sent, and the time spent serializing and compressing it (the two happen
   * together here; the raw size is not counted, -1). It shares this helper's pipelines: close only
   * one of the two.
   *
   * @param listener called on the writing thread after each body is encoded; its exceptions are
   *     ignored
   * @return a new helper; this one is unchanged
   */
  public CompressedResponses withListener(CompressionListener listener) {
    return new CompressedResponses(pipelines, contentType, ownIdentity, Objects.requireNonNull(listener, "listener"),
        minBodyBytes, dictionaries, dictionaryPool);
  }

  /**
   * A helper like this one that sends a value as it is, without Content-Encoding, when its body is
   * shorter than {@code bytes} or compression would not make it shorter, as {@link CompressionFilter}
   * does. A value is serialized once; one whose compressed body is shorter than {@code bytes} is
   * serialized again, uncompressed, to compare (small bodies only, so the second pass is cheap). A
   * large body that compression makes larger (incompressible content) is still sent compressed. It
   * shares this helper's pipelines: close only one of the two.
   *
   * @param bytes 0 (the default) to compress every value in the negotiated coding
   * @return a new helper; this one is unchanged
   * @throws IllegalArgumentException if negative
   */
  public CompressedResponses withMinBodyBytes(long bytes) {
    SettingCatalog.MIN_BODY_BYTES.check(bytes); // the filter's range, and its message
    return new CompressedResponses(pipelines, contentType, ownIdentity, listener, bytes, dictionaries, dictionaryPool);
  }

  /**
   * A helper like this one that also speaks RFC 9842 dictionary transport: a value written for a
   * request that may use one of {@code dictionaries} (see {@link CompressionFilter}'s rules) is sent
   * in {@code dcz} (or {@code dcb}), compressed with it (identity when that is not smaller), with
   * {@code Vary: Accept-Encoding, Available-Dictionary}; responses under a dictionary's match carry
   * a {@code Link} to {@code <context path><dictionaryPath>/<hash>}, which {@link #serveDictionary}
   * or {@link CompressionFilter} (with the same dictionaries) answers. The dictionaries are loaded
   * here, once: for {@code dcz} at the level of the zstd pipeline (1 without one), and for
   * {@code dcb}, when a brotli pipeline is given, at its quality but at least 5; dcb is preferred
   * when the brotli pipeline comes before the zstd one.
   *
   * <p>It shares this helper's pipelines but owns the dictionaries' native state: close the helper
   * this returns (which also closes what this one owns), not this one.
   *
   * @param dictionaryPath the path the dictionaries are served under, such as {@code /dictionaries}
   * @param dictionaries the dictionaries offered, each with the requests it serves
   * @return a new helper that owns the dictionaries' native state; close it
   * @throws IllegalArgumentException if {@code dictionaryPath} is not a path (see
   *     {@link CompressionSettings.Builder#dictionaryPath}), none is given, or one is given twice
   * @throws IllegalStateException if zstd-jni cannot load
   */
  public CompressedResponses withDictionaries(String dictionaryPath, HttpDictionary... dictionaries) {
    CompressionSettings checked = CompressionSettings.builder().dictionaryPath(dictionaryPath)
        .dictionaries(dictionaries).build();
    if (dictionaries.length == 0) {
      throw new IllegalArgumentException("dictionaries must not be empty");
    }
    List<Compression> codings = new ArrayList<>();
    pipelines.values().forEach(p -> codings.add(p.compression()));
    DictionaryTransport transport = DictionaryTransport.of(checked, codings, preference, Map.of());
    return new CompressedResponses(pipelines, contentType, ownIdentity, listener, minBodyBytes, transport,
        new SegmentPool(checked.segmentPoolBytes()));
  }

  /**
   * Answers a request for one of the dictionaries of {@link #withDictionaries} (its bytes,
   * uncompressed, with {@code Use-As-Dictionary}, {@code Cache-Control}, a strong ETag, 304 for
   * {@code If-None-Match}), for a servlet mapped at their path when no {@link CompressionFilter}
   * serves them. The listener of {@link #withListener}, if any, hears
   * {@link CompressionListener.Outcome#DICTIONARY_SERVED} or {@code DICTIONARY_NOT_MODIFIED}.
   *
   * @param request the request, whose path (after the context path) names the dictionary
   * @param response where the dictionary is sent
   * @return false, having done nothing, when the request is not for one of them
   * @throws IOException if writing to the client fails
   */
  public boolean serveDictionary(HttpServletRequest request, HttpServletResponse response) throws IOException {
    if (dictionaries == null) {
      return false;
    }
    DictionaryTransport.Served served = dictionaries.servedAt(
        request.getRequestURI().substring(request.getContextPath().length()));
    if (served == null) {
      return false;
    }
    request.setAttribute(WRITTEN_ATTRIBUTE, IDENTITY);
    sendDictionary(dictionaries, served, request, response, DICTIONARY_CODINGS, listener);
    return true;
  }

  /**
   * Answers a request for the dictionary {@code served}, in the coding negotiated among
   * {@code preference}, and tells {@code listener} (when not null) what was sent: the 405 and 406
   * through {@code sendError}, so that the container writes its error page.
   */
  static void sendDictionary(DictionaryTransport dictionaries, DictionaryTransport.Served served,
      HttpServletRequest request, HttpServletResponse response, List<String> preference,
      CompressionListener listener) throws IOException {
    Enumeration<String> ifNoneMatch = request.getHeaders("If-None-Match");
    DictionaryAnswer answer = dictionaries.answer(served, request.getMethod(), acceptEncoding(request),
        ifNoneMatch == null ? null : Collections.list(ifNoneMatch), preference);
    answer.headers().forEach(response::setHeader);
    if (answer.isError()) {
      response.sendError(answer.status());
    } else if (answer.body() == null) {
      response.setStatus(answer.status());
    } else {
      response.setContentType(DictionaryAnswer.CONTENT_TYPE);
      response.setContentLength(answer.body().length);
      if (answer.sendsBody()) {
        response.getOutputStream().write(answer.body());
      }
    }
    answer.report(listener);
  }

  /** What {@code dictionaries} choose for {@code request}, whose plain negotiation chose {@code plainCoding}. */
  static DictionaryTransport.Choice chooseDictionary(DictionaryTransport dictionaries, HttpServletRequest request,
      AcceptEncoding acceptEncoding, String plainCoding) {
    return dictionaries.choose(request.getRequestURI(), request.getQueryString(), request.getContextPath(),
        request::getHeader, acceptEncoding, plainCoding);
  }

  static String mediaType(Format format) {
    return format == Format.MSGPACK ? MSGPACK_MEDIA_TYPE : JSON_MEDIA_TYPE;
  }

  /**
   * Encodes {@code value} in the coding the client prefers among those offered and sends it, with
   * status 200 unless the caller set another before. On HEAD the value is still encoded (for the
   * exact Content-Length) but no body is sent. When the client accepts none of the offered codings
   * (not even identity), answers 406 with a short text body instead.
   *
   * <p>The encoded body's pooled segments are returned on every path, a client that disconnects
   * mid-body included.
   *
   * @param request the request, whose {@code Accept-Encoding} picks the coding
   * @param response the response, not yet committed
   * @param value what to serialize
   * @throws io.github.zipjack.ZipjackEncodeException if Jackson cannot serialize {@code value}; the
   *     response is then untouched, so the container's error handling can run
   * @throws IllegalStateException if the response is already committed
   * @throws IOException if writing to the client fails (it disconnected)
   */
  public void write(HttpServletRequest request, HttpServletResponse response, Object value) throws IOException {
    if (response.isCommitted()) {
      throw new IllegalStateException("response is already committed; write must be the first thing sent");
    }
    String acceptEncoding = acceptEncoding(request);
    AcceptEncoding parsed = AcceptEncoding.parse(acceptEncoding);
    Optional<String> coding = parsed.choose(preference);
    if (coding.isEmpty()) {
      notAcceptable(request, response, acceptEncoding);
      return;
    }
    if (dictionaries != null) {
      DictionaryTransport.Choice choice = chooseDictionary(dictionaries, request, parsed, coding.get());
      addLink(response, choice.link());
      if (choice.allows(response.getHeader("Access-Control-Allow-Origin"))) {
        writeDcz(request, response, value, choice);
        return;
      }
      addVary(response, choice.varyTokens());
    }
    try (NegotiatedBody sending = NegotiatedBody.encode(pipelines, coding.get(), value, minBodyBytes)) {
      request.setAttribute(WRITTEN_ATTRIBUTE, sending.coding());
      sending.report(listener);
      response.setContentType(contentType);
      if (!sending.isIdentity()) {
        response.setHeader("Content-Encoding", sending.coding());
      }
      long size = sending.size();
      response.setContentLengthLong(size);
      addVary(response);
      if (!isHead(request)) {
        ContainerBuffer.holdWhole(response, size);
        sending.writeTo(response.getOutputStream());
      }
    }
  }

  /** Adds {@code link} unless it is null or the response has it already (the filter added it). */
  private static void addLink(HttpServletResponse response, String link) {
    if (link != null && !response.getHeaders("Link").contains(link)) {
      response.addHeader("Link", link);
    }
  }

  /**
   * Sends {@code value} compressed with the chosen dictionary, serialized straight into the
   * dictionary's encoder (one pass, as the other codings); identity, serialized again, when the body
   * is shorter than minBodyBytes or the compressed one is no shorter than it.
   */
  private void writeDcz(HttpServletRequest request, HttpServletResponse response, Object value,
      DictionaryTransport.Choice choice) throws IOException {
    request.setAttribute(WRITTEN_ATTRIBUTE, choice.engine().contentEncoding());
    try (NegotiatedBody sending = NegotiatedBody.encode(pipelines.get(IDENTITY), choice.engine(), dictionaryPool,
        value, minBodyBytes)) {
      sending.report(listener);
      response.setContentType(contentType);
      if (!sending.isIdentity()) {
        response.setHeader("Content-Encoding", sending.coding());
      } else {
        request.setAttribute(WRITTEN_ATTRIBUTE, IDENTITY);
      }
      long size = sending.size();
      response.setContentLengthLong(size);
      addVary(response, choice.varyTokens());
      if (!isHead(request)) {
        ContainerBuffer.holdWhole(response, size);
        sending.writeTo(response.getOutputStream());
      }
    }
  }

  /** {@return the codings offered, in order of preference, identity included: {@code [zstd, gzip, identity]}} */
  public List<String> offeredCodings() {
    return preference;
  }

  /** The pipeline that serves {@code coding}, for tests. */
  Pipeline pipeline(String coding) {
    return pipelines.get(coding);
  }

  /**
   * Closes the identity pipeline this helper made, if it made one, and the dictionaries' native
   * state, if it has dictionaries; never the caller's pipelines. Idempotent.
   */
  @Override
  public void close() {
    if (ownIdentity != null) {
      ownIdentity.close();
    }
    if (dictionaries != null) {
      dictionaries.close();
      dictionaryPool.close();
    }
  }

  /** All of the request's Accept-Encoding field lines as one list, or null when it sent none. */
  static String acceptEncoding(HttpServletRequest request) {
    Enumeration<String> lines = request.getHeaders("Accept-Encoding");
    if (lines == null || !lines.hasMoreElements()) {
      return null;
    }
    String first = lines.nextElement();
    if (!lines.hasMoreElements()) {
      return first;
    }
    StringBuilder joined = new StringBuilder(first);
    while (lines.hasMoreElements()) {
      joined.append(", ").append(lines.nextElement());
    }
    return joined.toString();
  }

  /** Adds {@code Vary: Accept-Encoding} unless a Vary line already names it (or is {@code *}). */
  static void addVary(HttpServletResponse response) {
    addVary(response, VaryHeader.ACCEPT_ENCODING);
  }

  /** Adds, in one Vary line, those of {@code fields} that no Vary line names yet (none after {@code *}). */
  static void addVary(HttpServletResponse response, List<String> fields) {
    // the container's list of Vary lines is asked for only when there is one
    String missing = VaryHeader.missing(response.getHeader("Vary") == null ? null : response.getHeaders("Vary"),
        fields);
    if (missing != null) {
      response.addHeader("Vary", missing);
    }
  }

  static boolean varyCovers(String varyLine) {
    return VaryHeader.names(varyLine, "Accept-Encoding");
  }

  /** Whether a Vary line names {@code field} (case-insensitive) or is {@code *}. */
  static boolean varyNames(String varyLine, String field) {
    return VaryHeader.names(varyLine, field);
  }

  private static boolean isHead(HttpServletRequest request) {
    return "HEAD".equals(request.getMethod());
  }

  private void notAcceptable(HttpServletRequest request, HttpServletResponse response, String acceptEncoding)
      throws IOException {
    request.setAttribute(WRITTEN_ATTRIBUTE, IDENTITY);
    byte[] text = notAcceptableText(acceptEncoding).getBytes(StandardCharsets.UTF_8);
    response.setStatus(HttpServletResponse.SC_NOT_ACCEPTABLE);
    response.setContentType("text/plain;charset=UTF-8");
    response.setContentLength(text.length);
    addVary(response);
    if (!isHead(request)) {
      response.getOutputStream().write(text);
    }
  }

  /** The 406 body: what the client asked for (cut short if long) and what the server offers. */
  String notAcceptableText(String acceptEncoding) {
    return NegotiatedBody.notAcceptableText(acceptEncoding, preference);
  }

  @Override
  public String toString() {
    StringBuilder s = new StringBuilder("CompressedResponses[contentType=").append(contentType);
    pipelines.forEach((coding, p) -> s.append(", ").append(coding).append('=').append(p.implementation()));
    return s.append(']').toString();
  }
}
