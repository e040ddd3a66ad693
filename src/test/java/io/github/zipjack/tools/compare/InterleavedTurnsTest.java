package io.github.zipjack.tools.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.IntToLongFunction;
import org.junit.jupiter.api.Test;

/** How many warm-up turns a round takes: a fixed number, or more while a JIT is still compiling. */
class InterleavedTurnsTest {

  /**
   * A configuration that answers each slice at once, as if it had run the time asked, and whose JVM's
   * JIT time after its n-th slice (from 1) is {@code jitAfterSlice(n)}. A turn of one 1 ms slice a
   * configuration lasts microseconds, so any JIT time between two turns is more than 1% of a turn.
   */
  private static final class ScriptedSource implements SliceSource {
    private final IntToLongFunction jitAfterSlice;
    int slices;

    ScriptedSource(IntToLongFunction jitAfterSlice) {
      this.jitAfterSlice = jitAfterSlice;
    }

    @Override
    public Slice runFor(long nanos) {
      slices++;
      return new Slice(1, nanos, jitAfterSlice.applyAsLong(slices));
    }

    @Override
    public void close() {}
  }

  /** Warm-up of at least 2 and at most {@code most} turns, then 1 measured turn, each one 1 ms slice. */
  private static int slicesTaken(int most, IntToLongFunction jitAfterSlice) throws Exception {
    ScriptedSource source = new ScriptedSource(jitAfterSlice);
    Map<String, SliceSource> sources = new LinkedHashMap<>();
    sources.put("a", source);
    sources.put("quiet", new ScriptedSource(n -> 100));
    Round round = new InterleavedTurns(2, most, 1, 1, 1, 1).measure(sources, 1);
    assertEquals(1, round.turns());
    return source.slices;
  }

  @Test
  void warmUpGoesOnUntilATurnInWhichNoJitCompiled() throws Exception {
    // compiling until its 4th slice: turns 2-4 compile, turn 5 is the first quiet one, then 1 measured
    assertEquals(6, slicesTaken(10, n -> 5L * Math.min(n, 4)));
  }

  @Test
  void warmUpEndsAtItsMostTurnsWhileAJitStillCompiles() throws Exception {
    assertEquals(5, slicesTaken(4, n -> 5L * n));
  }

  @Test
  void warmUpTakesItsLeastTurnsWhenTheJitIsQuietFromTheStart() throws Exception {
    assertEquals(3, slicesTaken(10, n -> 100));
  }

  @Test
  void aJvmThatDoesNotSayItsJitTimeCountsAsQuiet() throws Exception {
    assertEquals(3, slicesTaken(10, n -> -1));
  }

  @Test
  void aFixedWarmUpTakesItsTurnsWhateverTheJitDoes() throws Exception {
    ScriptedSource compiling = new ScriptedSource(n -> 5L * n);
    new InterleavedTurns(2, 1, 1, 1, 1).measure(Map.of("a", compiling), 1);
    assertEquals(3, compiling.slices);
  }

  @Test
  void aMostWarmUpBelowTheLeastIsRefusedNamingBoth() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new InterleavedTurns(3, 2, 5, 800, 300, 20));
    assertTrue(e.getMessage().contains("3 to 2 warm-up"), e.getMessage());
  }
}
