package io.github.zipjack.tools.progress;

import io.github.zipjack.tools.report.Figures;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.format.OutputFormat;

/**
 * JMH's output for a suite of runs: everything JMH says goes to {@code log} (its own text format,
 * as {@code java -jar benchmarks.jar} prints it), and the console gets one line per benchmark, its
 * progress when it starts and its score when it ends. A benchmark that fails (JMH ends it without a
 * result, or starts the next one or ends the run without ending it) gets {@code FAILED}, the failure
 * as JMH logged it and the log's path. One instance serves every run of the suite; {@link #close()} leaves {@code log} open
 * (its owner closes it), because JMH closes the format after each run. Not thread-safe: JMH reports
 * from one thread.
 */
final class ProgressOutputFormat implements OutputFormat {

  /** Lines of a failed benchmark's log shown on the console, at most (blank lines left out). */
  static final int FAILURE_LINES = 12;

  private final OutputFormat log;
  private final PrintStream console;
  private final ProgressTracker tracker;
  private final Path logPath;
  /** The log's lines since the current benchmark started, the last {@link #FAILURE_LINES} * 4. */
  private final Deque<String> benchmarkLines = new ArrayDeque<>();
  private final StringBuilder partialLine = new StringBuilder();
  private final List<String> failed = new ArrayList<>();
  /** The benchmark that started and did not end yet, or null. */
  private String running;

  ProgressOutputFormat(OutputFormat log, PrintStream console, ProgressTracker tracker, Path logPath) {
    this.log = log;
    this.console = console;
    this.tracker = tracker;
    this.logPath = logPath;
  }

  /** The benchmarks that failed so far, as their progress lines name them. */
  List<String> failed() {
    return List.copyOf(failed);
  }

  /** Reports the running benchmark as failed: JMH ended a run, or stopped, without ending it. */
  void endUnfinished() {
    if (running != null) {
      reportFailure();
    }
  }

  /** Ends the running benchmark's line with FAILED, the failure as JMH logged it and the log's path. */
  private void reportFailure() {
    failed.add(running);
    tracker.end();
    running = null;
    console.println(" FAILED");
    List<String> lines = new ArrayList<>(benchmarkLines);
    int from = 0;
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).contains("<failure>") || lines.get(i).contains("<forked VM failed")) {
        from = i;
        break;
      }
    }
    if (from == 0) {
      from = Math.max(0, lines.size() - FAILURE_LINES);
    }
    lines.subList(from, lines.size()).stream().filter(line -> !line.isBlank()).limit(FAILURE_LINES)
        .forEach(line -> console.println("    " + line));
    console.println("    JMH's whole output: " + logPath);
    console.flush();
  }

  @Override
  public void startBenchmark(BenchmarkParams params) {
    endUnfinished();
    benchmarkLines.clear();
    running = tracker.label(params);
    console.print(tracker.start(running, BenchmarkTiming.of(params)));
    console.flush();
    log.startBenchmark(params);
  }

  @Override
  public void endBenchmark(BenchmarkResult result) {
    log.endBenchmark(result);
    if (running == null) {
      return;
    }
    Result<?> primary = result == null ? null : result.getPrimaryResult();
    if (primary == null) {
      // JMH ends a benchmark whose forks failed with no result at all.
      reportFailure();
      return;
    }
    tracker.end();
    running = null;
    console.println(": " + Figures.withError(primary.getScore(), primary.getScoreError()) + " " + primary.getScoreUnit());
    console.flush();
  }

  @Override
  public void startRun() {
    log.startRun();
  }

  @Override
  public void endRun(Collection<RunResult> results) {
    endUnfinished();
    log.endRun(results);
  }

  @Override
  public void iteration(BenchmarkParams benchParams, IterationParams params, int iteration) {
    log.iteration(benchParams, params, iteration);
  }

  @Override
  public void iterationResult(BenchmarkParams benchParams, IterationParams params, int iteration, IterationResult data) {
    log.iterationResult(benchParams, params, iteration, data);
  }

  @Override
  public void print(String s) {
    log.print(s);
    remember(s);
  }

  @Override
  public void println(String s) {
    log.println(s);
    remember(s + "\n");
  }

  @Override
  public void verbosePrintln(String s) {
    log.verbosePrintln(s);
  }

  @Override
  public void write(int b) {
    log.write(b);
    remember(String.valueOf((char) b));
  }

  @Override
  public void write(byte[] b) throws IOException {
    log.write(b);
    remember(new String(b));
  }

  @Override
  public void flush() {
    log.flush();
    console.flush();
  }

  /** Flushes only: JMH closes the format after each run, and the suite goes on. */
  @Override
  public void close() {
    flush();
  }

  /** Keeps the last lines of what JMH logged for the running benchmark, for its failure report. */
  private void remember(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\n') {
        benchmarkLines.addLast(partialLine.toString());
        partialLine.setLength(0);
        if (benchmarkLines.size() > FAILURE_LINES * 4) {
          benchmarkLines.removeFirst();
        }
      } else if (c != '\r') {
        partialLine.append(c);
      }
    }
  }
}
