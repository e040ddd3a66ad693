package io.github.zipjack.tools.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.tools.compare.RatioEstimate;
import io.github.zipjack.tools.tune.SettingResult.Figure;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * bench/tune's choice among its fastest settings once paired rounds have measured them: who is
 * measured, and what each kind of paired verdict does to the recommendation. The rounds themselves
 * are given; JvmRounds' own tests run real ones.
 */
class SpeedRunoffTest {

  private static SettingResult result(String setting, double sizePercent, double encodeMbPerSecond) {
    Figure f = new Figure(encodeMbPerSecond, 1);
    return new SettingResult(Setting.parse(setting), sizePercent, f, f, f, f);
  }

  private static final SettingResult ZSTD_1 = result("zstd-1", 14.0, 300);
  private static final SettingResult ZSTD_3 = result("zstd-3", 12.5, 280);
  private static final SettingResult LIBDEFLATE_1 = result("libdeflate-1", 17.0, 270);
  private static final SettingResult ZLIB_1 = result("zlib-1", 18.0, 150);

  /** Six rounds whose log ratios spread by {@code sd} around {@code ratio}. */
  private static RatioEstimate rounds(double ratio, double sd) {
    return new RatioEstimate(6, Math.log(ratio), sd);
  }

  private static Map<SettingResult, RatioEstimate> estimates(Object... contenderThenEstimate) {
    Map<SettingResult, RatioEstimate> map = new LinkedHashMap<>();
    for (int i = 0; i < contenderThenEstimate.length; i += 2) {
      map.put((SettingResult) contenderThenEstimate[i], (RatioEstimate) contenderThenEstimate[i + 1]);
    }
    return map;
  }

  @Test
  void contendersAreTheSettingsWithinFifteenPercentOfTheLeaderFastestFirstAtMostTwo() {
    List<SettingResult> eligible = List.of(ZSTD_1, ZSTD_3, LIBDEFLATE_1, result("zlib-6", 20, 260), ZLIB_1);
    assertEquals(List.of(ZSTD_3, LIBDEFLATE_1), SpeedRunoff.contenders(ZSTD_1, eligible));
  }

  @Test
  void noSettingCloseToTheLeaderMeansNoContender() {
    assertEquals(List.of(), SpeedRunoff.contenders(ZSTD_1, List.of(ZSTD_1, ZLIB_1)));
  }

  @Test
  void contenderTiedWithTheLeaderAndSmallerIsRecommended() {
    SpeedRunoff.Outcome outcome = SpeedRunoff.decide(ZSTD_1, estimates(ZSTD_3, rounds(0.99, 0.01)));
    assertEquals(ZSTD_3, outcome.chosen());
    assertEquals("as fast to encode at 1 thread as zstd-1 in paired rounds (a tie, or too close to tell apart),"
        + " and the smaller", outcome.reason());
    assertTrue(outcome.lines().get(0).endsWith("6 rounds: tie within ±5%"), outcome.lines().get(0));
  }

  @Test
  void contenderTooCloseToTellApartCountsAsFastAsTheLeader() {
    SpeedRunoff.Outcome outcome = SpeedRunoff.decide(ZSTD_1, estimates(ZSTD_3, rounds(0.97, 0.10)));
    assertEquals(ZSTD_3, outcome.chosen());
    assertTrue(outcome.lines().get(0).contains("inconclusive"), outcome.lines().get(0));
  }

  @Test
  void tiedContenderLargerThanTheLeaderLeavesTheLeader() {
    SpeedRunoff.Outcome outcome = SpeedRunoff.decide(ZSTD_3, estimates(ZSTD_1, rounds(1.01, 0.01)));
    assertEquals(ZSTD_3, outcome.chosen());
    assertTrue(outcome.reason().startsWith("as fast to encode at 1 thread as zstd-1 "), outcome.reason());
  }

  @Test
  void contenderShownSlowerLeavesTheLeaderConfirmed() {
    SpeedRunoff.Outcome outcome = SpeedRunoff.decide(ZSTD_1, estimates(ZSTD_3, rounds(0.85, 0.02)));
    assertEquals(ZSTD_1, outcome.chosen());
    assertEquals("the fastest to encode at 1 thread, confirmed in paired rounds", outcome.reason());
    assertTrue(outcome.lines().get(0).contains("slower"), outcome.lines().get(0));
  }

  @Test
  void contenderShownFasterTakesTheLeadersPlace() {
    SpeedRunoff.Outcome outcome = SpeedRunoff.decide(ZSTD_1,
        estimates(ZSTD_3, rounds(0.99, 0.01), LIBDEFLATE_1, rounds(1.12, 0.02)));
    assertEquals(LIBDEFLATE_1, outcome.chosen());
    assertEquals("the fastest to encode at 1 thread in paired rounds, though JMH ranked zstd-1 first",
        outcome.reason());
    assertEquals(2, outcome.lines().size());
  }

  @Test
  void recommendationLinesSayWhatTheRoundsDecided() {
    TuneTable table = new TuneTable(List.of(ZSTD_1, ZSTD_3, ZLIB_1), 2, 15, null);
    List<String> lines = table.withRunoff(SpeedRunoff.decide(ZSTD_1, estimates(ZSTD_3, rounds(0.99, 0.01))))
        .recommendationLines();
    assertTrue(lines.get(0).startsWith("recommended: zstd-3 (as fast to encode at 1 thread as zstd-1 in paired"
        + " rounds (a tie, or too close to tell apart), and the smaller; within --max-size 15.0%: 280 ± 1 MB/s,"
        + " 12.5% of the JSON)"), lines.get(0));
    assertTrue(lines.stream().anyMatch(l -> l.startsWith("  zstd-3 ÷ zstd-1, encoding at 1 thread: 0.990× [")),
        String.join("\n", lines));
  }

  @Test
  void roundsGetAFifthOfTheBudgetAndNoneBelowTwentySeconds() {
    assertEquals(Duration.ofSeconds(36), SpeedRunoff.timeFrom(Duration.ofMinutes(3)));
    assertEquals(Duration.ZERO, SpeedRunoff.timeFrom(Duration.ofSeconds(90)));
  }
}
