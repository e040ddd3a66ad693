package io.github.zipjack.tools.compare;

import io.github.zipjack.tools.compare.TargetRounds.Target;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The client-decoding targets on this JDK, judged by paired rounds: ClientDecodeBenchmark's answers
 * per second for people-100, each round a fresh JVM of interleaved turns ({@link JvmRounds}), in two
 * sets: {@value #RESTCLIENT_SET}, zipjack's client at zstd(1) and at gzip(1) against Spring's
 * {@code RestClient} with its own gzip decoding; {@value #WEBCLIENT_SET}, Spring Boot's
 * {@code WebClient} with zipjack at zstd(1) and gzip(1) against Boot's default {@code WebClient}
 * (Netty's own gzip decoding). Targets in both: zstd(1) at least 1.5x, gzip(1) at least 1.1x;
 * "holds" only when the whole 95% interval is on the target's side.
 *
 * <pre>
 * java -cp target/benchmarks.jar io.github.zipjack.tools.compare.ClientTargetsMain SECONDS_PER_SET OUT.md [SET...]
 * </pre>
 *
 * Exits with 2 on bad arguments, 1 when a round fails.
 */
public final class ClientTargetsMain {
  static final String BENCHMARK = "io.github.zipjack.bench.ClientDecodeBenchmark.answer";
  static final String DATASET = "people-100";
  static final String REFERENCE = "restclient-gzip";
  static final String WEBCLIENT_REFERENCE = "webclient-gzip";
  /** The set of the blocking clients: zipjack's own and the RestClient. */
  static final String RESTCLIENT_SET = "people-100";
  /** The set of the reactive clients: Boot's WebClient with zipjack and without. */
  static final String WEBCLIENT_SET = "people-100-webclient";
  /**
   * Per round: 3 warm-up turns of 3 s a client (both clients' code compiles slowly: JMH needed about
   * 20 s of one client alone), then 5 measured turns of 300 ms, in slices of 20 ms.
   */
  static final InterleavedTurns TURNS = new InterleavedTurns(3, 5, 3000, 300, InterleavedTurns.DEFAULT_SLICE_MILLIS);
  static final int MAX_ROUNDS = 30;

  private ClientTargetsMain() {}

  public static void main(String[] args) throws IOException {
    TargetRounds.Arguments arguments = TargetRounds.Arguments.parse("ClientTargetsMain", args,
        List.of(RESTCLIENT_SET, WEBCLIENT_SET));
    List<TargetRounds.TargetSet> sets = new ArrayList<>();
    for (String set : arguments.sets()) {
      sets.add(set.equals(RESTCLIENT_SET)
          ? set(RESTCLIENT_SET, REFERENCE, "zipjack-zstd", "zipjack-gzip", "zipjack", "RestClient")
          : set(WEBCLIENT_SET, WEBCLIENT_REFERENCE, "zipjack-webclient-zstd", "zipjack-webclient-gzip",
              "WebClient with zipjack", "Boot's WebClient"));
    }
    TargetRounds.runAndReport("Client decoding", "clients on", sets, TURNS, arguments.budget(), MAX_ROUNDS,
        arguments.out(), "client-rounds", set -> List.of());
  }

  /** The clients at zstd(1) and gzip(1) against {@code reference}, with the targets on their answers per second. */
  private static TargetRounds.TargetSet set(String name, String reference, String zstd, String gzip, String ours,
      String theirs) {
    List<JmhConfiguration> configurations = new ArrayList<>();
    for (String client : List.of(reference, zstd, gzip)) {
      configurations.add(new JmhConfiguration(client, BENCHMARK, Map.of("dataset", DATASET, "client", client)));
    }
    List<Target> targets = List.of(
        Target.throughputAtLeast(ours + " zstd(1) ÷ " + theirs + " gzip, answers/s", zstd, reference, 1.5),
        Target.throughputAtLeast(ours + " gzip(1) ÷ " + theirs + " gzip, answers/s", gzip, reference, 1.1));
    return new TargetRounds.TargetSet(name, configurations, List.of(), targets);
  }
}
