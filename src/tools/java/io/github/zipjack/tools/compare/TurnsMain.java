package io.github.zipjack.tools.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One round of {@link JvmRounds}, in its own JVM: {@link InterleavedTurns} over the configurations given,
 * each measured turn printed as {@code turn<TAB>name<TAB>k<TAB>ops/s}.
 *
 * <pre>
 * java -cp target/benchmarks.jar io.github.zipjack.tools.compare.TurnsMain WARMUP_TURNS WARMUP_MS TURNS TURN_MS SLICE_MS SEED
 *     name|benchmark|param=value... ...
 * </pre>
 *
 * Exits with 2 on bad arguments and 1 when a configuration cannot be measured (the message on
 * standard error).
 */
public final class TurnsMain {
  static final String TURN = "turn";

  private TurnsMain() {}

  public static void main(String[] args) {
    if (args.length < 7) {
      System.err.println("usage: TurnsMain WARMUP_TURNS WARMUP_MS TURNS TURN_MS SLICE_MS SEED name|benchmark|param=value...");
      System.exit(2);
    }
    InterleavedTurns turns;
    long seed;
    List<JmhConfiguration> configurations = new ArrayList<>();
    try {
      turns = new InterleavedTurns(Integer.parseInt(args[0]), Integer.parseInt(args[2]), Integer.parseInt(args[1]),
          Integer.parseInt(args[3]), Integer.parseInt(args[4]));
      seed = Long.parseLong(args[5]);
      for (int i = 6; i < args.length; i++) {
        configurations.add(JmhConfiguration.parse(args[i]));
      }
    } catch (IllegalArgumentException e) {
      System.err.println("TurnsMain: " + e.getMessage());
      System.exit(2);
      return;
    }
    try {
      Round round = turns.measure(configurations, seed);
      for (JmhConfiguration c : configurations) {
        List<Double> ops = round.opsPerSecondByTurn().get(c.name());
        for (int k = 0; k < ops.size(); k++) {
          System.out.println(String.format(Locale.ROOT, "%s\t%s\t%d\t%.6g", TURN, c.name(), k, ops.get(k)));
        }
      }
    } catch (RoundRunner.MeasurementFailure e) {
      System.err.println("TurnsMain: " + e.getMessage());
      System.exit(1);
    }
  }
}
