package io.github.zipjack.tools.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Each verdict, one behaviour a test; estimates built from their log mean and spread. */
class VerdictTest {
  /** 10 rounds with this sd have a half-width of t(9) * sd / sqrt(10) = 0.7154 sd. */
  private static RatioEstimate tenRounds(double ratio, double sdLog) {
    return new RatioEstimate(10, Math.log(ratio), sdLog);
  }

  @Test
  void wholeIntervalAboveOneReadsAsFasterWithItsInterval() {
    RatioEstimate e = tenRounds(1.12, 0.05);
    assertEquals("12% faster [" + Verdict.percent(e.low() - 1) + ", " + Verdict.percent(e.high() - 1) + "]",
        Verdict.of(e));
  }

  @Test
  void wholeIntervalBelowOneReadsAsSlower() {
    assertTrue(Verdict.of(tenRounds(0.80, 0.05)).startsWith("20% slower ["), Verdict.of(tenRounds(0.80, 0.05)));
  }

  @Test
  void intervalInsideTheTieBandReadsAsTie() {
    assertEquals("tie within ±5%", Verdict.of(tenRounds(1.01, 0.02)));
  }

  @Test
  void smallButCertainDifferenceInsideTheBandIsStillATie() {
    assertEquals("tie within ±5%", Verdict.of(tenRounds(1.03, 0.005)));
  }

  @Test
  void intervalAcrossOneAndOutOfTheBandIsInconclusiveWithRoundsNeeded() {
    String verdict = Verdict.of(tenRounds(1.02, 0.10));
    assertTrue(verdict.matches("inconclusive: about \\d+ more rounds?"), verdict);
  }

  @Test
  void oneRoundIsInconclusive() {
    assertTrue(Verdict.of(new RatioEstimate(1, 0.3, Double.NaN)).startsWith("inconclusive"));
  }

  @Test
  void targetHoldsOnlyWhenTheWholeIntervalIsOnItsSide() {
    assertTrue(Verdict.against(tenRounds(0.50, 0.02), 0.55, false).startsWith("holds"));
  }

  @Test
  void targetWithinTheIntervalIsNotHeld() {
    String verdict = Verdict.against(tenRounds(0.54, 0.05), 0.55, false);
    assertFalse(verdict.startsWith("holds"), verdict);
    assertTrue(verdict.startsWith("inconclusive: about"), verdict);
  }

  @Test
  void targetMissedWhenTheWholeIntervalIsOnTheOtherSide() {
    assertTrue(Verdict.against(tenRounds(0.64, 0.05), 0.55, false).startsWith("misses"));
  }

  @Test
  void atLeastTargetHoldsWhenTheLowEndReachesIt() {
    assertTrue(Verdict.against(tenRounds(1.00, 0.01), 0.97, true).startsWith("holds"));
  }
}
