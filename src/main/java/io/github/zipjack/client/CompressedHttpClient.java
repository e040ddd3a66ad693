package io.github.zipjack.client;

import io.github.zipjack.client.codings.RequestCompression;
import io.github.zipjack.client.codings.ResponseCodings;
import io.github.zipjack.client.dictionaries.LinkedDictionaryFetches;
import io.github.zipjack.client.dictionaries.DictionaryStore;
import com.fasterxml.jackson.core.type.TypeReference;
import io.github.zipjack.Compression;
import io.github.zipjack.Pipeline;
import io.github.zipjack.WrongCodingException;
import io.github.zipjack.ZipjackDecodeException;
import io.github.zipjack.codec.DaemonThreads;
import io.github.zipjack.codec.DecodeLimitInputStream;
import io.github.zipjack.codec.WholeBodyArrays;
import io.github.zipjack.settings.SettingCatalog;
import io.github.zipjack.urlpattern.UrlPattern;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.SequenceInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Arrays;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Calls HTTP services through the application's {@link HttpClient} (which decodes no content
 * coding) and reads their answers straight into objects: it asks for the codings zipjack decodes
 * ({@code Accept-Encoding: zstd, gzip, br}, those whose libraries load), decodes the body as it
 * arrives from the socket (gzip, x-gzip, zstd, br, dcz, identity, and up to three stacked, dcz at
 * any place in the stack), and
 * deserializes it with the application's pipeline (JSON or MessagePack by the response's
 * Content-Type), within that pipeline's limits ({@code maxDecodedBytes} for every decoding layer,
 * {@code maxNestingDepth}) and with its exceptions. One exception to decoding as it arrives: a gzip
 * body of at most {@link #MAX_WHOLE_BODY_BYTES} with a Content-Length is received whole and decoded
 * in one call (libdeflate where it loads, on Java 25+, else one zlib call), which is faster. Request
 * bodies are serialized with the same mapper and, when asked, compressed, with an exact
 * Content-Length. Where
 * zstd decodes it also speaks RFC 9842 unless {@link Builder#dictionaries(DictionarySettings)} turns it
 * off: it keeps dictionaries the server marks, for the origin that answered, announces them to that
 * origin, and decodes {@code dcz} answers made with them.
 *
 * <p>Thread-safe: share one per service called, like the HttpClient. A failed decode closes the
 * response's stream, which releases its connection, and holds nothing; the next call works as usual.
 * {@link #close()} ends what the client made (decoders, its decode threads); the HttpClient and the
 * application's pipelines stay the application's.
 *
 * <p>Data problems are {@link ZipjackDecodeException}s: a body past {@code maxDecodedBytes} a
 * {@link io.github.zipjack.DecodeLimitExceededException}, a truncated or corrupt one a
 * {@link io.github.zipjack.TruncatedBodyException} or {@link io.github.zipjack.MalformedBodyException},
 * a coding the client did not ask for a {@link io.github.zipjack.WrongCodingException}, a {@code dcz}
 * body made with another dictionary a {@link DictionaryMismatchException}. A status
 * outside 2xx is an {@link UnexpectedStatusException}.
 *
 * <p>Longer than most types here because it is the one public entry of the package: its builder and
 * the three ways to call (blocking, asynchronous, a body handler for the caller's own loop) share one
 * decode path; the codings, formats, request compression and dictionaries are types of their own.
 */
public final class CompressedHttpClient implements AutoCloseable {
  /**
   * The longest body, in bytes on the wire (256 KiB), that is received whole before it is decoded
   * when it is a gzip member: one native call into an array of the size its trailer states, instead
   * of a stream. Longer bodies, and those without a Content-Length, stream from the socket; the
   * WebClient's decoder streams longer joined bodies the same way.
   */
  public static final int MAX_WHOLE_BODY_BYTES = 256 * 1024;

  private static final ThreadFactory DECODE_THREADS = new DaemonThreads("zipjack-client-decode-");

  private final HttpClient http;
  private final BodyFormats formats;
  private final ResponseCodings codings;
  /** Null when request bodies are never compressed. */
  private final RequestCompression requestCompression;
  private final Executor decodeExecutor;
  /** Non-null when this client made the decode executor, and shuts it down on close. */
  private final ExecutorService ownExecutor;
  private final String acceptEncoding;
  /** Null when dictionaries are off. */
  private final DictionaryStore dictionaries;
  /** Null when dictionaries are off. */
  private final LinkedDictionaryFetches fetches;

  private CompressedHttpClient(Builder b) {
    this.http = b.http;
    BodyFormats madeFormats = new BodyFormats(b.pipelines);
    ResponseCodings madeCodings = null;
    try {
      madeCodings = new ResponseCodings(b.codings == null ? ResponseCodings.ALL : b.codings, b.codings != null,
          madeFormats.maxDecodedBytes(), 16);
      this.requestCompression = b.requestCompression == null ? null
          : new RequestCompression(b.requestCompression, b.compressFromBytes);
    } catch (RuntimeException e) {
      madeFormats.close();
      if (madeCodings != null) {
        madeCodings.close();
      }
      throw e;
    }
    this.formats = madeFormats;
    this.codings = madeCodings;
    this.acceptEncoding = String.join(", ", codings.codings());
    DictionarySettings dictionarySettings;
    try {
      dictionarySettings = DictionaryStore.inEffect(b.dictionarySettings, b.dictionariesChosen,
          codings.decodes("zstd"), b.codings);
    } catch (IllegalStateException e) {
      close();
      throw e;
    }
    this.dictionaries = dictionarySettings == null ? null
        : new DictionaryStore(dictionarySettings, madeFormats.maxDecodedBytes());
    this.fetches = dictionaries == null ? null : new LinkedDictionaryFetches(dictionaries);
    if (b.decodeExecutor != null) {
      this.decodeExecutor = b.decodeExecutor;
      this.ownExecutor = null;
    } else {
      ThreadPoolExecutor pool = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 30, TimeUnit.SECONDS,
          new java.util.concurrent.SynchronousQueue<>(), DECODE_THREADS);
      this.decodeExecutor = pool;
      this.ownExecutor = pool;
    }
  }

  /**
   * A builder for a client that sends through {@code http} and reads and writes bodies with
   * {@code pipeline}'s mapper, format and limits (its compression is not used for answers).
   *
   * @param http the JDK client that sends; not closed by this client
   * @param pipeline its mapper, format and decoding limits serve every body; not closed by this client
   * @return a new builder, not thread-safe
   */
  public static Builder builder(HttpClient http, Pipeline pipeline) {
    return new Builder(http, pipeline);
  }

  /** {@return the value this client sends as Accept-Encoding: {@code zstd, gzip, br}, or fewer} */
  public String acceptEncoding() {
    return acceptEncoding;
  }

  /**
   * {@code request} as this client sends it: with its Accept-Encoding (replacing any the request
   * had) and, if the request names none, an Accept for the client's formats. For callers that send
   * through their own loop with {@link #bodyHandler(HttpRequest, Class)}. With dictionaries on, it
   * also announces the held dictionary its URL matches, but only when the HttpClient follows no
   * redirects: a body handler cannot see which URL finally answered, and a dictionary serves its
   * own origin only ({@link #send} and {@link #sendAsync} see it, and announce whatever the
   * HttpClient does).
   *
   * @param request the request as the caller made it; not changed
   * @return a new request with this client's headers
   */
  public HttpRequest prepare(HttpRequest request) {
    return prepareAnnouncing(request, http.followRedirects() == HttpClient.Redirect.NEVER).request;
  }

  /** A prepared request and the dictionary it announces (null for none). */
  private static final class Prepared {
    final HttpRequest request;
    final DictionaryStore.Entry dictionary;

    Prepared(HttpRequest request, DictionaryStore.Entry dictionary) {
      this.request = request;
      this.dictionary = dictionary;
    }
  }

  /** {@code request} with this client's headers; with {@code announce}, the dictionary its URL matches. */
  private Prepared prepareAnnouncing(HttpRequest request, boolean announce) {
    HttpRequest.Builder b = HttpRequest.newBuilder(request, (name, value) -> !name.equalsIgnoreCase("Accept-Encoding")
        && !name.equalsIgnoreCase("Available-Dictionary") && !name.equalsIgnoreCase("Dictionary-ID"));
    DictionaryStore.Entry dictionary = dictionaries == null || !announce ? null
        : dictionaries.match(request.uri(), Instant.now()).orElse(null);
    if (dictionary == null) {
      b.header("Accept-Encoding", acceptEncoding);
    } else {
      b.header("Accept-Encoding", acceptEncoding + ", dcz");
      b.header("Available-Dictionary", dictionary.availableDictionary());
      if (dictionary.dictionaryIdHeader() != null) {
        b.header("Dictionary-ID", dictionary.dictionaryIdHeader());
      }
    }
    if (request.headers().firstValue("Accept").isEmpty()) {
      b.header("Accept", formats.accept());
    }
    return new Prepared(b.build(), dictionary);
  }

  /**
   * Sends {@code request} (as {@link #prepare} makes it) and decodes a 2xx answer into
   * {@code type}, reading it from the socket as it arrives. {@code Void.class} reads and discards
   * the body and gives null; a 204 (No Content) gives null too.
   *
   * @param <T> the value's type
   * @param request the request; its Accept-Encoding is replaced
   * @param type the value's class, or {@code Void.class} to discard the body
   * @return the answer, its body the decoded value
   * @throws ZipjackDecodeException if the body cannot be decoded (see the class doc)
   * @throws UnexpectedStatusException for a status outside 2xx
   * @throws IOException if the exchange fails
   * @throws InterruptedException if the thread is interrupted while waiting
   */
  public <T> HttpResponse<T> send(HttpRequest request, Class<T> type) throws IOException, InterruptedException {
    return send(request, classReader(type));
  }

  /**
   * As {@link #send(HttpRequest, Class)}, into a generic type (Jackson 2's TypeReference).
   *
   * @param <T> the value's type
   * @param request the request; its Accept-Encoding is replaced
   * @param type the value's generic type
   * @return the answer, its body the decoded value
   * @throws IOException if the exchange fails or the body cannot be decoded
   * @throws InterruptedException if the thread is interrupted while waiting
   */
  public <T> HttpResponse<T> send(HttpRequest request, TypeReference<T> type) throws IOException, InterruptedException {
    return send(request, typeReader(type));
  }

  private <T> HttpResponse<T> send(HttpRequest request, BodyReader<T> reader) throws IOException, InterruptedException {
    Prepared prepared = prepareAnnouncing(request, true);
    HttpResponse<InputStream> response = http.send(prepared.request, HttpResponse.BodyHandlers.ofInputStream());
    return new DecodedResponse<>(response, decode(response, reader, prepared));
  }

  /** Decodes an answer whose final URL is known: dictionaries are kept for it, and a dcz body must be of its origin. */
  private <T> T decode(HttpResponse<InputStream> response, BodyReader<T> reader, Prepared prepared) throws IOException {
    return decode(response.statusCode(), response.headers(), response.body(), reader,
        Answered.by(response.uri(), prepared.dictionary));
  }

  /**
   * As {@link #send(HttpRequest, Class)}, asynchronously: the future fails with the same exceptions
   * as its cause.
   *
   * @param <T> the value's type
   * @param request the request; its Accept-Encoding is replaced
   * @param type the value's class
   * @return the answer's future; the body is decoded on the client's decode executor as it
   *     arrives, and dictionaries are used and kept as {@link #send(HttpRequest, Class)} does
   */
  public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, Class<T> type) {
    Prepared prepared = prepareAnnouncing(request, true);
    BodyReader<T> reader = classReader(type);
    return http.sendAsync(prepared.request, HttpResponse.BodyHandlers.ofInputStream()).thenCompose(response ->
        onDecodeExecutor(response, () -> new DecodedResponse<>(response, decode(response, reader, prepared))));
  }

  /** What runs on the decode executor; it closes the answer's body. */
  private interface DecodeTask<T> {
    T run() throws IOException;
  }

  /**
   * Runs {@code task} on the decode executor; when the executor refuses it (shut down, or a full
   * bounded pool), the answer's body is closed, which releases its connection, and the future fails
   * with the refusal.
   */
  private <T> CompletableFuture<T> onDecodeExecutor(HttpResponse<InputStream> response, DecodeTask<T> task) {
    CompletableFuture<T> result = new CompletableFuture<>();
    try {
      decodeExecutor.execute(() -> {
        try {
          result.complete(task.run());
        } catch (IOException | RuntimeException | Error e) {
          result.completeExceptionally(e);
        }
      });
    } catch (RuntimeException refused) {
      closeQuietly(response.body(), refused);
      result.completeExceptionally(refused);
    }
    return result;
  }

  private static void closeQuietly(InputStream body, Exception failure) {
    try {
      body.close();
    } catch (IOException e) {
      failure.addSuppressed(e);
    }
  }

  /**
   * GETs {@code uri} and decodes the answer. See {@link #send(HttpRequest, Class)}.
   *
   * @param <T> the value's type
   * @param uri what to get
   * @param type the value's class
   * @return the decoded value
   * @throws IOException if the exchange fails, the status is not 2xx or the body cannot be decoded
   * @throws InterruptedException if the thread is interrupted while waiting
   */
  public <T> T get(URI uri, Class<T> type) throws IOException, InterruptedException {
    return send(HttpRequest.newBuilder(uri).GET().build(), type).body();
  }

  /**
   * GETs {@code uri} and decodes the answer into a generic type. See {@link #send(HttpRequest, Class)}.
   *
   * @param <T> the value's type
   * @param uri what to get
   * @param type the value's generic type
   * @return the decoded value
   * @throws IOException if the exchange fails, the status is not 2xx or the body cannot be decoded
   * @throws InterruptedException if the thread is interrupted while waiting
   */
  public <T> T get(URI uri, TypeReference<T> type) throws IOException, InterruptedException {
    return send(HttpRequest.newBuilder(uri).GET().build(), type).body();
  }

  /**
   * POSTs {@code value} (compressed as {@link #newRequest(URI, String, Object)} decides) and decodes
   * the answer.
   *
   * @param <T> the value's type
   * @param uri where to post
   * @param value the request body's value
   * @param type the answer's class
   * @return the decoded answer
   * @throws IOException if the exchange fails, the status is not 2xx or the body cannot be decoded
   * @throws InterruptedException if the thread is interrupted while waiting
   */
  public <T> T post(URI uri, Object value, Class<T> type) throws IOException, InterruptedException {
    return send(newRequest(uri, "POST", value).build(), type).body();
  }

  /**
   * POSTs {@code value} and decodes the answer into a generic type. See {@link #post(URI, Object, Class)}.
   *
   * @param <T> the value's type
   * @param uri where to post
   * @param value the request body's value
   * @param type the answer's generic type
   * @return the decoded answer
   * @throws IOException if the exchange fails, the status is not 2xx or the body cannot be decoded
   * @throws InterruptedException if the thread is interrupted while waiting
   */
  public <T> T post(URI uri, Object value, TypeReference<T> type) throws IOException, InterruptedException {
    return send(newRequest(uri, "POST", value).build(), type).body();
  }

  /**
   * A handler that decodes an answer into {@code type} as {@link #send(HttpRequest, Class)} does, for requests made by
   * {@link #prepare}. The body is decoded on the client's decode executor as it arrives; the body's
   * future fails with the decode exception (or {@link UnexpectedStatusException}) as its cause
   * ({@code HttpClient.send} rethrows it wrapped in an IOException). It cannot see the request, so
   * it keeps no dictionary and refuses {@code dcz} bodies (a {@link io.github.zipjack.WrongCodingException}):
   * {@link #bodyHandler(HttpRequest, Class)} knows which dictionary the request announced.
   *
   * @param <T> the value's type
   * @param type the value's class
   * @return a handler, usable for any number of requests
   */
  public <T> HttpResponse.BodyHandler<T> bodyHandler(Class<T> type) {
    return bodyHandler(classReader(type));
  }

  /**
   * As {@link #bodyHandler(Class)}, into a generic type (Jackson 2's TypeReference).
   *
   * @param <T> the value's type
   * @param type the value's generic type
   * @return a handler, usable for any number of requests
   */
  public <T> HttpResponse.BodyHandler<T> bodyHandler(TypeReference<T> type) {
    return bodyHandler(typeReader(type));
  }

  private <T> HttpResponse.BodyHandler<T> bodyHandler(BodyReader<T> reader) {
    Answered unknown = new Answered(null, null, null);
    return info -> new DecodingBodySubscriber<>(
        body -> decode(info.statusCode(), info.headers(), body, reader, unknown), decodeExecutor);
  }

  /**
   * A handler for one request made by {@link #prepare}: it decodes the answer as
   * {@link #bodyHandler(Class)} does and, since it knows the request, also does what
   * {@link #send(HttpRequest, Class)} does with dictionaries: a {@code dcz} body must name the
   * dictionary the request announced, and an answer marked {@code Use-As-Dictionary} is kept (within
   * the same budget, fresh as its Cache-Control says) and its linked dictionaries fetched. It
   * expects the request to go through the HttpClient this client was built with; it cannot see
   * which URL finally answered, so when that HttpClient follows redirects it neither keeps nor uses
   * a dictionary ({@code send}, {@code sendAsync} and {@code get} do).
   *
   * @param <T> the value's type
   * @param request the request as {@link #prepare} made it
   * @param type the value's class
   * @return a handler for this request
   */
  public <T> HttpResponse.BodyHandler<T> bodyHandler(HttpRequest request, Class<T> type) {
    return bodyHandler(prepared(request), classReader(type));
  }

  /**
   * As {@link #bodyHandler(HttpRequest, Class)}, into a generic type (Jackson 2's TypeReference).
   *
   * @param <T> the value's type
   * @param request the request as {@link #prepare} made it
   * @param type the value's generic type
   * @return a handler for this request
   */
  public <T> HttpResponse.BodyHandler<T> bodyHandler(HttpRequest request, TypeReference<T> type) {
    return bodyHandler(prepared(request), typeReader(type));
  }

  /**
   * A request {@link #prepare} made, with the dictionary of its origin that its Available-Dictionary
   * names (null if none is held, or if the HttpClient follows redirects, which may take the answer
   * to another origin).
   */
  private Prepared prepared(HttpRequest request) {
    Objects.requireNonNull(request, "request must not be null");
    DictionaryStore.Entry announced = dictionaries == null || http.followRedirects() != HttpClient.Redirect.NEVER
        ? null : request.headers().firstValue("Available-Dictionary")
            .flatMap(value -> dictionaries.announced(request.uri(), value)).orElse(null);
    return new Prepared(request, announced);
  }

  private <T> HttpResponse.BodyHandler<T> bodyHandler(Prepared prepared, BodyReader<T> reader) {
    URI uri = prepared.request.uri();
    Answered answered = http.followRedirects() == HttpClient.Redirect.NEVER ? Answered.by(uri, prepared.dictionary)
        : new Answered(uri, null, null);
    return info -> new DecodingBodySubscriber<>(
        body -> decode(info.statusCode(), info.headers(), body, reader, answered), decodeExecutor);
  }

  /**
   * What is known of the exchange an answer ends.
   *
   * @param uri the URL asked for, for messages; null when unknown
   * @param keepFor the URL that answered, for which dictionaries are kept and linked ones fetched;
   *     null to keep none
   * @param announced the dictionary the request announced, of the answering URL's origin; null for
   *     none, which makes a dcz body a coding not asked for
   */
  private record Answered(URI uri, URI keepFor, DictionaryStore.Entry announced) {
    /**
     * An answer from {@code answeredBy}, the URL known to have answered: the announced dictionary
     * serves it only when it is of that URL's origin (a redirect may have led elsewhere).
     */
    static Answered by(URI answeredBy, DictionaryStore.Entry announced) {
      boolean sameOrigin = announced != null && announced.isOfOriginOf(answeredBy);
      return new Answered(answeredBy, answeredBy, sameOrigin ? announced : null);
    }
  }

  /**
   * A request with {@code value} as its body, serialized in the first pipeline's format and
   * compressed with {@link Builder#compressRequests}'s compression when it serializes to at least its
   * minimum size: Content-Type, Content-Encoding when compressed, and a body publisher of exact
   * length (the HttpClient sends it as Content-Length).
   *
   * @param uri the request's URI
   * @param method the HTTP method, such as {@code POST}
   * @param value the body's value, serialized here, once
   * @return a request builder the caller may add headers to
   */
  public HttpRequest.Builder newRequest(URI uri, String method, Object value) {
    byte[] body = formats.plain(formats.requestFormat()).encode(value);
    return newRequest(uri, method, body, requestCompression != null && requestCompression.compressesByDefault(body.length));
  }

  /**
   * As {@link #newRequest(URI, String, Object)}, compressed or not as {@code compress} says.
   *
   * @param uri the request's URI
   * @param method the HTTP method, such as {@code POST}
   * @param value the body's value, serialized here, once
   * @param compress whether to compress the body whatever its size
   * @return a request builder the caller may add headers to
   * @throws IllegalStateException if {@code compress} is true and the builder set no request compression
   */
  public HttpRequest.Builder newRequest(URI uri, String method, Object value, boolean compress) {
    if (compress && requestCompression == null) {
      throw new IllegalStateException("compress is true but this client has no request compression; set "
          + "Builder.compressRequests(compression, minBytes)");
    }
    return newRequest(uri, method, formats.plain(formats.requestFormat()).encode(value), compress);
  }

  private HttpRequest.Builder newRequest(URI uri, String method, byte[] body, boolean compress) {
    HttpRequest.Builder b = HttpRequest.newBuilder(uri).header("Content-Type", formats.requestFormat().mediaType());
    if (compress) {
      b.header("Content-Encoding", requestCompression.contentEncoding());
      return b.method(method, requestCompression.publisher(body));
    }
    return b.method(method, HttpRequest.BodyPublishers.ofByteArray(body));
  }

  /** Decodes an answer and closes {@code raw} on every path. */
  private <T> T decode(int status, HttpHeaders headers, InputStream raw, BodyReader<T> reader, Answered answered)
      throws IOException {
    try (InputStream closing = raw) {
      if (status < 200 || status > 299) {
        throw new UnexpectedStatusException(status, answered.uri());
      }
      if (status == 204) {
        return null;
      }
      List<String> applied = ResponseCodings.applied(headers);
      if (answered.announced() == null && applied.contains("dcz")) {
        throw new WrongCodingException("response Content-Encoding " + ResponseCodings.shown(applied) + " names dcz, but "
            + (answered.keepFor() == null ? "this body handler cannot see the request's dictionary (read such answers"
                + " with send, sendAsync, or bodyHandler(request, type) and an HttpClient that follows no redirects)"
                : "the request announced no dictionary of " + UrlPattern.origin(answered.keepFor())));
      }
      Pipeline format = reader == null ? null : formats.reader(headers.firstValue("Content-Type"));
      DictionaryStore dcz = answered.announced() != null ? dictionaries : null;
      URI keepFor = dictionaries == null ? null : answered.keepFor();
      boolean keeps = keepFor != null && DictionaryStore.marksDictionary(headers);
      long whole = reader != null && !keeps && applied.size() == 1 && codings.decodesWhole(applied.get(0))
          ? wholeLength(headers) : -1;
      T value;
      if (whole >= 0) {
        value = readWhole(applied, raw, (int) whole, reader, format, dcz, answered);
      } else {
        value = readStreamed(applied, raw, reader, format, dcz, answered, keeps ? keepFor : null, headers);
      }
      if (keepFor != null) {
        fetches.start(keepFor, headers, this::fetchDictionary);
      }
      return value;
    }
  }

  /** {@return the answer's Content-Length when it is at most MAX_WHOLE_BODY_BYTES, else -1} */
  private static long wholeLength(HttpHeaders headers) {
    long declared = headers.firstValueAsLong("Content-Length").orElse(-1);
    return declared <= MAX_WHOLE_BODY_BYTES ? declared : -1;
  }

  /**
   * Reads an answer of one coding that decodes whole and whose {@code declared} length is known:
   * received into a pooled array and decoded in one call into another ({@link WholeBodyArrays}),
   * both given back once {@code reader} is done; streamed from what was received when the body is
   * shorter than declared or the engine declines it.
   */
  private <T> T readWhole(List<String> applied, InputStream raw, int declared, BodyReader<T> reader, Pipeline format,
      DictionaryStore dcz, Answered answered) throws IOException {
    WholeBodyArrays arrays = WholeBodyArrays.take();
    try {
      byte[] received = arrays.encoded(declared);
      int length = raw.readNBytes(received, 0, declared);
      int decoded = length == declared ? codings.decodeWhole(applied.get(0), received, length, arrays) : -1;
      if (decoded >= 0) {
        return reader.read(format, new ByteArrayInputStream(arrays.decoded(), 0, decoded));
      }
      InputStream body = new SequenceInputStream(new ByteArrayInputStream(received, 0, length), raw);
      return readStreamed(applied, body, reader, format, dcz, answered, null, null);
    } finally {
      arrays.release();
    }
  }

  /**
   * Reads an answer through the codings' decoding streams: keeps it as a dictionary when
   * {@code keepFor} is given, discards it through every layer's limit when {@code reader} is null.
   */
  private <T> T readStreamed(List<String> applied, InputStream body, BodyReader<T> reader, Pipeline format,
      DictionaryStore dcz, Answered answered, URI keepFor, HttpHeaders headers) throws IOException {
    try (InputStream decoded = codings.decoder(body, applied, acceptEncoding, dcz, answered.announced())) {
      if (keepFor != null) {
        return keepDictionary(keepFor, headers, decoded, reader, format);
      }
      if (reader == null) {
        decoded.transferTo(OutputStream.nullOutputStream()); // through every layer's limit
        return null;
      }
      return reader.read(format, decoded);
    }
  }

  /** Reads a dictionary answer whole (within maxDecodedBytes), keeps it if it qualifies, and reads the value from it. */
  private <T> T keepDictionary(URI uri, HttpHeaders headers, InputStream decoded,
      BodyReader<T> reader, Pipeline format) throws IOException {
    byte[] content;
    try (InputStream limited = new DecodeLimitInputStream(decoded, "maxDecodedBytes", formats.maxDecodedBytes())) {
      content = limited.readAllBytes();
    }
    dictionaries.keep(uri, headers, content, Instant.now());
    return reader == null ? null : reader.read(format, new ByteArrayInputStream(content));
  }

  /**
   * Fetches a dictionary {@link LinkedDictionaryFetches} chose and hands its answer to
   * {@link LinkedDictionaryFetches#receive}, which keeps it if it qualifies, reading no more than
   * the dictionary budget of it; the answer's body is closed on every path.
   */
  private CompletableFuture<Boolean> fetchDictionary(URI link) {
    Prepared prepared = prepareAnnouncing(HttpRequest.newBuilder(link).GET().build(), true);
    return http.sendAsync(prepared.request, HttpResponse.BodyHandlers.ofInputStream()).thenCompose(r ->
        onDecodeExecutor(r, () -> {
          try (InputStream raw = r.body()) {
            Answered answered = Answered.by(r.uri(), prepared.dictionary);
            List<String> applied = ResponseCodings.applied(r.headers());
            return fetches.receive(link, r.uri(), r.statusCode(), r.headers(), () -> codings.decoder(raw, applied,
                acceptEncoding, answered.announced() == null ? null : dictionaries, answered.announced()));
          }
        }));
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

  /** Reads a decoded body with a pipeline; null for Void (the body is discarded). */
  private interface BodyReader<T> {
    T read(Pipeline pipeline, InputStream decoded) throws IOException;
  }

  private static <T> BodyReader<T> classReader(Class<T> type) {
    Objects.requireNonNull(type, "type");
    return type == Void.class ? null : (pipeline, in) -> pipeline.decode(in, type);
  }

  private static <T> BodyReader<T> typeReader(TypeReference<T> type) {
    Objects.requireNonNull(type, "type");
    return (pipeline, in) -> pipeline.decode(in, type);
  }

  /** Decoder state lent out and not yet returned; 0 when every answer's decoders were closed. For tests. */
  long lentDecoderSlots() {
    return codings.lentDecoderSlots();
  }

  /** Ends the decoders and pipelines this client made and its decode threads. Idempotent. */
  @Override
  public void close() {
    codings.close();
    formats.close();
    if (requestCompression != null) {
      requestCompression.close();
    }
    if (dictionaries != null) {
      dictionaries.close();
    }
    if (ownExecutor != null) {
      ownExecutor.shutdown();
    }
  }

  @Override
  public String toString() {
    return "CompressedHttpClient[accept-encoding=" + acceptEncoding + ", formats=" + formats.accept()
        + ", request compression=" + (requestCompression == null ? "none" : requestCompression)
        + ", dictionaries=" + (dictionaries == null ? "off" : dictionaries) + "]";
  }

  /** Collects a client's settings. Not thread-safe; {@link #build()} may be called more than once. */
  public static final class Builder {
    private final HttpClient http;
    private final List<Pipeline> pipelines = new ArrayList<>();
    private List<String> codings;
    private Compression requestCompression;
    private long compressFromBytes;
    private Executor decodeExecutor;
    /** Null for no dictionaries. */
    private DictionarySettings dictionarySettings = DictionaryStore.defaultSettings();
    /** Whether {@link #dictionaries} was called; the default alone asks for no zstd. */
    private boolean dictionariesChosen;

    private Builder(HttpClient http, Pipeline pipeline) {
      this.http = Objects.requireNonNull(http, "http must not be null");
      pipelines.add(Objects.requireNonNull(pipeline, "pipeline must not be null"));
    }

    /**
     * A pipeline for another format (MessagePack beside JSON): answers of its media type are read
     * with it. At most one per format; request bodies keep the first pipeline's format.
     *
     * @param pipeline a pipeline of a format not yet set; not closed by the client
     * @return this builder
     * @throws IllegalArgumentException if a pipeline of its format is already set
     */
    public Builder pipeline(Pipeline pipeline) {
      Objects.requireNonNull(pipeline, "pipeline must not be null");
      for (Pipeline p : pipelines) {
        if (p.format() == pipeline.format()) {
          throw new IllegalArgumentException("a pipeline of format " + pipeline.format() + " is already set");
        }
      }
      pipelines.add(pipeline);
      return this;
    }

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
      this.codings = ResponseCodings.tokens(Arrays.asList(codings));
      return this;
    }

    /**
     * Compresses request bodies of at least {@code minBytes} serialized bytes with
     * {@code compression} (and any body when a call asks), for servers that inflate requests.
     * Default: no request is compressed.
     *
     * @param compression gzip, zstd or brotli, without a dictionary
     * @param minBytes serialized bytes from which a body is compressed; 0 for every body
     * @return this builder
     * @throws IllegalArgumentException if {@code minBytes} is negative, or compression is none
     */
    public Builder compressRequests(Compression compression, long minBytes) {
      this.requestCompression = RequestCompression.check(compression);
      this.compressFromBytes = SettingCatalog.COMPRESS_REQUESTS_MIN_BYTES.check(minBytes);
      return this;
    }

    /**
     * Where {@link #bodyHandler(Class)} and {@link #sendAsync} decode bodies; never shut down by the
     * client. Default: the client's own daemon threads, made as needed and ended when idle.
     *
     * @param executor runs one decode per answer; the caller shuts it down
     * @return this builder
     */
    public Builder decodeExecutor(Executor executor) {
      this.decodeExecutor = Objects.requireNonNull(executor, "executor must not be null");
      return this;
    }

    /**
     * Holds RFC 9842 compression dictionaries as {@code settings} say: keeps answers marked
     * {@code Use-As-Dictionary}, announces the one matching a request ({@code Available-Dictionary},
     * {@code Dictionary-ID}, and {@code dcz} in Accept-Encoding), decodes {@code dcz} answers with
     * it after checking the SHA-256 in their header, and drops it once stale. Needs zstd: once set,
     * {@link #build()} fails without it. Default: on with {@code DictionarySettings}' defaults where
     * zstd decodes, off where it does not (zstd-jni missing, or {@link #codings} leaving it out).
     *
     * @param settings the dictionaries' limits, or null for no dictionaries
     * @return this builder
     */
    public Builder dictionaries(DictionarySettings settings) {
      this.dictionarySettings = settings;
      this.dictionariesChosen = true;
      return this;
    }

    /**
     * A new client; the builder is left as it was.
     *
     * @return a thread-safe client that the caller closes
     * @throws IllegalStateException if a coding named in {@link #codings} cannot load, or
     *     {@link #dictionaries} set settings and zstd does not decode
     */
    public CompressedHttpClient build() {
      return new CompressedHttpClient(this);
    }
  }
}
