package io.github.zipjack.tools.report;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One benchmark result as JMH writes it with {@code -rf json}: a method, its parameters and thread
 * count, the primary score normalized to operations per second, the bytes allocated per
 * operation when the run used {@code -prof gc}, and the benchmark's own counters per operation.
 *
 * <p>Immutable.
 *
 * @param benchmark the fully qualified method name, for example {@code io.github.zipjack.bench.SeedBenchmark.baseline}
 * @param threads the number of threads that ran the method at the same time
 * @param params the {@code @Param} values, in the order JMH wrote them
 * @param opsPerSecond the throughput summed over all threads
 * @param errorOpsPerSecond half the 99.9% confidence interval; NaN when JMH had too few iterations
 * @param allocBytesPerOp bytes allocated per operation; NaN without the gc profiler
 * @param countersPerOp each {@code @AuxCounters(OPERATIONS)} counter of the benchmark, by field name:
 *     the counter's total over the operations' total, for example the bytes received per operation
 * @param run how the JVM and JMH were set up for this result
 */
record JmhResult(
    String benchmark,
    int threads,
    Map<String, String> params,
    double opsPerSecond,
    double errorOpsPerSecond,
    double allocBytesPerOp,
    Map<String, Double> countersPerOp,
    RunSettings run) {

  JmhResult {
    params = Collections.unmodifiableMap(new LinkedHashMap<>(params)); // keeps JMH's order
    countersPerOp = Map.copyOf(countersPerOp);
  }

  /** The simple name of the benchmark class, for example {@code SeedBenchmark}. */
  String className() {
    String owner = benchmark.substring(0, benchmark.lastIndexOf('.'));
    return owner.substring(owner.lastIndexOf('.') + 1);
  }

  /** The benchmark method's name, for example {@code baseline}. */
  String method() {
    return benchmark.substring(benchmark.lastIndexOf('.') + 1);
  }

  /** The value of one {@code @Param}, or null when the benchmark has no such parameter. */
  String param(String name) {
    return params.get(name);
  }

  /** JMH's error as a chart's error bar draws it: 0 where JMH had too few iterations to give one. */
  double errorBar() {
    return Double.isNaN(errorOpsPerSecond) ? 0 : errorOpsPerSecond;
  }

  /** One counter of {@link #countersPerOp}, or NaN when the benchmark has no such counter. */
  double counterPerOp(String name) {
    return countersPerOp.getOrDefault(name, Double.NaN);
  }

  boolean hasAllocation() {
    return !Double.isNaN(allocBytesPerOp);
  }

  /**
   * The JVM and JMH settings a result was measured with; the report lists each distinct one so a
   * reader knows what the figures stand on.
   */
  record RunSettings(
      String jmhVersion,
      String jdkVersion,
      String vmName,
      String vmVersion,
      int forks,
      String warmup,
      String measurement) {

    /** The JMH and JVM versions, without the timing. */
    String environment() {
      return "JMH " + jmhVersion + ", JDK " + jdkVersion + " (" + vmName + " " + vmVersion + ")";
    }

  }
}
