package io.github.zipjack.tools.report;

import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The study's baseline for a workload: {@code SeedBenchmark.baseline} (a new ByteArrayOutputStream
 * and gzip stream per call, default buffers, plain ObjectMapper) on the same payload, level and
 * thread count. Only the study's two payloads with a zlib codec have one. The study wrote JSON; a
 * MessagePack workload is compared with the JSON baseline of the same objects, which is the
 * question a user choosing the format asks.
 */
final class Baselines {

  private final ResultSet results;

  Baselines(ResultSet results) {
    this.results = results;
  }

  OptionalDouble opsPerSecond(Workload workload) {
    return result(workload).map(r -> OptionalDouble.of(r.opsPerSecond())).orElse(OptionalDouble.empty());
  }

  /** The baseline's result, with its error. */
  Optional<JmhResult> result(Workload workload) {
    Workload asJson = new Workload(workload.dataset(), Suite.JSON, workload.codec(), workload.threads());
    return results.find(Suite.SEED, Suite.SEED_BASELINE, asJson);
  }

  boolean any() {
    return !results.of(Suite.SEED, Suite.SEED_BASELINE).isEmpty();
  }
}
