package io.github.zipjack.tools.progress;

import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * Counts the benchmarks of a whole suite of JMH runs as they start and says how long is left: the
 * plan's estimate of what has not started yet, scaled by how the finished ones compared with their
 * own estimates. Makes the progress line. Not thread-safe: JMH reports from one thread.
 */
final class ProgressTracker {

  private final SuitePlan plan;
  private final LongSupplier nanoClock;
  private int started;
  /** Estimated seconds of the benchmarks started so far, the current one included. */
  private double startedEstimate;
  /** Estimated and measured seconds of the benchmarks that ended. */
  private double endedEstimate;
  private double endedSeconds;
  private double currentEstimate;
  private long currentStartNanos;

  ProgressTracker(SuitePlan plan, LongSupplier nanoClock) {
    this.plan = plan;
    this.nanoClock = nanoClock;
  }

  /**
   * Records that a benchmark starts and returns its progress line, without a line end:
   * {@code [12/81] PipelineBenchmark.encodeToBody codec=zstd-1 dataset=people-100, 1 thread; about 9m 40s left}.
   */
  String start(String label, BenchmarkTiming timing) {
    started++;
    currentEstimate = timing.seconds();
    double left = Math.max(0, plan.seconds() - startedEstimate) * pace();
    startedEstimate += currentEstimate;
    currentStartNanos = nanoClock.getAsLong();
    int width = Integer.toString(Math.max(plan.benchmarks(), started)).length();
    return String.format(Locale.ROOT, "[%" + width + "d/%d] %s; about %s left",
        started, Math.max(plan.benchmarks(), started), label, duration(left));
  }

  /** Records that the benchmark last started ended, well or not. */
  void end() {
    endedEstimate += currentEstimate;
    endedSeconds += (nanoClock.getAsLong() - currentStartNanos) / 1e9;
  }

  int started() {
    return started;
  }

  /** Measured over estimated time of the ended benchmarks; 1 before any ended. */
  private double pace() {
    return endedEstimate > 0 && endedSeconds > 0 ? endedSeconds / endedEstimate : 1;
  }

  /** A benchmark as the progress line names it: class and method, the plan's named parameters, threads. */
  String label(BenchmarkParams params) {
    String benchmark = params.getBenchmark();
    int method = benchmark.lastIndexOf('.');
    int type = benchmark.lastIndexOf('.', method - 1);
    List<String> keys = params.getParamsKeys().stream().map(String::valueOf).filter(plan::names).sorted().toList();
    String parameters = keys.stream().map(key -> key + "=" + params.getParam(key)).collect(Collectors.joining(" "));
    int threads = params.getThreads();
    return benchmark.substring(type + 1) + (parameters.isEmpty() ? "" : " " + parameters) + ", "
        + threads + (threads == 1 ? " thread" : " threads");
  }

  /** A duration as a person reads it: {@code 45 s}, {@code 9m 40s}, {@code 1h 05m}. */
  static String duration(double seconds) {
    long s = Math.round(seconds);
    if (s < 60) {
      return s + " s";
    }
    if (s < 3600) {
      return String.format(Locale.ROOT, "%dm %02ds", s / 60, s % 60);
    }
    long minutes = Math.round(seconds / 60);
    return String.format(Locale.ROOT, "%dh %02dm", minutes / 60, minutes % 60);
  }
}
