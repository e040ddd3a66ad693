package io.github.zipjack.spring;

import io.github.zipjack.ZipjackDecodeException;
import io.github.zipjack.webflux.CodedBody;
import io.github.zipjack.webflux.DecodingExchangeFilter;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.reactivestreams.Publisher;
import org.springframework.core.ResolvableType;
import org.springframework.core.codec.CodecException;
import org.springframework.core.codec.Decoder;
import org.springframework.core.codec.DecodingException;
import org.springframework.core.io.Resource;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.MediaType;
import org.springframework.http.codec.ClientCodecConfigurer;
import org.springframework.http.codec.DecoderHttpMessageReader;
import org.springframework.http.codec.HttpMessageReader;
import org.springframework.http.codec.ServerSentEvent;
import org.springframework.util.MimeType;
import org.springframework.util.MultiValueMap;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Reads a WebClient answer that holds one value ({@code bodyToMono(T)}) of JSON or MessagePack
 * straight from its compressed buffers into {@code T}, with the application's mapper: when
 * {@link DecodingExchangeFilter} left the body in its coding ({@link CodedBody}), the compressed
 * bytes are joined, decoded in one call where the coding's engine can (a gzip member of at most
 * 256 KiB compressed and 8 MiB decoded) or else as the mapper reads, and parsed in one pass, never
 * copied into buffers for Spring's Jackson decoder to join and read again. The limits:
 * the compressed bytes held count against Spring's {@code max-in-memory-size} (and the filter's
 * bound), what they inflate to against {@code zipjack.client.max-decoded-size}, and the mapper's
 * nesting depth. A body that cannot be read fails with a {@link DecodingException} whose cause is
 * zipjack's {@link ZipjackDecodeException}.
 *
 * <p>Everything else goes to the decoder Spring would have used without zipjack, untouched: a
 * {@code Flux} (streamed, element by element), an answer that came without a coding, and one the
 * filter hands on otherwise (a dictionary it keeps). Text, bytes, buffers, resources and streams are
 * never this decoder's.
 *
 * <p>Thread-safe. One serves one codec configurer (its readers, its {@code max-in-memory-size});
 * the formats, shared by all, are their holder's to close.
 */
final class CompressedValueDecoder implements Decoder<Object> {
  /** Spring's default {@code max-in-memory-size}, in bytes. */
  private static final int DEFAULT_MAX_IN_MEMORY_BYTES = 256 * 1024;

  private final ClientBodyFormats formats;
  private final List<MimeType> mimeTypes;
  /** The most compressed bytes held for one value; negative for no bound but the filter's. */
  private volatile int maxInMemoryBytes = DEFAULT_MAX_IN_MEMORY_BYTES;
  /** The codec configurer's readers, this one's among them, read at its first hand-on. */
  private final Supplier<List<HttpMessageReader<?>>> others;
  private volatile List<Decoder<?>> fallbacks;

  private CompressedValueDecoder(ClientBodyFormats formats, Supplier<List<HttpMessageReader<?>>> others) {
    this.formats = formats;
    this.mimeTypes = List.copyOf(formats.mediaTypes());
    this.others = others;
  }

  /**
   * Registers a decoder of {@code formats} on a WebClient's codecs, ahead of Spring's Jackson
   * decoder (custom object readers come before the default ones), following their
   * {@code max-in-memory-size}.
   *
   * @param formats the application's formats; not closed by the decoder
   */
  static void register(ClientCodecConfigurer configurer, ClientBodyFormats formats) {
    CompressedValueDecoder decoder = new CompressedValueDecoder(formats, configurer::getReaders);
    configurer.customCodecs().registerWithDefaultConfig(decoder, config -> {
      Integer size = config.maxInMemorySize();
      decoder.maxInMemoryBytes = size == null ? DEFAULT_MAX_IN_MEMORY_BYTES : size;
    });
  }

  @Override
  public boolean canDecode(ResolvableType elementType, MimeType mimeType) {
    Class<?> type = elementType.toClass();
    if (CharSequence.class.isAssignableFrom(type) || byte[].class == type || Resource.class.isAssignableFrom(type)
        || DataBuffer.class.isAssignableFrom(type) || ByteBuffer.class.isAssignableFrom(type)
        || ServerSentEvent.class.isAssignableFrom(type) || Publisher.class.isAssignableFrom(type)
        || MultiValueMap.class.isAssignableFrom(type)) {
      return false;
    }
    return formats.formatOf(mediaType(mimeType)) != null;
  }

  @Override
  public Mono<Object> decodeToMono(Publisher<DataBuffer> input, ResolvableType elementType, MimeType mimeType,
      Map<String, Object> hints) {
    ClientBodyFormat format = formats.formatOf(mediaType(mimeType));
    if (!(input instanceof CodedBody coded) || format == null) {
      return fallback(elementType, mimeType).decodeToMono(input, elementType, mimeType, hints);
    }
    return coded.read(maxInMemoryBytes, decoded -> format.decode(decoded, elementType.getType()))
        .onErrorMap(ZipjackDecodeException.class, e -> new DecodingException("Could not read " + format.name()
            + ": " + e.getMessage(), e));
  }

  @Override
  public Flux<Object> decode(Publisher<DataBuffer> input, ResolvableType elementType, MimeType mimeType,
      Map<String, Object> hints) {
    return fallback(elementType, mimeType).decode(input, elementType, mimeType, hints);
  }

  @Override
  public Object decode(DataBuffer buffer, ResolvableType targetType, MimeType mimeType, Map<String, Object> hints) {
    return fallback(targetType, mimeType).decode(buffer, targetType, mimeType, hints);
  }

  @Override
  public List<MimeType> getDecodableMimeTypes() {
    return mimeTypes;
  }

  private static MediaType mediaType(MimeType mimeType) {
    return mimeType == null ? null : MediaType.asMediaType(mimeType);
  }

  /** The first decoder of the other readers that decodes {@code elementType} from {@code mimeType}. */
  @SuppressWarnings("unchecked")
  private Decoder<Object> fallback(ResolvableType elementType, MimeType mimeType) {
    List<Decoder<?>> candidates = fallbacks;
    if (candidates == null) {
      candidates = others.get().stream()
          .filter(r -> r instanceof DecoderHttpMessageReader<?> d && !(d.getDecoder() instanceof CompressedValueDecoder))
          .<Decoder<?>>map(r -> ((DecoderHttpMessageReader<?>) r).getDecoder())
          .toList();
      fallbacks = candidates;
    }
    for (Decoder<?> decoder : candidates) {
      if (decoder.canDecode(elementType, mimeType)) {
        return (Decoder<Object>) decoder;
      }
    }
    throw new CodecException("no decoder besides zipjack's reads " + elementType + " from " + mimeType);
  }

  @Override
  public String toString() {
    return "CompressedValueDecoder[" + mimeTypes + ", " + formats + "]";
  }
}
