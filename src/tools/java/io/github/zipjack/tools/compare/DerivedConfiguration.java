package io.github.zipjack.tools.compare;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleBinaryOperator;

/**
 * A configuration no JVM runs: in each turn of a round, a throughput computed from two measured
 * configurations' throughputs in that turn (the slower of two, a serial ceiling from its two parts),
 * so that a target against it is a ratio taken within the round like any other. Immutable.
 *
 * @param name how targets name it
 * @param first, second the measured configurations it is made of
 * @param combine their throughputs in a turn to its throughput
 */
record DerivedConfiguration(String name, String first, String second, DoubleBinaryOperator combine) {

  /**
   * A runner that measures the real configurations with {@code runner} and adds each derived one to
   * every round; a derived configuration in the order given is left out of what {@code runner} is asked.
   */
  static RoundRunner adding(RoundRunner runner, List<DerivedConfiguration> derived) {
    List<String> names = derived.stream().map(DerivedConfiguration::name).toList();
    return (order, seed) -> {
      Round round = runner.run(order.stream().filter(name -> !names.contains(name)).toList(), seed);
      Map<String, List<Double>> turns = new HashMap<>(round.opsPerSecondByTurn());
      for (DerivedConfiguration d : derived) {
        List<Double> a = turns.get(d.first());
        List<Double> b = turns.get(d.second());
        if (a == null || b == null) {
          throw new IllegalArgumentException(d.name() + " needs " + d.first() + " and " + d.second()
              + ", measured in the round: " + turns.keySet());
        }
        List<Double> combined = new ArrayList<>(a.size());
        for (int k = 0; k < a.size(); k++) {
          combined.add(d.combine().applyAsDouble(a.get(k), b.get(k)));
        }
        turns.put(d.name(), combined);
      }
      return new Round(turns);
    };
  }
}
