package io.github.zipjack.bench.report;

import java.util.Optional;

/**
 * What a result encoded: a dataset in a format at a compression level, on some number of threads.
 * Results with equal workloads can be divided by one another; this is the key that ties a figure
 * to the study's baseline and to the ceiling.
 *
 * @param level a gzip level {@code "0"} to {@code "9"}, or {@code "none"}
 */
record Workload(String dataset, String format, String level, int threads) {

  /**
   * The workload of a result, or empty when its parameters do not say. SeedBenchmark names its
   * payload by {@code numCopies} and always writes JSON; the other benchmarks have {@code dataset},
   * {@code format} (JSON when absent) and {@code level} parameters; a benchmark without a level
   * (CeilingBenchmark's serializeOnly and copyOnly) does not compress, so its level is {@code none}.
   */
  static Optional<Workload> of(JmhResult result) {
    String dataset;
    String format;
    String level;
    if (Suite.SEED.equals(result.className())) {
      String numCopies = result.param(Suite.NUM_COPIES);
      dataset = numCopies == null ? null : Suite.studyDataset(numCopies);
      format = Suite.JSON;
      level = result.param(Suite.COMPRESSION_LEVEL);
    } else {
      dataset = result.param(Suite.DATASET);
      String givenFormat = result.param(Suite.FORMAT);
      format = givenFormat == null ? Suite.JSON : givenFormat;
      String givenLevel = result.param(Suite.LEVEL);
      level = givenLevel == null ? Suite.NO_COMPRESSION : givenLevel;
    }
    if (dataset == null || level == null) {
      return Optional.empty();
    }
    return Optional.of(new Workload(dataset, format, level, result.threads()));
  }

  /** The same workload at another level. */
  Workload atLevel(String otherLevel) {
    return new Workload(dataset, format, otherLevel, threads);
  }

  boolean compressed() {
    return !Suite.NO_COMPRESSION.equals(level);
  }
}
