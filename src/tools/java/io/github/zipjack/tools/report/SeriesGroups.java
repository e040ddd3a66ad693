package io.github.zipjack.tools.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import java.util.TreeSet;

/**
 * Splits results into chart series: one series per combination of everything except the value on
 * the x axis. A series is labelled by what differs between series (the method when there are
 * several, and each parameter that takes more than one value), so labels stay short.
 */
final class SeriesGroups {

  private SeriesGroups() {}

  /**
   * @param rows results of one thread count
   * @param xParam the parameter plotted along the x axis
   * @param fallbackLabel the label of the only series when nothing differs
   * @return series label to its results, in the order the results came
   */
  static Map<String, List<JmhResult>> split(List<JmhResult> rows, String xParam, String fallbackLabel) {
    Set<String> methods = new TreeSet<>();
    Map<String, Set<String>> values = new LinkedHashMap<>();
    for (JmhResult r : rows) {
      methods.add(r.method());
      for (Map.Entry<String, String> p : r.params().entrySet()) {
        if (!p.getKey().equals(xParam)) {
          values.computeIfAbsent(p.getKey(), k -> new TreeSet<>()).add(p.getValue());
        }
      }
    }
    Map<String, List<JmhResult>> series = new LinkedHashMap<>();
    for (JmhResult r : rows) {
      StringJoiner label = new StringJoiner(", ");
      if (methods.size() > 1) {
        label.add(r.method());
      }
      for (Map.Entry<String, Set<String>> v : values.entrySet()) {
        if (v.getValue().size() > 1) {
          label.add(v.getKey() + "=" + r.param(v.getKey()));
        }
      }
      String name = label.length() == 0 ? fallbackLabel : label.toString();
      series.computeIfAbsent(name, k -> new ArrayList<>()).add(r);
    }
    return series;
  }
}
