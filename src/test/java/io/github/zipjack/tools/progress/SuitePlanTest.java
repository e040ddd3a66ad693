package io.github.zipjack.tools.progress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.VerboseMode;

/** The suite's plan counts benchmarks and their time as JMH and bench/run's head count them. */
class SuitePlanTest {

  private static SuitePlan plan(String... commandLines) throws Exception {
    List<org.openjdk.jmh.runner.options.Options> runs = new java.util.ArrayList<>();
    for (String line : commandLines) {
      runs.add(new CommandLineOptions(line.split(" ")));
    }
    return SuitePlan.of(BenchmarkList.defaultList(), runs,
        OutputFormatFactory.createFormatInstance(new PrintStream(new ByteArrayOutputStream()), VerboseMode.SILENT));
  }

  @Test
  void theQuickSuitesEnginesRunIsNineForksOf9point2Seconds() throws Exception {
    SuitePlan plan = plan("PipelineBenchmark.encodeToBody$ -p dataset=people-100 "
        + "-p codec=zlib-1,zlib-6,libdeflate-1,libdeflate-6,zstd-1,zstd-3,brotli-4,brotli-5,none -t 1");

    assertEquals(9, plan.benchmarks());
    assertEquals(82.8, plan.seconds(), 1e-9);
  }

  @Test
  void parametersGivenOrWithSeveralValuesAreNamedAndSingleDefaultsAreNot() throws Exception {
    SuitePlan plan = plan("PipelineBenchmark.encodeToBody$ -p codec=zstd-1 -p accelerator=BLACKBIRD");

    assertTrue(plan.names("codec") && plan.names("accelerator") && plan.names("dataset"), plan.toString());
    assertFalse(plan.names("inputBufferSize"), plan.toString());
  }

  @Test
  void runsAddUpAndTheirOptionsChangeTheTiming() throws Exception {
    SuitePlan plan = plan("PipelineBenchmark.encodeToBody$ -p dataset=people-100 -p codec=zlib-1,zstd-1",
        "PipelineBenchmark.encodeToBody$ -p dataset=people-1 -p codec=zlib-1 -f 2 -wi 1 -w 1s -i 1 -r 1s");

    assertEquals(3, plan.benchmarks());
    assertEquals(2 * 9.2 + 2 * (1 + 1 + 1.2), plan.seconds(), 1e-9);
  }

  @Test
  void givenValuesReplaceTheDeclaredOnesOfThatParameterOnly() {
    Map<String, String[]> declared = Map.of("codec", new String[] {"a", "b", "c"}, "dataset", new String[] {"x", "y"});

    assertEquals(6, SuitePlan.combinations(declared, name -> null));
    assertEquals(2, SuitePlan.combinations(declared, name -> name.equals("codec") ? List.of("a") : null));
  }

  @Test
  void aForkTakesItsIterationsAndItsStartUp() {
    BenchmarkTiming timing = BenchmarkTiming.of(JmhFixtures.encodeToBody("zlib-1", 1));

    assertEquals(5 * 1 + 5 * 0.6 + BenchmarkTiming.FORK_OVERHEAD_SECONDS, timing.seconds(), 1e-9);
  }
}
