package io.github.zipjack.tools.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The engine on a seeded synthetic machine: each round scales every configuration by a large common
 * drift (the machine's load, ±30%), each measurement adds its own small noise, and a round takes one
 * second of a fake clock. Deterministic.
 */
class PairedRoundsTest {

  /** A machine whose configurations have the true throughputs given. */
  private static final class SyntheticMachine implements RoundRunner {
    private final Map<String, Double> trueOpsPerSecond;
    private final double noiseSdLog;
    private final Random random = new Random(42);
    final List<List<String>> orders = new ArrayList<>();
    long nanos;

    SyntheticMachine(Map<String, Double> trueOpsPerSecond, double noiseSdLog) {
      this.trueOpsPerSecond = trueOpsPerSecond;
      this.noiseSdLog = noiseSdLog;
    }

    @Override
    public Round run(List<String> order, long seed) {
      orders.add(order);
      double drift = Math.exp(0.3 * random.nextGaussian());
      Map<String, Double> ops = new HashMap<>();
      for (String name : order) {
        ops.put(name, trueOpsPerSecond.get(name) * drift * Math.exp(noiseSdLog * random.nextGaussian()));
      }
      nanos += 1_000_000_000L;
      return Round.ofSingleTurn(ops);
    }
  }

  private static PairedResult run(Comparison comparison, SyntheticMachine machine, Duration budget) throws Exception {
    return new PairedRounds(comparison, machine, 7, () -> machine.nanos).run(budget, 1000, progress -> {});
  }

  @Test
  void aConfigurationAgainstItselfHasAnIntervalThatContainsOne() throws Exception {
    SyntheticMachine machine = new SyntheticMachine(Map.of("best", 1000.0), 0.03);
    Comparison aa = new Comparison(List.of("best"), List.of(new Comparison.Ratio("best / best", "best", "best")));
    RatioEstimate e = run(aa, machine, Duration.ofSeconds(60)).estimates().values().iterator().next();
    assertEquals(1.0, e.ratio(), 1e-12);
  }

  @Test
  void anAaComparisonOfTwoCopiesHasAnIntervalThatContainsOneAndSettles() throws Exception {
    SyntheticMachine machine = new SyntheticMachine(Map.of("best", 1000.0, "best again", 1000.0), 0.03);
    RatioEstimate e = run(Comparison.against("best", List.of("best again")), machine, Duration.ofSeconds(60))
        .estimates().values().iterator().next();
    assertTrue(e.low() <= 1 && e.high() >= 1, e.low() + " " + e.high());
    assertTrue(e.settled());
  }

  @Test
  void pairingCancelsTheMachinesDriftSoARealDifferenceSettles() throws Exception {
    SyntheticMachine machine = new SyntheticMachine(Map.of("best", 1000.0, "zstd-1", 1200.0), 0.03);
    PairedResult result = run(Comparison.against("best", List.of("zstd-1")), machine, Duration.ofSeconds(60));
    RatioEstimate e = result.estimates().values().iterator().next();
    assertTrue(result.allSettled());
    assertTrue(e.low() > 1.1 && e.high() < 1.3, e.low() + " " + e.high());
  }

  @Test
  void roundsStopOnceEveryRatioSettlesAfterTheMinimum() throws Exception {
    SyntheticMachine machine = new SyntheticMachine(Map.of("a", 1000.0, "b", 1000.0), 0.001);
    assertEquals(PairedRounds.MIN_ROUNDS, run(Comparison.against("a", List.of("b")), machine,
        Duration.ofSeconds(60)).rounds());
  }

  @Test
  void roundsStopBeforeOverrunningTheBudgetAndSayWhatDidNotSettle() throws Exception {
    SyntheticMachine machine = new SyntheticMachine(Map.of("a", 1000.0, "b", 1000.0), 0.3);
    PairedResult result = run(Comparison.against("a", List.of("b")), machine, Duration.ofSeconds(8));
    assertEquals(8, result.rounds());
    assertFalse(result.allSettled());
    assertTrue(ComparisonTable.unsettledLines(result).get(0).startsWith("did not settle: b, ±"));
  }

  @Test
  void eachRoundHasAFreshRandomOrder() throws Exception {
    SyntheticMachine machine = new SyntheticMachine(Map.of("a", 1.0, "b", 1.0, "c", 1.0, "d", 1.0), 0.2);
    run(Comparison.against("a", List.of("b", "c", "d")), machine, Duration.ofSeconds(6));
    assertNotEquals(1, machine.orders.stream().distinct().count());
  }

  @Test
  void turnsInsideARoundGiveTheWithinRoundSpread() {
    Comparison c = Comparison.against("a", List.of("b"));
    Round first = new Round(Map.of("a", List.of(100.0, 100.0), "b", List.of(110.0, 90.0)));
    Round second = new Round(Map.of("a", List.of(100.0, 100.0), "b", List.of(100.0, 100.0)));
    PairedResult.Spread spread = PairedResult.of(c, List.of(first, second)).spreads().values().iterator().next();
    // Pooled over both rounds (1 + 1 degrees of freedom): round one's two deviations of d, round two's none.
    double d = (Math.log(1.1) - Math.log(0.9)) / 2;
    double turnSd = Math.sqrt(2 * d * d / 2);
    assertEquals(turnSd, spread.withinSdLog(), 1e-12);
    assertEquals(2, spread.turns());
  }
}
