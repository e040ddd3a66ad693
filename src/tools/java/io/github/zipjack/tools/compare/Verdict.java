package io.github.zipjack.tools.compare;

import java.util.Locale;

/**
 * What a {@link RatioEstimate} of throughputs (the first configuration's over the second's) lets one
 * say, and nothing more: "12% faster [8%, 16%]" or "12% slower [...]" when the whole 95% interval is
 * on one side of 1 and not inside the tie band; "tie within ±5%" when the whole interval is inside
 * [0.95, 1.05]; else
 * "inconclusive: about N more rounds", N from the rounds' spread so far. A JMH error never enters:
 * the only uncertainty is the rounds'. Stateless.
 */
public final class Verdict {
  /** The band a tie's whole interval must fit in. */
  static final double TIE_LOW = 0.95;
  static final double TIE_HIGH = 1.05;

  private Verdict() {}

  /** The verdict on a throughput ratio. */
  public static String of(RatioEstimate estimate) {
    double low = estimate.low();
    double high = estimate.high();
    if (isTie(estimate)) {
      return "tie within ±5%";
    }
    if (low > 1) {
      return percent(estimate.ratio() - 1) + " faster [" + percent(low - 1) + ", " + percent(high - 1) + "]";
    }
    if (high < 1) {
      return percent(1 - estimate.ratio()) + " slower [" + percent(1 - high) + ", " + percent(1 - low) + "]";
    }
    return inconclusive(estimate, 0);
  }

  /** Whether the whole interval is inside the tie band, [0.95, 1.05]: what {@link #of} calls a tie. */
  public static boolean isTie(RatioEstimate estimate) {
    return estimate.low() >= TIE_LOW && estimate.high() <= TIE_HIGH;
  }

  /**
   * The verdict on a throughput ratio against a target: "holds" when the whole interval is on the
   * target's side, "misses" when it is all on the other, else inconclusive.
   *
   * @param atLeast whether the ratio should be at least the target (else at most)
   */
  public static String against(RatioEstimate estimate, double target, boolean atLeast) {
    if (!(target > 0)) {
      throw new IllegalArgumentException("target must be positive: " + target);
    }
    double low = estimate.low();
    double high = estimate.high();
    String goal = (atLeast ? "at least " : "at most ") + String.format(Locale.ROOT, "%.2f", target);
    if (atLeast ? low >= target : high <= target) {
      return "holds (" + goal + ")";
    }
    if (atLeast ? high < target : low > target) {
      return "misses (" + goal + ")";
    }
    return inconclusive(estimate, Math.log(target)) + " (" + goal + ")";
  }

  /**
   * "inconclusive: about N more rounds", N the rounds that would, at this spread, either put the
   * interval on one side of {@code pivotLog} or, for a pivot of 0, inside the tie band: whichever
   * comes first.
   */
  private static String inconclusive(RatioEstimate estimate, double pivotLog) {
    double mean = estimate.meanLog();
    double needed = Math.abs(mean - pivotLog);
    if (pivotLog == 0) {
      double insideBand = Math.min(Math.log(TIE_HIGH) - mean, mean - Math.log(TIE_LOW));
      needed = Math.max(needed, insideBand);
    }
    int more = estimate.roundsFor(needed) - estimate.rounds();
    if (estimate.rounds() + more >= RatioEstimate.MAX_ROUNDS) {
      return "inconclusive: more than " + RatioEstimate.MAX_ROUNDS + " rounds";
    }
    return "inconclusive: about " + Math.max(1, more) + " more round" + (Math.max(1, more) == 1 ? "" : "s");
  }

  /** 0.123 as "12%", 0.0123 as "1.2%". */
  static String percent(double fraction) {
    double p = fraction * 100;
    return String.format(Locale.ROOT, Math.abs(p) < 10 ? "%.1f%%" : "%.0f%%", p);
  }
}
