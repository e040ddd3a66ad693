package io.github.zipjack.spring;

import com.fasterxml.jackson.databind.type.TypeFactory;
import io.github.zipjack.Compression;
import io.github.zipjack.Pipeline;
import io.github.zipjack.ZipjackDecodeException;
import io.github.zipjack.ZipjackEncodeException;
import io.github.zipjack.client.RequestCompression;
import io.github.zipjack.client.ResponseCodings;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Map;
import org.springframework.core.ResolvableType;
import org.springframework.core.io.Resource;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpInputMessage;
import org.springframework.http.HttpOutputMessage;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.http.converter.HttpMessageNotWritableException;
import org.springframework.http.converter.SmartHttpMessageConverter;
import org.springframework.util.MultiValueMap;

/**
 * Reads and writes the JSON bodies of {@code RestClient} and {@code RestTemplate} calls with the
 * application's own mapper (a zipjack {@link Pipeline}), the client-side counterpart of
 * {@link CompressingMessageConverter}:
 *
 * <ul>
 *   <li>a request body is serialized straight into the request compression's encoder, in one pass
 *       ({@link RequestCompression#encode}), and sent with {@code Content-Encoding} and an exact
 *       {@code Content-Length} from the minimum size up; below it, or without request compression,
 *       as it is with an exact {@code Content-Length}. {@link DecodingClientInterceptor} leaves a
 *       request that has a Content-Encoding alone, so nothing is compressed twice;
 *   <li>an answer is read straight from its stream into the target type, within the pipeline's
 *       {@code maxDecodedBytes} and {@code maxNestingDepth}: one that still has a
 *       {@code Content-Encoding} (no interceptor decoded it) through {@link ResponseCodings}' decoders
 *       first, one the interceptor decoded as it comes.
 * </ul>
 *
 * <p>A body that cannot be read fails with zipjack's {@link ZipjackDecodeException} as the cause of
 * Spring's {@link HttpMessageNotReadableException} (which RestClient and RestTemplate report as a
 * {@code RestClientException}); the decoders are closed on every path and the next call works. A
 * value the mapper cannot serialize is an {@link HttpMessageNotWritableException}, before anything
 * is sent. Text, byte arrays, resources and forms are left to Spring's own converters.
 *
 * <p>Thread-safe. Owns its pipeline, decoders and request compression; {@link #close()} ends them.
 * Made by {@link ZipjackClientAutoConfiguration} from {@code zipjack.client.*}, or by an application
 * through its constructor.
 */
public final class CompressingClientMessageConverter implements SmartHttpMessageConverter<Object>, AutoCloseable {
  private static final List<MediaType> MEDIA_TYPES = ConverterPipelines.JSON_TYPES;

  private final Pipeline plain;
  private final GenericDecoder decoder;
  private final ResponseCodings codings;
  /** Null when request bodies are never compressed. */
  private final RequestCompression requestCompression;
  private final String decodable;

  /** Reads a value of a generic type from a decoded body with the pipeline's mapper, Jackson 2 or 3. */
  interface GenericDecoder {
    Object decode(InputStream decoded, Type type) throws IOException;
  }

  /**
   * A converter that serializes and reads with {@code mapper}'s pipeline.
   *
   * @param mapper a pipeline whose mapper, format and limits serve every body; its compression is not
   *     used. Not closed by this converter
   * @param codings decodes answers that arrive still encoded; owned (closed) by this converter
   * @param requestCompression compresses request bodies from its minimum size, or null for never; owned
   * @throws IllegalArgumentException if {@code mapper} is not a JSON pipeline
   */
  public CompressingClientMessageConverter(Pipeline mapper, ResponseCodings codings,
      RequestCompression requestCompression) {
    if (mapper.format() != io.github.zipjack.Format.JSON) {
      throw new IllegalArgumentException("the client converter reads and writes JSON; the pipeline's format is "
          + mapper.format());
    }
    this.plain = Pipeline.builder().sameMapperAs(mapper).compression(Compression.none())
        .maxDecodedBytes(mapper.maxDecodedBytes()).maxNestingDepth(mapper.maxNestingDepth()).build();
    this.decoder = genericDecoder(plain);
    this.codings = codings;
    this.requestCompression = requestCompression;
    this.decodable = String.join(", ", codings.codings());
  }

  private static GenericDecoder genericDecoder(Pipeline pipeline) {
    TypeFactory jackson2Types;
    try {
      jackson2Types = pipeline.mapperCopy().getTypeFactory();
    } catch (IllegalStateException jackson3) {
      return Jackson3Mappers.genericDecoder(pipeline);
    }
    return (in, type) -> pipeline.decode(in, jackson2Types.constructType(type));
  }

  /** Values other converters handle as they are (text, bytes, resources, forms) are left to them. */
  private static boolean serves(Class<?> type) {
    return !(CharSequence.class.isAssignableFrom(type) || byte[].class == type || Resource.class.isAssignableFrom(type)
        || MultiValueMap.class.isAssignableFrom(type));
  }

  private static boolean servesMediaType(MediaType mediaType) {
    return mediaType == null || MEDIA_TYPES.stream().anyMatch(m -> m.isCompatibleWith(mediaType));
  }

  @Override
  public boolean canRead(ResolvableType type, MediaType mediaType) {
    return serves(type.toClass()) && servesMediaType(mediaType);
  }

  @Override
  public boolean canWrite(ResolvableType type, Class<?> valueClass, MediaType mediaType) {
    return serves(valueClass) && servesMediaType(mediaType);
  }

  @Override
  public List<MediaType> getSupportedMediaTypes() {
    return MEDIA_TYPES;
  }

  @Override
  public Object read(ResolvableType type, HttpInputMessage input, Map<String, Object> hints) throws IOException {
    try (InputStream body = input.getBody();
        InputStream decoded = codings.decoder(body, ResponseCodings.applied(
            input.getHeaders().getOrEmpty(HttpHeaders.CONTENT_ENCODING)), decodable)) {
      // the pipeline bounds what it reads by maxDecodedBytes, whichever layer made it
      return decoder.decode(decoded, type.getType());
    } catch (ZipjackDecodeException e) {
      throw new HttpMessageNotReadableException("Could not read JSON: " + e.getMessage(), e, input);
    }
  }

  @Override
  public void write(Object value, ResolvableType type, MediaType contentType, HttpOutputMessage output,
      Map<String, Object> hints) throws IOException {
    HttpHeaders headers = output.getHeaders();
    RequestCompression.Body body;
    try {
      body = requestCompression == null || headers.containsHeader(HttpHeaders.CONTENT_ENCODING)
          ? RequestCompression.plainBody(plain, value) : requestCompression.encode(plain, value);
    } catch (ZipjackEncodeException e) {
      throw new HttpMessageNotWritableException("Could not write JSON: " + e.getMessage(), e);
    }
    headers.setContentType(contentType == null || contentType.isWildcardType() || contentType.isWildcardSubtype()
        ? MEDIA_TYPES.get(0) : contentType);
    if (body.contentEncoding() != null) {
      headers.set(HttpHeaders.CONTENT_ENCODING, body.contentEncoding());
    }
    headers.setContentLength(body.length());
    body.writeTo(output.getBody());
  }

  /** Ends the pipeline, decoders and request compression this converter owns. Idempotent. */
  @Override
  public void close() {
    plain.close();
    codings.close();
    if (requestCompression != null) {
      requestCompression.close();
    }
  }

  @Override
  public String toString() {
    return "CompressingClientMessageConverter[" + MEDIA_TYPES + ", decodes " + decodable + ", request compression="
        + (requestCompression == null ? "none" : requestCompression) + ", " + plain + "]";
  }
}
