package io.github.zipjack.tools.compare;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A configuration measured by a JMH benchmark method in the same JVM as the others: its name, the
 * method ({@code io.github.zipjack.bench.PipelineBenchmark.encodeToBody}) and its parameters. Written
 * on a command line as {@code name|method|param=value|...} for {@link SliceChildMain}. Immutable.
 */
record JmhConfiguration(String name, String benchmark, Map<String, String> params) {
  static final String SEPARATOR = "|";
  /** The parameter that sets how many threads call the method at once (JMH's {@code -t}), not a {@code @Param}. */
  static final String THREADS = "jmh.threads";

  JmhConfiguration {
    params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
    if (name.isEmpty() || name.contains(SEPARATOR) || benchmark.contains(SEPARATOR)) {
      throw new IllegalArgumentException("a configuration's name must be non-empty and without " + SEPARATOR + ": "
          + name);
    }
  }

  /** The command-line form. */
  String spec() {
    StringBuilder spec = new StringBuilder(name).append(SEPARATOR).append(benchmark);
    params.forEach((key, value) -> spec.append(SEPARATOR).append(key).append('=').append(value));
    return spec.toString();
  }

  /**
   * Parses {@link #spec()}'s form.
   *
   * @throws IllegalArgumentException naming the spec
   */
  static JmhConfiguration parse(String spec) {
    String[] parts = spec.split("\\" + SEPARATOR, -1);
    if (parts.length < 2) {
      throw new IllegalArgumentException("a configuration is name|benchmark|param=value...: " + spec);
    }
    Map<String, String> params = new LinkedHashMap<>();
    for (int i = 2; i < parts.length; i++) {
      int eq = parts[i].indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException("a parameter is name=value: " + parts[i] + " in " + spec);
      }
      params.put(parts[i].substring(0, eq), parts[i].substring(eq + 1));
    }
    return new JmhConfiguration(parts[0], parts[1], params);
  }
}
