package io.github.zipjack;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.data.Dataset;
import io.github.zipjack.data.Datasets;
import io.github.zipjack.tools.report.AllocationProbe;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * In steady state a pipeline allocates at most 1 KB per body beyond what Jackson allocates on its own
 * for the same value, for every engine: pooled contexts, reused arrays and segments leave nothing
 * per call but a few small objects. Measured by {@link AllocationProbe} (bytes, not time), which the
 * benchmark report's allocation target uses too.
 */
class AllocationPerBodyTest {
  private static final long MAX_BYTES_BEYOND_JACKSON = 1024;
  /**
   * A large body also borrows a streaming encoder for its rest (zstd, brotli) and makes a few small
   * objects per block: about 3 KB for 1.2 MB through zstd. Growing arrays for it would cost megabytes.
   */
  private static final long MAX_BYTES_BEYOND_JACKSON_LARGE = 4 * 1024;
  private static final Dataset PEOPLE_100 = Datasets.load("people-100");
  /** About 1.2 MB of JSON: past the arrays an encoder keeps strongly (1 MiB), body and output alike. */
  private static final Dataset STOCK_4000 = Datasets.load("stock-4000");

  static Stream<Compression> engines() {
    return Stream.concat(EngineCases.oneLevelEach().stream(),
        Stream.of(Compression.gzip(6, GzipImplementation.ZLIB), Compression.zstd(3), Compression.none()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void encodeToBodyAllocatesAtMostOneKilobyteBeyondJackson(Compression compression) {
    long beyond = AllocationProbe.bytesBeyondJackson(compression, Format.JSON, PEOPLE_100.value());

    assertTrue(beyond <= MAX_BYTES_BEYOND_JACKSON,
        compression + " allocates " + beyond + " bytes per body beyond Jackson's own");
  }

  /**
   * A body larger than the arrays an encoder keeps strongly, on one thread (the form every body takes
   * when no core is idle): the engine reuses its arrays or streams, instead of growing new ones.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void largeBodyOnOneThreadAllocatesAtMostFourKilobytesBeyondJackson(Compression compression) {
    long beyond = AllocationProbe.bytesBeyondJackson(compression, Format.JSON, STOCK_4000.value(), 1);

    assertTrue(beyond <= MAX_BYTES_BEYOND_JACKSON_LARGE,
        compression + " allocates " + beyond + " bytes per large body beyond Jackson's own");
  }
}
