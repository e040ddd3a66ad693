package io.github.zipjack.servlet;

import io.github.zipjack.JdkGzip;
import io.github.zipjack.data.Datasets;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpUpgradeHandler;
import jakarta.servlet.http.WebConnection;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The servlets behind the filter in the container tests, one per situation the filter must handle,
 * each at its own path. Every body is deterministic so that a test can compute what it expects
 * with {@link #text(int)}, {@link #randomBytes(int)} or a dataset's raw JSON.
 */
final class TestServlets {
  /** What {@code /fail} writes before it throws. */
  static final int FAIL_AFTER_BYTES = 20_000;
  /** The strong ETag of {@code /etag}, quotes included. */
  static final String ETAG = "\"v1-people\"";
  /** The first SSE event, written and flushed before {@code /events} waits for the test. */
  static final String FIRST_EVENT = "id: 1\ndata: {\"n\":1}\n\n";
  /** The second SSE event, written once the test has read the first one. */
  static final String SECOND_EVENT = "id: 2\ndata: {\"n\":2}\n\n";
  /** The part {@code /early-flush} flushes before it waits: large enough to be compressed. */
  static final String EARLY_PART = "[" + "{\"early\":true},".repeat(200);
  /** The rest {@code /early-flush} writes after the test has read the early part. */
  static final String LATE_PART = "{\"early\":false}]";

  /**
   * Released by a test once it has read the first part of a streamed response; the streaming
   * servlets wait on it before writing the rest. A test sets a fresh latch before its request.
   */
  final AtomicReference<CountDownLatch> gate = new AtomicReference<>(new CountDownLatch(0));

  /** Path to servlet, for {@link Container#start}. */
  Map<String, HttpServlet> byPath() {
    Map<String, HttpServlet> servlets = new LinkedHashMap<>();
    servlets.put("/json", new JsonServlet());
    servlets.put("/text", new TextServlet());
    servlets.put("/random", new RandomServlet());
    servlets.put("/status", new StatusServlet());
    servlets.put("/encoded", new AlreadyEncodedServlet());
    servlets.put("/no-transform", new NoTransformServlet());
    servlets.put("/events", new EventStreamServlet());
    servlets.put("/early-flush", new EarlyFlushServlet());
    servlets.put("/flush-then-write", new FlushThenWriteServlet());
    servlets.put("/flush-at-end", new FlushAtEndServlet());
    servlets.put("/etag", new EtagServlet());
    servlets.put("/fail", new FailingServlet());
    servlets.put("/echo", new EchoServlet());
    servlets.put("/upgrade", new UpgradeServlet());
    return servlets;
  }

  /** {@code byteCount} bytes of compressible ASCII text, the same for the same count. */
  static byte[] text(int byteCount) {
    StringBuilder s = new StringBuilder(byteCount + 64);
    for (int line = 0; s.length() < byteCount; line++) {
      s.append("line ").append(line).append(": the quick brown fox jumps over the lazy dog\n");
    }
    s.setLength(byteCount);
    return s.toString().getBytes(StandardCharsets.US_ASCII);
  }

  /** {@code byteCount} random lowercase letters: compresses to about 60%, the same for the same count. */
  static byte[] randomText(int byteCount) {
    byte[] bytes = new byte[byteCount];
    Random random = new Random(byteCount);
    for (int i = 0; i < byteCount; i++) {
      bytes[i] = (byte) ('a' + random.nextInt(26));
    }
    return bytes;
  }

  /** {@code byteCount} incompressible bytes, the same for the same count. */
  static byte[] randomBytes(int byteCount) {
    byte[] bytes = new byte[byteCount];
    new Random(byteCount).nextBytes(bytes);
    return bytes;
  }

  static byte[] datasetJson(String name) {
    return Datasets.load(name).rawJson();
  }

  private static int intParameter(HttpServletRequest request, String name, int otherwise) {
    String value = request.getParameter(name);
    return value == null ? otherwise : Integer.parseInt(value);
  }

  /** What a streaming servlet writes instead of the rest when the test never read the first part. */
  static final String GATE_TIMED_OUT = "the test did not read the first part within 5 s";

  /** True when the test read the first part; false after 5 s without it. */
  private boolean awaitGate() throws IOException {
    try {
      return gate.get().await(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(e);
    }
  }

  /** {@code /json?dataset=people-100}: the dataset's raw JSON, as application/json. */
  static final class JsonServlet extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
      byte[] json = datasetJson(request.getParameter("dataset") == null ? "people-100" : request.getParameter("dataset"));
      response.setContentType("application/json");
      response.getOutputStream().write(json);
    }
  }

  /** {@code /text?bytes=N&type=text/plain}: {@link #text(int)} with the given type. */
  static final class TextServlet extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
      String type = request.getParameter("type");
      response.setContentType(type == null ? "text/plain;charset=utf-8" : type);
      ServletOutputStream out = response.getOutputStream();
      byte[] body = text(intParameter(request, "bytes", 10_000));
      // Several writes, as a serializer does.
      for (int pos = 0; pos < body.length; pos += 8192) {
        out.write(body, pos, Math.min(8192, body.length - pos));
      }
    }
  }

  /** {@code /random?bytes=N&type=application/json}: {@link #randomBytes(int)} with the given type. */
  static final class RandomServlet extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
      String type = request.getParameter("type");
      response.setContentType(type == null ? "application/json" : type);
      response.getOutputStream().write(randomBytes(intParameter(request, "bytes", 10_000)));
    }
  }

  /** {@code /status?code=204|304|206}: that status with what it allows (206: a compressible range). */
  static final class StatusServlet extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
      int code = intParameter(request, "code", 204);
      response.setStatus(code);
      if (code == 206) {
        byte[] part = text(10_000);
        response.setContentType("text/plain");
        response.setHeader("Content-Range", "bytes 0-" + (part.length - 1) + "/" + (part.length * 2));
        response.getOutputStream().write(part);
      } else if (code == 304) {
        response.setHeader("ETag", ETAG);
      }
    }
  }

  /** {@code /encoded}: a body the servlet gzipped itself, with its own Content-Encoding. */
  static final class AlreadyEncodedServlet extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
      response.setContentType("application/json");
      response.setHeader("Content-Encoding", "gzip");
      response.getOutputStream().write(JdkGzip.of(datasetJson("people-100")));
    }
  }

  /** {@code /no-transform}: people-100 with {@code Cache-Control: no-transform}. */
  static final class NoTransformServlet extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
      response.setContentType("application/json");
      response.setHeader("Cache-Control", "public, no-transform");
      response.getOutputStream().write(datasetJson("people-100"));
    }
  }

  /** {@code /events}: Server-Sent Events; the second is sent only after the test read the first. */
  final class EventStreamServlet extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
      response.setContentType("text/event-stream");
      response.setCharacterEncoding("UTF-8");
      ServletOutputStream out = response.getOutputStream();
      out.write(FIRST_EVENT.getBytes(StandardCharsets.UTF_8));
      out.flush();
      out.write((awaitGate() ? SECOND_EVENT : GATE_TIMED_OUT).getBytes(StandardCharsets.UTF_8));
      out.flush();
    }
  }

  /** {@code /early-flush}: JSON that flushes its first part, then waits for the test to read it. */
  final class EarlyFlushServlet extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
      response.setContentType("application/json");
      ServletOutputStream out = response.getOutputStream();
      out.write(EARLY_PART.getBytes(StandardCharsets.UTF_8));
      out.flush();
      out.write((awaitGate() ? LATE_PART : GATE_TIMED_OUT).getBytes(StandardCharsets.UTF_8));
    }
  }

  /** {@code /flush-then-write}: JSON that flushes its first part, then writes the rest at once. */
  static final class FlushThenWriteServlet extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
      response.setContentType("application/json");
      ServletOutputStream out = response.getOutputStream();
      out.write(EARLY_PART.getBytes(StandardCharsets.UTF_8));
      out.flush();
      out.write(LATE_PART.getBytes(StandardCharsets.UTF_8));
    }
  }

  /** {@code /flush-at-end}: people-100 written and flushed by Jackson, as a framework's converter does. */
  static final class FlushAtEndServlet extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
      response.setContentType("application/json");
      ServletOutputStream out = response.getOutputStream();
      out.write(datasetJson("people-100"));
      out.flush();
      response.flushBuffer();
    }
  }

  /**
   * {@code /etag}: people-100 with the strong {@link #ETAG}; answers If-None-Match with 304 and a
   * failed If-Match with 412, comparing the tags it receives with its own (unsuffixed) tag.
   */
  static final class EtagServlet extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
      response.setHeader("ETag", ETAG);
      String ifMatch = request.getHeader("If-Match");
      if (ifMatch != null && !matches(ifMatch)) {
        response.setStatus(HttpServletResponse.SC_PRECONDITION_FAILED);
        return;
      }
      String ifNoneMatch = request.getHeader("If-None-Match");
      if (ifNoneMatch != null && matches(ifNoneMatch)) {
        response.setStatus(HttpServletResponse.SC_NOT_MODIFIED);
        return;
      }
      response.setContentType("application/json");
      response.getOutputStream().write(datasetJson("people-100"));
    }

    private static boolean matches(String header) {
      for (String tag : header.split(",")) {
        String t = tag.trim();
        if (t.equals("*") || t.equals(ETAG) || t.equals("W/" + ETAG)) {
          return true;
        }
      }
      return false;
    }
  }

  /** {@code /fail?bytes=N}: writes N bytes of JSON-ish text ({@link #FAIL_AFTER_BYTES} by default), then throws. */
  static final class FailingServlet extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
      response.setContentType("application/json");
      response.getOutputStream().write(text(intParameter(request, "bytes", FAIL_AFTER_BYTES)));
      throw new ServletException("serialization failed midway (on purpose)");
    }
  }

  /**
   * {@code /echo}: the request body as the application reads it (inflated), as
   * application/octet-stream or the Content-Type in the {@code type} query parameter.
   */
  static final class EchoServlet extends HttpServlet {
    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
      byte[] body = request.getInputStream().readAllBytes();
      String type = request.getParameter("type");
      response.setContentType(type == null ? "application/octet-stream" : type);
      response.setHeader("X-Received-Bytes", Integer.toString(body.length));
      String encoding = request.getHeader("Content-Encoding");
      response.setHeader("X-Seen-Content-Encoding", encoding == null ? "none" : encoding);
      response.getOutputStream().write(body);
    }
  }

  /**
   * {@code /upgrade}: asks to switch the connection to another protocol ({@code Upgrade: echo}), so
   * the response is a 101 with no body of its own.
   */
  static final class UpgradeServlet extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException, ServletException {
      response.setStatus(HttpServletResponse.SC_SWITCHING_PROTOCOLS);
      response.setHeader("Connection", "Upgrade");
      response.setHeader("Upgrade", "echo");
      request.upgrade(IdleProtocol.class);
    }
  }

  /** The protocol after the 101: does nothing; the test only reads the 101. */
  public static final class IdleProtocol implements HttpUpgradeHandler {
    @Override
    public void init(WebConnection connection) {}

    @Override
    public void destroy() {}
  }
}
