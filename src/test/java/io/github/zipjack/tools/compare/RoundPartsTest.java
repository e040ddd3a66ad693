package io.github.zipjack.tools.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The parts a round is passed through: configurations on a command line, turns printed back, units, the table. */
class RoundPartsTest {

  @Test
  void aConfigurationSurvivesItsCommandLineForm() {
    Map<String, String> params = new LinkedHashMap<>();
    params.put("dataset", "people-100");
    params.put("codec", "zstd-1");
    JmhConfiguration c = new JmhConfiguration("zstd-1", "io.github.zipjack.bench.PipelineBenchmark.encodeToBody", params);
    assertEquals(c, JmhConfiguration.parse(c.spec()));
  }

  @Test
  void parse_parameterWithoutValue() {
    assertThrows(IllegalArgumentException.class, () -> JmhConfiguration.parse("a|b.C.m|dataset"));
  }

  @Test
  void throughputInOpsPerMillisecondIsScaledToPerSecond() {
    assertEquals(2500, JarRounds.perSecond(2.5, "ops/ms"), 1e-9);
  }

  @Test
  void theDefaultBenchmarksForksGetTheQuickTimingTheUserDidNotSet() {
    assertEquals(List.of("-w", "1s", "-i", "3", "-r", "500ms"),
        JarRounds.forkTiming(List.of("PipelineBenchmark", "-wi", "5"), true));
  }

  @Test
  void aBenchmarkTheUserNamedKeepsItsOwnTiming() {
    assertEquals(List.of(), JarRounds.forkTiming(List.of("ClientDecodeBenchmark", "-p", "client=zipjack-gzip"), false));
  }

  @Test
  void theTableStartsWithTheReferenceAndItsThroughput() {
    Comparison c = Comparison.against("zlib-1", List.of("zstd-1"));
    Round round = Round.ofSingleTurn(Map.of("zlib-1", 100.0, "zstd-1", 200.0));
    List<List<String>> rows = ComparisonTable.rows(PairedResult.of(c, List.of(round, round)));
    assertEquals("zlib-1 (reference)", rows.get(0).get(0));
    assertEquals("2.000×", rows.get(1).get(2));
  }

  @Test
  void oneMoreRoundIsSingular() {
    assertTrue(ComparisonTable.rounds(1).equals("1 more round") && ComparisonTable.rounds(3).equals("3 more rounds"));
  }
}
