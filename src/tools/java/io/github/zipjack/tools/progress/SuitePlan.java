package io.github.zipjack.tools.progress;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.Defaults;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.util.Optional;

/**
 * What a suite of JMH runs will run before it runs: how many benchmarks (each method at each
 * combination of its parameters and mode) and how long they take by their timing, counted as JMH
 * counts them from the benchmark list and each run's options; and which parameters tell its
 * benchmarks apart (those a run gives with {@code -p} or that have several values), the ones a
 * progress line names. Immutable.
 */
record SuitePlan(int benchmarks, double seconds, Set<String> namedParameters) {

  SuitePlan {
    namedParameters = Set.copyOf(namedParameters);
  }

  /** A plan whose progress lines name every parameter. */
  SuitePlan(int benchmarks, double seconds) {
    this(benchmarks, seconds, Set.of());
  }

  /** Whether progress lines name the parameter {@code name}: all of them when the plan names none. */
  boolean names(String name) {
    return namedParameters.isEmpty() || namedParameters.contains(name);
  }

  /** The plan of the given runs, their benchmarks found in {@code list} ({@code out} hears about bad regexes). */
  static SuitePlan of(BenchmarkList list, List<Options> runs, OutputFormat out) {
    int benchmarks = 0;
    double seconds = 0;
    Set<String> named = new HashSet<>();
    for (Options options : runs) {
      List<String> includes = new ArrayList<>(options.getIncludes());
      if (includes.isEmpty()) {
        includes.add(Defaults.INCLUDE_BENCHMARKS);
      }
      Set<String> seen = new LinkedHashSet<>();
      for (BenchmarkListEntry entry : list.find(out, includes, options.getExcludes())) {
        Collection<Mode> modes = options.getBenchModes().isEmpty() ? List.of(entry.getMode()) : options.getBenchModes();
        for (Mode mode : modes) {
          if (!seen.add(entry.getUsername() + " " + mode)) {
            continue;
          }
          Map<String, String[]> declared = entry.getParams().orElse(Map.of());
          declared.forEach((name, values) -> {
            if (values.length > 1 || options.getParameter(name).hasValue()) {
              named.add(name);
            }
          });
          int combinations = combinations(declared, name -> options.getParameter(name).orElse(null));
          benchmarks += combinations;
          seconds += combinations * timing(entry, mode, options).seconds();
        }
      }
    }
    return new SuitePlan(benchmarks, seconds, named);
  }

  /**
   * How many combinations of parameters JMH runs: the product of each declared parameter's number of
   * values, the values given on the command line ({@code given} answers null for none) replacing the
   * declared ones.
   */
  static int combinations(Map<String, String[]> declared, Function<String, Collection<String>> given) {
    int product = 1;
    for (Map.Entry<String, String[]> parameter : declared.entrySet()) {
      Collection<String> values = given.apply(parameter.getKey());
      product *= Math.max(1, values != null ? values.size() : parameter.getValue().length);
    }
    return product;
  }

  /** The timing JMH gives a benchmark: the options' values over its annotations over JMH's defaults. */
  static BenchmarkTiming timing(BenchmarkListEntry entry, Mode mode, Options options) {
    boolean singleShot = mode == Mode.SingleShotTime;
    int forks = first(options.getForkCount(), entry.getForks(), Defaults.MEASUREMENT_FORKS)
        + first(options.getWarmupForkCount(), entry.getWarmupForks(), Defaults.WARMUP_FORKS);
    return new BenchmarkTiming(forks,
        first(options.getWarmupIterations(), entry.getWarmupIterations(),
            singleShot ? Defaults.WARMUP_ITERATIONS_SINGLESHOT : Defaults.WARMUP_ITERATIONS),
        first(options.getWarmupTime(), entry.getWarmupTime(), Defaults.WARMUP_TIME),
        first(options.getMeasurementIterations(), entry.getMeasurementIterations(),
            singleShot ? Defaults.MEASUREMENT_ITERATIONS_SINGLESHOT : Defaults.MEASUREMENT_ITERATIONS),
        first(options.getMeasurementTime(), entry.getMeasurementTime(), Defaults.MEASUREMENT_TIME));
  }

  private static <T> T first(Optional<T> given, Optional<T> annotated, T otherwise) {
    return given.orElse(annotated.orElse(otherwise));
  }
}
