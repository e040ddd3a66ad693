package io.github.zipjack.tools.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * The results of one or more JMH result files, in file order, with the notes made while reading
 * them. Immutable.
 */
final class ResultSet {

  private final List<JmhResult> results;
  private final List<String> notes;

  ResultSet(List<JmhResult> results, List<String> notes) {
    this.results = List.copyOf(results);
    this.notes = List.copyOf(notes);
  }

  List<JmhResult> all() {
    return results;
  }

  List<String> notes() {
    return notes;
  }

  boolean isEmpty() {
    return results.isEmpty();
  }

  /** The results of one benchmark class, by simple name. */
  List<JmhResult> ofClass(String className) {
    return select(r -> r.className().equals(className));
  }

  List<JmhResult> of(String className, String method) {
    return select(r -> r.className().equals(className) && r.method().equals(method));
  }

  List<JmhResult> select(Predicate<JmhResult> filter) {
    List<JmhResult> selected = new ArrayList<>();
    for (JmhResult r : results) {
      if (filter.test(r)) {
        selected.add(r);
      }
    }
    return selected;
  }

  /** The first result of a method whose workload equals the given one. */
  Optional<JmhResult> find(String className, String method, Workload workload) {
    for (JmhResult r : of(className, method)) {
      if (Workload.of(r).filter(workload::equals).isPresent()) {
        return Optional.of(r);
      }
    }
    return Optional.empty();
  }

  /** The simple names of the benchmark classes present: the suite's in report order, then others by name. */
  List<String> classNames() {
    List<String> names = new ArrayList<>();
    for (String known : Suite.CLASS_ORDER) {
      if (!ofClass(known).isEmpty()) {
        names.add(known);
      }
    }
    SortedSet<String> others = new TreeSet<>();
    for (JmhResult r : results) {
      if (!Suite.CLASS_ORDER.contains(r.className())) {
        others.add(r.className());
      }
    }
    names.addAll(others);
    return names;
  }

  SortedSet<Integer> threadCounts() {
    SortedSet<Integer> counts = new TreeSet<>();
    results.forEach(r -> counts.add(r.threads()));
    return counts;
  }

  /** "measured on JDK 25.0.3" for a table's rows, naming each JDK they came from. */
  static String measuredOn(List<JmhResult> rows) {
    Set<String> versions = new LinkedHashSet<>();
    rows.forEach(r -> versions.add(r.run().jdkVersion()));
    return "measured on JDK " + String.join(" and ", versions);
  }

  List<JmhResult.RunSettings> runSettings() {
    List<JmhResult.RunSettings> distinct = new ArrayList<>();
    for (JmhResult r : results) {
      if (!distinct.contains(r.run())) {
        distinct.add(r.run());
      }
    }
    return distinct;
  }
}
