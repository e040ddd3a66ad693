package io.github.zipjack.tools.compare;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

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
 * @param warmupTurns unreported turns first, at least 0
 * @param turns measured turns, at least 1
 * @param warmupMillis each configuration's time in a warm-up turn
 * @param turnMillis each configuration's time in a measured turn
 * @param sliceMillis how long one configuration runs before the next one's slice (at least one call)
 */
record InterleavedTurns(int warmupTurns, int turns, int warmupMillis, int turnMillis, int sliceMillis) {
  /** The measured turns a round has unless said otherwise. */
  static final int DEFAULT_TURNS = 5;
  /** A slice unless said otherwise: short against the machine's drift, long against the clock's cost. */
  static final int DEFAULT_SLICE_MILLIS = 20;

  InterleavedTurns {
    if (warmupTurns < 0 || turns < 1 || warmupMillis < 1 || turnMillis < 1 || sliceMillis < 1) {
      throw new IllegalArgumentException("turns must be at least 1 (warm-up at least 0) and times positive: "
          + warmupTurns + " warm-up of " + warmupMillis + " ms, " + turns + " of " + turnMillis + " ms, slices of "
          + sliceMillis + " ms");
    }
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
    for (int turn = 0; turn < warmupTurns + turns; turn++) {
      boolean warmup = turn < warmupTurns;
      Map<String, Double> ops = turn(benchmarks, order, random, warmup ? warmupMillis : turnMillis);
      if (!warmup) {
        ops.forEach((name, value) -> measured.get(name).add(value));
      }
    }
    return new Round(measured);
  }

  /**
   * One turn: cycles of one slice of each configuration that has not yet run for {@code millis}, until
   * none is left; a configuration whose calls outlast a slice has fewer slices, not more time.
   */
  private Map<String, Double> turn(Map<String, ? extends SliceSource> benchmarks, List<String> order, Random random,
      int millis) throws RoundRunner.MeasurementFailure {
    long goal = millis * 1_000_000L;
    long slice = sliceMillis * 1_000_000L;
    Map<String, long[]> callsAndNanos = new LinkedHashMap<>();
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
        done &= sum[1] >= goal;
      }
      Collections.shuffle(order, random);
    } while (!done);
    Map<String, Double> ops = new LinkedHashMap<>();
    callsAndNanos.forEach((name, sum) -> ops.put(name, sum[0] * 1e9 / sum[1]));
    return ops;
  }
}
