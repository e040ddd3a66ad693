package io.github.zipjack.tools.http;

import io.github.zipjack.tools.compare.RatioEstimate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * One row of the HTTP table: every round of one variant, dataset and coding, in the order they
 * ran. Immutable. {@code bench/http} measures every row of a dataset once a round, in a fresh random
 * order, so round i of two rows ran minutes apart at most and their ratio cancels most of the
 * machine's drift.
 *
 * @param rounds what wrk measured in each round, first round first; never empty
 */
record HttpRow(String variant, String dataset, String coding, boolean contentLengthSent, long bodyBytes,
    List<WrkOutput> rounds) {

  HttpRow {
    rounds = List.copyOf(rounds);
    if (rounds.isEmpty()) {
      throw new IllegalArgumentException("a row needs at least one round: " + variant + " " + dataset + " " + coding);
    }
  }

  /** The runs grouped by variant, dataset and coding, in the order each was first measured. */
  static List<HttpRow> group(List<HttpRun> runs) {
    Map<List<String>, List<HttpRun>> byKey = new LinkedHashMap<>();
    for (HttpRun run : runs) {
      byKey.computeIfAbsent(List.of(run.variant(), run.dataset(), run.coding()), k -> new ArrayList<>()).add(run);
    }
    List<HttpRow> rows = new ArrayList<>();
    for (List<HttpRun> same : byKey.values()) {
      HttpRun first = same.get(0);
      rows.add(new HttpRow(first.variant(), first.dataset(), first.coding(),
          same.stream().allMatch(HttpRun::contentLengthSent), first.bodyBytes(),
          same.stream().map(HttpRun::wrk).toList()));
    }
    return rows;
  }

  /** Requests per second: mean over the rounds and their sample standard deviation (0 for one round). */
  Spread requestsPerSecond() {
    return Spread.of(rounds.stream().mapToDouble(WrkOutput::requestsPerSecond).toArray());
  }

  /**
   * This row's requests per second over {@code base}'s, taken within each round (as many rounds as
   * both have): their geometric mean with a 95% interval over the rounds.
   */
  RatioEstimate ratioTo(HttpRow base) {
    return paired(base, WrkOutput::requestsPerSecond);
  }

  /** This row's p99 latency over {@code base}'s, taken within each round, as {@link #ratioTo}. */
  RatioEstimate p99RatioTo(HttpRow base) {
    return paired(base, WrkOutput::p99Micros);
  }

  private RatioEstimate paired(HttpRow base, ToDoubleFunction<WrkOutput> figure) {
    int n = Math.min(rounds.size(), base.rounds.size());
    List<Double> logs = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      logs.add(Math.log(figure.applyAsDouble(rounds.get(i)) / figure.applyAsDouble(base.rounds.get(i))));
    }
    return RatioEstimate.ofLogs(logs);
  }

  double meanP50Micros() {
    return rounds.stream().mapToDouble(WrkOutput::p50Micros).average().orElseThrow();
  }

  double meanP99Micros() {
    return rounds.stream().mapToDouble(WrkOutput::p99Micros).average().orElseThrow();
  }

  long errors() {
    return rounds.stream().mapToLong(WrkOutput::errors).sum();
  }

  /** A mean and the sample standard deviation of the values it was made of (0 for one value). */
  record Spread(double mean, double sd, int count) {
    static Spread of(double[] values) {
      double sum = 0;
      for (double v : values) {
        sum += v;
      }
      double mean = sum / values.length;
      double squares = 0;
      for (double v : values) {
        squares += (v - mean) * (v - mean);
      }
      return new Spread(mean, values.length > 1 ? Math.sqrt(squares / (values.length - 1)) : 0, values.length);
    }
  }
}
