package io.github.zipjack.tools.compare;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Pattern;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.openjdk.jmh.annotations.Mode;

/**
 * Alternating measured turns of several {@link JmhConfiguration}s in this JVM: warm-up turns, then
 * measured turns, each turn every configuration once in a fresh random order, each a one-iteration
 * JMH run without a fork (the benchmark's own harness, set-up and Blackhole; JMH's output discarded).
 * Paired turns cancel the machine's drift; what a whole JVM shares (its compilation, the profile all
 * configurations leave in common code) they do not vary, which is why a round is a whole JVM of them
 * ({@link JvmRounds}). One thread at a time.
 *
 * @param warmupTurns unreported turns first, at least 0
 * @param turns measured turns, at least 1
 * @param warmupMillis the length of a configuration's warm-up turn
 * @param turnMillis the length of a configuration's measured turn
 */
record JmhTurns(int warmupTurns, int turns, int warmupMillis, int turnMillis) {
  /** The measured turns a round has unless said otherwise. */
  static final int DEFAULT_TURNS = 5;

  JmhTurns {
    if (warmupTurns < 0 || turns < 1 || warmupMillis < 1 || turnMillis < 1) {
      throw new IllegalArgumentException("turns must be at least 1 (warm-up at least 0) and turn times positive: "
          + warmupTurns + " warm-up of " + warmupMillis + " ms, " + turns + " of " + turnMillis + " ms");
    }
  }

  /**
   * Measures the configurations; the first turn in the order given, later ones shuffled by {@code seed}.
   *
   * @return each configuration's throughput in ops/s, per measured turn
   * @throws RoundRunner.MeasurementFailure naming the configuration JMH could not run
   */
  Round measure(List<JmhConfiguration> configurations, long seed) throws RoundRunner.MeasurementFailure {
    Random random = new Random(seed);
    List<JmhConfiguration> order = new ArrayList<>(configurations);
    Map<String, List<Double>> measured = new HashMap<>();
    configurations.forEach(c -> measured.put(c.name(), new ArrayList<>()));
    for (int turn = 0; turn < warmupTurns + turns; turn++) {
      boolean warmup = turn < warmupTurns;
      for (JmhConfiguration configuration : order) {
        double ops = once(configuration, warmup ? warmupMillis : turnMillis);
        if (!warmup) {
          measured.get(configuration.name()).add(ops);
        }
      }
      Collections.shuffle(order, random);
    }
    return new Round(measured);
  }

  /** One iteration of the configuration's benchmark, in ops/s. */
  private static double once(JmhConfiguration configuration, int millis) throws RoundRunner.MeasurementFailure {
    ChainedOptionsBuilder options = new OptionsBuilder()
        .include("^" + Pattern.quote(configuration.benchmark()) + "$")
        .forks(0)
        .threads(1)
        .mode(Mode.Throughput)
        .warmupIterations(0)
        .measurementIterations(1)
        .measurementTime(TimeValue.milliseconds(millis))
        .shouldFailOnError(true);
    configuration.params().forEach((key, value) -> options.param(key, value));
    PrintStream discard = new PrintStream(OutputStream.nullOutputStream());
    try {
      RunResult result = new Runner(options.build(), OutputFormatFactory.createFormatInstance(discard,
          VerboseMode.SILENT)).runSingle();
      double score = result.getPrimaryResult().getScore();
      String unit = result.getPrimaryResult().getScoreUnit();
      return perSecond(score, unit);
    } catch (RunnerException | RuntimeException e) {
      throw new RoundRunner.MeasurementFailure("JMH could not run " + configuration.spec() + ": " + e.getMessage(), e);
    }
  }

  /** A throughput in JMH's unit ({@code ops/s}, {@code ops/ms}, ...) as ops/s. */
  static double perSecond(double score, String unit) {
    return switch (unit) {
      case "ops/s" -> score;
      case "ops/ms" -> score * 1e3;
      case "ops/us" -> score * 1e6;
      case "ops/ns" -> score * 1e9;
      case "ops/min" -> score / 60;
      default -> throw new IllegalArgumentException("not a throughput unit: " + unit);
    };
  }
}
