package io.github.zipjack.tools.compare;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What one round measured: for each configuration, its throughput (operations a second) in each of
 * the round's turns, in turn order; every configuration has the same number of turns, at least one,
 * and turn k of one is paired with turn k of the others. Immutable.
 */
record Round(Map<String, List<Double>> opsPerSecondByTurn) {

  Round {
    opsPerSecondByTurn = Map.copyOf(opsPerSecondByTurn);
    int turns = -1;
    for (Map.Entry<String, List<Double>> e : opsPerSecondByTurn.entrySet()) {
      for (double ops : e.getValue()) {
        if (!(ops > 0) || Double.isInfinite(ops)) {
          throw new IllegalArgumentException("throughput of " + e.getKey() + " must be positive: " + ops);
        }
      }
      if (turns >= 0 && e.getValue().size() != turns || e.getValue().isEmpty()) {
        throw new IllegalArgumentException("every configuration needs the same number of turns, at least 1: "
            + opsPerSecondByTurn);
      }
      turns = e.getValue().size();
    }
  }

  /** A round of one turn. */
  static Round ofSingleTurn(Map<String, Double> opsPerSecond) {
    Map<String, List<Double>> turns = new HashMap<>();
    opsPerSecond.forEach((name, ops) -> turns.put(name, List.of(ops)));
    return new Round(turns);
  }

  int turns() {
    return opsPerSecondByTurn.values().iterator().next().size();
  }

  /** The log of numerator over denominator in each turn. */
  double[] turnLogRatios(String numerator, String denominator) {
    List<Double> top = measured(numerator);
    List<Double> bottom = measured(denominator);
    double[] logs = new double[top.size()];
    for (int k = 0; k < logs.length; k++) {
      logs[k] = Math.log(top.get(k)) - Math.log(bottom.get(k));
    }
    return logs;
  }

  /** The mean over turns of the log throughput of {@code name}. */
  double meanLogOpsPerSecond(String name) {
    return measured(name).stream().mapToDouble(Math::log).average().orElseThrow();
  }

  private List<Double> measured(String name) {
    List<Double> ops = opsPerSecondByTurn.get(name);
    if (ops == null) {
      throw new IllegalArgumentException("the round has no " + name + ": " + opsPerSecondByTurn.keySet());
    }
    return ops;
  }
}
