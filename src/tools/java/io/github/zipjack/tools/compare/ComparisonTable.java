package io.github.zipjack.tools.compare;

import io.github.zipjack.tools.report.Figures;
import io.github.zipjack.tools.report.MarkdownTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A {@link PairedResult} as one Markdown table, a row per ratio: the configuration's throughput (the
 * geometric mean over rounds, shown without an error: the uncertainty that matters is the ratio's),
 * the ratio with its 95% interval, the rounds and their spread, and the {@link Verdict}; then a line
 * per ratio that did not settle within ±5%, with about how many more rounds it needs. Stateless.
 */
final class ComparisonTable {
  static final List<String> HEADERS =
      List.of("ratio", "ops/s", "×", "95% interval", "rounds", "spread", "verdict");

  private ComparisonTable() {}

  /**
   * The table's rows, as {@link #HEADERS} name the cells: each reference (a ratio's denominator) first,
   * with its throughput alone, then each ratio in the comparison's order.
   */
  static List<List<String>> rows(PairedResult result) {
    List<List<String>> rows = new ArrayList<>();
    result.comparison().ratios().stream().map(Comparison.Ratio::denominator).distinct()
        .filter(name -> result.comparison().ratios().stream().noneMatch(r -> r.label().equals(name)))
        .forEach(name -> rows.add(List.of(name + " (reference)", Figures.opsPerSecond(result.opsPerSecond().get(name)),
            times(1), MarkdownTable.NONE, Integer.toString(result.rounds()), MarkdownTable.NONE, MarkdownTable.NONE)));
    for (Comparison.Ratio ratio : result.comparison().ratios()) {
      RatioEstimate e = result.estimate(ratio);
      rows.add(List.of(ratio.label(), Figures.opsPerSecond(result.opsPerSecond().get(ratio.numerator())),
          times(e.ratio()), interval(e), Integer.toString(e.rounds()), spread(e), Verdict.of(e)));
    }
    return rows;
  }

  /** The table, then the lines on ratios that did not settle, each ending in a newline. */
  static String render(PairedResult result) {
    MarkdownTable table = new MarkdownTable(HEADERS);
    rows(result).forEach(table::addRow);
    StringBuilder text = new StringBuilder(table.render());
    for (String line : unsettledLines(result)) {
      text.append(line).append('\n');
    }
    return text.toString();
  }

  /** "did not settle: zstd-1, ±7.1% after 9 rounds, about 6 more rounds", one per unsettled ratio. */
  static List<String> unsettledLines(PairedResult result) {
    List<String> lines = new ArrayList<>();
    for (Comparison.Ratio ratio : result.unsettled()) {
      RatioEstimate e = result.estimate(ratio);
      lines.add("did not settle: " + ratio.label() + ", " + unsettledNote(e));
    }
    return lines;
  }

  /** {@code ±7.1% after 9 rounds; about 6 more rounds would reach ±5%}. */
  static String unsettledNote(RatioEstimate e) {
    return halfWidth(e) + " after " + e.rounds() + " rounds; about " + rounds(e.moreRoundsToSettle())
        + " would reach ±5%";
  }

  /** {@code 1 more round}, {@code 6 more rounds}. */
  static String rounds(int more) {
    return more + (more == 1 ? " more round" : " more rounds");
  }

  /** {@code [0.93, 1.02]}. */
  static String interval(RatioEstimate e) {
    if (e.rounds() < 2) {
      return MarkdownTable.NONE;
    }
    return String.format(Locale.ROOT, "[%.3f, %.3f]", e.low(), e.high());
  }

  /** {@code 1.024×}. */
  static String times(double ratio) {
    return String.format(Locale.ROOT, "%.3f×", ratio);
  }

  /** The interval's half-width as a percentage: {@code ±3.1%}. */
  static String halfWidth(RatioEstimate e) {
    if (e.rounds() < 2) {
      return "no interval";
    }
    double fraction = Math.expm1(e.halfWidthLog());
    return fraction > 9.99 ? "over ±999%" : "±" + Verdict.percent(fraction);
  }

  /** The rounds' standard deviation of the log ratio, as a percentage: {@code sd 4.2%}. */
  static String spread(RatioEstimate e) {
    return e.rounds() < 2 ? MarkdownTable.NONE : "sd " + Verdict.percent(e.sdLog());
  }
}
