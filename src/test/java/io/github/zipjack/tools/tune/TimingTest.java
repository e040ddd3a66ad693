package io.github.zipjack.tools.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** How bench/tune's timing fits its budget, and shrinks when measurements run late. */
class TimingTest {
  private static Timing forkedTenSeconds() throws BadInputException {
    return Timing.fit(Duration.ofSeconds(23), Duration.ZERO, 2, false, "23s"); // 11.5 s a run: 10 s after start-up
  }

  @Test
  void aBudgetThatAllowsStartUpsGivesOneJvmPerMeasurement() throws BadInputException {
    Timing timing = forkedTenSeconds();

    assertTrue(timing.forked(), timing.toString());
    assertEquals(10_000, timing.runMillis(), 50);
  }

  @Test
  void aShareThatStillFitsKeepsTheTiming() throws BadInputException {
    Timing timing = forkedTenSeconds();

    assertSame(timing, timing.within(20_000, 1_500));
  }

  @Test
  void aSmallerShareShortensTheRunBySlowerStartUps() throws BadInputException {
    Timing timing = forkedTenSeconds();

    Timing later = timing.within(8_000, 3_000);

    assertTrue(later.forked());
    assertEquals(5_000, later.runMillis(), 50);
    assertEquals(timing.warmupIterations(), later.warmupIterations());
  }

  @Test
  void aShareBelowTheStartUpStillRunsTheShortestMeasurement() throws BadInputException {
    Timing later = forkedTenSeconds().within(1_000, 3_000);

    assertEquals(Timing.MIN_IN_PROCESS_RUN.toMillis(), later.runMillis(), 50);
  }
}
