package io.github.zipjack.tools.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JmhResultReaderTest {

  @TempDir
  Path dir;

  /** One result in the shape JMH 1.37 writes, with the fields the report reads. */
  private static String result(String mode, String score, String error, String unit, String secondary) {
    return """
        {
          "jmhVersion" : "1.37", "benchmark" : "io.github.zipjack.bench.SeedBenchmark.baseline",
          "mode" : "%s", "threads" : 2, "forks" : 1, "jdkVersion" : "17.0.15",
          "vmName" : "OpenJDK 64-Bit Server VM", "vmVersion" : "17.0.15+6",
          "warmupIterations" : 2, "warmupTime" : "1 s", "measurementIterations" : 3, "measurementTime" : "1 s",
          "params" : { "compressionLevel" : "6", "numCopies" : "10" },
          "primaryMetric" : { "score" : %s, "scoreError" : %s, "scoreUnit" : "%s" },
          "secondaryMetrics" : { %s }
        }""".formatted(mode, score, error, unit, secondary);
  }

  private ResultSet read(String... results) throws IOException {
    Path file = dir.resolve("result.json");
    Files.writeString(file, "[" + String.join(",", results) + "]");
    return new JmhResultReader().read(List.of(file));
  }

  @Test
  void readsNameThreadsParamsScoreAndError() throws IOException {
    JmhResult r = read(result("thrpt", "431.5", "12.25", "ops/s", "")).all().get(0);

    assertEquals("SeedBenchmark", r.className());
    assertEquals("baseline", r.method());
    assertEquals(2, r.threads());
    assertEquals(Map.of("compressionLevel", "6", "numCopies", "10"), r.params());
    assertEquals(431.5, r.opsPerSecond());
    assertEquals(12.25, r.errorOpsPerSecond());
    assertEquals("JMH 1.37, JDK 17.0.15 (OpenJDK 64-Bit Server VM 17.0.15+6)", r.run().environment());
    assertEquals(1, r.run().forks());
    assertEquals("2 x 1 s", r.run().warmup());
    assertEquals("3 x 1 s", r.run().measurement());
  }

  @Test
  void anErrorJmhCouldNotComputeIsReadAsNotANumber() throws IOException {
    JmhResult r = read(result("thrpt", "431.5", "\"NaN\"", "ops/s", "")).all().get(0);

    assertTrue(Double.isNaN(r.errorOpsPerSecond()));
    assertEquals("432", Figures.withError(r.opsPerSecond(), r.errorOpsPerSecond()));
  }

  @Test
  void allocationComesFromTheGcProfilersNormalizedRate() throws IOException {
    JmhResult r = read(result("thrpt", "1", "0", "ops/s",
        "\"gc.alloc.rate\" : { \"score\" : 999.0 }, \"gc.alloc.rate.norm\" : { \"score\" : 110312.5 }"))
        .all().get(0);

    assertEquals(110312.5, r.allocBytesPerOp());
  }

  @Test
  void allocationIsAlsoFoundUnderTheMiddleDotNameOfOlderJmhVersions() throws IOException {
    JmhResult r = read(result("thrpt", "1", "0", "ops/s",
        "\"\u00b7gc.alloc.rate.norm\" : { \"score\" : 4096.0 }")).all().get(0);

    assertEquals(4096.0, r.allocBytesPerOp());
  }

  @Test
  void withoutTheGcProfilerThereIsNoAllocation() throws IOException {
    JmhResult r = read(result("thrpt", "1", "0", "ops/s", "")).all().get(0);

    assertFalse(r.hasAllocation());
  }

  @Test
  void anAuxCounterIsKeptPerOperation() throws IOException {
    JmhResult r = read(result("thrpt", "1.5", "0.25", "ops/ms",
        "\"wireBytes\" : { \"score\" : 60000.0, \"scoreError\" : 1.0, \"scoreUnit\" : \"ops/ms\" }"))
        .all().get(0);

    assertEquals(40000.0, r.counterPerOp("wireBytes"));
  }

  @Test
  void anAuxCounterInAverageTimeIsThePrimaryTimeOverTheCountersTime() throws IOException {
    JmhResult r = read(result("avgt", "2.5", "0.1", "ms/op",
        "\"wireBytes\" : { \"score\" : 0.0001, \"scoreError\" : 0.0, \"scoreUnit\" : \"ms/op\" }"))
        .all().get(0);

    assertEquals(25000.0, r.counterPerOp("wireBytes"), 1e-6);
  }

  @Test
  void profilerMetricsAreNotCounters() throws IOException {
    JmhResult r = read(result("thrpt", "1", "0", "ops/s",
        "\"gc.alloc.rate\" : { \"score\" : 999.0, \"scoreUnit\" : \"MB/sec\" },"
            + " \"gc.alloc.rate.norm\" : { \"score\" : 110312.5, \"scoreUnit\" : \"B/op\" },"
            + " \"gc.count\" : { \"score\" : 3.0, \"scoreUnit\" : \"counts\" }")).all().get(0);

    assertEquals(Map.of(), r.countersPerOp());
    assertTrue(Double.isNaN(r.counterPerOp("gc.count")));
  }

  @Test
  void opsPerMillisecondAreConvertedToOpsPerSecond() throws IOException {
    JmhResult r = read(result("thrpt", "1.5", "0.25", "ops/ms", "")).all().get(0);

    assertEquals(1500.0, r.opsPerSecond());
    assertEquals(250.0, r.errorOpsPerSecond());
  }

  @Test
  void averageTimeOnEachThreadBecomesThroughputOverAllThreadsWithTheSameRelativeError() throws IOException {
    JmhResult r = read(result("avgt", "2.5", "0.1", "ms/op", "")).all().get(0); // 2 threads

    assertEquals(800.0, r.opsPerSecond(), 1e-9);
    assertEquals(800.0 * 0.1 / 2.5, r.errorOpsPerSecond(), 1e-9);
    assertEquals(2.5e-3, r.threads() / r.opsPerSecond(), 1e-15);
  }

  @Test
  void resultsInAnotherModeAreLeftOutWithANote() throws IOException {
    ResultSet results = read(result("sample", "2.5", "0.1", "ms/op", ""), result("thrpt", "1", "0", "ops/s", ""));

    assertEquals(1, results.all().size());
    assertEquals(1, results.notes().size());
    assertTrue(results.notes().get(0).contains("1 result(s) not in throughput or average-time mode"),
        results.notes().get(0));
  }

  @Test
  void aFileThatIsNotAnArrayOfResultsIsRejectedWithItsName() throws IOException {
    Path file = dir.resolve("report.md");
    Files.writeString(file, "{\"not\": \"jmh\"}");

    IOException e = assertThrows(IOException.class, () -> new JmhResultReader().read(List.of(file)));
    assertTrue(e.getMessage().contains("report.md is not a JMH JSON result"), e.getMessage());
  }

  @Test
  void theRecordedRunIsReadInFullWithAllocationForEveryResult() throws IOException {
    ResultSet results = Fixtures.read();

    assertTrue(results.all().size() > 10, "results: " + results.all().size());
    assertTrue(results.all().stream().allMatch(JmhResult::hasAllocation));
    assertEquals(List.of("SeedBenchmark", "PipelineBenchmark", "CeilingBenchmark", "DecodeBenchmark"),
        results.classNames());
  }
}
