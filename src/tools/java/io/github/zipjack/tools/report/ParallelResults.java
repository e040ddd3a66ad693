package io.github.zipjack.tools.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * ParallelBodyBenchmark's results, looked up by dataset, method, codec and
 * {@code compressionThreads}: latency at one caller thread (average time per body, read back from
 * the throughput the reader keeps) and throughput under load. Immutable.
 */
final class ParallelResults {

  static final String CLASS = "ParallelBodyBenchmark";
  static final String JACKSON_ALONE = "jacksonAlone";
  static final String STUDY_BEST_GZIP = "studyBestGzip";
  static final String ZSTD_WORKERS = "zstdWorkers";
  static final String ENCODE = "encodeToBody";
  static final String UNDER_LOAD = "encodeToBodyUnderLoad";
  /**
   * {@link #ENCODE} serializing with Afterburner, as the best of the study (docs/benchmarks.md)
   * does; its own parameter names.
   */
  static final String WITH_AFTERBURNER = "encodeToBodyWithAfterburner";
  static final String AFTERBURNER_CODEC = "afterburnerCodec";
  static final String AFTERBURNER_THREADS = "afterburnerThreads";
  static final String THREADS = "compressionThreads";
  /** The {@link #THREADS} value of a pipeline built without the setting. */
  static final String DEFAULT_THREADS = "default";
  static final String SERIAL_THREADS = "1";

  private final List<JmhResult> rows;

  ParallelResults(ResultSet results) {
    this.rows = results.ofClass(CLASS);
  }

  boolean isEmpty() {
    return rows.isEmpty();
  }

  List<JmhResult> rows() {
    return rows;
  }

  /** Milliseconds per body on each caller thread. */
  static double millis(JmhResult r) {
    return 1e3 * r.threads() / r.opsPerSecond();
  }

  static double errorMillis(JmhResult r) {
    return millis(r) * r.errorOpsPerSecond() / r.opsPerSecond();
  }

  /** The one-thread result of a method without a pipeline (Jackson alone, the study's, the naive stream). */
  Optional<JmhResult> latency(String dataset, String method) {
    return first(r -> r.method().equals(method) && r.threads() == 1 && dataset.equals(r.param(Suite.DATASET)));
  }

  /** The one-thread {@link #ENCODE} result of a codec on {@code threads}. */
  Optional<JmhResult> encode(String dataset, String codec, String threads) {
    return encode(ENCODE, dataset, codec, threads);
  }

  /** The one-thread {@code method} result ({@link #ENCODE} or {@link #WITH_AFTERBURNER}) of a codec on {@code threads}. */
  Optional<JmhResult> encode(String method, String dataset, String codec, String threads) {
    return pipeline(method, dataset, codec, threads, 1);
  }

  /** The datasets of {@code method}'s results, in the order run. */
  List<String> datasets(String method) {
    Set<String> names = new LinkedHashSet<>();
    rows.stream().filter(r -> r.method().equals(method)).forEach(r -> names.add(r.param(Suite.DATASET)));
    names.remove(null);
    return new ArrayList<>(names);
  }

  /** The codecs of {@code method}'s results, as tables order them. */
  List<String> codecs(String method) {
    Set<String> codecs = new LinkedHashSet<>();
    rows.stream().filter(r -> r.method().equals(method)).forEach(r -> codecs.add(r.param(codecParam(method))));
    codecs.remove(null);
    List<String> sorted = new ArrayList<>(codecs);
    sorted.sort(Comparator.comparing(Suite::codecOrder));
    return sorted;
  }

  /** The {@link #THREADS} values of {@code method}'s results: numbers ascending, then the default. */
  List<String> threadSettings(String method) {
    Set<String> values = new LinkedHashSet<>();
    rows.stream().filter(r -> r.method().equals(method)).forEach(r -> values.add(r.param(threadsParam(method))));
    values.remove(null);
    List<String> sorted = new ArrayList<>(values);
    sorted.sort(Comparator.comparingInt(ParallelResults::threadOrder));
    return sorted;
  }

  /** "serial", "parallel (2 threads)" or "default settings", for a {@link #THREADS} value. */
  static String threadsLabel(String threads) {
    if (SERIAL_THREADS.equals(threads)) {
      return "serial";
    }
    return DEFAULT_THREADS.equals(threads) ? "default settings" : "parallel (" + threads + " threads)";
  }

  private static int threadOrder(String threads) {
    try {
      return Integer.parseInt(threads);
    } catch (NumberFormatException e) {
      return Integer.MAX_VALUE;
    }
  }

  private Optional<JmhResult> pipeline(String method, String dataset, String codec, String threads, int callers) {
    return first(r -> r.method().equals(method) && r.threads() == callers && dataset.equals(r.param(Suite.DATASET))
        && codec.equals(r.param(codecParam(method))) && threads.equals(r.param(threadsParam(method))));
  }

  /** The name of {@code method}'s codec parameter. */
  private static String codecParam(String method) {
    return WITH_AFTERBURNER.equals(method) ? AFTERBURNER_CODEC : Suite.CODEC;
  }

  /** The name of {@code method}'s compression threads parameter. */
  private static String threadsParam(String method) {
    return WITH_AFTERBURNER.equals(method) ? AFTERBURNER_THREADS : THREADS;
  }

  private Optional<JmhResult> first(Predicate<JmhResult> filter) {
    return rows.stream().filter(filter).findFirst();
  }
}
