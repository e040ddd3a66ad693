package io.github.zipjack.servlet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Many clients at once on loopback, a third of which go away: some after the first kilobyte of a
 * body held whole, some after the first kilobyte of a body streaming compressed, some before the
 * response starts. Every client that stays gets its exact body; afterwards no segment is still lent
 * out, the next response is byte for byte what it was before the load, and destroying the filter
 * releases every native context (an encoder a request kept would keep its context live).
 */
class FilterUnderLoadWithDisconnectsTest {
  private static final int CLIENTS = 48;
  private static final int REQUESTS_PER_CLIENT = 6;
  private static final String[] CODINGS = {"gzip", "zstd", "br", "identity"};
  private static final int MAX_BUFFERED_BYTES = FilterInContainersTest.MAX_BUFFERED_BYTES;
  private static final String HELD = "/random?bytes=" + (MAX_BUFFERED_BYTES - 1) + "&type=application/json";
  private static final String STREAMED = "/text?bytes=" + (MAX_BUFFERED_BYTES * 4);

  @ParameterizedTest
  @EnumSource(Container.class)
  void clientsThatStayGetTheirBodiesAndThoseThatLeaveTakeNothingWithThem(Container container) throws Exception {
    CompressionFilter filter = new CompressionFilter(FilterInContainersTest.settings());
    ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
    AtomicInteger completed = new AtomicInteger();
    AtomicInteger abandoned = new AtomicInteger();
    try (RunningServer server = container.start(filter, Map.of(), new TestServlets().byPath())) {
      Wire.Response before = Wire.exchange(server, "GET", "/json?dataset=people-100", "Accept-Encoding: gzip");

      List<Future<?>> work = new ArrayList<>();
      for (int c = 0; c < CLIENTS; c++) {
        int client = c;
        work.add(clients.submit(() -> {
          for (int r = 0; r < REQUESTS_PER_CLIENT; r++) {
            String coding = CODINGS[(client + r) % CODINGS.length];
            switch ((client + 2 * r) % 6) {
              case 0 -> leaveMidBody(server, HELD, coding);
              case 1 -> leaveMidBody(server, STREAMED, coding);
              case 2 -> leaveBeforeTheResponse(server, STREAMED, coding);
              default -> {
                readWholeBody(server, client % 2 == 0 ? "people-100" : "people-100x10", coding);
                completed.incrementAndGet();
                continue;
              }
            }
            abandoned.incrementAndGet();
          }
          return null;
        }));
      }
      for (Future<?> f : work) {
        f.get(120, TimeUnit.SECONDS);
      }
      assertEquals(CLIENTS * REQUESTS_PER_CLIENT, completed.get() + abandoned.get());
      assertTrue(abandoned.get() >= CLIENTS * REQUESTS_PER_CLIENT / 3, "abandoned " + abandoned);

      Leaks.awaitTrue(() -> FilterProbe.lentSegments(filter) == 0,
          () -> FilterProbe.lentSegments(filter) + " segments still lent out after the load");
      Wire.Response after = Wire.exchange(server, "GET", "/json?dataset=people-100", "Accept-Encoding: gzip");
      assertArrayEquals(before.body(), after.body(), "the same body, compressed the same way, after the load");
    } finally {
      clients.shutdownNow();
    }
    FilterProbe.assertNoLiveEncoders(filter);
  }

  private static void readWholeBody(RunningServer server, String dataset, String coding) throws IOException {
    Wire.Response response = Wire.exchange(server, "GET", "/json?dataset=" + dataset, "Accept-Encoding: " + coding);
    assertEquals(200, response.status(), response.toString());
    byte[] json = TestServlets.datasetJson(dataset);
    if (json.length <= MAX_BUFFERED_BYTES) {
      assertEquals(response.body().length, Long.parseLong(response.header("Content-Length").orElseThrow()));
    } else {
      // Streamed past the buffering limit: the filter sets no length. Tomcat still adds one when the
      // whole compressed stream fits its response buffer at the end (a buffer grown for an earlier
      // held body stays grown on its recycled response), and then it must be the exact length.
      response.header("Content-Length").ifPresent(length -> assertEquals(response.body().length,
          Long.parseLong(length), "a container's length for a streamed body: " + response));
    }
    String sent = response.header("Content-Encoding").orElse("identity");
    assertEquals(coding, sent, response.toString());
    assertArrayEquals(json, Decoding.decode(sent.equals("identity") ? null : sent,
        response.body()), dataset + " in " + coding);
  }

  /** Reads the head and a kilobyte of the body, then resets the connection. */
  private static void leaveMidBody(RunningServer server, String path, String coding) throws IOException {
    try (Socket socket = smallWindowSocket(server)) {
      Wire.send(socket.getOutputStream(), "GET", path, null, "Accept-Encoding: " + coding);
      InputStream in = socket.getInputStream();
      assertEquals(200, Wire.readHead(in).status());
      in.readNBytes(1024);
      socket.setSoLinger(true, 0);
    }
  }

  /** Sends the request and resets the connection at once. */
  private static void leaveBeforeTheResponse(RunningServer server, String path, String coding) throws IOException {
    try (Socket socket = smallWindowSocket(server)) {
      Wire.send(socket.getOutputStream(), "GET", path, null, "Accept-Encoding: " + coding);
      socket.setSoLinger(true, 0);
    }
  }

  private static Socket smallWindowSocket(RunningServer server) throws IOException {
    Socket socket = new Socket();
    socket.setReceiveBufferSize(4096);
    socket.connect(new InetSocketAddress("127.0.0.1", server.port()), 10_000);
    socket.setSoTimeout(30_000);
    return socket;
  }
}
