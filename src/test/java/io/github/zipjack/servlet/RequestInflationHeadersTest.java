package io.github.zipjack.servlet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.zipjack.JdkGzip;
import io.github.zipjack.codec.EngineConfig;
import io.github.zipjack.codec.GzipEngine;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What the application sees of an inflated request's headers: Content-Encoding and Content-Length
 * are gone from every header method, whatever their case, and the body reads inflated. The request
 * underneath is a header table (a proxy answering header methods and the body, nothing else): these
 * are rules about header lookup, not container behaviour, which the Jetty and Tomcat tests cover.
 */
class RequestInflationHeadersTest {
  private static final String JSON = "{\"city\":\"Zürich\"}";
  private final GzipEngine gzip = new GzipEngine(new EngineConfig(1, 0, 8192, 2, null, 64L << 20));

  @AfterEach
  void closeEngine() {
    gzip.close();
  }

  private InflatedRequest inflated(Map<String, String> headers) throws IOException {
    return new InflatedRequest(headerTable(headers, JdkGzip.of(JSON.getBytes(StandardCharsets.UTF_8))), gzip, 1 << 20, 100);
  }

  private Map<String, String> compressedJsonHeaders() {
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("Content-Type", "application/json");
    headers.put("content-encoding", "gzip");
    headers.put("Content-Length", "42");
    headers.put("Accept", "application/json");
    return headers;
  }

  /** A request that is only a header table (names case-insensitive) and a body. */
  private static HttpServletRequest headerTable(Map<String, String> headers, byte[] body) {
    ServletInputStream in = new ServletInputStream() {
      private final ByteArrayInputStream bytes = new ByteArrayInputStream(body);

      @Override
      public int read() {
        return bytes.read();
      }

      @Override
      public boolean isFinished() {
        return bytes.available() == 0;
      }

      @Override
      public boolean isReady() {
        return true;
      }

      @Override
      public void setReadListener(ReadListener listener) {
        throw new UnsupportedOperationException();
      }
    };
    return (HttpServletRequest) Proxy.newProxyInstance(RequestInflationHeadersTest.class.getClassLoader(),
        new Class<?>[] {HttpServletRequest.class}, (proxy, method, args) -> {
          switch (method.getName()) {
            case "getHeader":
              return lookup(headers, (String) args[0]);
            case "getHeaders": {
              String value = lookup(headers, (String) args[0]);
              return Collections.enumeration(value == null ? List.of() : List.of(value));
            }
            case "getHeaderNames":
              return Collections.enumeration(headers.keySet());
            case "getIntHeader": {
              String value = lookup(headers, (String) args[0]);
              return value == null ? -1 : Integer.parseInt(value);
            }
            case "getContentLength":
              return 42;
            case "getContentLengthLong":
              return 42L;
            case "getContentType":
              return lookup(headers, "Content-Type");
            case "getCharacterEncoding":
              return null;
            case "getInputStream":
              return in;
            case "isAsyncStarted":
              return false;
            default:
              throw new UnsupportedOperationException(method.getName());
          }
        });
  }

  private static String lookup(Map<String, String> headers, String name) {
    for (Map.Entry<String, String> e : headers.entrySet()) {
      if (e.getKey().equalsIgnoreCase(name)) {
        return e.getValue();
      }
    }
    return null;
  }

  @Test
  void contentEncodingIsGoneWhateverItsCase() throws IOException {
    InflatedRequest request = inflated(compressedJsonHeaders());
    assertNull(request.getHeader("Content-Encoding"));
    assertNull(request.getHeader("CONTENT-ENCODING"));
    assertFalse(request.getHeaders("content-encoding").hasMoreElements());
  }

  @Test
  void contentLengthIsGoneFromEveryMethod() throws IOException {
    InflatedRequest request = inflated(compressedJsonHeaders());
    assertNull(request.getHeader("content-length"));
    assertFalse(request.getHeaders("Content-Length").hasMoreElements());
    assertEquals(-1, request.getIntHeader("Content-Length"));
    assertEquals(-1, request.getContentLength());
    assertEquals(-1L, request.getContentLengthLong());
  }

  @Test
  void headerNamesListEveryOtherHeaderInOrder() throws IOException {
    assertEquals(List.of("Content-Type", "Accept"), Collections.list(inflated(compressedJsonHeaders()).getHeaderNames()));
  }

  @Test
  void otherHeadersAreUnchanged() throws IOException {
    InflatedRequest request = inflated(compressedJsonHeaders());
    assertEquals("application/json", request.getHeader("accept"));
    assertEquals("application/json", request.getContentType());
  }

  @Test
  void theInputStreamReadsTheInflatedBody() throws IOException {
    assertArrayEquals(JSON.getBytes(StandardCharsets.UTF_8), inflated(compressedJsonHeaders()).getInputStream().readAllBytes());
  }

  @Test
  void theReaderDecodesJsonWithoutACharsetAsUtf8() throws IOException {
    assertEquals(JSON, inflated(compressedJsonHeaders()).getReader().readLine());
  }

  @Test
  void theReaderDecodesOtherTypesWithoutACharsetAsIso88591() throws IOException {
    Map<String, String> headers = compressedJsonHeaders();
    headers.put("Content-Type", "text/plain");
    String read = inflated(headers).getReader().readLine();
    assertEquals(new String(JSON.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1), read);
  }

  @Test
  void getReaderAfterGetInputStreamIsRefused() throws IOException {
    InflatedRequest request = inflated(compressedJsonHeaders());
    request.getInputStream();
    assertThrows(IllegalStateException.class, request::getReader);
  }

  @Test
  void anInflatedRequestIsFoundUnderAnotherFiltersWrapper() throws IOException {
    InflatedRequest request = inflated(compressedJsonHeaders());
    assertSame(request, RequestInflation.find(new HttpServletRequestWrapper(request)));
    assertNull(RequestInflation.find(new HttpServletRequestWrapper(headerTable(Map.of(), new byte[0]))));
  }

  @Test
  void releaseReturnsTheDecoderOfAPartlyReadBody() throws IOException {
    InflatedRequest request = inflated(compressedJsonHeaders());
    assertEquals('{', request.getInputStream().read());
    RequestInflation.release(new HttpServletRequestWrapper(request));
    assertFalse(request.body().decoderOpen());
  }
}
