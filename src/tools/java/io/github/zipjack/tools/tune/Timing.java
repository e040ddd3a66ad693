package io.github.zipjack.tools.tune;

import java.time.Duration;

/**
 * How long each JMH measurement of bench/tune runs, chosen from the time budget: the budget left
 * after reading and sizing the samples, shared equally among the measurements. Forked (JMH's own
 * advice: one fresh JVM per measurement, about {@link #FORK_OVERHEAD} of start-up) when each share
 * leaves at least {@link #MIN_FORKED_RUN} of running; otherwise in-process (JMH's {@code -f 0}: all
 * measurements in bench/tune's JVM, which lets one setting's JIT profile touch the next; quick checks
 * only, and said so in the output). Of a share's running time 60% warms up (3 iterations: a 1 KB
 * body's pipeline takes about 3 s to reach its steady state on 2 cores) and 40% measures, in 5 to 10 iterations of {@link #MIN_ITERATION} or more (shorter only when in-process
 * runs are as short as they may be), so that JMH's error (Student's t at 99.9%) stays usable.
 * Immutable.
 *
 * @param forked one JVM per measurement, or all in this one
 * @param warmupIterations JMH warm-up iterations
 * @param warmupMillis milliseconds of each warm-up iteration
 * @param measurementIterations JMH measurement iterations
 * @param measurementMillis milliseconds of each measurement iteration
 */
record Timing(boolean forked, int warmupIterations, long warmupMillis, int measurementIterations,
    long measurementMillis) {
  static final Duration FORK_OVERHEAD = Duration.ofMillis(1500);
  static final Duration MIN_FORKED_RUN = Duration.ofMillis(2000);
  static final Duration IN_PROCESS_OVERHEAD = Duration.ofMillis(150);
  static final Duration MIN_IN_PROCESS_RUN = Duration.ofMillis(500);
  static final Duration MIN_ITERATION = Duration.ofMillis(100);
  private static final int WARMUP_ITERATIONS = 3;
  private static final int MAX_MEASUREMENT_ITERATIONS = 10;
  private static final int MIN_MEASUREMENT_ITERATIONS = 5;

  /**
   * The timing that fits {@code measurements} runs into {@code left}.
   *
   * @param used the part of the budget already spent (reading, sizing, training)
   * @param inProcess true to run in-process whatever the budget
   * @param budget the budget as the user wrote it, for the message
   * @throws BadInputException when even in-process runs do not fit, naming the budget needed
   */
  static Timing fit(Duration left, Duration used, int measurements, boolean inProcess, String budget)
      throws BadInputException {
    long share = left.toMillis() / measurements;
    long forkedRun = share - FORK_OVERHEAD.toMillis();
    if (!inProcess && forkedRun >= MIN_FORKED_RUN.toMillis()) {
      return split(true, forkedRun);
    }
    long run = share - IN_PROCESS_OVERHEAD.toMillis();
    if (run < MIN_IN_PROCESS_RUN.toMillis()) {
      long needed = (MIN_IN_PROCESS_RUN.toMillis() + IN_PROCESS_OVERHEAD.toMillis()) * measurements;
      long atLeast = (long) Math.ceil((needed + used.toMillis()) / 1000.0) + 1;
      throw BadInputException.option("--time " + budget + " is too short for " + measurements
          + " measurements of at least " + MIN_IN_PROCESS_RUN.toMillis() + " ms: give at least " + atLeast + "s");
    }
    return split(false, run);
  }

  private static Timing split(boolean forked, long runMillis) {
    long warmup = runMillis * 3 / 5;
    long measure = runMillis - warmup;
    int iterations = (int) Math.max(MIN_MEASUREMENT_ITERATIONS,
        Math.min(MAX_MEASUREMENT_ITERATIONS, measure / MIN_ITERATION.toMillis()));
    return new Timing(forked, WARMUP_ITERATIONS, warmup / WARMUP_ITERATIONS, iterations, measure / iterations);
  }

  /**
   * This timing shortened so that one measurement, with {@code overheadMillis} of start-up, fits in
   * {@code shareMillis}: the same when it already fits (never longer), else the same split over less
   * time, down to {@link #MIN_IN_PROCESS_RUN} of running. What keeps a run within its budget when the
   * JVMs start more slowly than {@link #FORK_OVERHEAD} or earlier runs overran.
   */
  Timing within(long shareMillis, long overheadMillis) {
    long run = shareMillis - overheadMillis;
    if (run >= runMillis()) {
      return this;
    }
    return split(forked, Math.max(run, MIN_IN_PROCESS_RUN.toMillis()));
  }

  /** Warm-up and measurement iterations together, in milliseconds: a measurement less its start-up. */
  long runMillis() {
    return warmupIterations * warmupMillis + measurementIterations * measurementMillis;
  }

  /** The start-up this timing assumes for one measurement. */
  Duration overhead() {
    return forked ? FORK_OVERHEAD : IN_PROCESS_OVERHEAD;
  }

  /** The time one measurement takes, start-up included. */
  Duration perMeasurement() {
    return (forked ? FORK_OVERHEAD : IN_PROCESS_OVERHEAD)
        .plusMillis(warmupIterations * warmupMillis + measurementIterations * measurementMillis);
  }

  @Override
  public String toString() {
    return (forked ? "one JVM per measurement (JMH -f 1)" : "in-process (JMH -f 0: quick check, less reliable)")
        + ", warm-up " + warmupIterations + " x " + warmupMillis + " ms, measurement " + measurementIterations
        + " x " + measurementMillis + " ms";
  }
}
