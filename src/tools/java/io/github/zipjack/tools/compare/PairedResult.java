package io.github.zipjack.tools.compare;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The result of paired rounds: each ratio's {@link RatioEstimate}, each configuration's throughput
 * (the geometric mean over rounds, for the table; its uncertainty is not a ratio's), and, where rounds
 * had several turns, how the spread inside a round compares with the spread between rounds.
 * Immutable.
 *
 * @param estimates by ratio, in the comparison's order
 * @param opsPerSecond by configuration, the geometric mean over all rounds and turns
 * @param spreads by ratio
 */
record PairedResult(Comparison comparison, Map<Comparison.Ratio, RatioEstimate> estimates,
    Map<String, Double> opsPerSecond, Map<Comparison.Ratio, Spread> spreads) {

  /**
   * Within and between rounds, for one ratio. If a round's turns were as independent as rounds are,
   * the spread of a round's mean would be {@code withinSdLog / sqrt(turns)}; {@link #betweenSdLog}
   * far above it says rounds differ beyond their turns' noise (whole JVMs do), so the turns must not
   * be counted as rounds.
   *
   * @param turns per round
   * @param withinSdLog the pooled standard deviation of a turn's log ratio around its round's mean (NaN
   *     with one turn a round)
   * @param betweenSdLog the standard deviation of the rounds' mean log ratios
   */
  record Spread(int turns, double withinSdLog, double betweenSdLog) {
    /** betweenSdLog over what independent turns would give; about 1 when rounds add no variance. */
    double excess() {
      return betweenSdLog / (withinSdLog / Math.sqrt(turns));
    }
  }

  static PairedResult of(Comparison comparison, List<Round> rounds) {
    Map<Comparison.Ratio, RatioEstimate> estimates = new LinkedHashMap<>();
    Map<Comparison.Ratio, Spread> spreads = new LinkedHashMap<>();
    for (Comparison.Ratio ratio : comparison.ratios()) {
      List<Double> roundLogs = new ArrayList<>();
      double withinSquares = 0;
      int withinDf = 0;
      for (Round round : rounds) {
        double[] turns = round.turnLogRatios(ratio.numerator(), ratio.denominator());
        double mean = 0;
        for (double t : turns) {
          mean += t / turns.length;
        }
        for (double t : turns) {
          withinSquares += (t - mean) * (t - mean);
        }
        withinDf += turns.length - 1;
        roundLogs.add(mean);
      }
      RatioEstimate estimate = RatioEstimate.ofLogs(roundLogs);
      estimates.put(ratio, estimate);
      double within = withinDf > 0 ? Math.sqrt(withinSquares / withinDf) : Double.NaN;
      spreads.put(ratio, new Spread(rounds.get(0).turns(), within, estimate.sdLog()));
    }
    Map<String, Double> ops = new LinkedHashMap<>();
    for (String name : comparison.configurations()) {
      ops.put(name, Math.exp(rounds.stream().mapToDouble(r -> r.meanLogOpsPerSecond(name)).average().orElseThrow()));
    }
    return new PairedResult(comparison, Collections.unmodifiableMap(estimates), Collections.unmodifiableMap(ops),
        Collections.unmodifiableMap(spreads));
  }

  RatioEstimate estimate(Comparison.Ratio ratio) {
    return estimates.get(ratio);
  }

  int rounds() {
    return estimates.values().iterator().next().rounds();
  }

  /** Whether every ratio's interval is within ±5%. */
  boolean allSettled() {
    return estimates.values().stream().allMatch(RatioEstimate::settled);
  }

  /** The widest interval's half-width in log ratio, for progress lines. */
  double widestHalfWidthLog() {
    return estimates.values().stream().mapToDouble(RatioEstimate::halfWidthLog).max().orElseThrow();
  }

  /** The ratios whose interval is wider than ±5%, in order. */
  List<Comparison.Ratio> unsettled() {
    return comparison.ratios().stream().filter(r -> !estimates.get(r).settled()).toList();
  }
}
