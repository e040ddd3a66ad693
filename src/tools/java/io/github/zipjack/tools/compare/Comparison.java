package io.github.zipjack.tools.compare;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What a paired run compares: the configurations each round measures, by name, and the ratios it
 * reports, each the throughput of one configuration over another's. Immutable.
 *
 * @param configurations distinct names, at least two
 * @param ratios at least one, over the configurations named
 */
record Comparison(List<String> configurations, List<Ratio> ratios) {

  /**
   * The throughput of {@code numerator} over {@code denominator}, measured in the same round; the
   * same configuration on both sides is an A/A ratio, whose interval should contain 1.
   *
   * @param label how tables name it
   */
  record Ratio(String label, String numerator, String denominator) {}

  Comparison {
    configurations = List.copyOf(configurations);
    ratios = List.copyOf(ratios);
    Set<String> names = new HashSet<>(configurations);
    if (names.size() != configurations.size()) {
      throw new IllegalArgumentException("configuration names must be distinct: " + configurations);
    }
    if (configurations.isEmpty()) {
      throw new IllegalArgumentException("a comparison needs at least one configuration");
    }
    if (ratios.isEmpty()) {
      throw new IllegalArgumentException("a comparison needs at least one ratio");
    }
    for (Ratio ratio : ratios) {
      if (!names.contains(ratio.numerator()) || !names.contains(ratio.denominator())) {
        throw new IllegalArgumentException("ratio " + ratio.label() + " names a configuration not in "
            + configurations);
      }
    }
  }

  /** Each configuration against {@code reference}, in order, labelled by the configuration's name. */
  static Comparison against(String reference, List<String> others) {
    List<String> all = new ArrayList<>();
    all.add(reference);
    others.stream().filter(name -> !name.equals(reference)).forEach(all::add);
    List<Ratio> ratios = others.stream().map(name -> new Ratio(name, name, reference)).toList();
    return new Comparison(all, ratios);
  }
}
