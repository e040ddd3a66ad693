package io.github.zipjack.tools.compare;

import io.github.zipjack.tools.report.MarkdownTable;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * One set of configurations measured in paired rounds and judged against targets: runs the rounds
 * ({@link PairedRounds}) until every target's ratio settles within ±5% and every target either holds
 * or misses, or the budget ends, printing
 * a progress line per round, and gives one table row per target with its ratio, 95% interval, rounds,
 * spread and verdict ({@link Verdict#against}). Stateless.
 */
final class TargetRounds {
  /** The table's columns, after the set's own first column. */
  static final List<String> COLUMNS = List.of("ratio", "×", "95% interval", "rounds", "spread", "verdict");

  /**
   * A target: a ratio of two configurations' throughputs and the bound it must keep.
   *
   * @param atLeast whether the ratio must be at least {@code bound} (else at most)
   */
  record Target(String label, Comparison.Ratio ratio, double bound, boolean atLeast) {
    /**
     * A time ratio, {@code measured}'s time per operation over {@code reference}'s, which must be at
     * most {@code atMost}: taken as {@code reference}'s throughput over {@code measured}'s.
     */
    static Target timeAtMost(String label, String measured, String reference, double atMost) {
      return new Target(label, new Comparison.Ratio(label, reference, measured), atMost, false);
    }

    /** A throughput ratio, {@code measured}'s over {@code reference}'s, which must be at least {@code atLeast}. */
    static Target throughputAtLeast(String label, String measured, String reference, double atLeast) {
      return new Target(label, new Comparison.Ratio(label, measured, reference), atLeast, true);
    }
  }

  private TargetRounds() {}

  /**
   * Measures and judges.
   *
   * @param configurations every configuration the targets name (the runner measures them)
   * @param first the first cell of every row (the dataset, the shape)
   * @param prefix begins each progress line
   * @param seed orders the rounds
   * @throws RoundRunner.MeasurementFailure from the runner
   */
  static List<List<String>> run(List<String> configurations, List<Target> targets, RoundRunner runner,
      Duration budget, int maxRounds, String first, String prefix, PrintStream console, long seed)
      throws RoundRunner.MeasurementFailure {
    Comparison comparison = new Comparison(configurations, targets.stream().map(Target::ratio).toList());
    PairedResult result = new PairedRounds(comparison, runner, seed, System::nanoTime)
        .run(budget, maxRounds, progress -> console.println(prefix + ProgressLine.of(progress)),
            soFar -> soFar.allSettled() && targets.stream().allMatch(t -> decided(soFar.estimate(t.ratio()), t)));
    List<List<String>> rows = new ArrayList<>();
    for (Target target : targets) {
      RatioEstimate e = result.estimate(target.ratio());
      rows.add(List.of(first, target.label(), ComparisonTable.times(e.ratio()), ComparisonTable.interval(e),
          Integer.toString(e.rounds()), ComparisonTable.spread(e), Verdict.against(e, target.bound(), target.atLeast())));
    }
    return rows;
  }

  /** This JDK's version without its build: {@code 25.0.3}. */
  static String jdkVersion() {
    return Runtime.version().toString().replaceAll("\\+.*", "");
  }

  /**
   * Prints the rows as one table (after {@code firstColumn}, {@link #COLUMNS}) and writes it to
   * {@code out} under a line naming {@code what}, this JDK, the date and the cores.
   */
  static void report(String what, String firstColumn, List<List<String>> rows, Path out, PrintStream console)
      throws IOException {
    List<String> headers = new ArrayList<>(List.of(firstColumn));
    headers.addAll(COLUMNS);
    MarkdownTable table = new MarkdownTable(headers);
    rows.forEach(table::addRow);
    String rendered = table.render();
    console.print(rendered);
    Files.createDirectories(out.toAbsolutePath().getParent());
    Files.writeString(out, what + ", JDK " + jdkVersion() + ", paired rounds, measured " + LocalDate.now() + " on "
        + Runtime.getRuntime().availableProcessors() + " cores:\n\n" + rendered, StandardCharsets.UTF_8);
  }

  /** Whether the whole interval is on one side of the target's bound. */
  static boolean decided(RatioEstimate e, Target target) {
    return e.low() >= target.bound() || e.high() <= target.bound();
  }
}
