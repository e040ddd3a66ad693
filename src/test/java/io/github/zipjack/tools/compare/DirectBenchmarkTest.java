package io.github.zipjack.tools.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The harness of interleaved slices, on the suite's own PipelineBenchmark over people-1. */
class DirectBenchmarkTest {
  private static final String PIPELINE = "io.github.zipjack.bench.PipelineBenchmark.";

  private static JmhConfiguration people1(String name, String method, String codec) {
    return new JmhConfiguration(name, PIPELINE + method, Map.of("dataset", "people-1", "format", "JSON", "codec", codec));
  }

  @Test
  void aSliceCallsTheBenchmarkUntilItsTimeHasPassedWithItsStatesSetUp() throws Exception {
    try (DirectBenchmark benchmark = new DirectBenchmark(people1("zstd", "encodeToBody", "zstd-1"))) {
      assertEquals(1, benchmark.runFor(1).calls());
      SliceSource.Slice slice = benchmark.runFor(20_000_000);
      assertTrue(slice.nanos() >= 20_000_000, slice.toString());
      assertTrue(slice.calls() > 1, slice.toString());
    }
  }

  @Test
  void aMethodMarkedWithThreadsRunsOnThatManyThreadsAtOnce() throws Exception {
    try (DirectBenchmark benchmark = new DirectBenchmark(new JmhConfiguration("load",
        "io.github.zipjack.bench.ParallelBodyBenchmark.encodeToBodyUnderLoad",
        Map.of("dataset", "people-10", "codec", "zstd-1", "compressionThreads", "1")))) {
      assertEquals(2, benchmark.threads());
      assertEquals(2, benchmark.runFor(1).calls());
    }
  }

  @Test
  void theThreadsParameterRunsAnyMethodOnThatManyThreadsAsJmhsDashT() throws Exception {
    Map<String, String> params = new LinkedHashMap<>(Map.of("dataset", "people-1", "format", "JSON", "codec", "zstd-1"));
    params.put(JmhConfiguration.THREADS, "2");
    try (DirectBenchmark benchmark = new DirectBenchmark(new JmhConfiguration("two", PIPELINE + "encodeToBody", params))) {
      assertEquals(2, benchmark.threads());
      assertEquals(2, benchmark.runFor(1).calls());
    }
  }

  @Test
  void aThreadsParameterThatIsNoCountIsRefusedByName() {
    Map<String, String> params = new LinkedHashMap<>(Map.of("dataset", "people-1", "format", "JSON", "codec", "zstd-1"));
    params.put(JmhConfiguration.THREADS, "two");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new DirectBenchmark(new JmhConfiguration("two", PIPELINE + "encodeToBody", params)));
    assertTrue(e.getMessage().contains("jmh.threads must be a whole number of threads, 1 or more: two"), e.getMessage());
  }

  @Test
  void closingRunsTheTearDowns() throws Exception {
    DirectBenchmark benchmark = new DirectBenchmark(people1("zstd", "encodeToBody", "zstd-1"));
    benchmark.close();
    RoundRunner.MeasurementFailure e = assertThrows(RoundRunner.MeasurementFailure.class, () -> benchmark.runFor(1));
    assertTrue(e.getMessage().contains("pipeline is closed"), e.getMessage());
  }

  @Test
  void aSetupThatChecksTheBenchmarkParamsSeesTheMethodName() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new DirectBenchmark(people1("best", "studyBest", "zstd-1")));
    assertTrue(e.getMessage().contains("studyBest is the study's JDK zlib code"), e.getMessage());
  }

  @Test
  void aParameterWithSeveralDefaultsMustBeNamed() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new DirectBenchmark(
        new JmhConfiguration("x", PIPELINE + "encodeToBody", Map.of("format", "JSON", "codec", "zstd-1"))));
    assertTrue(e.getMessage().contains("name a value for @Param dataset, one of [people-1, people-100]"),
        e.getMessage());
  }

  @Test
  void anUnknownParameterIsRefusedByName() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new DirectBenchmark(
        new JmhConfiguration("x", PIPELINE + "encodeToBody", Map.of("dataset", "people-1", "codec", "zstd-1",
            "levl", "1"))));
    assertTrue(e.getMessage().contains("no @Param levl"), e.getMessage());
  }

  @Test
  void aParameterValueOfTheWrongTypeIsRefusedByName() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new DirectBenchmark(
        new JmhConfiguration("x", PIPELINE + "encodeToBody", Map.of("dataset", "people-1", "codec", "zstd-1",
            "inputBufferSize", "large"))));
    assertTrue(e.getMessage().contains("@Param inputBufferSize cannot be large"), e.getMessage());
  }

  @Test
  void aMethodThatIsNoBenchmarkIsRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new DirectBenchmark(people1("x", "tearDown", "zstd-1")));
    assertTrue(e.getMessage().contains("no @Benchmark method tearDown"), e.getMessage());
  }

  @Test
  void interleavedTurnsGiveEveryConfigurationTheSameNumberOfTurns() throws Exception {
    Map<String, SliceSource> benchmarks = new LinkedHashMap<>();
    try {
      benchmarks.put("zstd", new DirectBenchmark(people1("zstd", "encodeToBody", "zstd-1")));
      benchmarks.put("none", new DirectBenchmark(people1("none", "encodeToBody", "none")));
      Round round = new InterleavedTurns(1, 3, 2, 4, 1).measure(benchmarks, 1);
      assertEquals(3, round.turns());
      assertEquals(3, round.opsPerSecondByTurn().get("none").size());
    } finally {
      benchmarks.values().forEach(SliceSource::close);
    }
  }

  @Test
  void aConfigurationThatCannotBePreparedIsNamedFirstInTheFailure() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new DirectBenchmark(people1("best", "studyBest", "zstd-1")));
    assertTrue(e.getMessage().startsWith("best|"), e.getMessage());
  }
}
