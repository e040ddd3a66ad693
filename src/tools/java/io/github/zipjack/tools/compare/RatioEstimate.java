package io.github.zipjack.tools.compare;

import java.util.List;

/**
 * A ratio estimated from paired rounds: the geometric mean of the rounds' ratios with a 95% Student-t
 * interval over their natural logarithms. Each round's ratio was taken within that round, so what
 * drifts between rounds (the machine's load, a JVM's compilation) cancels in it, and the interval
 * reflects how much the rounds disagree. Immutable.
 *
 * @param rounds how many rounds, at least 1
 * @param meanLog the mean of the rounds' log ratios
 * @param sdLog their sample standard deviation (NaN with one round): the spread of the rounds
 */
public record RatioEstimate(int rounds, double meanLog, double sdLog) {
  /** The confidence of every interval. */
  static final double CONFIDENCE = 0.95;
  /** The half-width a settled interval may have, in log ratio: ±5%, ln 1.05. */
  static final double SETTLED_LOG = Math.log(1.05);
  /** The most rounds {@link #roundsFor} counts up to; more reads as "more than this". */
  static final int MAX_ROUNDS = 100_000;

  public RatioEstimate {
    if (rounds < 1) {
      throw new IllegalArgumentException("rounds must be at least 1: " + rounds);
    }
  }

  /**
   * The estimate from each round's log ratio.
   *
   * @throws IllegalArgumentException if there is none or one is not finite
   */
  public static RatioEstimate ofLogs(List<Double> logRatios) {
    if (logRatios.isEmpty()) {
      throw new IllegalArgumentException("no rounds");
    }
    double sum = 0;
    for (double log : logRatios) {
      if (!Double.isFinite(log)) {
        throw new IllegalArgumentException("a round's log ratio must be finite: " + log);
      }
      sum += log;
    }
    int n = logRatios.size();
    double mean = sum / n;
    double squares = 0;
    for (double log : logRatios) {
      squares += (log - mean) * (log - mean);
    }
    return new RatioEstimate(n, mean, n > 1 ? Math.sqrt(squares / (n - 1)) : Double.NaN);
  }

  /** The geometric mean of the rounds' ratios. */
  public double ratio() {
    return Math.exp(meanLog);
  }

  /** Half the interval's width in log ratio; infinite with fewer than 2 rounds. */
  double halfWidthLog() {
    if (rounds < 2) {
      return Double.POSITIVE_INFINITY;
    }
    return StudentT.twoSided(CONFIDENCE, rounds - 1) * sdLog / Math.sqrt(rounds);
  }

  /** The interval's lower end (0 with fewer than 2 rounds). */
  public double low() {
    return Math.exp(meanLog - halfWidthLog());
  }

  /** The interval's upper end (infinite with fewer than 2 rounds). */
  public double high() {
    return Math.exp(meanLog + halfWidthLog());
  }

  /** Whether the interval is within ±5% of the ratio. */
  public boolean settled() {
    return halfWidthLog() <= SETTLED_LOG;
  }

  /** How many more rounds, at this spread, would settle the interval (0 when settled). */
  int moreRoundsToSettle() {
    return roundsFor(SETTLED_LOG) - rounds;
  }

  /**
   * The fewest rounds whose interval, at the current spread, has a half-width of at most
   * {@code halfWidthLog}: the smallest n with t(n - 1) s / sqrt(n) within it, at least the rounds
   * done; {@link #MAX_ROUNDS} when that is more. With fewer than 2 rounds there is no spread yet, so
   * it counts 2.
   */
  int roundsFor(double halfWidthLog) {
    if (rounds < 2) {
      return 2;
    }
    if (sdLog == 0) {
      return rounds;
    }
    // (t s / h)^2 with the normal's t is a lower bound; step up from there since t shrinks with n.
    int n = Math.max(rounds, Math.max(2, (int) Math.floor(Math.pow(1.959 * sdLog / halfWidthLog, 2))));
    while (n < MAX_ROUNDS && StudentT.twoSided(CONFIDENCE, n - 1) * sdLog / Math.sqrt(n) > halfWidthLog) {
      n = n < 1000 ? n + 1 : (int) (n * 1.01);
    }
    return Math.min(n, MAX_ROUNDS);
  }
}
