package io.github.zipjack.tools.compare;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A configuration in a JVM of its own, asked for slices over its standard input and output. */
class ChildBenchmarkTest {
  @TempDir
  Path dir;

  private ChildBenchmark child(Map<String, String> params) throws Exception {
    JmhConfiguration configuration = new JmhConfiguration("zstd",
        "io.github.zipjack.bench.PipelineBenchmark.encodeToBody", params);
    return new ChildBenchmark(configuration, JvmRounds.currentJava(), JvmRounds.jvmFlags(Runtime.version().feature()),
        System.getProperty("java.class.path"), dir.resolve("children.log"));
  }

  @Test
  void aChildAnswersEachSliceWithItsCallsAndTime() throws Exception {
    try (ChildBenchmark child = child(Map.of("dataset", "people-1", "codec", "zstd-1"))) {
      child.awaitReady();
      SliceSource.Slice slice = child.runFor(5_000_000);
      assertTrue(slice.calls() >= 1 && slice.nanos() >= 5_000_000, slice.toString());
    }
  }

  @Test
  void aChildReportsItsJitTimeWithEachSlice() throws Exception {
    try (ChildBenchmark child = child(Map.of("dataset", "people-1", "codec", "zstd-1"))) {
      child.awaitReady();
      long first = child.runFor(5_000_000).jitMillis();
      long second = child.runFor(5_000_000).jitMillis();
      assertTrue(first >= 0 && second >= first, first + " then " + second);
    }
  }

  @Test
  void aChildThatCannotSetUpFailsTheRoundNamingTheParameter() throws Exception {
    try (ChildBenchmark child = child(Map.of("dataset", "people-1", "codec", "zstd-1", "levl", "1"))) {
      RoundRunner.MeasurementFailure e = assertThrows(RoundRunner.MeasurementFailure.class, child::awaitReady);
      assertTrue(e.getMessage().contains("zstd|") && e.getMessage().contains("no @Param levl"), e.getMessage());
    }
  }
}
