package io.github.zipjack.servlet;

import io.github.zipjack.ZipjackDecodeException;
import io.github.zipjack.codec.CompressionEngine;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Locale;

/**
 * A request whose body the application reads inflated: {@link #getInputStream()} and
 * {@link #getReader()} give the decoded bytes, and the headers that described the compressed body
 * ({@code Content-Encoding}, {@code Content-Length}) are gone from every header method;
 * {@link #getContentLength()} is -1 (the inflated length is not known in advance).
 *
 * <p>One request thread at a time, like any request. {@link #release()} returns the decoder;
 * the filter calls it after the chain, whether or not the application read the body.
 *
 * <p>Not handled: form parameters ({@code getParameter}) and multipart parts of a compressed body,
 * which the container parses from its own, still compressed, stream.
 */
final class InflatedRequest extends HttpServletRequestWrapper {
  private final InflatingInputStream body;
  private BufferedReader reader;
  private boolean streamGiven;

  InflatedRequest(HttpServletRequest request, CompressionEngine engine, long maxInflatedBytes, long maxRatio)
      throws IOException {
    super(request);
    this.body = new InflatingInputStream(request.getInputStream(), engine, maxInflatedBytes, maxRatio);
  }

  /** Whether {@code name} is a header this wrapper hides: Content-Encoding or Content-Length. */
  static boolean hidden(String name) {
    return name != null && (name.equalsIgnoreCase("Content-Encoding") || name.equalsIgnoreCase("Content-Length"));
  }

  @Override
  public String getHeader(String name) {
    return hidden(name) ? null : super.getHeader(name);
  }

  @Override
  public Enumeration<String> getHeaders(String name) {
    return hidden(name) ? Collections.emptyEnumeration() : super.getHeaders(name);
  }

  @Override
  public Enumeration<String> getHeaderNames() {
    Enumeration<String> names = super.getHeaderNames();
    if (names == null) {
      return null;
    }
    List<String> kept = new ArrayList<>();
    while (names.hasMoreElements()) {
      String name = names.nextElement();
      if (!hidden(name)) {
        kept.add(name);
      }
    }
    return Collections.enumeration(kept);
  }

  @Override
  public int getIntHeader(String name) {
    return hidden(name) ? -1 : super.getIntHeader(name);
  }

  @Override
  public long getDateHeader(String name) {
    return hidden(name) ? -1 : super.getDateHeader(name);
  }

  @Override
  public int getContentLength() {
    return -1;
  }

  @Override
  public long getContentLengthLong() {
    return -1;
  }

  @Override
  public ServletInputStream getInputStream() {
    if (reader != null) {
      throw new IllegalStateException("getReader() has already been called for this request");
    }
    streamGiven = true;
    return body;
  }

  /**
   * The inflated body as characters, in the request's character encoding; without one, UTF-8 for
   * JSON content types (RFC 8259) and ISO-8859-1 otherwise (the Servlet specification's default).
   */
  @Override
  public BufferedReader getReader() {
    if (streamGiven) {
      throw new IllegalStateException("getInputStream() has already been called for this request");
    }
    if (reader == null) {
      reader = new BufferedReader(new InputStreamReader(body, readerCharset()));
    }
    return reader;
  }

  private Charset readerCharset() {
    String encoding = getCharacterEncoding();
    if (encoding != null) {
      try {
        return Charset.forName(encoding);
      } catch (IllegalArgumentException e) {
        throw new UncheckedIOException(new java.io.UnsupportedEncodingException(encoding));
      }
    }
    String type = getContentType();
    if (type != null) {
      String mime = type.toLowerCase(Locale.ROOT);
      int semicolon = mime.indexOf(';');
      mime = (semicolon < 0 ? mime : mime.substring(0, semicolon)).trim();
      if (mime.equals("application/json") || mime.endsWith("+json")) {
        return StandardCharsets.UTF_8;
      }
    }
    return StandardCharsets.ISO_8859_1;
  }

  /** The first data problem the body met, or null. */
  ZipjackDecodeException failure() {
    return body.failure();
  }

  /** The inflating stream, for tests and the filter's statistics. */
  InflatingInputStream body() {
    return body;
  }

  /**
   * Returns the decoder now, or, when the application started async processing (and may still read),
   * when the async cycle completes, fails or times out. Safe to call more than once.
   */
  void release() throws IOException {
    if (isAsyncStarted()) {
      getAsyncContext().addListener(new AsyncListener() {
        @Override
        public void onComplete(AsyncEvent event) throws IOException {
          body.close();
        }

        @Override
        public void onTimeout(AsyncEvent event) throws IOException {
          body.close();
        }

        @Override
        public void onError(AsyncEvent event) throws IOException {
          body.close();
        }

        @Override
        public void onStartAsync(AsyncEvent event) {
          // startAsync again drops the listeners; stay for the new cycle
          event.getAsyncContext().addListener(this);
        }
      });
      return;
    }
    body.close();
  }
}
