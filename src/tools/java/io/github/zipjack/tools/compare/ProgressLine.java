package io.github.zipjack.tools.compare;

import java.util.Comparator;

/** The console line after each round: rounds done, the widest interval and whose, the time left. */
final class ProgressLine {
  private ProgressLine() {}

  /** {@code round 3: widest interval ±8.1% (zstd-1), 64 s left}. */
  static String of(PairedRounds.Progress progress) {
    PairedResult soFar = progress.soFar();
    Comparison.Ratio widest = soFar.comparison().ratios().stream()
        .max(Comparator.comparingDouble(r -> soFar.estimate(r).halfWidthLog())).orElseThrow();
    return "round " + progress.rounds() + ": widest interval " + ComparisonTable.halfWidth(soFar.estimate(widest))
        + " (" + widest.label() + "), " + progress.left().toSeconds() + " s left";
  }
}
