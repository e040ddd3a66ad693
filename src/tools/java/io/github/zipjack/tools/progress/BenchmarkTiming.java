package io.github.zipjack.tools.progress;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * How long JMH takes to run one benchmark (one method at one combination of parameters): its forks
 * (warm-up forks included), each with its warm-up and measurement iterations and the start-up of a
 * JVM. An estimate, made the same way for the suite's plan and for the benchmark JMH starts, so that
 * the two add up. Immutable.
 */
record BenchmarkTiming(int forks, int warmupIterations, TimeValue warmupTime, int iterations, TimeValue iterationTime) {

  /** JVM start-up, benchmark set-up and tear-down per fork on 2 cores (bench/run's head counts 1.2 s). */
  static final double FORK_OVERHEAD_SECONDS = 1.2;

  /** The timing of a benchmark JMH is about to run, as JMH resolved it. */
  static BenchmarkTiming of(BenchmarkParams params) {
    return new BenchmarkTiming(params.getForks() + params.getWarmupForks(), params.getWarmup().getCount(),
        params.getWarmup().getTime(), params.getMeasurement().getCount(), params.getMeasurement().getTime());
  }

  /** The estimated wall-clock seconds; a benchmark run in JMH's own JVM (0 forks) counts once, without start-up. */
  double seconds() {
    double perFork = warmupIterations * seconds(warmupTime) + iterations * seconds(iterationTime);
    return forks == 0 ? perFork : forks * (perFork + FORK_OVERHEAD_SECONDS);
  }

  private static double seconds(TimeValue time) {
    return time.convertTo(TimeUnit.MILLISECONDS) / 1000.0;
  }
}
