package io.github.zipjack.tools.compare;

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
import java.util.Map;
import java.util.stream.Stream;

/**
 * What one small response costs zipjack's servlet paths, without sockets, judged in paired rounds:
 * SmallResponseBenchmark's {@code respond} for one record, each round a fresh JVM per coding
 * ({@link JvmRounds}) taking interleaved turns, every coding's time against {@code none} (the same
 * servlet, or Spring's own converter, with no zipjack) in the same round. One set per dataset and
 * path ({@code filter}, {@code converter}); each row's verdict says how much slower than {@code none}
 * a response is, or a tie. The figures are the request's share that zipjack and the compressor add,
 * without the container's and the network's work.
 *
 * <pre>
 * java -cp target/benchmarks.jar io.github.zipjack.tools.compare.SmallResponseRoundsMain SECONDS_PER_SET OUT.md [SET...]
 * </pre>
 *
 * Sets are named {@code DATASET/PATH}, such as {@code people-1/filter}. Exits with 2 on bad arguments,
 * 1 when a round fails.
 */
public final class SmallResponseRoundsMain {
  static final String BENCHMARK = "io.github.zipjack.bench.SmallResponseBenchmark.respond";
  static final String REFERENCE = "none";
  static final List<String> CODINGS = List.of("identity", "zstd", "gzip", "dcz");
  static final List<String> SETS = List.of("people-1/filter", "people-1/converter", "orders-1/filter",
      "orders-1/converter");
  /**
   * Per round: 3 warm-up turns of 1 s a coding (the servlet path, Jackson and the engines compile
   * in the first seconds), then 5 measured turns of 300 ms, in slices of 20 ms (thousands of responses
   * each).
   */
  static final InterleavedTurns TURNS = new InterleavedTurns(3, 5, 1000, 300, InterleavedTurns.DEFAULT_SLICE_MILLIS);
  static final int MAX_ROUNDS = 30;

  private SmallResponseRoundsMain() {}

  public static void main(String[] args) throws IOException {
    TargetRounds.Arguments arguments = TargetRounds.Arguments.parse("SmallResponseRoundsMain", args, SETS);
    PrintStream console = System.out;
    StringBuilder text = new StringBuilder();
    text.append(String.format(Locale.ROOT, "One small response through zipjack's servlet paths, JDK %s, paired rounds"
        + " against the same path with no zipjack (coding none), measured %s on %d cores.%n",
        TargetRounds.jdkVersion(), LocalDate.now(), Runtime.getRuntime().availableProcessors()));
    for (String set : arguments.sets()) {
      String prefix = "small responses: JDK " + TargetRounds.jdkVersion() + ", " + set + ": ";
      Comparison comparison = Comparison.against(REFERENCE, CODINGS);
      RoundRunner runner = new JvmRounds(System.getProperty("java.class.path"), TURNS, configurations(set),
          arguments.out().resolveSibling("small-response-rounds-" + set.replace('/', '-') + ".log"));
      PairedResult result;
      try {
        result = new PairedRounds(comparison, runner, System.nanoTime(), System::nanoTime)
            .run(arguments.budget(), MAX_ROUNDS, progress -> console.println(prefix + ProgressLine.of(progress)));
      } catch (RoundRunner.MeasurementFailure e) {
        System.err.println(prefix + e.getMessage());
        System.exit(1);
        return;
      }
      String table = ComparisonTable.render(result);
      console.println();
      console.print(table);
      text.append(System.lineSeparator()).append("### ").append(set).append(System.lineSeparator())
          .append(System.lineSeparator()).append(microsecondsAdded(result)).append(System.lineSeparator())
          .append(System.lineSeparator()).append(table);
    }
    Files.createDirectories(arguments.out().toAbsolutePath().getParent());
    Files.writeString(arguments.out(), text, StandardCharsets.UTF_8);
  }

  /** {@code none} and each of {@link #CODINGS} on the set's dataset and path ({@code DATASET/PATH}). */
  static List<JmhConfiguration> configurations(String set) {
    String[] datasetAndPath = set.split("/");
    List<JmhConfiguration> configurations = new ArrayList<>();
    for (String coding : Stream.concat(Stream.of(REFERENCE), CODINGS.stream()).toList()) {
      configurations.add(new JmhConfiguration(coding, BENCHMARK,
          Map.of("dataset", datasetAndPath[0], "path", datasetAndPath[1], "coding", coding)));
    }
    return configurations;
  }

  /** Each coding's time a response beside {@code none}'s, from the rounds' mean throughputs. */
  static String microsecondsAdded(PairedResult result) {
    Map<String, Double> opsPerSecond = result.opsPerSecond();
    double none = 1e6 / opsPerSecond.get(REFERENCE);
    StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "Time a response: none %.2f µs", none));
    for (String coding : CODINGS) {
      double micros = 1e6 / opsPerSecond.get(coding);
      line.append(String.format(Locale.ROOT, "; %s %.2f µs (%+.2f)", coding, micros, micros - none));
    }
    return line.append('.').toString();
  }
}
