package io.github.zipjack.tools.soak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The soak's command line: defaults, durations, and refusals that name the bad value. */
class SoakConfigTest {
  @Test
  void noArgumentsGiveTheDocumentedDefaults() {
    assertEquals(new SoakConfig(Duration.ofMinutes(10), Duration.ofMinutes(1), 50, Duration.ofSeconds(5)),
        SoakConfig.parse());
  }

  @Test
  void durationsTakeMillisecondsSecondsMinutesAndHours() {
    assertEquals(Duration.ofMillis(500), SoakConfig.duration("500ms"));
    assertEquals(Duration.ofSeconds(30), SoakConfig.duration("30s"));
    assertEquals(Duration.ofMinutes(10), SoakConfig.duration("10m"));
    assertEquals(Duration.ofHours(1), SoakConfig.duration("1h"));
  }

  @Test
  void aDurationWithoutAUnitIsRefusedWithTheValue() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SoakConfig.parse("--duration", "10"));

    assertEquals("not a duration such as 500ms, 30s, 10m or 1h: 10", e.getMessage());
  }

  @Test
  void aWarmupNoShorterThanTheRunIsRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> SoakConfig.parse("--duration", "10s", "--warmup", "10s"));

    assertEquals("--warmup (PT10S) must be shorter than --duration (PT10S)", e.getMessage());
  }

  @Test
  void threadsOutsideTheirRangeAreRefusedWithTheValue() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SoakConfig.parse("--threads", "0"));

    assertEquals("--threads must be in [1, 1000]: 0", e.getMessage());
  }
}
