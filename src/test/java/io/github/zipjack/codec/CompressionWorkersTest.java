package io.github.zipjack.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;

/** The worker budget hands out permits only for cores that no counted caller or worker occupies. */
class CompressionWorkersTest {
  private static final Executor INLINE = Runnable::run;

  @Test
  void withNoCallerEveryCoreIsIdle() {
    CompressionWorkers workers = CompressionWorkers.of(INLINE, 4, 2);

    assertEquals(2, workers.idleCores());
    assertEquals(2, workers.tryAcquireIdle(3));
  }

  @Test
  void aCallerCompressingABodyOccupiesOneCore() {
    CompressionWorkers workers = CompressionWorkers.of(INLINE, 4, 2);
    workers.callerStarted();

    assertEquals(1, workers.tryAcquireIdle(3));
    assertEquals(0, workers.tryAcquireIdle(3));
  }

  @Test
  void asManyCallersAsCoresLeaveNoPermit() {
    CompressionWorkers workers = CompressionWorkers.of(INLINE, 4, 2);
    workers.callerStarted();
    workers.callerStarted();

    assertEquals(0, workers.tryAcquireIdle(1));
    assertEquals(4, workers.freePermits());
  }

  @Test
  void aCallerThatEndsGivesItsCoreBack() {
    CompressionWorkers workers = CompressionWorkers.of(INLINE, 4, 2);
    workers.callerStarted();
    workers.callerStarted();
    workers.callerEnded();

    assertEquals(1, workers.tryAcquireIdle(1));
  }

  @Test
  void permitsReleasedMakeTheirCoresIdleAgain() {
    CompressionWorkers workers = CompressionWorkers.of(INLINE, 4, 3);
    workers.callerStarted();
    int taken = workers.tryAcquireIdle(4);
    workers.release(taken);

    assertEquals(2, taken);
    assertEquals(2, workers.idleCores());
  }

  @Test
  void idleCoresNeverHandOutMoreThanTheFreePermits() {
    CompressionWorkers workers = CompressionWorkers.of(INLINE, 1, 8);

    assertEquals(1, workers.tryAcquireIdle(5));
  }

  @Test
  void cores_belowOne() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> CompressionWorkers.of(INLINE, 1, 0));
    assertEquals("cores must be >= 1: 0", e.getMessage());
  }
}
