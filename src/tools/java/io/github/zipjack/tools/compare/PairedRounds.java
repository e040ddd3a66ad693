package io.github.zipjack.tools.compare;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Predicate;

/**
 * The paired comparison: rounds of a {@link Comparison}, each measuring every configuration once in
 * a fresh random order, until every ratio's 95% interval is within ±5% (after at least
 * {@link #MIN_ROUNDS} rounds) or the next round would overrun the time budget. Each ratio is taken
 * within a round; the result is their geometric mean with a Student-t interval over the rounds (see
 * {@link RatioEstimate}). Deterministic for a given seed, runner and clock; one run at a time.
 */
final class PairedRounds {
  /** The fewest rounds before a ratio may count as settled: fewer say too little about the spread. */
  static final int MIN_ROUNDS = 5;

  private final Comparison comparison;
  private final RoundRunner runner;
  private final Random random;
  private final LongSupplier nanoClock;

  /**
   * @param seed orders the rounds (and seeds shuffling inside them)
   * @param nanoClock the clock the budget is kept by, in nanoseconds ({@code System::nanoTime})
   */
  PairedRounds(Comparison comparison, RoundRunner runner, long seed, LongSupplier nanoClock) {
    this.comparison = comparison;
    this.runner = runner;
    this.random = new Random(seed);
    this.nanoClock = nanoClock;
  }

  /** Where a run is, after each round: for a progress line. */
  record Progress(int rounds, PairedResult soFar, Duration left) {}

  /**
   * Runs rounds until every ratio settles or the next round (at the mean pace so far) would overrun
   * the budget, at least {@link #MIN_ROUNDS} when the budget allows, at most {@code maxRounds}, and
   * always at least 2 (an interval needs them), even past the budget.
   *
   * @param budget the time the rounds may take, positive
   * @param maxRounds the most rounds, at least 2
   * @param progress told after each round
   * @throws RoundRunner.MeasurementFailure from the runner
   */
  PairedResult run(Duration budget, int maxRounds, Consumer<Progress> progress) throws RoundRunner.MeasurementFailure {
    return run(budget, maxRounds, progress, PairedResult::allSettled);
  }

  /**
   * As {@link #run(Duration, int, Consumer)}, but stops early (after {@link #MIN_ROUNDS}) only once
   * {@code done} says so: for targets, when every ratio has settled and every target is decided.
   */
  PairedResult run(Duration budget, int maxRounds, Consumer<Progress> progress, Predicate<PairedResult> done)
      throws RoundRunner.MeasurementFailure {
    if (budget.isNegative() || budget.isZero()) {
      throw new IllegalArgumentException("budget must be positive: " + budget);
    }
    if (maxRounds < 2) {
      throw new IllegalArgumentException("maxRounds must be at least 2: " + maxRounds);
    }
    long start = nanoClock.getAsLong();
    long deadline = start + budget.toNanos();
    List<Round> rounds = new ArrayList<>();
    PairedResult result = null;
    while (rounds.size() < maxRounds) {
      List<String> order = new ArrayList<>(comparison.configurations());
      Collections.shuffle(order, random);
      rounds.add(runner.run(order, random.nextLong()));
      result = PairedResult.of(comparison, rounds);
      long now = nanoClock.getAsLong();
      progress.accept(new Progress(rounds.size(), result, Duration.ofNanos(Math.max(0, deadline - now))));
      if (rounds.size() >= MIN_ROUNDS && done.test(result)) {
        break;
      }
      long perRound = (now - start) / rounds.size();
      if (now + perRound > deadline && rounds.size() >= 2) {
        break;
      }
    }
    return result;
  }
}
