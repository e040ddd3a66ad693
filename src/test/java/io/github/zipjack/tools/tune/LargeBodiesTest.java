package io.github.zipjack.tools.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.tools.tune.LargeBodies.Latency;
import io.github.zipjack.tools.tune.SettingResult.Figure;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The large-body latency section from given figures: its table, which settings, and when it advises. */
class LargeBodiesTest {
  private static final Setting ZSTD_1 = Setting.parse("zstd-1");

  private static LargeBodies withZstd1(double serial, double serialError, double parallel, double parallelError) {
    return new LargeBodies(3, 262_144, 2, List.of(new Latency(ZSTD_1, new Figure(serial, serialError),
        new Figure(parallel, parallelError))));
  }

  @Test
  void tableHasSerialAndParallelWithErrorsAndTheirRatio() {
    LargeBodies large = withZstd1(53.0, 12.6, 34.4, 6.1);
    assertEquals("Large bodies (3 over 256 KiB): ms per body, serial → compressionThreads=2 (the default),"
        + " 1 caller thread, ± JMH's error", large.heading());
    String row = large.markdown().lines().filter(l -> l.contains("zstd-1")).findFirst().orElseThrow()
        .replaceAll(" *\\| *", "|");
    assertEquals("|zstd-1|53.0 ± 12.6|34.4 ± 6.1|1.54x|", row);
  }

  @Test
  void defaultFasterBeyondTheErrorsIsAdvised() {
    Optional<String> advice = withZstd1(53.0, 5, 34.4, 5).advice(ZSTD_1);
    assertEquals(Optional.of("  large bodies: keep compressionThreads at its default (2): zstd-1 took 34.4 ± 5.0 ms"
        + " per body against 53.0 ± 5.0 serial (1.54x faster)"), advice);
  }

  @Test
  void overlappingErrorsAreATieAndNotAdvised() {
    assertEquals(Optional.empty(), withZstd1(53.0, 12.6, 44.0, 6.1).advice(ZSTD_1));
  }

  @Test
  void slowerParallelIsNotAdvised() {
    assertEquals(Optional.empty(), withZstd1(30.0, 1, 40.0, 1).advice(ZSTD_1));
  }

  @Test
  void settingNotMeasuredGetsNoAdvice() {
    assertEquals(Optional.empty(), withZstd1(53.0, 1, 20.0, 1).advice(Setting.parse("brotli-4")));
  }

  @Test
  void gzipAndZstdGoParallelBrotliDictionaryAndStudyNever() {
    List<Setting> measured = List.of("zlib-1", "libdeflate-1", "libdeflate-6", "zstd-3", "brotli-4", "zstd-1+dict",
        "study-gzip-1").stream().map(Setting::parse).toList();
    assertEquals(List.of("zlib-1", "libdeflate-1", "libdeflate-6", "zstd-3"), names(LargeBodies.settings(measured)));
  }

  private static List<String> names(List<Setting> settings) {
    return settings.stream().map(Setting::toString).toList();
  }
}
