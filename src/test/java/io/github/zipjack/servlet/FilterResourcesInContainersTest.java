package io.github.zipjack.servlet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The filter's pools after requests that end badly: a servlet that throws, a client that hangs up
 * mid-body. Each test runs its own container, so that destroying the filter at the end proves that
 * no request kept an encoder, and the pool's count of lent segments that none kept its buffer.
 */
class FilterResourcesInContainersTest {
  private static final int MAX_BUFFERED_BYTES = FilterInContainersTest.MAX_BUFFERED_BYTES;

  @ParameterizedTest
  @EnumSource(Container.class)
  void servletThatFailsMidwayReturnsItsSegmentsAndEncoders(Container container) throws Exception {
    CompressionFilter filter = new CompressionFilter(FilterInContainersTest.settings());
    try (RunningServer server = container.start(filter, Map.of(), new TestServlets().byPath())) {

      for (String coding : new String[] {"gzip", "zstd", "br", "identity"}) {
        assertEquals(500, Wire.exchange(server, "GET", "/fail", "Accept-Encoding: " + coding).status());
        // Past the buffering limit the body was streaming: the container cuts it short.
        try {
          Wire.exchange(server, "GET", "/fail?bytes=" + (MAX_BUFFERED_BYTES * 2), "Accept-Encoding: " + coding);
        } catch (IOException cutShort) {
          // expected from a chunked body without its last chunk
        }
      }

      Leaks.awaitTrue(() -> FilterProbe.lentSegments(filter) == 0,
          () -> FilterProbe.lentSegments(filter) + " segments still lent out");
    }
    FilterProbe.assertNoLiveEncoders(filter);
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void clientThatHangsUpMidBodyLeavesNothingBehind(Container container) throws Exception {
    CompressionFilter filter = new CompressionFilter(FilterInContainersTest.settings());
    try (RunningServer server = container.start(filter, Map.of(), new TestServlets().byPath())) {
      // Buffered and sent as identity (random bytes do not shrink), then streamed compressed (past the limit).
      String buffered = "/random?bytes=" + (MAX_BUFFERED_BYTES - 1) + "&type=application/json";
      String streamed = "/random?bytes=" + (MAX_BUFFERED_BYTES * 6) + "&type=application/json";
      for (String path : new String[] {buffered, streamed}) {
        Wire.exchange(server, "GET", path, "Accept-Encoding: gzip");
      }

      for (String coding : new String[] {"gzip", "zstd", "br"}) {
        hangUpAfterAFewBytes(server, buffered, coding);
        hangUpAfterAFewBytes(server, streamed, coding);
      }

      Leaks.awaitTrue(() -> FilterProbe.lentSegments(filter) == 0,
          () -> FilterProbe.lentSegments(filter) + " segments still lent out");
    }
    FilterProbe.assertNoLiveEncoders(filter);
  }

  private static void hangUpAfterAFewBytes(RunningServer server, String path, String coding) throws IOException {
    try (Socket socket = new Socket()) {
      socket.setReceiveBufferSize(4096);
      socket.connect(new InetSocketAddress("127.0.0.1", server.port()));
      socket.setSoTimeout(20_000);
      Wire.send(socket.getOutputStream(), "GET", path, null, "Accept-Encoding: " + coding);
      InputStream in = socket.getInputStream();
      assertEquals(200, Wire.readHead(in).status());
      in.readNBytes(1000);
      socket.setSoLinger(true, 0); // reset, as a client that goes away does
    }
  }
}
