package io.github.zipjack.webflux;

import io.github.zipjack.Pipeline;
import io.github.zipjack.ZipjackEncodeException;
import io.github.zipjack.buffer.SegmentPool;
import io.github.zipjack.http.DictionaryTransport;
import io.github.zipjack.http.EntityTags;
import io.github.zipjack.http.NegotiatedBody;
import io.github.zipjack.http.VaryHeader;
import io.github.zipjack.servlet.AcceptEncoding;
import io.github.zipjack.servlet.CompressionListener;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.reactivestreams.Publisher;
import org.springframework.core.ResolvableType;
import org.springframework.core.codec.CodecException;
import org.springframework.core.codec.EncodingException;
import org.springframework.core.io.Resource;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ReactiveHttpOutputMessage;
import org.springframework.http.codec.HttpMessageWriter;
import org.springframework.http.codec.ServerSentEvent;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpResponse;
import reactor.core.publisher.Mono;

/**
 * Writes a single-value response body ({@code Mono<T>}, or a {@code T} a handler returns) as JSON or
 * MessagePack (one writer per format) straight
 * into the content coding the client negotiated: serialized by zipjack pipelines built on the
 * application's mapper, compressed into pooled segments, copied once into one {@link DataBuffer},
 * and sent with {@code Content-Encoding}, an exact {@code Content-Length} and
 * {@code Vary: Accept-Encoding}. The servlet side's rules apply: {@code Accept-Encoding} with
 * q-values and identity ({@link AcceptEncoding}), 406 when nothing offered is acceptable, the
 * minimum size and "no larger than identity" ({@link NegotiatedBody}), the configured content
 * types, a strong ETag suffixed with the coding. HEAD needs nothing here: Spring's HEAD response
 * drops the buffer and keeps the headers, Content-Length included.
 *
 * <p>With {@link #withDictionaries} it also speaks RFC 9842 by the servlet side's rules
 * ({@link DictionaryTransport}): a request that names {@code dcz} (or {@code dcb}) and holds a
 * dictionary whose match covers its URL gets the value serialized straight into that dictionary's
 * encoder, with {@code Vary: Accept-Encoding, Available-Dictionary} (and the Sec-Fetch fields the
 * choice read) and the ETag suffix {@code dcz-<hash>}; a body under a dictionary's match carries a
 * {@code Link} to it unless the request holds it.
 *
 * <p>Streaming bodies are not this writer's: a multi-value publisher ({@code Flux}) is handed to the
 * writer that would have written it without zipjack (Spring's Jackson writer), and the streaming media
 * types (NDJSON, server-sent events) are not among those this writer declares. So is every body on
 * the client side, where the request has no {@code Accept-Encoding} to answer.
 *
 * <p>Thread-safe. It does not own the pipelines, nor the dictionaries and their pool (their holders
 * close them). The buffer it makes is released by the response it is written to, or here when
 * anything fails before.
 */
public final class CompressingValueWriter implements HttpMessageWriter<Object> {
  private static final String IDENTITY = "identity";
  /** A streaming JSON type that {@code application/*+json} would otherwise match. */
  private static final MediaType STREAM_JSON = new MediaType("application", "stream+json");

  /** Coding token to pipeline, the server's preference order, identity last. */
  private final Map<String, Pipeline> pipelines;
  private final List<String> preference;
  private final List<MediaType> mediaTypes;
  private final long minBodyBytes;
  /** Decides by Content-Type whether a body is compressed at all (the filter's mime types). */
  private final Predicate<String> compressible;
  /** Null for none. */
  private final CompressionListener listener;
  /** The writers the application would have without zipjack, looked up at first use. */
  private final Supplier<List<HttpMessageWriter<?>>> others;
  private volatile List<HttpMessageWriter<?>> fallbacks;
  /** Null without dictionaries. */
  private final DictionaryTransport dictionaries;
  /** Where dictionary-compressed bodies are held; null without dictionaries. */
  private final SegmentPool dictionaryPool;

  /**
   * @param pipelines coding token to pipeline, most preferred first, with an identity one
   * @param mediaTypes the media types written, the first being the default
   * @param minBodyBytes see {@link NegotiatedBody#encode}
   * @param compressible whether a Content-Type may be compressed
   * @param listener told of each body sent, or null
   * @param others the codec configurer's writers, this one among them; read once, at the first body
   *     this writer hands on
   */
  public CompressingValueWriter(Map<String, Pipeline> pipelines, List<MediaType> mediaTypes, long minBodyBytes,
      Predicate<String> compressible, CompressionListener listener,
      Supplier<List<HttpMessageWriter<?>>> others) {
    this(pipelines, List.copyOf(pipelines.keySet()), mediaTypes, minBodyBytes, compressible, listener, others, null,
        null);
  }

  private CompressingValueWriter(Map<String, Pipeline> pipelines, List<String> preference, List<MediaType> mediaTypes,
      long minBodyBytes, Predicate<String> compressible, CompressionListener listener,
      Supplier<List<HttpMessageWriter<?>>> others, DictionaryTransport dictionaries, SegmentPool dictionaryPool) {
    this.pipelines = Map.copyOf(pipelines);
    this.preference = List.copyOf(preference);
    this.mediaTypes = List.copyOf(mediaTypes);
    this.minBodyBytes = minBodyBytes;
    this.compressible = compressible;
    this.listener = listener;
    this.others = others;
    this.dictionaries = dictionaries;
    this.dictionaryPool = dictionaryPool;
  }

  /**
   * {@return a writer like this one that also answers requests that may use one of {@code dictionaries}}
   *
   * @param dictionaries the dictionaries and their engines; not closed by the writer
   * @param pool where dictionary-compressed bodies are held until copied; not closed by the writer
   */
  public CompressingValueWriter withDictionaries(DictionaryTransport dictionaries, SegmentPool pool) {
    return new CompressingValueWriter(pipelines, preference, mediaTypes, minBodyBytes, compressible, listener, others,
        Objects.requireNonNull(dictionaries, "dictionaries"), Objects.requireNonNull(pool, "pool"));
  }

  @Override
  public List<MediaType> getWritableMediaTypes() {
    return mediaTypes;
  }

  @Override
  public boolean canWrite(ResolvableType elementType, MediaType mediaType) {
    Class<?> type = elementType.toClass();
    if (CharSequence.class.isAssignableFrom(type) || byte[].class == type || Resource.class.isAssignableFrom(type)
        || DataBuffer.class.isAssignableFrom(type) || ByteBuffer.class.isAssignableFrom(type)
        || ServerSentEvent.class.isAssignableFrom(type) || Publisher.class.isAssignableFrom(type)) {
      return false;
    }
    if (mediaType == null) {
      return true;
    }
    return !STREAM_JSON.isCompatibleWith(mediaType) && mediaTypes.stream().anyMatch(m -> m.isCompatibleWith(mediaType));
  }

  /** A client request body, or any body without a server request: the writer Spring would use without zipjack. */
  @Override
  public Mono<Void> write(Publisher<?> input, ResolvableType elementType, MediaType mediaType,
      ReactiveHttpOutputMessage message, Map<String, Object> hints) {
    return fallback(elementType, mediaType).write(cast(input), elementType, mediaType, message, hints);
  }

  @Override
  public Mono<Void> write(Publisher<?> input, ResolvableType actualType, ResolvableType elementType,
      MediaType mediaType, ServerHttpRequest request, ServerHttpResponse response, Map<String, Object> hints) {
    if (!(input instanceof Mono<?> mono)) {
      return fallback(elementType, mediaType).write(cast(input), actualType, elementType, mediaType, request,
          response, hints);
    }
    return mono.<Optional<Object>>map(Optional::of).defaultIfEmpty(Optional.empty())
        .flatMap(value -> value.isPresent() ? writeValue(value.get(), mediaType, request, response) : noBody(response));
  }

  private static Mono<Void> noBody(ServerHttpResponse response) {
    response.getHeaders().setContentLength(0);
    return response.setComplete();
  }

  private Mono<Void> writeValue(Object value, MediaType mediaType, ServerHttpRequest request,
      ServerHttpResponse response) {
    HttpHeaders headers = response.getHeaders();
    MediaType contentType = mediaType == null || mediaType.isWildcardType() || mediaType.isWildcardSubtype()
        ? mediaTypes.get(0) : mediaType;
    String acceptEncoding = joined(request.getHeaders().get(HttpHeaders.ACCEPT_ENCODING));
    AcceptEncoding parsed = AcceptEncoding.parse(acceptEncoding);
    boolean compresses = compressible.test(contentType.toString());
    Optional<String> coding = compresses ? parsed.choose(preference) : Optional.of(IDENTITY);
    DictionaryTransport.Choice choice = DictionaryTransport.Choice.NONE;
    if (dictionaries != null && compresses && coding.isPresent()) {
      choice = dictionaries.choose(request.getPath().value(), request.getURI().getRawQuery(),
          request.getPath().contextPath().value(), request.getHeaders()::getFirst, parsed, coding.get());
      List<String> links = headers.get(HttpHeaders.LINK);
      if (choice.link() != null && (links == null || !links.contains(choice.link()))) {
        headers.add(HttpHeaders.LINK, choice.link());
      }
    }
    String vary = VaryHeader.missing(headers.get(HttpHeaders.VARY), choice.varyTokens());
    if (vary != null) {
      headers.add(HttpHeaders.VARY, vary);
    }
    if (coding.isEmpty()) {
      return notAcceptable(acceptEncoding, response);
    }
    boolean withDictionary = choice.allows(headers.getFirst(HttpHeaders.ACCESS_CONTROL_ALLOW_ORIGIN));
    DataBuffer buffer;
    try (NegotiatedBody sending = withDictionary
        ? NegotiatedBody.encode(pipelines.get(IDENTITY), choice.engine(), dictionaryPool, value, minBodyBytes)
        : NegotiatedBody.encode(pipelines, coding.get(), value, minBodyBytes)) {
      sending.report(listener);
      if (sending.size() > Integer.MAX_VALUE) {
        return Mono.error(new EncodingException("a body of " + sending.size()
            + " bytes is more than one buffer holds (at most " + Integer.MAX_VALUE + ")"));
      }
      headers.setContentType(contentType);
      if (!sending.isIdentity()) {
        headers.set(HttpHeaders.CONTENT_ENCODING, sending.coding());
        String etag = headers.getETag();
        if (etag != null) {
          headers.set(HttpHeaders.ETAG, EntityTags.withSuffix(etag,
              withDictionary ? choice.entityTagSuffix() : sending.coding()));
        }
      }
      headers.setContentLength(sending.size());
      buffer = copy(sending, response);
    } catch (ZipjackEncodeException | IOException e) {
      return Mono.error(new EncodingException("Could not serialize " + value.getClass().getName() + ": "
          + e.getMessage(), e));
    }
    return response.writeWith(Mono.just(buffer));
  }

  /** One buffer of the response's factory holding {@code body}; released here if the copy fails. */
  private static DataBuffer copy(NegotiatedBody body, ServerHttpResponse response) {
    DataBuffer buffer = response.bufferFactory().allocateBuffer((int) body.size());
    try {
      body.writeTo(buffer.asOutputStream());
      return buffer;
    } catch (IOException | RuntimeException e) {
      DataBufferUtils.release(buffer);
      throw new EncodingException("could not copy the encoded body into a buffer: " + e.getMessage(), e);
    }
  }

  private Mono<Void> notAcceptable(String acceptEncoding, ServerHttpResponse response) {
    byte[] text = NegotiatedBody.notAcceptableText(acceptEncoding, preference).getBytes(StandardCharsets.UTF_8);
    response.setStatusCode(HttpStatus.NOT_ACCEPTABLE);
    response.getHeaders().setContentType(new MediaType("text", "plain", StandardCharsets.UTF_8));
    response.getHeaders().setContentLength(text.length);
    return response.writeWith(Mono.fromSupplier(() -> response.bufferFactory().wrap(text)));
  }

  static String joined(List<String> lines) {
    return lines == null || lines.isEmpty() ? null : String.join(", ", lines);
  }

  @SuppressWarnings("unchecked")
  private HttpMessageWriter<Object> fallback(ResolvableType elementType, MediaType mediaType) {
    List<HttpMessageWriter<?>> candidates = fallbacks;
    if (candidates == null) {
      candidates = others.get().stream().filter(w -> !(w instanceof CompressingValueWriter)).toList();
      fallbacks = candidates;
    }
    for (HttpMessageWriter<?> writer : candidates) {
      if (writer.canWrite(elementType, mediaType)) {
        return (HttpMessageWriter<Object>) writer;
      }
    }
    throw new CodecException("no writer besides zipjack's writes " + elementType + " as " + mediaType);
  }

  @SuppressWarnings("unchecked")
  private static Publisher<Object> cast(Publisher<?> input) {
    return (Publisher<Object>) input;
  }

  @Override
  public String toString() {
    return "CompressingValueWriter[" + mediaTypes + ", codings=" + preference + ", minBodyBytes=" + minBodyBytes + "]";
  }
}
