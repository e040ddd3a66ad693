package io.github.zipjack.spring;

import io.github.zipjack.Pipeline;
import io.github.zipjack.ZipjackEncodeException;
import io.github.zipjack.servlet.CompressedResponses;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.core.io.Resource;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpInputMessage;
import org.springframework.http.HttpOutputMessage;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.http.converter.HttpMessageNotWritableException;
import org.springframework.http.server.ServletServerHttpResponse;
import org.springframework.web.context.request.RequestAttributes;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;

/**
 * Writes a controller's return value straight into the compressed body the client negotiated: the
 * value is serialized by zipjack pipelines built on the application's own mapper, compressed into
 * pooled segments, and sent with Content-Encoding, an exact Content-Length and
 * {@code Vary: Accept-Encoding} ({@link CompressedResponses}); the {@code CompressionFilter} then
 * passes the response through, so nothing is copied twice. Write-only: reading request bodies stays
 * with Spring's own converters. A value that cannot be serialized leaves the response untouched
 * ({@link HttpMessageNotWritableException}), so Spring's error handling sends a whole error
 * response, never a partial compressed body.
 *
 * <p>Thread-safe. Made by {@link ZipjackCompressionAutoConfiguration}; it does not own the pipelines
 * (their beans close them).
 */
public final class CompressingMessageConverter implements HttpMessageConverter<Object> {
  private final CompressedResponses responses;
  private final List<MediaType> mediaTypes;
  private final String format;
  /** One helper per content type sent (they share the pipelines), made on first use. */
  private final Map<String, CompressedResponses> byContentType = new ConcurrentHashMap<>();

  /**
   * @param responses the pipelines, one per coding offered, in order of preference
   * @param mediaTypes the media types this converter writes, the first being its default
   */
  CompressingMessageConverter(CompressedResponses responses, List<MediaType> mediaTypes) {
    this.responses = responses;
    this.mediaTypes = List.copyOf(mediaTypes);
    this.format = mediaTypes.get(0).getSubtype().contains("msgpack") ? "MessagePack" : "JSON";
  }

  /** Values other converters write as they are (text, bytes, resources) are left to them. */
  @Override
  public boolean canWrite(Class<?> type, MediaType mediaType) {
    if (CharSequence.class.isAssignableFrom(type) || byte[].class == type || Resource.class.isAssignableFrom(type)) {
      return false;
    }
    if (!(RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes)) {
      return false;
    }
    return mediaType == null || mediaTypes.stream().anyMatch(m -> m.isCompatibleWith(mediaType));
  }

  @Override
  public boolean canRead(Class<?> type, MediaType mediaType) {
    return false;
  }

  @Override
  public List<MediaType> getSupportedMediaTypes() {
    return mediaTypes;
  }

  @Override
  public Object read(Class<?> type, HttpInputMessage input) {
    throw new HttpMessageNotReadableException("zipjack's converter only writes", input);
  }

  @Override
  public void write(Object value, MediaType contentType, HttpOutputMessage output) throws IOException {
    HttpServletResponse response = output instanceof ServletServerHttpResponse servlet ? servlet.getServletResponse() : null;
    RequestAttributes attributes = RequestContextHolder.getRequestAttributes();
    if (response == null || !(attributes instanceof ServletRequestAttributes servletAttributes)) {
      throw new HttpMessageNotWritableException("zipjack's converter writes servlet responses only, not " + output);
    }
    HttpServletRequest request = servletAttributes.getRequest();
    copyHeaders(output.getHeaders(), response);
    String type = contentType == null || contentType.isWildcardType() || contentType.isWildcardSubtype()
        ? mediaTypes.get(0).toString() : contentType.toString();
    try {
      CompressedResponses typed = byContentType.get(type);
      if (typed == null) {
        typed = byContentType.computeIfAbsent(type, responses::withContentType);
      }
      typed.write(request, response, value);
    } catch (ZipjackEncodeException e) {
      throw new HttpMessageNotWritableException("Could not write " + format + ": " + e.getMessage(), e);
    }
  }

  /**
   * Headers Spring collected for this response (from a ResponseEntity, for example), which Spring
   * writes only when a converter asks for the body stream; this converter writes the servlet
   * response itself. Spring's view includes what the servlet response already has (a filter's
   * Link or CORS headers): those values are not added a second time.
   */
  private static void copyHeaders(HttpHeaders headers, HttpServletResponse response) {
    if (headers.isEmpty()) {
      return;
    }
    headers.forEach((name, values) -> {
      if (name.equalsIgnoreCase(HttpHeaders.CONTENT_TYPE) || name.equalsIgnoreCase(HttpHeaders.CONTENT_LENGTH)) {
        return;
      }
      Collection<String> present = List.copyOf(response.getHeaders(name));
      for (String value : values) {
        if (!present.contains(value)) {
          response.addHeader(name, value);
        }
      }
    });
  }


  @Override
  public String toString() {
    return "CompressingMessageConverter[" + mediaTypes + ", " + responses + "]";
  }
}
