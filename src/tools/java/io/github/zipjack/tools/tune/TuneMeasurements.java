package io.github.zipjack.tools.tune;

import io.github.zipjack.tools.tune.SettingResult.Figure;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The JMH runs of bench/tune, one per operation, setting and thread count, each through JMH's
 * Runner API on {@link TuneBenchmark}: encoding of every setting at one thread, then decoding of
 * zipjack's settings at one thread, then both at one thread per core (the study's code is encoded at
 * one thread only: it is the chart's reference); then, when some bodies are over the parallel
 * threshold, the latency of encoding those bodies at one caller thread for each given setting,
 * serial ({@code compressionThreads(1)}) and with zipjack's default {@code compressionThreads}.
 * Prints one progress line per run; JMH's own output goes to a log file. Not thread-safe.
 */
final class TuneMeasurements {
  static final String ENCODE = "encode";
  static final String DECODE = "decode";
  /** The key's operation of a latency run (which runs {@link #ENCODE}). */
  static final String LATENCY = "latency";

  /**
   * One JMH run.
   *
   * @param operation {@link #ENCODE} or {@link #DECODE}, a {@link TuneBenchmark} method
   * @param setting what it measures
   * @param threads JMH threads
   * @param latency whether it times one large body (ms, {@code Mode.AverageTime}) rather than
   *     counting bodies a second
   * @param compressionThreads the pipeline's {@code compressionThreads}; 0 for zipjack's default
   */
  record Run(String operation, Setting setting, int threads, boolean latency, int compressionThreads) {
    Run(String operation, Setting setting, int threads) {
      this(operation, setting, threads, false, 0);
    }

    String key() {
      return latency ? latencyKey(setting, compressionThreads == 1) : TuneMeasurements.key(operation, setting, threads);
    }

    @Override
    public String toString() {
      if (latency) {
        return operation + " " + setting + ", large bodies, "
            + (compressionThreads == 1 ? "compressionThreads=1 (serial)" : "compressionThreads default");
      }
      return operation + " " + setting + ", " + threads + (threads == 1 ? " thread" : " threads");
    }
  }

  private final List<Run> runs;
  private final Path samples;
  private final Path dictionary;

  private TuneMeasurements(List<Run> runs, Path samples, Path dictionary) {
    this.runs = List.copyOf(runs);
    this.samples = samples;
    this.dictionary = dictionary;
  }

  /**
   * The runs for these settings.
   *
   * @param cores the "all cores" thread count; 1 leaves those runs out
   * @param latencySettings the settings whose large-body latency is measured, serial and parallel;
   *     empty when no body is over the parallel threshold
   * @param samples the JSON Lines file of the bodies
   * @param dictionary the dictionary file of a {@code +dict} setting, or null
   */
  static TuneMeasurements plan(List<Setting> settings, int cores, List<Setting> latencySettings, Path samples,
      Path dictionary) {
    List<Run> runs = new ArrayList<>();
    List<Integer> threadCounts = cores > 1 ? List.of(1, cores) : List.of(1);
    for (int threads : threadCounts) {
      for (String operation : List.of(ENCODE, DECODE)) {
        for (Setting s : settings) {
          if (!s.study() || (operation.equals(ENCODE) && threads == 1)) {
            runs.add(new Run(operation, s, threads));
          }
        }
      }
    }
    for (Setting s : latencySettings) {
      runs.add(new Run(ENCODE, s, 1, true, 1));
      runs.add(new Run(ENCODE, s, 1, true, 0));
    }
    return new TuneMeasurements(runs, samples, dictionary);
  }

  static String key(String operation, Setting setting, int threads) {
    return operation + " " + setting + " " + threads;
  }

  /** The key of a large-body latency figure, serial or with the default {@code compressionThreads}. */
  static String latencyKey(Setting setting, boolean serial) {
    return LATENCY + " " + setting + (serial ? " serial" : " default");
  }

  int count() {
    return runs.size();
  }

  List<Run> runs() {
    return runs;
  }

  /**
   * Runs every measurement with the timing given, shortened for the runs still to go when the
   * measurements so far took longer than planned (slow JVM start-ups, iterations that overran), so
   * that the last ends by {@code deadlineNanos} ({@link System#nanoTime()}) where that can be done.
   *
   * @param megabytesPerBody the mean body in MB, which turns bodies a second into MB/s
   * @return the figures by {@link Run#key()}: MB/s, or ms per body for latency runs
   * @throws MeasurementException naming the run that failed
   */
  Map<String, Figure> run(Timing timing, long deadlineNanos, Path log, double megabytesPerBody, PrintStream out)
      throws MeasurementException, IOException {
    Map<String, Figure> figures = new HashMap<>();
    long start = System.nanoTime();
    long overheadMillis = timing.overhead().toMillis(); // the largest start-up seen so far
    try (PrintStream jmhLog = new PrintStream(new FileOutputStream(log.toFile()), true, StandardCharsets.UTF_8)) {
      for (int i = 0; i < runs.size(); i++) {
        Run run = runs.get(i);
        long shareMillis = (deadlineNanos - System.nanoTime()) / 1_000_000 / (runs.size() - i);
        Timing now = timing.within(shareMillis, overheadMillis);
        long runStart = System.nanoTime();
        Result<?> result = measure(run, now, jmhLog);
        overheadMillis = Math.max(overheadMillis, (System.nanoTime() - runStart) / 1_000_000 - now.runMillis());
        double scale = run.latency() ? 1 : megabytesPerBody; // latency: already ms per body
        Figure figure = new Figure(result.getScore() * scale, result.getScoreError() * scale);
        figures.put(run.key(), figure);
        Duration spent = Duration.ofNanos(System.nanoTime() - start);
        Duration left = Duration.ofNanos(Math.max(0, Math.min(deadlineNanos - System.nanoTime(),
            spent.dividedBy(i + 1).multipliedBy(runs.size() - i - 1).toNanos())));
        out.println(String.format(Locale.ROOT, "%s: [%d/%d] %s: %s %s (%s left)", TuneCommand.NAME, i + 1,
            runs.size(), run, figure.format(), run.latency() ? "ms per body" : "MB/s", minutesSeconds(left)));
      }
    }
    return figures;
  }

  private Result<?> measure(Run run, Timing timing, PrintStream jmhLog) throws MeasurementException {
    ChainedOptionsBuilder builder = new OptionsBuilder()
        .include(TuneBenchmark.class.getName() + "\\." + run.operation() + "$")
        .param("samples", samples.toAbsolutePath().toString())
        .param("setting", run.setting().toString())
        .param("dictionary", run.setting().dictionary() ? dictionary.toAbsolutePath().toString() : "")
        .param("largeBodies", Boolean.toString(run.latency()))
        .param("compressionThreads", Integer.toString(run.compressionThreads()));
    if (run.latency()) {
      builder.mode(Mode.AverageTime).timeUnit(TimeUnit.MILLISECONDS);
    }
    Options options = builder
        .threads(run.threads())
        .forks(timing.forked() ? 1 : 0)
        .warmupIterations(timing.warmupIterations())
        .warmupTime(TimeValue.milliseconds(timing.warmupMillis()))
        .measurementIterations(timing.measurementIterations())
        .measurementTime(TimeValue.milliseconds(timing.measurementMillis()))
        .shouldFailOnError(true)
        .build();
    try {
      RunResult result = new Runner(options, OutputFormatFactory.createFormatInstance(jmhLog, VerboseMode.NORMAL))
          .runSingle();
      return result.getPrimaryResult();
    } catch (RunnerException | RuntimeException e) {
      throw new MeasurementException("the measurement of " + run + " failed (JMH's log: the file named above): "
          + e.getMessage(), e);
    }
  }

  private static String minutesSeconds(Duration d) {
    long seconds = Math.round(d.toMillis() / 1000.0);
    return seconds >= 60 ? seconds / 60 + "m " + seconds % 60 + "s" : seconds + "s";
  }
}
