package io.github.zipjack.tools.compare;

import io.github.zipjack.bench.Codec;
import io.github.zipjack.tools.report.HeadlineRow;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * bench/run's headline on this JDK, in paired rounds: on x1 (people-100, JSON) at 1 thread, the study's
 * best at gzip level 1 (PipelineBenchmark.studyBest), a second copy of it (the A/A ratio), and
 * encodeToBody at each engine's default level that this JDK can run. Each round is a fresh JVM of
 * alternating turns ({@link JvmRounds}); rounds go on until every ratio is within ±5% or the budget
 * ends. Prints a progress line per round and the table, and writes the rows ({@link HeadlineRow}) for
 * ReportMain's {@code --headline}.
 *
 * <pre>
 * java -cp target/benchmarks.jar io.github.zipjack.tools.compare.HeadlineMain BUDGET_SECONDS OUT.tsv [JMH.log]
 * </pre>
 *
 * Exits with 2 on bad arguments, 1 when a round fails.
 */
public final class HeadlineMain {
  static final String BENCHMARK = "io.github.zipjack.bench.PipelineBenchmark.";
  static final String DATASET = "people-100";
  /**
   * Per round, for each configuration: 2 warm-up turns of 800 ms (x1 is warm after about 3 s of one
   * configuration alone; here the others warm the code they share), then 5 measured turns of 300 ms,
   * all in interleaved slices of 20 ms.
   */
  static final InterleavedTurns TURNS = new InterleavedTurns(2, 5, 800, 300, InterleavedTurns.DEFAULT_SLICE_MILLIS);
  static final int MAX_ROUNDS = 40;

  private HeadlineMain() {}

  public static void main(String[] args) throws IOException {
    if (args.length < 2 || !args[0].matches("\\d+")) {
      System.err.println("usage: HeadlineMain BUDGET_SECONDS OUT.tsv [LOG]");
      System.exit(2);
    }
    Duration budget = Duration.ofSeconds(Long.parseLong(args[0]));
    Path out = Path.of(args[1]);
    Path log = args.length > 2 ? Path.of(args[2]) : out.resolveSibling("headline-rounds.log");
    String jdk = TargetRounds.jdkVersion();
    List<JmhConfiguration> configurations = configurations();
    List<String> engines = configurations.stream().map(JmhConfiguration::name)
        .filter(n -> !n.equals(HeadlineRow.STUDY_BEST)).toList();
    Comparison comparison = Comparison.against(HeadlineRow.STUDY_BEST, engines);
    RoundRunner runner = new JvmRounds(System.getProperty("java.class.path"), TURNS, configurations, log);
    PrintStream console = System.out;
    String prefix = "bench/run: JDK " + jdk + ": ";
    PairedResult result;
    try {
      result = new PairedRounds(comparison, runner, System.nanoTime(), System::nanoTime)
          .run(budget, MAX_ROUNDS, progress -> console.println(prefix + ProgressLine.of(progress)));
    } catch (RoundRunner.MeasurementFailure e) {
      System.err.println(prefix + e.getMessage());
      System.exit(1);
      return;
    }
    List<String> lines = new ArrayList<>();
    lines.add(new HeadlineRow(jdk, HeadlineRow.STUDY_BEST, HeadlineRow.Kind.REFERENCE,
        result.opsPerSecond().get(HeadlineRow.STUDY_BEST), 1, Double.NaN, Double.NaN, result.rounds(), true, "", "")
        .toTsv());
    for (Comparison.Ratio ratio : comparison.ratios()) {
      RatioEstimate e = result.estimate(ratio);
      HeadlineRow.Kind kind = ratio.numerator().equals(HeadlineRow.A_A) ? HeadlineRow.Kind.A_A : HeadlineRow.Kind.ENGINE;
      lines.add(new HeadlineRow(jdk, ratio.label(), kind, result.opsPerSecond().get(ratio.numerator()), e.ratio(),
          e.low(), e.high(), e.rounds(), e.settled(), Verdict.of(e),
          e.settled() ? "" : ComparisonTable.unsettledNote(e)).toTsv());
    }
    Files.createDirectories(out.toAbsolutePath().getParent());
    Files.writeString(out, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
    console.println();
    console.println("JDK " + jdk + ", " + DATASET + ", JSON, 1 thread, against " + HeadlineRow.STUDY_BEST + ":");
    console.print(ComparisonTable.render(result));
    console.print(SpreadCheck.describe(result));
  }

  /** The study's best, its A/A copy, and each default engine this JDK can run. */
  static List<JmhConfiguration> configurations() {
    List<JmhConfiguration> all = new ArrayList<>();
    Map<String, String> best = Map.of("dataset", DATASET, "format", "JSON", "codec", "zlib-1");
    all.add(new JmhConfiguration(HeadlineRow.STUDY_BEST, BENCHMARK + "studyBest", best));
    for (String codec : HeadlineRow.DEFAULT_CODECS) {
      if (Codec.parse(codec).unavailableHere() == null) {
        all.add(new JmhConfiguration(codec, BENCHMARK + "encodeToBody",
            Map.of("dataset", DATASET, "format", "JSON", "codec", codec)));
      }
    }
    all.add(new JmhConfiguration(HeadlineRow.A_A, BENCHMARK + "studyBest", best));
    return all;
  }
}
