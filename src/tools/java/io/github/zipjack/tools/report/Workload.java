package io.github.zipjack.tools.report;

import io.github.zipjack.bench.Codec;
import java.util.Optional;

/**
 * What a result encoded: a dataset in a format with a codec, on some number of threads. Results
 * with equal workloads can be divided by one another; this is the key that ties a figure to the
 * study's baseline and best and to the ceiling of its engine.
 *
 * @param codec an engine and level as {@link Codec} names it ({@code zlib-1}, {@code zstd-3}), or
 *     {@code none}
 */
record Workload(String dataset, String format, String codec, int threads) {

  /**
   * The workload of a result, or empty when its parameters do not say. SeedBenchmark names its
   * payload by {@code numCopies}, its level by {@code compressionLevel} (the JDK's zlib) and always
   * writes JSON; the other benchmarks have {@code dataset}, {@code format} (JSON when absent) and
   * {@code codec} parameters; see {@link #codecOf(JmhResult)} for results without a codec.
   */
  static Optional<Workload> of(JmhResult result) {
    String dataset;
    String format;
    if (Suite.SEED.equals(result.className())) {
      String numCopies = result.param(Suite.NUM_COPIES);
      dataset = numCopies == null ? null : Suite.studyDataset(numCopies);
      format = Suite.JSON;
    } else {
      dataset = result.param(Suite.DATASET);
      String givenFormat = result.param(Suite.FORMAT);
      format = givenFormat == null ? Suite.JSON : givenFormat;
    }
    String codec = codecOf(result);
    if (dataset == null || codec == null) {
      return Optional.empty();
    }
    return Optional.of(new Workload(dataset, format, codec, result.threads()));
  }

  /**
   * The codec of a result: its {@code codec} parameter; else, for results written before the
   * engines (a gzip {@code level} parameter, when gzip was the JDK's zlib) and for SeedBenchmark's
   * {@code compressionLevel}, {@code zlib-N}; else {@code none} (CeilingBenchmark's serializeOnly
   * and copyOnly compress nothing). Null for a SeedBenchmark result without a level.
   */
  static String codecOf(JmhResult result) {
    if (Suite.SEED.equals(result.className())) {
      String level = result.param(Suite.COMPRESSION_LEVEL);
      return level == null ? null : Codec.ZLIB + "-" + level;
    }
    String codec = result.param(Suite.CODEC);
    if (codec != null) {
      return codec;
    }
    String level = result.param(Suite.LEVEL);
    if (level == null || Suite.NO_COMPRESSION.equals(level)) {
      return Suite.NO_COMPRESSION;
    }
    return Codec.ZLIB + "-" + level;
  }

  /** The same workload with another codec. */
  Workload withCodec(String otherCodec) {
    return new Workload(dataset, format, otherCodec, threads);
  }

  /** The same workload on another number of threads. */
  Workload withThreads(int otherThreads) {
    return new Workload(dataset, format, codec, otherThreads);
  }

  boolean compressed() {
    return !Suite.NO_COMPRESSION.equals(codec);
  }

  /** The codec's level as text ({@code "1"} for {@code zlib-1}), for tables of the study's zlib levels. */
  String level() {
    return compressed() ? codec.substring(codec.lastIndexOf('-') + 1) : Suite.NO_COMPRESSION;
  }
}
