package io.github.zipjack.servlet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.Compression;
import io.github.zipjack.WordText;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A body several times {@code maxBufferedBytes} streams through {@link CompressionFilter} in Jetty
 * and Tomcat: the client gets the head and compressed bytes while the servlet, halfway through,
 * waits for the test to have read them, so the filter cannot have held the body whole; then the
 * whole body decodes, by decoders zipjack does not wrap, to what the servlet wrote.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FilterStreamsLargeBodiesInContainersTest {
  static final int MAX_BUFFERED_BYTES = 1024 * 1024;
  /** Six times the buffering limit of varied text; the servlet waits after half of it. */
  static final byte[] BODY = WordText.of(6 * MAX_BUFFERED_BYTES, 6);
  /** Compressed bytes the client reads while the servlet waits. */
  static final int FIRST_BYTES = 4096;
  static final long GATE_TIMEOUT_SECONDS = 10;

  private final Map<Container, RunningServer> servers = new EnumMap<>(Container.class);
  private final Map<Container, CompressionFilter> filters = new EnumMap<>(Container.class);
  private final Map<Container, HalfThenWaitServlet> servlets = new EnumMap<>(Container.class);

  @BeforeAll
  void start() throws Exception {
    for (Container container : Container.values()) {
      CompressionFilter filter = new CompressionFilter(CompressionSettings.builder()
          .codings(Compression.zstd(1), Compression.gzip(1), Compression.brotli(4))
          .maxBufferedBytes(MAX_BUFFERED_BYTES)
          .build());
      HalfThenWaitServlet servlet = new HalfThenWaitServlet();
      filters.put(container, filter);
      servlets.put(container, servlet);
      servers.put(container, container.start(filter, Map.of(), Map.of("/half-then-wait", servlet)));
    }
  }

  @AfterAll
  void stop() throws Exception {
    FilterProbe.stopThenAssertNoLiveEncoders(servers.values(), filters.values());
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("io.github.zipjack.servlet.FilterInContainersTest#containersAndCodings")
  void compressedBytesReachTheClientBeforeTheServletHasWrittenTheBodyAndAllOfItDecodes(Container container,
      String coding) throws Exception {
    HalfThenWaitServlet servlet = servlets.get(container);
    CountDownLatch gate = servlet.arm();
    ByteArrayOutputStream received = new ByteArrayOutputStream();
    try (Socket socket = Wire.open(servers.get(container))) {
      Wire.sendKeepingTheConnection(socket.getOutputStream(), "GET", "/half-then-wait", "Accept-Encoding: " + coding);
      InputStream in = socket.getInputStream();
      Wire.Response head = Wire.readHead(in);
      assertEquals(200, head.status(), head.toString());
      assertEquals(coding, head.header("Content-Encoding").orElseThrow(), head.toString());
      assertTrue(head.header("Content-Length").isEmpty(), head.toString());
      assertTrue(head.chunked(), head.toString());

      ChunkReader chunks = new ChunkReader(in);
      received.write(chunks.readBytes(FIRST_BYTES));
      assertFalse(servlet.secondHalfStarted, "the first compressed bytes came only after the servlet went on");
      gate.countDown();
      received.write(chunks.readRest().getBytes(StandardCharsets.ISO_8859_1));
    } finally {
      gate.countDown();
    }

    assertFalse(servlet.gateTimedOut, "the servlet waited " + GATE_TIMEOUT_SECONDS + " s for the test in vain");
    assertArrayEquals(BODY, Decoding.decode(coding, received.toByteArray()));
  }

  /**
   * Writes the first half of {@link #BODY} as a serializer would, waits (at most
   * {@link #GATE_TIMEOUT_SECONDS}) for the test to release the gate, then writes the second half.
   */
  static final class HalfThenWaitServlet extends HttpServlet {
    private final AtomicReference<CountDownLatch> gate = new AtomicReference<>(new CountDownLatch(0));
    volatile boolean secondHalfStarted;
    volatile boolean gateTimedOut;

    /** A fresh gate for the next request, which the test releases. */
    CountDownLatch arm() {
      secondHalfStarted = false;
      gateTimedOut = false;
      CountDownLatch latch = new CountDownLatch(1);
      gate.set(latch);
      return latch;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
      response.setContentType("text/plain;charset=us-ascii");
      ServletOutputStream out = response.getOutputStream();
      int half = BODY.length / 2;
      write(out, 0, half);
      try {
        gateTimedOut = !gate.get().await(GATE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException(e);
      }
      secondHalfStarted = true;
      write(out, half, BODY.length);
    }

    private static void write(ServletOutputStream out, int from, int to) throws IOException {
      for (int pos = from; pos < to; pos += 8192) {
        out.write(BODY, pos, Math.min(8192, to - pos));
      }
    }
  }
}
