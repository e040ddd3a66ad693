package io.github.zipjack.tools.compare;

import io.github.zipjack.bench.Codec;
import io.github.zipjack.bench.ParallelBodyBenchmark;
import io.github.zipjack.tools.compare.TargetRounds.Target;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The large-body targets on this JDK, judged by paired rounds: for each shape of 4.7 MB body, one
 * round (a fresh JVM of interleaved turns, {@link JvmRounds}) measures ParallelBodyBenchmark's
 * Jackson alone, the study's best gzip, the plain zstd-jni stream with 2 workers, zipjack's zstd-1 and
 * gzip-1 at default settings and on one thread, serial libdeflate-1 on Java 25, and two callers
 * sharing a pipeline with the defaults and with {@code compressionThreads(1)}. The targets are ratios
 * of times (or, under load, of throughputs) taken within each round:
 * <ul>
 * <li>zstd-1 at most the plain stream's time, and at most 1.15x the machine's floor, max(Jackson
 *     alone, serial time / k), k what two callers do over one (so serial time / k is the time a body
 *     takes when two serial callers share the machine);
 * <li>gzip-1 at most 0.55x the study's best; beside it, gzip-1's own floor (the same formula with
 *     serial gzip-1) against the study's best, which says whether 0.55x is within this machine's reach,
 *     and gzip-1 against that floor;
 * <li>on Java 25, gzip-1 never slower than serial libdeflate-1 (its bytes, at most 1.02x, are
 *     counted once, not timed);
 * <li>two callers: the defaults at least 0.97x the throughput of {@code compressionThreads(1)}.
 * </ul>
 * A verdict "holds" only when the whole 95% interval is on the target's side.
 *
 * <p>{@code --targets} names groups of targets ({@link #GROUPS}: zstd's, gzip's, two callers'): a
 * round then measures only the configurations those targets need, so it is shorter and the same
 * budget gives a target more rounds.
 *
 * <pre>
 * java -cp target/benchmarks.jar io.github.zipjack.tools.compare.LargeBodyTargetsMain [--targets zstd,gzip,two-callers] SECONDS_PER_SHAPE OUT.md [SHAPE...]
 * </pre>
 *
 * Exits with 2 on bad arguments, 1 when a round fails.
 */
public final class LargeBodyTargetsMain {
  static final String BENCHMARK = ParallelBodyBenchmark.class.getName() + ".";
  /** The bundled shapes, about 4.7 MB of JSON each: people records, stock rows, order events. */
  static final List<String> SHAPES = List.of("people-4000", "stock-16000", "orders-4500");
  /**
   * Per round: at least 2 warm-up turns of 800 ms a configuration (whole-body zstd is slow for the
   * first seconds of a JVM), and up to 12 while any JVM's JIT is still compiling (two callers leave
   * the JIT no idle core, and the defaults, whose bodies sometimes go parallel, run more code to
   * compile than the serial pipeline); then 5 measured turns of 300 ms, in slices of 20 ms (at least
   * one body each).
   */
  static final InterleavedTurns TURNS = new InterleavedTurns(2, 12, 5, 800, 300, InterleavedTurns.DEFAULT_SLICE_MILLIS);
  static final int MAX_ROUNDS = 30;
  static final String FLOOR = "floor";
  /** gzip-1's floor: the lower of Jackson alone's throughput and two serial gzip-1 callers'. */
  static final String GZIP_FLOOR = "gzip floor";

  private LargeBodyTargetsMain() {}

  /** The groups of targets {@code --targets} chooses from: zstd-1's, gzip-1's and two callers'. */
  static final List<String> GROUPS = List.of("zstd", "gzip", "two-callers");
  /** The option as the usage line shows it. */
  static final String TARGETS_OPTION = "[--targets " + String.join(",", GROUPS) + "]";

  public static void main(String[] args) throws IOException {
    Set<String> groups = Set.copyOf(GROUPS);
    if (args.length > 0 && args[0].equals("--targets")) {
      try {
        groups = groups(args.length > 1 ? args[1] : "");
      } catch (IllegalArgumentException e) {
        System.err.println("LargeBodyTargetsMain: " + e.getMessage());
        System.exit(2);
        return;
      }
      args = List.of(args).subList(2, args.length).toArray(String[]::new);
    }
    TargetRounds.Arguments arguments = TargetRounds.Arguments.parse("LargeBodyTargetsMain", TARGETS_OPTION, args, SHAPES);
    boolean java25 = Codec.parse("libdeflate-1").unavailableHere() == null;
    List<Target> targets = targets(java25, groups);
    List<DerivedConfiguration> floors = floorsFor(targets);
    List<TargetRounds.TargetSet> sets = new ArrayList<>();
    for (String shape : arguments.sets()) {
      sets.add(new TargetRounds.TargetSet(shape, configurationsFor(targets, floors, shape, java25), floors, targets));
    }
    boolean bytes = java25 && groups.contains("gzip");
    TargetRounds.runAndReport("Large bodies", "shape", sets, TURNS, arguments.budget(), MAX_ROUNDS, arguments.out(),
        "large-body-rounds", shape -> bytes ? List.of(bytesRow(shape)) : List.of());
  }

  /**
   * The groups named in {@code list}, comma-separated.
   *
   * @throws IllegalArgumentException naming a group not in {@link #GROUPS}, or an empty list
   */
  static Set<String> groups(String list) {
    Set<String> groups = new LinkedHashSet<>();
    for (String group : list.split(",", -1)) {
      if (!GROUPS.contains(group)) {
        throw new IllegalArgumentException("no group of targets named '" + group + "' in --targets " + list
            + "; the groups are " + String.join(", ", GROUPS));
      }
      groups.add(group);
    }
    return groups;
  }

  /** On Java 25, gzip-1's bytes against serial libdeflate-1's: exact, so counted once, not timed. */
  private static List<String> bytesRow(String shape) {
    long blocks = ParallelBodyBenchmark.compressedBytes(shape, "gzip-1", ParallelBodyBenchmark.DEFAULT_THREADS).bytes();
    long serial = ParallelBodyBenchmark.compressedBytes(shape, "libdeflate-1", "1").bytes();
    double ratio = (double) blocks / serial;
    return List.of(shape, "gzip-1 bytes ÷ serial libdeflate-1 bytes", ComparisonTable.times(ratio), "exact", "–",
        blocks + " / " + serial + " B", ratio <= 1.02 ? "holds (at most 1.02)" : "misses (at most 1.02)");
  }

  /** ParallelBodyBenchmark's methods on {@code shape}, by name. */
  static List<JmhConfiguration> configurations(String shape, boolean java25) {
    List<JmhConfiguration> all = new ArrayList<>();
    all.add(config("jackson", "jacksonAlone", shape, Map.of()));
    all.add(config("study", "studyBestGzip", shape, Map.of()));
    all.add(config("zstd-workers", "zstdWorkers", shape, Map.of()));
    all.add(zipjack("zstd-1", "encodeToBody", shape, "zstd-1", ParallelBodyBenchmark.DEFAULT_THREADS));
    all.add(zipjack("zstd-1 serial", "encodeToBody", shape, "zstd-1", "1"));
    all.add(zipjack("gzip-1", "encodeToBody", shape, "gzip-1", ParallelBodyBenchmark.DEFAULT_THREADS));
    if (java25) {
      all.add(zipjack("libdeflate-1 serial", "encodeToBody", shape, "libdeflate-1", "1"));
    }
    all.add(zipjack("load zstd-1", "encodeToBodyUnderLoad", shape, "zstd-1", ParallelBodyBenchmark.DEFAULT_THREADS));
    all.add(zipjack("load zstd-1 serial", "encodeToBodyUnderLoad", shape, "zstd-1", "1"));
    all.add(zipjack("load gzip-1", "encodeToBodyUnderLoad", shape, "gzip-1", ParallelBodyBenchmark.DEFAULT_THREADS));
    all.add(zipjack("load gzip-1 serial", "encodeToBodyUnderLoad", shape, "gzip-1", "1"));
    return all;
  }

  /**
   * The targets as ratios of throughputs. A time ratio A ÷ B is B's throughput over A's; "floor" is,
   * in each turn, the lower of Jackson alone's throughput and two serial callers' (whose time per body
   * is serial time / k). Only the groups named ({@link #GROUPS}), in the report's order; k goes with
   * zstd's and two callers'.
   */
  static List<Target> targets(boolean java25, Set<String> groups) {
    List<Target> targets = new ArrayList<>();
    if (groups.contains("zstd")) {
      targets.add(Target.timeAtMost("zstd-1 time ÷ plain zstd-jni, 2 workers", "zstd-1", "zstd-workers", 1.0));
      targets.add(Target.timeAtMost("zstd-1 time ÷ floor max(Jackson, serial / k)", "zstd-1", FLOOR, 1.15));
    }
    if (groups.contains("gzip")) {
      targets.add(Target.timeAtMost("gzip-1 time ÷ study's best", "gzip-1", "study", 0.55));
      targets.add(Target.timeAtMost("gzip-1 floor max(Jackson, serial / k) ÷ study's best: the best 2 cores allow",
          GZIP_FLOOR, "study", 0.55));
      targets.add(Target.timeAtMost("gzip-1 time ÷ its floor", "gzip-1", GZIP_FLOOR, 1.15));
      if (java25) {
        targets.add(Target.timeAtMost("gzip-1 time ÷ serial libdeflate-1", "gzip-1", "libdeflate-1 serial", 1.0));
      }
    }
    if (groups.contains("two-callers")) {
      targets.add(Target.throughputAtLeast("two callers, zstd-1: defaults ÷ compressionThreads(1), throughput",
          "load zstd-1", "load zstd-1 serial", 0.97));
      targets.add(Target.throughputAtLeast("two callers, gzip-1: defaults ÷ compressionThreads(1), throughput",
          "load gzip-1", "load gzip-1 serial", 0.97));
    }
    if (groups.contains("zstd") || groups.contains("two-callers")) {
      targets.add(Target.throughputAtLeast("k: two serial callers ÷ one, zstd-1 throughput", "load zstd-1 serial",
          "zstd-1 serial", 1.0));
    }
    return targets;
  }

  /** The floors {@code targets} name. */
  static List<DerivedConfiguration> floorsFor(List<Target> targets) {
    Set<String> named = namedBy(targets);
    return floors().stream().filter(floor -> named.contains(floor.name())).toList();
  }

  /**
   * The configurations of {@link #configurations} that {@code targets} and {@code floors} need measured,
   * in the same order.
   */
  static List<JmhConfiguration> configurationsFor(List<Target> targets, List<DerivedConfiguration> floors,
      String shape, boolean java25) {
    Set<String> needed = namedBy(targets);
    for (DerivedConfiguration floor : floors) {
      needed.add(floor.first());
      needed.add(floor.second());
    }
    return configurations(shape, java25).stream().filter(c -> needed.contains(c.name())).toList();
  }

  private static Set<String> namedBy(List<Target> targets) {
    Set<String> named = new HashSet<>();
    for (Target target : targets) {
      named.add(target.ratio().numerator());
      named.add(target.ratio().denominator());
    }
    return named;
  }

  private static JmhConfiguration config(String name, String method, String shape, Map<String, String> more) {
    Map<String, String> params = new LinkedHashMap<>();
    params.put("dataset", shape);
    params.putAll(more);
    return new JmhConfiguration(name, BENCHMARK + method, params);
  }

  private static JmhConfiguration zipjack(String name, String method, String shape, String codec, String threads) {
    return config(name, method, shape, Map.of("codec", codec, "compressionThreads", threads));
  }

  /**
   * {@link #FLOOR} and {@link #GZIP_FLOOR}: in each turn, the lower of Jackson alone's throughput and
   * two serial callers' (the slower of two times).
   */
  static List<DerivedConfiguration> floors() {
    return List.of(new DerivedConfiguration(FLOOR, "jackson", "load zstd-1 serial", Math::min),
        new DerivedConfiguration(GZIP_FLOOR, "jackson", "load gzip-1 serial", Math::min));
  }
}
