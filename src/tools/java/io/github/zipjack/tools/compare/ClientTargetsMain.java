package io.github.zipjack.tools.compare;

import io.github.zipjack.tools.compare.TargetRounds.Target;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The client-decoding targets on this JDK, judged by paired rounds: ClientDecodeBenchmark's answers
 * per second for people-100 through zipjack's client at zstd(1) and at gzip(1), against Spring's
 * {@code RestClient} with its own gzip decoding, each round a fresh JVM of interleaved turns
 * ({@link JvmRounds}). Targets: zstd(1) at least 1.5x, gzip(1) at least 1.1x; "holds" only when the
 * whole 95% interval is on the target's side.
 *
 * <pre>
 * java -cp target/benchmarks.jar io.github.zipjack.tools.compare.ClientTargetsMain SECONDS OUT.md
 * </pre>
 *
 * Exits with 2 on bad arguments, 1 when a round fails.
 */
public final class ClientTargetsMain {
  static final String BENCHMARK = "io.github.zipjack.bench.ClientDecodeBenchmark.answer";
  static final String DATASET = "people-100";
  static final String REFERENCE = "restclient-gzip";
  /**
   * Per round: 3 warm-up turns of 3 s a client (both clients' code compiles slowly: JMH needed about
   * 20 s of one client alone), then 5 measured turns of 300 ms, in slices of 20 ms.
   */
  static final InterleavedTurns TURNS = new InterleavedTurns(3, 5, 3000, 300, InterleavedTurns.DEFAULT_SLICE_MILLIS);
  static final int MAX_ROUNDS = 30;

  private ClientTargetsMain() {}

  public static void main(String[] args) throws IOException {
    TargetRounds.Arguments arguments = TargetRounds.Arguments.parse("ClientTargetsMain", args, List.of(DATASET));
    List<JmhConfiguration> configurations = new ArrayList<>();
    for (String client : List.of(REFERENCE, "zipjack-zstd", "zipjack-gzip")) {
      configurations.add(new JmhConfiguration(client, BENCHMARK, Map.of("dataset", DATASET, "client", client)));
    }
    List<Target> targets = List.of(
        Target.throughputAtLeast("zipjack zstd(1) ÷ RestClient gzip, answers/s", "zipjack-zstd", REFERENCE, 1.5),
        Target.throughputAtLeast("zipjack gzip(1) ÷ RestClient gzip, answers/s", "zipjack-gzip", REFERENCE, 1.1));
    TargetRounds.runAndReport("Client decoding", "dataset",
        List.of(new TargetRounds.TargetSet(DATASET, configurations, List.of(), targets)), TURNS, arguments.budget(),
        MAX_ROUNDS, arguments.out(), "client-rounds", set -> List.of());
  }
}
