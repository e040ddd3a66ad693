package io.github.zipjack.tools.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The geometric mean, its t-interval over log ratios, and the rounds still needed. */
class RatioEstimateTest {

  @Test
  void ratioIsTheGeometricMeanOfTheRoundsRatios() {
    RatioEstimate e = RatioEstimate.ofLogs(List.of(Math.log(2), Math.log(8)));
    assertEquals(4, e.ratio(), 1e-12);
  }

  @Test
  void intervalIsTheStudentTIntervalOverTheLogs() {
    List<Double> logs = List.of(0.10, 0.12, 0.08, 0.11, 0.09);
    RatioEstimate e = RatioEstimate.ofLogs(logs);
    double sd = Math.sqrt(0.001 / 4); // squares around 0.10: 0 + 4e-4 + 4e-4 + 1e-4 + 1e-4
    double half = 2.7764451 * sd / Math.sqrt(5);
    assertEquals(Math.exp(0.10 - half), e.low(), 1e-6);
    assertEquals(Math.exp(0.10 + half), e.high(), 1e-6);
  }

  @Test
  void oneRoundHasNoInterval() {
    RatioEstimate e = RatioEstimate.ofLogs(List.of(0.1));
    assertEquals(Double.POSITIVE_INFINITY, e.high());
  }

  @Test
  void narrowRoundsAreSettled() {
    assertTrue(RatioEstimate.ofLogs(List.of(0.01, 0.02, 0.0, 0.015, 0.005)).settled());
  }

  @Test
  void wideRoundsAreNotSettled() {
    assertFalse(RatioEstimate.ofLogs(List.of(0.1, -0.1, 0.05, -0.05, 0.0)).settled());
  }

  @Test
  void moreRoundsToSettleFollowsFromTheSpread() {
    // The total is the first n with t(n - 1) * sd / sqrt(n) within ln 1.05.
    RatioEstimate e = new RatioEstimate(5, 0, 0.1);
    int total = e.rounds() + e.moreRoundsToSettle();
    double tAtTotal = StudentT.twoSided(0.95, total - 1) * 0.1 / Math.sqrt(total);
    double tBefore = StudentT.twoSided(0.95, total - 2) * 0.1 / Math.sqrt(total - 1);
    assertTrue(tAtTotal <= Math.log(1.05) && tBefore > Math.log(1.05), "total " + total);
  }

  @Test
  void settledRoundsNeedNoMore() {
    assertEquals(0, new RatioEstimate(10, 0, 0.01).moreRoundsToSettle());
  }

  @Test
  void ofLogs_noRounds() {
    assertThrows(IllegalArgumentException.class, () -> RatioEstimate.ofLogs(List.of()));
  }

  @Test
  void ofLogs_notFinite() {
    assertThrows(IllegalArgumentException.class, () -> RatioEstimate.ofLogs(List.of(0.1, Double.NaN)));
  }
}
