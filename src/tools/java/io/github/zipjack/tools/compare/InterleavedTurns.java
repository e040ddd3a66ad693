package io.github.zipjack.tools.compare;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Several configurations measured in interleaved slices of a few milliseconds: each cycle runs each
 * configuration for one slice ({@link SliceSource#runFor}; in this JVM, or each in a JVM of its own),
 * in a fresh random order, until each has had a turn's worth of time; a turn's throughput is its calls
 * over its slices' time. Warm-up turns come first and are not reported.
 *
 * <p>Why slices: on a shared 2-core VM the machine's speed drifts by 10-20% over tenths of a second
 * to seconds. Two configurations measured 300 ms apart see different machines; slices of 20 ms,
 * alternated, see the same one, so the drift cancels within a turn instead of within a round. What a
 * JVM gives its configuration (its compilation, its memory layout) the turns do not vary, which is
 * why a round is a fresh set of JVMs ({@link JvmRounds}). One thread at a time.
 *
 * <p>Warm-up: at least {@code warmupTurns}, and then, up to {@code maxWarmupTurns}, more while any
 * configuration's JVM is still compiling: a turn is quiet when no JVM's JIT compiled for more than
 * {@link #QUIET_JIT_SHARE} of the turn's time. On 2 cores a JIT that compiles takes its time from the
 * measured threads (two callers leave it no idle core), and a configuration that runs more code
 * compiles longer, so a fixed warm-up can measure the JIT instead of the configuration
 * (docs/benchmarks.md, "Warm-up until the JIT is quiet").
 *
 * @param warmupTurns unreported turns first, at least 0
 * @param maxWarmupTurns the most warm-up turns while a JIT is still compiling, at least
 *     {@code warmupTurns}; equal to it for a fixed warm-up
 * @param turns measured turns, at least 1
 * @param warmupMillis each configuration's time in a warm-up turn
 * @param turnMillis each configuration's time in a measured turn
 * @param sliceMillis how long one configuration runs before the next one's slice (at least one call)
 */
record InterleavedTurns(int warmupTurns, int maxWarmupTurns, int turns, int warmupMillis, int turnMillis,
    int sliceMillis) {
  /** The most JIT compiling time, as a share of a warm-up turn's time, of a quiet turn: 1%. */
  static final double QUIET_JIT_SHARE = 0.01;
  /** The measured turns a round has unless said otherwise. */
  static final int DEFAULT_TURNS = 5;
  /** A slice unless said otherwise: short against the machine's drift, long against the clock's cost. */
  static final int DEFAULT_SLICE_MILLIS = 20;

  InterleavedTurns {
    if (warmupTurns < 0 || maxWarmupTurns < warmupTurns || turns < 1 || warmupMillis < 1 || turnMillis < 1
        || sliceMillis < 1) {
      throw new IllegalArgumentException("turns must be at least 1 (warm-up at least 0, its most at least that) and"
          + " times positive: " + warmupTurns + " to " + maxWarmupTurns + " warm-up of " + warmupMillis + " ms, "
          + turns + " of " + turnMillis + " ms, slices of " + sliceMillis + " ms");
    }
  }

  /** A fixed warm-up of {@code warmupTurns}. */
  InterleavedTurns(int warmupTurns, int turns, int warmupMillis, int turnMillis, int sliceMillis) {
    this(warmupTurns, warmupTurns, turns, warmupMillis, turnMillis, sliceMillis);
  }

  /**
   * Measures prepared configurations, by name; the first cycle runs in the map's order, later ones
   * shuffled by {@code seed}. Closes nothing.
   *
   * @return each configuration's throughput in ops/s, per measured turn
   * @throws RoundRunner.MeasurementFailure naming the configuration that failed
   */
  Round measure(Map<String, ? extends SliceSource> benchmarks, long seed) throws RoundRunner.MeasurementFailure {
    Random random = new Random(seed);
    List<String> order = new ArrayList<>(benchmarks.keySet());
    Map<String, List<Double>> measured = new LinkedHashMap<>();
    benchmarks.keySet().forEach(name -> measured.put(name, new ArrayList<>()));
    Map<String, Long> jitMillis = Map.of();
    Set<String> compiling = benchmarks.keySet();
    for (int warmup = 0; warmup < maxWarmupTurns && (warmup < warmupTurns || !compiling.isEmpty()); warmup++) {
      Turn turn = turn(benchmarks, order, random, warmupMillis);
      compiling = turn.compilingSince(jitMillis);
      jitMillis = turn.jitMillis();
    }
    if (maxWarmupTurns > warmupTurns && !compiling.isEmpty()) {
      System.err.println("the JIT of " + String.join(", ", compiling) + " still compiled in the last of "
          + maxWarmupTurns + " warm-up turns; measuring anyway");
    }
    for (int k = 0; k < turns; k++) {
      turn(benchmarks, order, random, turnMillis).opsPerSecond().forEach((name, value) -> measured.get(name).add(value));
    }
    return new Round(measured);
  }

  /**
   * What one turn measured: each configuration's throughput (ops/s), its JVM's JIT time at its last
   * slice's end (-1 when unknown), and the turn's wall-clock nanoseconds.
   */
  private record Turn(Map<String, Double> opsPerSecond, Map<String, Long> jitMillis, long nanos) {
    /**
     * The configurations whose JVM compiled for more than {@link #QUIET_JIT_SHARE} of this turn since
     * {@code before}, the previous turn's JIT times (every configuration when there was none). A JVM
     * that does not say is taken as quiet.
     */
    Set<String> compilingSince(Map<String, Long> before) {
      if (before.isEmpty()) {
        return jitMillis.keySet();
      }
      Set<String> compiling = new LinkedHashSet<>();
      jitMillis.forEach((name, now) -> {
        long start = before.getOrDefault(name, -1L);
        if (start >= 0 && now >= 0 && (now - start) * 1e6 > QUIET_JIT_SHARE * nanos) {
          compiling.add(name);
        }
      });
      return compiling;
    }
  }

  /**
   * One turn: cycles of one slice of each configuration that has not yet run for {@code millis}, until
   * none is left; a configuration whose calls outlast a slice has fewer slices, not more time.
   */
  private Turn turn(Map<String, ? extends SliceSource> benchmarks, List<String> order, Random random, int millis)
      throws RoundRunner.MeasurementFailure {
    long turnStart = System.nanoTime();
    long goal = millis * 1_000_000L;
    long slice = sliceMillis * 1_000_000L;
    Map<String, long[]> callsAndNanos = new LinkedHashMap<>();
    Map<String, Long> jitMillis = new LinkedHashMap<>();
    benchmarks.keySet().forEach(name -> callsAndNanos.put(name, new long[2]));
    boolean done;
    do {
      done = true;
      for (String name : order) {
        long[] sum = callsAndNanos.get(name);
        if (sum[1] >= goal) {
          continue;
        }
        SliceSource.Slice s = benchmarks.get(name).runFor(slice);
        sum[0] += s.calls();
        sum[1] += s.nanos();
        jitMillis.put(name, s.jitMillis());
        done &= sum[1] >= goal;
      }
      Collections.shuffle(order, random);
    } while (!done);
    Map<String, Double> ops = new LinkedHashMap<>();
    callsAndNanos.forEach((name, sum) -> ops.put(name, sum[0] * 1e9 / sum[1]));
    return new Turn(ops, jitMillis, System.nanoTime() - turnStart);
  }
}
