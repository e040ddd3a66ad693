package io.github.zipjack.tools.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether a round's turns could have counted as rounds: for each ratio measured in several turns a
 * round, the spread of the rounds' means over what it would be if turns were as independent as
 * rounds ({@link PairedResult.Spread#excess()}). Well above 1, rounds differ by more than their turns
 * say, and counting turns as rounds would have overclaimed.
 */
final class SpreadCheck {
  private SpreadCheck() {}

  /** One line naming each ratio's excess, or nothing when rounds had one turn or too few rounds ran. */
  static String describe(PairedResult result) {
    List<String> parts = new ArrayList<>();
    for (Comparison.Ratio ratio : result.comparison().ratios()) {
      PairedResult.Spread spread = result.spreads().get(ratio);
      if (spread.turns() > 1 && result.rounds() > 2 && spread.withinSdLog() > 0) {
        parts.add(String.format(Locale.ROOT, "%s %.1f× (turn sd %s, round sd %s)", ratio.label(), spread.excess(),
            Verdict.percent(spread.withinSdLog()), Verdict.percent(spread.betweenSdLog())));
      }
    }
    if (parts.isEmpty()) {
      return "";
    }
    return "rounds against turns (a round's spread over what " + result.spreads().values().iterator().next().turns()
        + " independent turns would give; near 1: turns as good as rounds): " + String.join(", ", parts) + "\n";
  }
}
