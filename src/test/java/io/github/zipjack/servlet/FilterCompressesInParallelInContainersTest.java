package io.github.zipjack.servlet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.Compression;
import io.github.zipjack.GzipImplementation;
import io.github.zipjack.WordText;
import io.github.zipjack.ZstdFrames;
import io.github.zipjack.codec.CompressionWorkers;
import io.github.zipjack.codec.ParallelGzipEngine;
import io.github.zipjack.codec.ParallelZstdEngine;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link CompressionFilter} with four compression threads in Jetty and Tomcat: a large held body is
 * compressed in parallel and sent whole with its exact Content-Length; a larger one streams; and a
 * client that hangs up while its body is compressed in parallel leaves every block, encoder and
 * worker permit back in its pool.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FilterCompressesInParallelInContainersTest {
  static final int MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
  /** Held: under maxBufferedBytes, past the 256 KiB parallel threshold. */
  static final byte[] HELD = WordText.of(3 * 1024 * 1024, 14);
  /** Streamed: several times maxBufferedBytes. */
  static final byte[] STREAMED = WordText.of(12 * 1024 * 1024, 15);

  private final Map<Container, RunningServer> servers = new EnumMap<>(Container.class);
  private final Map<Container, CompressionFilter> filters = new EnumMap<>(Container.class);

  static Stream<Arguments> containersAndCodings() {
    return Stream.of(Container.values()).flatMap(c -> Stream.of(Arguments.of(c, "gzip"), Arguments.of(c, "zstd")));
  }

  @BeforeAll
  void start() throws Exception {
    for (Container container : Container.values()) {
      CompressionFilter filter = new CompressionFilter(CompressionSettings.builder()
          .codings(Compression.zstd(1), Compression.gzip(1, GzipImplementation.ZLIB))
          .maxBufferedBytes(MAX_BUFFERED_BYTES)
          .compressionThreads(4)
          .build());
      filters.put(container, filter);
      servers.put(container, container.start(filter, Map.of(),
          Map.of("/held", new BodyServlet(HELD), "/streamed", new BodyServlet(STREAMED))));
    }
  }

  @AfterAll
  void stop() throws Exception {
    FilterProbe.stopThenAssertNoLiveEncoders(servers.values(), filters.values());
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("containersAndCodings")
  void aLargeHeldBodyIsCompressedInParallelWithItsExactLength(Container container, String coding) throws Exception {
    assertTrue(filters.get(container).engines().get("gzip") instanceof ParallelGzipEngine);

    Wire.Response response = Wire.exchange(servers.get(container), "GET", "/held", "Accept-Encoding: " + coding);

    assertEquals(200, response.status(), response.toString());
    assertEquals(coding, response.header("Content-Encoding").orElseThrow());
    assertEquals(String.valueOf(response.body().length), response.header("Content-Length").orElseThrow());
    assertArrayEquals(HELD, Decoding.decode(coding, response.body()));
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(Container.class)
  void aLargeHeldZstdBodyIsFramesOfHalfAMebibyte(Container container) throws Exception {
    assertTrue(filters.get(container).engines().get("zstd") instanceof ParallelZstdEngine);

    Wire.Response response = Wire.exchange(servers.get(container), "GET", "/held", "Accept-Encoding: zstd");

    byte[] body = response.body();
    List<Long> sizes = ZstdFrames.contentSizes(body);
    for (int i = 0; i < sizes.size(); i++) {
      assertEquals(Math.min(512 * 1024, HELD.length - i * 512L * 1024), sizes.get(i), "frame " + i);
    }
    assertEquals(6, sizes.size());
    assertEquals(String.valueOf(body.length), response.header("Content-Length").orElseThrow());
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("containersAndCodings")
  void aLargeStreamedBodyDecodesWhole(Container container, String coding) throws Exception {
    Wire.Response response = Wire.exchange(servers.get(container), "GET", "/streamed", "Accept-Encoding: " + coding);

    assertEquals(coding, response.header("Content-Encoding").orElseThrow());
    assertTrue(response.header("Content-Length").isEmpty(), response.toString());
    assertArrayEquals(STREAMED, Decoding.decode(coding, response.body()));
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("containersAndCodings")
  void aClientThatHangsUpMidBodyLeavesEverythingBack(Container container, String coding) throws Exception {
    CompressionFilter filter = filters.get(container);
    try (Socket socket = Wire.open(servers.get(container))) {
      Wire.sendKeepingTheConnection(socket.getOutputStream(), "GET", "/streamed", "Accept-Encoding: " + coding);
      InputStream in = socket.getInputStream();
      Wire.readHead(in);
      in.readNBytes(10_000);
    } // hangs up with most of the body unsent

    CompressionWorkers workers = CompressionWorkers.shared();
    Leaks.awaitTrue(() -> filter.resources().nothingLent() && workers.freePermits() == workers.permits(),
        () -> "after the hang-up: " + filter.resources() + ", free permits " + workers.freePermits());
  }

  /** Writes its body in 8,000-byte pieces, as a serializer does. */
  static final class BodyServlet extends HttpServlet {
    private final byte[] body;

    BodyServlet(byte[] body) {
      this.body = body;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
      response.setContentType("text/plain;charset=us-ascii");
      ServletOutputStream out = response.getOutputStream();
      for (int pos = 0; pos < body.length; pos += 8000) {
        out.write(body, pos, Math.min(8000, body.length - pos));
      }
    }
  }
}
