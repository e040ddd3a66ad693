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
import java.util.Locale;
import java.util.function.Function;

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

  /**
   * Configurations measured together, each round a fresh JVM per configuration, and the targets
   * judged from them.
   *
   * @param name the first cell of its rows (the dataset, the shape)
   * @param derived configurations computed turn by turn from measured ones, added to every round
   */
  record TargetSet(String name, List<JmhConfiguration> configurations, List<DerivedConfiguration> derived,
      List<Target> targets) {

    List<String> names() {
      List<String> names = new ArrayList<>(configurations.stream().map(JmhConfiguration::name).toList());
      derived.forEach(d -> names.add(d.name()));
      return names;
    }
  }

  /**
   * A targets program's arguments, {@code SECONDS OUT.md [SET...]}: the budget of each set, the table's
   * file and the sets to run (all when none is named).
   */
  record Arguments(Duration budget, Path out, List<String> sets) {
    /** Parses them, or exits with 2 and the usage naming the bad value. */
    static Arguments parse(String program, String[] args, List<String> allSets) {
      return parse(program, "", args, allSets);
    }

    /**
     * Parses them, or exits with 2 and the usage naming the bad value; {@code options} is what the
     * usage shows before them (the options the program took off first), empty for none.
     */
    static Arguments parse(String program, String options, String[] args, List<String> allSets) {
      if (args.length < 2 || !args[0].matches("\\d+")) {
        System.err.println(usage(program, options, allSets));
        System.exit(2);
      }
      List<String> sets = args.length > 2 ? List.of(args).subList(2, args.length) : allSets;
      for (String set : sets) {
        if (!allSets.contains(set)) {
          System.err.println(program + ": no targets on " + set + "; the sets are " + allSets);
          System.exit(2);
        }
      }
      return new Arguments(Duration.ofSeconds(Long.parseLong(args[0])), Path.of(args[1]), sets);
    }

    /** {@return the usage line of {@code program}, with {@code options} (empty for none) before the arguments} */
    static String usage(String program, String options, List<String> allSets) {
      return "usage: " + program + (options.isEmpty() ? "" : " " + options)
          + " SECONDS_PER_SET OUT.md [SET...], the sets among " + allSets;
    }
  }

  private TargetRounds() {}

  /**
   * Measures and judges each set in turn within {@code budget} a set, printing progress lines, then
   * prints one table and writes it to {@code out} (see {@link #report}). Each set's rounds log the
   * JVMs' standard error to {@code logName-SET.log} beside {@code out}. Exits with 1, naming the set,
   * when a round fails.
   *
   * @param what names the table and begins every progress line
   * @param extraRows rows to add after a set's targets (figures counted exactly, not timed)
   */
  static void runAndReport(String what, String firstColumn, List<TargetSet> sets, InterleavedTurns turns,
      Duration budget, int maxRounds, Path out, String logName, Function<String, List<List<String>>> extraRows)
      throws IOException {
    PrintStream console = System.out;
    List<List<String>> rows = new ArrayList<>();
    for (TargetSet set : sets) {
      String prefix = what.toLowerCase(Locale.ROOT) + ": JDK " + jdkVersion() + ", " + set.name() + ": ";
      RoundRunner runner = DerivedConfiguration.adding(new JvmRounds(System.getProperty("java.class.path"), turns,
          set.configurations(), out.resolveSibling(logName + "-" + set.name() + ".log")), set.derived());
      try {
        rows.addAll(run(set.names(), set.targets(), runner, budget, maxRounds, set.name(), prefix, console,
            System.nanoTime()));
      } catch (RoundRunner.MeasurementFailure e) {
        System.err.println(prefix + e.getMessage());
        System.exit(1);
        return;
      }
      rows.addAll(extraRows.apply(set.name()));
      console.println();
    }
    report(what, firstColumn, rows, out, console);
  }

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
