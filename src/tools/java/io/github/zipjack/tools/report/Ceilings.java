package io.github.zipjack.tools.report;

import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The serial ceiling of a workload: a single thread that serializes (S ops/s, CeilingBenchmark
 * serializeOnly) and then compresses (C ops/s, compressOnly with the engine's context reused) can do at most
 * {@code 1 / (1/S + 1/C)} operations a second, whatever its buffers. With {@code codec=none} the
 * ceiling is S: each engine and level has its own ceiling.
 *
 * <p>Serialization and copying do not depend on the codec (the suite measures them without one),
 * so S and the copy are taken from any codec of the same dataset, format and thread count.
 */
final class Ceilings {

  private final ResultSet results;

  Ceilings(ResultSet results) {
    this.results = results;
  }

  OptionalDouble serializeOnly(Workload workload) {
    return atAnyLevel(Suite.SERIALIZE_ONLY, workload);
  }

  OptionalDouble compressOnly(Workload workload) {
    return results.find(Suite.CEILING, Suite.COMPRESS_ONLY, workload)
        .map(r -> OptionalDouble.of(r.opsPerSecond()))
        .orElse(OptionalDouble.empty());
  }

  OptionalDouble copyOnly(Workload workload) {
    return atAnyLevel(Suite.COPY_ONLY, workload);
  }

  /** A level-independent measurement: at the workload's own level if there is one, else at any. */
  private OptionalDouble atAnyLevel(String method, Workload workload) {
    for (JmhResult r : results.of(Suite.CEILING, method)) {
      Optional<Workload> w = Workload.of(r);
      if (w.isPresent() && w.get().withCodec(workload.codec()).equals(workload)) {
        return OptionalDouble.of(r.opsPerSecond());
      }
    }
    return OptionalDouble.empty();
  }

  /** {@code 1 / (1/S + 1/C)}, or S without compression; empty when a part was not measured. */
  OptionalDouble opsPerSecond(Workload workload) {
    OptionalDouble s = serializeOnly(workload);
    if (s.isEmpty()) {
      return OptionalDouble.empty();
    }
    if (!workload.compressed()) {
      return s;
    }
    OptionalDouble c = compressOnly(workload);
    if (c.isEmpty()) {
      return OptionalDouble.empty();
    }
    return OptionalDouble.of(combine(s.getAsDouble(), c.getAsDouble()));
  }

  /** The throughput of doing two things one after the other at the given rates. */
  static double combine(double serializePerSecond, double compressPerSecond) {
    return 1 / (1 / serializePerSecond + 1 / compressPerSecond);
  }

  boolean any() {
    return !results.of(Suite.CEILING, Suite.SERIALIZE_ONLY).isEmpty();
  }
}
