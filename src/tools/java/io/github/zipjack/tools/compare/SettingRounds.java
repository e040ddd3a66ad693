package io.github.zipjack.tools.compare;

import io.github.zipjack.tools.tune.TuneInputs;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Paired rounds of bench/tune's settings encoding the same samples at one thread: each round a fresh
 * JVM per setting ({@link JvmRounds}), their turns interleaved, until every ratio to the reference is
 * within ±5% or the time is up. What bench/compare runs on samples, and what bench/tune runs when its
 * fastest settings are close. One run per call; the calling thread measures.
 */
public final class SettingRounds {
  /** The rounds a budget is planned for: the turns' length follows from it. */
  static final int PLANNED_ROUNDS = 8;

  private SettingRounds() {}

  /** The configurations and the rounds' runner for {@code settings} on {@code samplesJsonl}. */
  static RoundRunner runner(List<String> settings, Map<String, Path> dictionaries, Path samplesJsonl, Duration time,
      Path log) {
    List<JmhConfiguration> configurations = new ArrayList<>();
    for (String setting : settings) {
      Path dictionary = dictionaries.get(setting);
      configurations.add(new JmhConfiguration(setting, TuneInputs.ENCODE_BENCHMARK, Map.of("samples",
          samplesJsonl.toAbsolutePath().toString(), "setting", setting, "dictionary",
          dictionary == null ? "" : dictionary.toAbsolutePath().toString(), "largeBodies", "false",
          "compressionThreads", "0")));
    }
    int turnMillis = (int) Math.max(50, Math.min(300,
        time.toMillis() / (PLANNED_ROUNDS * settings.size() * (InterleavedTurns.DEFAULT_TURNS + 4))));
    InterleavedTurns turns = new InterleavedTurns(2, InterleavedTurns.DEFAULT_TURNS, 2 * turnMillis, turnMillis,
        InterleavedTurns.DEFAULT_SLICE_MILLIS);
    return new JvmRounds(System.getProperty("java.class.path"), turns, configurations, log);
  }

  /**
   * Each of {@code others}' encoding throughput over {@code reference}'s, from paired rounds within
   * {@code time} (at least two rounds, even past it).
   *
   * @param dictionaries the trained dictionary of each setting that has one
   * @param samplesJsonl the bodies, one JSON document a line
   * @param log appended with the JVMs' standard error
   * @param progress told a line after each round
   * @return the estimates in {@code others}' order
   * @throws IOException if a round could not be measured, naming the setting and the log
   */
  public static Map<String, RatioEstimate> against(String reference, List<String> others,
      Map<String, Path> dictionaries, Path samplesJsonl, Duration time, Path log, Consumer<String> progress)
      throws IOException {
    List<String> settings = new ArrayList<>(List.of(reference));
    settings.addAll(others);
    Comparison comparison = Comparison.against(reference, others);
    try {
      PairedResult result = new PairedRounds(comparison, runner(settings, dictionaries, samplesJsonl, time, log),
          System.nanoTime(), System::nanoTime).run(time, 1000, p -> progress.accept(ProgressLine.of(p)));
      Map<String, RatioEstimate> estimates = new LinkedHashMap<>();
      for (Comparison.Ratio ratio : comparison.ratios()) {
        estimates.put(ratio.numerator(), result.estimate(ratio));
      }
      return estimates;
    } catch (RoundRunner.MeasurementFailure e) {
      throw new IOException(e.getMessage(), e);
    }
  }
}
