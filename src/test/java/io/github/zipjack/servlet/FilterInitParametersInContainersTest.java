package io.github.zipjack.servlet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The filter as web.xml or {@code FilterRegistration} makes it: the no-argument constructor, its
 * settings read from the container's init parameters.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FilterInitParametersInContainersTest {
  private final Map<Container, RunningServer> servers = new EnumMap<>(Container.class);
  private final Map<Container, TestServlets> servlets = new EnumMap<>(Container.class);
  private final Map<Container, CompressionFilter> filters = new EnumMap<>(Container.class);

  @BeforeAll
  void start() throws Exception {
    for (Container container : Container.values()) {
      TestServlets testServlets = new TestServlets();
      CompressionFilter filter = new CompressionFilter();
      servlets.put(container, testServlets);
      filters.put(container, filter);
      servers.put(container, container.start(filter,
          Map.of("codings", "gzip(6), br(5)", "minBodyBytes", "64KiB", "flushGraceMillis", "0"),
          testServlets.byPath()));
    }
  }

  @AfterAll
  void stop() throws Exception {
    FilterProbe.stopThenAssertNoLiveEncoders(servers.values(), filters.values());
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void codingsParameterSetsWhatIsOfferedAndInWhichOrder(Container container) throws IOException {
    Wire.Response response = Wire.exchange(servers.get(container), "GET", "/text?bytes=100000",
        "Accept-Encoding: zstd, br, gzip");

    assertEquals("gzip", response.header("Content-Encoding").orElseThrow());
    assertEquals(response.body().length, Long.parseLong(response.header("Content-Length").orElseThrow()));
    assertArrayEquals(TestServlets.text(100_000), Decoding.decode("gzip", response.body()));
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void codingNotInTheCodingsParameterIsNotSent(Container container) throws IOException {
    Wire.Response response = Wire.exchange(servers.get(container), "GET", "/text?bytes=100000", "Accept-Encoding: zstd");

    assertTrue(response.header("Content-Encoding").isEmpty(), response.toString());
    assertArrayEquals(TestServlets.text(100_000), response.body());
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void minBodyBytesParameterSetsTheMinimumSize(Container container) throws IOException {
    Wire.Response response = Wire.exchange(servers.get(container), "GET", "/text?bytes=" + (64 * 1024 - 1),
        "Accept-Encoding: gzip");

    assertTrue(response.header("Content-Encoding").isEmpty(), response.toString());
    assertEquals(64 * 1024 - 1, Long.parseLong(response.header("Content-Length").orElseThrow()));
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void flushGraceMillisZeroSendsAFlushedPartAtOnce(Container container) throws Exception {
    FilterInContainersTest.assertFirstPartArrivesBeforeTheServletWritesTheRest(servers.get(container),
        servlets.get(container), "/early-flush", TestServlets.EARLY_PART, TestServlets.LATE_PART);
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void flushGraceMillisZeroLeavesResponsesThatDoNotFlushCompressed(Container container) throws IOException {
    Wire.Response response = Wire.exchange(servers.get(container), "GET", "/text?bytes=100000", "Accept-Encoding: gzip");

    assertEquals("gzip", response.header("Content-Encoding").orElseThrow());
    assertEquals(response.body().length, Long.parseLong(response.header("Content-Length").orElseThrow()));
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void flushGraceMillisZeroSendsABodyFlushedAtItsEndUncompressed(Container container) throws IOException {
    Wire.Response response = Wire.exchange(servers.get(container), "GET", "/flush-at-end", "Accept-Encoding: gzip");

    assertTrue(response.header("Content-Encoding").isEmpty(), response.toString());
    assertArrayEquals(TestServlets.datasetJson("people-100"), response.body());
  }
}
