package io.github.zipjack.tools.tune;

import io.github.zipjack.tools.compare.RatioEstimate;
import io.github.zipjack.tools.compare.Verdict;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * bench/tune's guard against crowning a winner by noise. JMH's figures rank the settings, but on a
 * busy or small machine two settings a few percent apart swap places from run to run. So the settings
 * whose JMH figure comes within {@link #CLOSE} of the fastest's (at most {@link #MAX_CONTENDERS}) are
 * measured again against it in paired rounds, and the choice follows the rounds: a contender whose
 * whole 95% interval is above the leader's speed takes its place; a contender that ties (or cannot
 * be told apart in the time) is as fast, and then the smallest of those as fast is recommended.
 * Stateless.
 */
final class SpeedRunoff {
  /** A contender's JMH figure is at least this share of the leader's. */
  static final double CLOSE = 0.85;
  static final int MAX_CONTENDERS = 2;
  /** The share of bench/tune's budget the rounds get, when it runs one JVM per measurement. */
  static final double SHARE_OF_BUDGET = 0.2;
  /** Less than this cannot give the rounds a fresh JVM per setting and warm them up. */
  static final Duration MIN_TIME = Duration.ofSeconds(20);

  private SpeedRunoff() {}

  /**
   * The choice and what to print about it.
   *
   * @param chosen the setting to recommend
   * @param reason why, in the words of the "recommended:" line (without the size limit)
   * @param lines one per contender: its ratio to the leader, interval, rounds and verdict
   */
  record Outcome(SettingResult chosen, String reason, List<String> lines) {}

  /** The time the rounds may take out of {@code budget}: none below {@link #MIN_TIME}. */
  static Duration timeFrom(Duration budget) {
    Duration share = Duration.ofMillis((long) (budget.toMillis() * SHARE_OF_BUDGET));
    return share.compareTo(MIN_TIME) < 0 ? Duration.ZERO : share;
  }

  /**
   * The settings to measure against {@code leader}: those {@code eligible} whose encoding figure is at
   * least {@link #CLOSE} of the leader's, fastest first, at most {@link #MAX_CONTENDERS}.
   */
  static List<SettingResult> contenders(SettingResult leader, List<SettingResult> eligible) {
    return eligible.stream()
        .filter(r -> r != leader && r.speed() >= CLOSE * leader.speed())
        .sorted(Comparator.comparingDouble(SettingResult::speed).reversed())
        .limit(MAX_CONTENDERS)
        .toList();
  }

  /** The leader, then its contenders: every setting the rounds measure. */
  static List<SettingResult> measured(SettingResult leader, List<SettingResult> contenders) {
    List<SettingResult> all = new ArrayList<>(List.of(leader));
    all.addAll(contenders);
    return all;
  }

  /**
   * The choice from each contender's throughput over the leader's, measured in paired rounds.
   *
   * @param estimates by contender, each its encoding throughput over the leader's
   */
  static Outcome decide(SettingResult leader, Map<SettingResult, RatioEstimate> estimates) {
    List<String> lines = new ArrayList<>();
    SettingResult faster = null;
    List<SettingResult> asFast = new ArrayList<>(List.of(leader));
    for (Map.Entry<SettingResult, RatioEstimate> e : estimates.entrySet()) {
      RatioEstimate ratio = e.getValue();
      lines.add(String.format(Locale.ROOT, "  %s ÷ %s, encoding at 1 thread: %.3f× [%.3f, %.3f], %d rounds: %s",
          e.getKey().setting(), leader.setting(), ratio.ratio(), ratio.low(), ratio.high(), ratio.rounds(),
          Verdict.of(ratio)));
      if (ratio.low() > 1) {
        if (faster == null || ratio.ratio() > estimates.get(faster).ratio()) {
          faster = e.getKey();
        }
      } else if (!shownSlower(ratio)) {
        asFast.add(e.getKey());
      }
    }
    if (faster != null) {
      return new Outcome(faster, "the fastest to encode at 1 thread in paired rounds, though JMH ranked "
          + leader.setting() + " first", lines);
    }
    if (asFast.size() == 1) {
      return new Outcome(leader, "the fastest to encode at 1 thread, confirmed in paired rounds", lines);
    }
    SettingResult smallest = asFast.stream().min(Comparator.comparingDouble(SettingResult::sizePercent)).orElseThrow();
    List<String> others = asFast.stream().filter(r -> r != smallest).map(r -> r.setting().toString()).toList();
    return new Outcome(smallest, "as fast to encode at 1 thread as " + String.join(" and ", others) + " in paired"
        + " rounds (a tie, or too close to tell apart), and the " + (others.size() == 1 ? "smaller" : "smallest"),
        lines);
  }

  /** Whether the whole interval is below 1 and not a tie (as {@link Verdict#of} says). */
  private static boolean shownSlower(RatioEstimate ratio) {
    return ratio.high() < 1 && !Verdict.isTie(ratio);
  }
}
