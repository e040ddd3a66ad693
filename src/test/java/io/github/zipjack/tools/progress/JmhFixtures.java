package io.github.zipjack.tools.progress;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.IterationResultMetaData;
import org.openjdk.jmh.results.ResultRole;
import org.openjdk.jmh.results.ThroughputResult;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.WorkloadParams;
import org.openjdk.jmh.runner.options.TimeValue;

/** What JMH hands an output format, made as JMH makes it: a benchmark's parameters and its result. */
final class JmhFixtures {

  private JmhFixtures() {}

  /** PipelineBenchmark.encodeToBody with the quick suite's timing: 1 fork, 5 x 1 s warm-up, 5 x 0.6 s (9.2 s). */
  static BenchmarkParams encodeToBody(String codec, int threads) {
    WorkloadParams workload = new WorkloadParams();
    workload.put("dataset", "people-100", 0);
    workload.put("codec", codec, 1);
    return new BenchmarkParams("io.github.zipjack.bench.PipelineBenchmark.encodeToBody", "generated", true, threads,
        new int[] {threads}, List.of(), 1, 0,
        new IterationParams(IterationType.WARMUP, 5, TimeValue.seconds(1), 1),
        new IterationParams(IterationType.MEASUREMENT, 5, TimeValue.milliseconds(600), 1),
        Mode.Throughput, workload, TimeUnit.SECONDS, 1, "java", List.of(), "25", "vm", "25", "1.37",
        TimeValue.minutes(10));
  }

  /** A result of one iteration at {@code opsPerSecond}. */
  static BenchmarkResult result(BenchmarkParams params, long opsPerSecond) {
    IterationResult iteration = new IterationResult(params, params.getMeasurement(), new IterationResultMetaData(0, 0));
    iteration.addResult(new ThroughputResult(ResultRole.PRIMARY, "encodeToBody", opsPerSecond, 1_000_000_000L,
        TimeUnit.SECONDS));
    return new BenchmarkResult(params, List.of(iteration));
  }
}
