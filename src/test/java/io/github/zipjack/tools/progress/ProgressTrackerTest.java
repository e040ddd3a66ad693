package io.github.zipjack.tools.progress;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.options.TimeValue;

/** The progress line's count across the suite, its time left and how it names a benchmark. */
class ProgressTrackerTest {

  private long nowNanos;
  private final ProgressTracker tracker = new ProgressTracker(new SuitePlan(3, 30), () -> nowNanos);

  /** 1 fork of 10 x 1 s measurement: 10 s and 1.2 s of start-up. */
  private static final BenchmarkTiming TEN_SECONDS = new BenchmarkTiming(1, 0, TimeValue.seconds(1), 10,
      new TimeValue(880, TimeUnit.MILLISECONDS));

  private void runFor(double seconds) {
    nowNanos += (long) (seconds * 1e9);
    tracker.end();
  }

  @Test
  void theFirstBenchmarkIsOneOfTheWholeSuiteWithAllItsTimeLeft() {
    assertEquals("[1/3] A, 1 thread; about 30 s left", tracker.start("A, 1 thread", TEN_SECONDS));
  }

  @Test
  void timeLeftLosesTheEstimateOfEachStartedBenchmark() {
    tracker.start("A", TEN_SECONDS);
    runFor(10);

    assertEquals("[2/3] B; about 20 s left", tracker.start("B", TEN_SECONDS));
  }

  @Test
  void timeLeftFollowsThePaceOfTheFinishedBenchmarks() {
    tracker.start("A", TEN_SECONDS);
    runFor(20);

    assertEquals("[2/3] B; about 40 s left", tracker.start("B", TEN_SECONDS));
  }

  @Test
  void moreBenchmarksThanPlannedCountOnWithoutGoingBelowNoTimeLeft() {
    for (int i = 0; i < 3; i++) {
      tracker.start("A", TEN_SECONDS);
      runFor(10);
    }

    assertEquals("[4/4] D; about 0 s left", tracker.start("D", TEN_SECONDS));
  }

  @Test
  void theCountIsPaddedToTheWidthOfTheTotal() {
    ProgressTracker many = new ProgressTracker(new SuitePlan(81, 618), () -> 0);

    assertEquals("[ 1/81] A; about 10m 18s left", many.start("A", TEN_SECONDS));
  }

  @Test
  void durationsReadAsSecondsMinutesOrHours() {
    assertEquals("45 s", ProgressTracker.duration(45.4));
    assertEquals("9m 40s", ProgressTracker.duration(580));
    assertEquals("1h 05m", ProgressTracker.duration(3900));
  }

  @Test
  void aBenchmarkIsNamedByClassMethodParametersAndThreads() {
    assertEquals("PipelineBenchmark.encodeToBody codec=zstd-1 dataset=people-100, 2 threads",
        tracker.label(JmhFixtures.encodeToBody("zstd-1", 2)));
  }

  @Test
  void onlyTheParametersThatTellTheSuitesBenchmarksApartAreNamed() {
    ProgressTracker byCodec = new ProgressTracker(new SuitePlan(1, 10, Set.of("codec")), () -> 0);

    assertEquals("PipelineBenchmark.encodeToBody codec=zstd-1, 1 thread",
        byCodec.label(JmhFixtures.encodeToBody("zstd-1", 1)));
  }
}
