package io.github.zipjack.tools.progress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;

/** The console gets a line per benchmark and the failures; the log gets everything JMH says. */
class ProgressOutputFormatTest {

  private final ByteArrayOutputStream consoleBytes = new ByteArrayOutputStream();
  private final ByteArrayOutputStream logBytes = new ByteArrayOutputStream();
  private final ProgressOutputFormat format = new ProgressOutputFormat(
      OutputFormatFactory.createFormatInstance(new PrintStream(logBytes, true, StandardCharsets.UTF_8), VerboseMode.NORMAL),
      new PrintStream(consoleBytes, true, StandardCharsets.UTF_8),
      new ProgressTracker(new SuitePlan(2, 18.4), () -> 0), Path.of("target/report/jmh.log"));

  private String console() {
    return consoleBytes.toString(StandardCharsets.UTF_8);
  }

  private String log() {
    return logBytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void aBenchmarkThatEndsIsOneLineWithItsScore() {
    BenchmarkParams params = JmhFixtures.encodeToBody("zstd-1", 1);

    format.startBenchmark(params);
    format.println("# Warmup Iteration   1: 1000 ops/s");
    format.endBenchmark(JmhFixtures.result(params, 1_000));

    assertEquals("[1/2] PipelineBenchmark.encodeToBody codec=zstd-1 dataset=people-100, 1 thread; about 18 s left:"
        + " 1,000 ops/s\n", console());
  }

  @Test
  void everythingJmhSaysGoesToTheLogAndNotToTheConsole() {
    format.println("# JMH version: 1.37");
    format.print("# Warmup Iteration   1: ");

    assertTrue(log().contains("# JMH version: 1.37\n# Warmup Iteration   1: "), log());
    assertEquals("", console());
  }

  @Test
  void aBenchmarkThatFailsShowsItsFailureAndTheLogOnTheConsole() {
    format.startBenchmark(JmhFixtures.encodeToBody("zstd-1", 1));
    format.println("# Warmup Iteration   1: ");
    format.println("<failure>");
    format.println("java.lang.IllegalStateException: zstd context is closed");
    format.println("\tat io.github.zipjack.codec.Zstd.compress(Zstd.java:1)");
    format.startBenchmark(JmhFixtures.encodeToBody("zlib-1", 1));

    String console = console();
    assertTrue(console.contains("about 18 s left FAILED\n    <failure>\n"
        + "    java.lang.IllegalStateException: zstd context is closed\n"), console);
    assertTrue(console.contains("    JMH's whole output: target/report/jmh.log\n[2/2] "), console);
    assertFalse(console.contains("Warmup"), console);
    assertEquals(List.of("PipelineBenchmark.encodeToBody codec=zstd-1 dataset=people-100, 1 thread"), format.failed());
  }

  @Test
  void aBenchmarkThatEndsWithoutAResultFailed() {
    // What JMH 1.37 does when the benchmark throws in its fork: it ends it with a null result.
    BenchmarkParams params = JmhFixtures.encodeToBody("bogus-9", 1);
    format.startBenchmark(params);
    format.println("# Warmup Iteration   1: <failure>");
    format.println("java.lang.IllegalArgumentException: codec must be none or engine-level: bogus-9");
    format.endBenchmark(null);

    assertTrue(console().contains("left FAILED\n    # Warmup Iteration   1: <failure>\n"
        + "    java.lang.IllegalArgumentException: codec must be none or engine-level: bogus-9\n"), console());
    assertEquals(1, format.failed().size());
  }

  @Test
  void aBenchmarkStillRunningWhenTheRunEndsFailed() {
    format.startBenchmark(JmhFixtures.encodeToBody("zstd-1", 1));
    format.println("<forked VM failed with exit code 1>");
    format.endRun(List.of());

    assertTrue(console().contains(" FAILED\n    <forked VM failed with exit code 1>\n"), console());
    assertEquals(1, format.failed().size());
  }

  @Test
  void closingTheFormatAfterARunKeepsItServingTheNext() {
    format.close();
    format.println("the next run");

    assertTrue(log().contains("the next run"), log());
  }
}
