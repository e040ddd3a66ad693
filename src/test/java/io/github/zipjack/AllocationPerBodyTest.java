package io.github.zipjack;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.tools.report.AllocationProbe;
import io.github.zipjack.data.Dataset;
import io.github.zipjack.data.Datasets;
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
  private static final Dataset PEOPLE_100 = Datasets.load("people-100");

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
}
