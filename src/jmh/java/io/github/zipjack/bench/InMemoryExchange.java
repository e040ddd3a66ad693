package io.github.zipjack.bench;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.OutputStream;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One GET request and its response held in memory, for benchmarks of the servlet code paths
 * without a container or sockets. The request answers what a filter and a converter ask of it
 * (method, URI, headers, attributes); the response keeps its status and headers in lists and hands
 * its body to an {@link OutputStream} (a Blackhole). Any other servlet method throws
 * {@link UnsupportedOperationException} naming it, so a code path that needs more fails loudly
 * instead of measuring a stub.
 *
 * <p>Reused across operations: {@link #reset()} clears what the last one left, without allocating.
 * Its own allocation per operation is what the code under test asks of it: a list per
 * {@code getHeaders} or {@code getHeaderNames} call and an enumeration per request
 * {@code getHeaders}, as containers allocate too. Not thread-safe: one per benchmark thread.
 */
final class InMemoryExchange {
  final Request request;
  final Response response;

  InMemoryExchange(String uri, Map<String, String> requestHeaders, OutputStream body) {
    request = new Request(uri, requestHeaders);
    response = new Response(body);
  }

  /** Forgets the attributes, status, headers and body state of the last operation. */
  void reset() {
    request.attributes.clear();
    response.reset();
  }

  private static <T> T unsupported(Class<T> type) {
    return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) -> {
      throw new UnsupportedOperationException(type.getSimpleName() + "." + method.getName()
          + " is not part of the in-memory exchange");
    }));
  }

  /** A GET request with fixed headers (names compared case-insensitively). */
  static final class Request extends HttpServletRequestWrapper {
    private final String uri;
    /** Name (any case) to value; one value per name. */
    private final Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    private final Map<String, Object> attributes = new HashMap<>();

    Request(String uri, Map<String, String> headers) {
      super(unsupported(HttpServletRequest.class));
      this.uri = uri;
      this.headers.putAll(headers);
    }

    @Override
    public String getMethod() {
      return "GET";
    }

    @Override
    public String getRequestURI() {
      return uri;
    }

    @Override
    public String getContextPath() {
      return "";
    }

    @Override
    public String getServletPath() {
      return uri;
    }

    @Override
    public String getPathInfo() {
      return null;
    }

    @Override
    public String getQueryString() {
      return null;
    }

    @Override
    public DispatcherType getDispatcherType() {
      return DispatcherType.REQUEST;
    }

    @Override
    public boolean isAsyncStarted() {
      return false;
    }

    @Override
    public String getHeader(String name) {
      return headers.get(name);
    }

    @Override
    public Enumeration<String> getHeaders(String name) {
      String value = getHeader(name);
      return value == null ? Collections.emptyEnumeration() : Collections.enumeration(List.of(value));
    }

    @Override
    public Object getAttribute(String name) {
      return attributes.get(name);
    }

    @Override
    public void setAttribute(String name, Object value) {
      attributes.put(name, value);
    }

    @Override
    public void removeAttribute(String name) {
      attributes.remove(name);
    }

    @Override
    public String getCharacterEncoding() {
      return null;
    }
  }

  /** A response whose headers are two parallel lists and whose body goes to an OutputStream. */
  static final class Response extends HttpServletResponseWrapper {
    private final OutputStream sink;
    private final List<String> names = new ArrayList<>();
    private final List<String> values = new ArrayList<>();
    private final ServletOutputStream body;
    private int status;
    private String contentType;
    private String characterEncoding;
    private long contentLength;
    private int bufferSize;
    private boolean committed;
    private long bodyBytes;

    Response(OutputStream sink) {
      super(unsupported(HttpServletResponse.class));
      this.sink = sink;
      this.body = new ServletOutputStream() {
        @Override
        public void write(int b) throws java.io.IOException {
          committed = true;
          bodyBytes++;
          sink.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws java.io.IOException {
          committed |= len > 0;
          bodyBytes += len;
          sink.write(b, off, len);
        }

        @Override
        public boolean isReady() {
          return true;
        }

        @Override
        public void setWriteListener(WriteListener listener) {
          throw new UnsupportedOperationException("blocking only");
        }
      };
      reset();
    }

    @Override
    public void reset() {
      names.clear();
      values.clear();
      status = SC_OK;
      contentType = null;
      characterEncoding = null;
      contentLength = -1;
      bufferSize = 8192;
      committed = false;
      bodyBytes = 0;
    }

    /** Bytes of body written since the last reset. */
    long bodyBytes() {
      return bodyBytes;
    }

    /** The Content-Length set, or -1. */
    long contentLength() {
      return contentLength;
    }

    @Override
    public ServletOutputStream getOutputStream() {
      return body;
    }

    @Override
    public int getStatus() {
      return status;
    }

    @Override
    public void setStatus(int status) {
      this.status = status;
    }

    @Override
    public void sendError(int status, String message) {
      this.status = status;
      committed = true;
    }

    @Override
    public void sendError(int status) {
      sendError(status, null);
    }

    @Override
    public String getContentType() {
      if (contentType == null || characterEncoding == null) {
        return contentType;
      }
      return contentType + ";charset=" + characterEncoding;
    }

    @Override
    public void setContentType(String type) {
      contentType = type;
    }

    @Override
    public String getCharacterEncoding() {
      return characterEncoding == null ? "ISO-8859-1" : characterEncoding;
    }

    @Override
    public void setCharacterEncoding(String charset) {
      characterEncoding = charset;
    }

    @Override
    public void setContentLength(int length) {
      contentLength = length;
    }

    @Override
    public void setContentLengthLong(long length) {
      contentLength = length;
    }

    @Override
    public int getBufferSize() {
      return bufferSize;
    }

    @Override
    public void setBufferSize(int size) {
      bufferSize = size;
    }

    @Override
    public boolean isCommitted() {
      return committed;
    }

    @Override
    public void flushBuffer() {
      committed = true;
    }

    @Override
    public void resetBuffer() {
    }

    @Override
    public boolean containsHeader(String name) {
      return indexOf(name) >= 0;
    }

    @Override
    public String getHeader(String name) {
      if (isContentType(name)) {
        return getContentType();
      }
      int i = indexOf(name);
      return i < 0 ? null : values.get(i);
    }

    @Override
    public Collection<String> getHeaders(String name) {
      List<String> found = new ArrayList<>(2);
      for (int i = 0; i < names.size(); i++) {
        if (names.get(i).equalsIgnoreCase(name)) {
          found.add(values.get(i));
        }
      }
      return found;
    }

    @Override
    public Collection<String> getHeaderNames() {
      return new ArrayList<>(names);
    }

    @Override
    public void setHeader(String name, String value) {
      if (isContentType(name)) {
        setContentType(value);
        return;
      }
      for (int i = names.size() - 1; i >= 0; i--) {
        if (names.get(i).equalsIgnoreCase(name)) {
          names.remove(i);
          values.remove(i);
        }
      }
      if (value != null) {
        addHeader(name, value);
      }
    }

    @Override
    public void addHeader(String name, String value) {
      if (isContentType(name)) {
        setContentType(value);
        return;
      }
      names.add(name);
      values.add(value);
    }

    @Override
    public void setIntHeader(String name, int value) {
      setHeader(name, Integer.toString(value));
    }

    @Override
    public void addIntHeader(String name, int value) {
      addHeader(name, Integer.toString(value));
    }

    private int indexOf(String name) {
      for (int i = 0; i < names.size(); i++) {
        if (names.get(i).equalsIgnoreCase(name)) {
          return i;
        }
      }
      return -1;
    }

    private static boolean isContentType(String name) {
      return "Content-Type".equalsIgnoreCase(name);
    }
  }
}
