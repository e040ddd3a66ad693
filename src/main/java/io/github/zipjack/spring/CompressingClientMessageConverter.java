package io.github.zipjack.spring;

import io.github.zipjack.Compression;
import io.github.zipjack.Format;
import io.github.zipjack.Pipeline;
import io.github.zipjack.ZipjackDecodeException;
import io.github.zipjack.ZipjackEncodeException;
import io.github.zipjack.client.codings.RequestCompression;
import io.github.zipjack.client.codings.ResponseCodings;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Objects;
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
 * Reads and writes the JSON bodies of {@code RestClient} and {@code RestTemplate} calls, and their
 * MessagePack bodies when made with a MessagePack pipeline, with the application's own mapper (a
 * zipjack {@link Pipeline} per format), the client-side counterpart of {@link CompressingMessageConverter}:
 *
 * <ul>
 *   <li>the format follows the media type: an answer is read as MessagePack when its Content-Type is
 *       {@code application/vnd.msgpack}, {@code application/msgpack} or {@code application/x-msgpack},
 *       as JSON when it is {@code application/json} or {@code +json}; a request body is written as
 *       MessagePack when the caller set one of those MessagePack types as its content type, as JSON
 *       when it set a JSON type or none. Without a MessagePack pipeline the MessagePack
 *       types are neither read nor written (nor listed in {@link #getSupportedMediaTypes()});
 *   <li>a request body is serialized straight into the request compression's encoder, in one pass
 *       in one pass, and sent with {@code Content-Encoding} and an exact
 *       {@code Content-Length} from the minimum size up; below it, or without request compression,
 *       as it is with an exact {@code Content-Length}. {@link DecodingClientInterceptor} leaves a
 *       request that has a Content-Encoding alone, so nothing is compressed twice;
 *   <li>an answer is read straight from its stream into the target type, within its format's
 *       pipeline's {@code maxDecodedBytes} and {@code maxNestingDepth}: one that still has a
 *       {@code Content-Encoding} (no interceptor decoded it) through zipjack's decoders
 *       first, one the interceptor decoded as it comes.
 * </ul>
 *
 * <p>A body that cannot be read fails with zipjack's {@link ZipjackDecodeException} as the cause of
 * Spring's {@link HttpMessageNotReadableException} ("Could not read JSON: ..." or "Could not read
 * MessagePack: ..."), which RestClient and RestTemplate report as a {@code RestClientException}; the
 * body and the decoders are closed on every path and the next call works. A value the mapper cannot
 * serialize is an {@link HttpMessageNotWritableException}, before anything is sent. Text, byte
 * arrays, resources and forms are left to Spring's own converters.
 *
 * <p>Thread-safe. Owns its uncompressed pipelines (made from the ones it is given, which it does not
 * close), its decoders and its request compression; {@link #close()} ends them. Made by
 * {@link ZipjackClientAutoConfiguration} from {@code zipjack.client.*} (with MessagePack when
 * jackson-dataformat-msgpack is on the class path), or by an application through {@link #builder}.
 */
public final class CompressingClientMessageConverter implements SmartHttpMessageConverter<Object>, AutoCloseable {
  private final ClientBodyFormats formats;
  private final ResponseCodings codings;
  /** Null when request bodies are never compressed. */
  private final RequestCompression requestCompression;
  private final String decodable;

  private CompressingClientMessageConverter(Pipeline json, Pipeline msgpack, ResponseCodings codings,
      RequestCompression requestCompression) {
    this.decodable = String.join(", ", codings.codings());
    this.formats = new ClientBodyFormats(json, msgpack);
    this.codings = codings;
    this.requestCompression = requestCompression;
  }

  /**
   * A builder for a converter that reads and writes JSON with {@code json}'s pipeline.
   *
   * @param json the pipeline whose mapper and limits serve JSON bodies (a {@link Format#JSON} one);
   *     its compression is not used. Not closed by the converter, which copies what it needs
   * @return a new builder, not thread-safe
   * @throws IllegalArgumentException if {@code json} is not a JSON pipeline
   */
  public static Builder builder(Pipeline json) {
    return new Builder(json);
  }

  /**
   * Collects a converter's settings, checked as {@code CompressedHttpClient.Builder} checks the same
   * ones. Not thread-safe; {@link #build()} may be called more than once.
   */
  public static final class Builder {
    private final Pipeline json;
    private Pipeline msgpack;
    private final ClientCodingChoices codings = new ClientCodingChoices();

    private Builder(Pipeline json) {
      Objects.requireNonNull(json, "json must not be null");
      if (json.format() != Format.JSON) {
        throw new IllegalArgumentException("the client converter's JSON pipeline must have format JSON: "
            + json.format());
      }
      this.json = json;
    }

    /**
     * Also reads and writes MessagePack, with {@code msgpack}'s pipeline, choosing by media type
     * (see the class doc). Default: JSON only.
     *
     * @param msgpack the pipeline whose mapper and limits serve MessagePack bodies (a
     *     {@link Format#MSGPACK} one, whose mapper is Jackson 2's). Not closed by the converter
     * @return this builder
     * @throws IllegalArgumentException if {@code msgpack} is not a MessagePack pipeline
     */
    public Builder msgpack(Pipeline msgpack) {
      Objects.requireNonNull(msgpack, "msgpack must not be null");
      if (msgpack.format() != Format.MSGPACK) {
        throw new IllegalArgumentException("the client converter's MessagePack pipeline must have format MSGPACK: "
            + msgpack.format());
      }
      this.msgpack = msgpack;
      return this;
    }

    /**
     * The codings decoded when an answer arrives still encoded (no interceptor decoded it), from
     * {@code zstd}, {@code gzip}, {@code br}; each must load. Default: all three that load.
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
     * Compresses request bodies, of either format, of at least {@code minBytes} serialized bytes
     * with {@code compression}, in one pass. Default: no request body is compressed.
     *
     * @param compression gzip, zstd or brotli, without a dictionary
     * @param minBytes serialized bytes from which a body is compressed; 0 for every body
     * @return this builder
     * @throws IllegalArgumentException if {@code minBytes} is negative, or compression is none
     */
    public Builder compressRequests(Compression compression, long minBytes) {
      codings.compressRequests(compression, minBytes);
      return this;
    }

    /**
     * A new converter; the builder is left as it was.
     *
     * @return a thread-safe converter that the caller closes
     * @throws IllegalStateException if a listed coding, or the request compression, cannot load
     */
    public CompressingClientMessageConverter build() {
      return codings.assemble(Math.max(json.maxDecodedBytes(), msgpack == null ? 0 : msgpack.maxDecodedBytes()),
          this::build);
    }

    /** A converter on decoders and a request compression made from this builder's choices. */
    CompressingClientMessageConverter build(ResponseCodings responseCodings, RequestCompression requestCompression) {
      return new CompressingClientMessageConverter(json, msgpack, responseCodings, requestCompression);
    }

    /** The codings and request compression chosen, for a caller that makes them itself. */
    ClientCodingChoices codingChoices() {
      return codings;
    }
  }

  /** Values other converters handle as they are (text, bytes, resources, forms) are left to them. */
  private static boolean serves(Class<?> type) {
    return !(CharSequence.class.isAssignableFrom(type) || byte[].class == type || Resource.class.isAssignableFrom(type)
        || MultiValueMap.class.isAssignableFrom(type));
  }

  @Override
  public boolean canRead(ResolvableType type, MediaType mediaType) {
    return serves(type.toClass()) && formats.formatOf(mediaType) != null;
  }

  @Override
  public boolean canWrite(ResolvableType type, Class<?> valueClass, MediaType mediaType) {
    return serves(valueClass) && formats.formatOf(mediaType) != null;
  }

  /** {@return JSON's media types, then MessagePack's when this converter has a MessagePack pipeline} */
  @Override
  public List<MediaType> getSupportedMediaTypes() {
    return formats.mediaTypes();
  }

  @Override
  public Object read(ResolvableType type, HttpInputMessage input, Map<String, Object> hints) throws IOException {
    HttpHeaders headers = input.getHeaders();
    try (InputStream body = input.getBody()) {
      ClientBodyFormat format = formats.formatOf(headers.getContentType());
      if (format == null) {
        throw new HttpMessageNotReadableException("Content-Type " + headers.getContentType()
            + " is not one this converter reads: " + formats.mediaTypes(), input);
      }
      try (InputStream decoded = codings.decoder(body, ResponseCodings.applied(
          headers.getOrEmpty(HttpHeaders.CONTENT_ENCODING)), decodable)) {
        // the pipeline bounds what it reads by maxDecodedBytes, whichever layer made it
        return format.decode(decoded, type.getType());
      } catch (ZipjackDecodeException e) {
        throw new HttpMessageNotReadableException("Could not read " + format.name() + ": " + e.getMessage(), e, input);
      }
    }
  }

  @Override
  public void write(Object value, ResolvableType type, MediaType contentType, HttpOutputMessage output,
      Map<String, Object> hints) throws IOException {
    ClientBodyFormat format = formats.formatOf(contentType);
    if (format == null) {
      throw new HttpMessageNotWritableException("Content-Type " + contentType + " is not one this converter writes: "
          + formats.mediaTypes());
    }
    HttpHeaders headers = output.getHeaders();
    RequestCompression.Body body;
    try {
      body = requestCompression == null || headers.containsHeader(HttpHeaders.CONTENT_ENCODING)
          ? RequestCompression.plainBody(format.plain(), value) : requestCompression.encode(format.plain(), value);
    } catch (ZipjackEncodeException e) {
      throw new HttpMessageNotWritableException("Could not write " + format.name() + ": " + e.getMessage(), e);
    }
    headers.setContentType(contentType == null || contentType.isWildcardType() || contentType.isWildcardSubtype()
        ? format.mediaTypes().get(0) : contentType);
    if (body.contentEncoding() != null) {
      headers.set(HttpHeaders.CONTENT_ENCODING, body.contentEncoding());
    }
    headers.setContentLength(body.length());
    body.writeTo(output.getBody());
  }

  /** Ends the pipelines, decoders and request compression this converter owns. Idempotent. */
  @Override
  public void close() {
    formats.close();
    codings.close();
    if (requestCompression != null) {
      requestCompression.close();
    }
  }

  @Override
  public String toString() {
    return "CompressingClientMessageConverter[" + formats.mediaTypes() + ", decodes " + decodable
        + ", request compression=" + (requestCompression == null ? "none" : requestCompression) + ", " + formats + "]";
  }
}
