package io.github.zipjack.tools.report;

import io.github.zipjack.bench.Codec;
import io.github.zipjack.bench.ParallelBodyBenchmark;
import io.github.zipjack.data.Datasets;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;

/**
 * One large body across cores, from ParallelBodyBenchmark: the latency of one body of the headline
 * dataset ({@value #HEADLINE}, 4.7 MB of JSON, unless the run has only others) for Jackson alone, the
 * best gzip-1 of the study (docs/benchmarks.md), the plain zstd-jni stream with libzstd's workers
 * and zipjack serial and parallel, with the size of zipjack's bodies and what compressed them (made
 * while the report is written, by the benchmark's own code), their ratios to Jackson alone and to the
 * floor of two cores as point figures of one fork; the latency against the body size as a table and a
 * chart ({@link ParallelChart}). The targets (docs/parallel-compression.md) are judged in paired
 * rounds (LargeBodyTargetsMain, {@code bench/run --large-bodies}), never from these forks. Not
 * thread-safe.
 */
final class ParallelSection {

  static final String HEADING = "One large body across cores";
  /** The dataset of the latency targets: 4,000 people records. */
  static final String HEADLINE = "people-4000";
  static final String WHAT = "what";
  static final String MILLIS = "ms per body";
  static final String VS_JACKSON = "× Jackson alone";
  static final String BODY_BYTES = "body bytes";
  static final String SERVED_BY = "served by";
  static final String VS_FLOOR = "× 2-core floor";
  static final String DATASET = "dataset";
  /** Where the large-body targets are judged: not from the single forks of this section. */
  static final String TARGETS_IN_PAIRED_ROUNDS = "The large-body targets are judged in paired rounds, not from"
      + " these single forks: bench/run --large-bodies (one JVM per configuration a round, every ratio with its"
      + " 95% interval and verdict).";
  static final String JSON_BYTES = "JSON bytes";
  static final String JACKSON = "Jackson alone";
  /** The second large body, of another shape: stock rows, costlier to compress than to serialize. */
  static final String SECOND = "stock-16000";

  private final ParallelResults results;
  /** JSON bytes by dataset, empty when the dataset cannot be loaded here; filled on first request. */
  private final Map<String, OptionalLong> jsonBytes = new HashMap<>();
  /** zipjack's bodies by dataset, codec and threads, made while the report is written; empty when they cannot be. */
  private final Map<List<String>, Optional<ParallelBodyBenchmark.Compressed>> bodies = new HashMap<>();
  private final BodyMaker bodyMaker;

  ParallelSection(ResultSet results) {
    this(results, ParallelBodyBenchmark::compressedBytes);
  }

  /** With zipjack's bodies made by {@code bodyMaker} instead of the benchmark's code; for tests. */
  ParallelSection(ResultSet results, BodyMaker bodyMaker) {
    this.results = new ParallelResults(results);
    this.bodyMaker = bodyMaker;
  }

  /** Makes zipjack's body of a dataset with a codec and threads, as ParallelBodyBenchmark.compressedBytes does. */
  @FunctionalInterface
  interface BodyMaker {
    /** @throws RuntimeException when this JVM cannot (libdeflate before Java 25, an unknown dataset or codec) */
    ParallelBodyBenchmark.Compressed make(String dataset, String codec, String threads);

    /** The Java feature release the bodies are made on: this JVM's. */
    default int jdkFeature() {
      return Runtime.version().feature();
    }
  }

  void appendTo(ReportDocument doc, ChartWriter charts) throws IOException {
    doc.heading(2, HEADING);
    if (results.isEmpty()) {
      // A paragraph, not a note: a run recorded before this benchmark existed skipped no part of its suite.
      doc.paragraph("Not measured: the result files have no " + ParallelResults.CLASS + " results (bench/run runs"
          + " it; alone: java -jar target/benchmarks.jar " + ParallelResults.CLASS + ").");
      charts.remove(ParallelChart.FILE);
      return;
    }
    String dataset = headline();
    doc.paragraph(String.format(Locale.ROOT, "%s, %s: average time per body on"
        + " one caller thread, ± half JMH's 99.9%% confidence interval; the ratios are point figures of one fork each, with no uncertainty claimed. Jackson alone writes into a stream that"
        + " keeps nothing (the floor of one thread); the study's best gzip-1 is its Afterburner code with 64 KB"
        + " buffers; the zstd-jni stream is Jackson through a 64 KB BufferedOutputStream into a ZstdOutputStream"
        + " at level 1 with setWorkers(%d) and setJobSize(512 KiB); zipjack is encodeToBody with compressionThreads serial (1), parallel (2)"
        + " or left at its default; with Afterburner, encodeToBodyWithAfterburner serializes as the study's"
        + " code does, so that its ratio to the study's best compares the compression alone. On 2 cores the"
        + " floor of a body whose compression overlaps its serialization is about (serialize + compress) / 2,"
        + " and never below serializing alone: × 2-core floor divides by max(S, T / 2), S being Jackson alone"
        + " and T zipjack's serial time with the engine that served the body (zlib-N's for a gzip-N pipeline"
        + " that hands large bodies from libdeflate to JDK zlib on several threads; none when that was not"
        + " measured).", ParallelResults.CLASS,
        ResultSet.measuredOn(results.rows()), 2));
    Set<Integer> otherJdks = runJdksOtherThanTheBodies();
    if (!otherJdks.isEmpty()) {
      doc.paragraph("Body bytes, served by and the floors of gzip pipelines come from bodies made while this report"
          + " was written, on JDK " + bodyMaker.jdkFeature() + ", while the runs used JDK " + otherJdks
          + ": another JDK may serve gzip with another engine (libdeflate on Java 25 only). Write the report"
          + " on the runs' JDK, as bench/run does, for those of the runs.");
    }
    for (String measured : latencyDatasets()) {
      doc.heading(3, "One body of " + describe(measured));
      doc.table(latencyTable(measured));
    }
    doc.heading(3, "Targets");
    doc.paragraph(TARGETS_IN_PAIRED_ROUNDS);
    MarkdownTable sweep = sweepTable();
    if (sweep.rowCount() > 1) {
      doc.heading(3, "Latency against body size");
      doc.paragraph("ms per body on one caller thread; the chart draws the same on log axes.");
      doc.table(sweep);
    }
    new ParallelChart(results, this::jsonBytes, charts).write();
  }

  /** The Java feature releases of the runs other than the one the bodies are made on, ascending. */
  private Set<Integer> runJdksOtherThanTheBodies() {
    Set<Integer> others = new TreeSet<>();
    for (JmhResult r : results.rows()) {
      try {
        others.add(Runtime.Version.parse(r.run().jdkVersion()).feature());
      } catch (IllegalArgumentException e) { // "?" when JMH recorded none: nothing to compare
      }
    }
    others.remove(bodyMaker.jdkFeature());
    return others;
  }

  /**
   * The large bodies whose latency gets a table and targets of their own: the headline, then
   * {@value #SECOND} when measured (the size sweep's other datasets have the sweep table).
   */
  List<String> latencyDatasets() {
    List<String> datasets = new ArrayList<>();
    datasets.add(headline());
    if (!datasets.contains(SECOND) && results.datasets(ParallelResults.ENCODE).contains(SECOND)) {
      datasets.add(SECOND);
    }
    return datasets;
  }

  /** The headline dataset if measured, else the first dataset zipjack's pipeline was measured on. */
  String headline() {
    List<String> datasets = results.datasets(ParallelResults.ENCODE);
    if (datasets.isEmpty() || datasets.contains(HEADLINE)) {
      return HEADLINE;
    }
    return datasets.get(0);
  }

  /** One row per way of making a body of {@code dataset}; package-private for tests. */
  MarkdownTable latencyTable(String dataset) {
    MarkdownTable table = new MarkdownTable(WHAT, MILLIS, VS_JACKSON, VS_FLOOR, BODY_BYTES, SERVED_BY);
    Optional<JmhResult> jackson = results.latency(dataset, ParallelResults.JACKSON_ALONE);
    OptionalLong json = jsonBytes(dataset);
    addLatency(table, "Jackson alone, to a discarding stream (the floor)", jackson, jackson, MarkdownTable.NONE,
        json.isPresent() ? Figures.bytes(json.getAsLong()) : MarkdownTable.NONE, "JSON");
    addLatency(table, "the study's best gzip-1", results.latency(dataset, ParallelResults.STUDY_BEST_GZIP), jackson,
        MarkdownTable.NONE, MarkdownTable.NONE, "JDK zlib");
    addLatency(table, "zstd-jni stream, level 1, 2 workers, 512 KiB jobs, 64 KB buffer",
        results.latency(dataset, ParallelResults.ZSTD_WORKERS), jackson, MarkdownTable.NONE, MarkdownTable.NONE,
        "zstd-jni");
    addPipelines(table, dataset, jackson, ParallelResults.ENCODE, "");
    addPipelines(table, dataset, jackson, ParallelResults.WITH_AFTERBURNER, " with Afterburner");
    return table;
  }

  /**
   * A row per codec and threads setting of {@code method} (zipjack's pipeline), each set against the
   * floor of the same method's serial row; {@code serializer} follows the codec in the row's name.
   */
  private void addPipelines(MarkdownTable table, String dataset, Optional<JmhResult> jackson, String method,
      String serializer) {
    for (String codec : results.codecs(method)) {
      for (String threads : results.threadSettings(method)) {
        Optional<JmhResult> r = results.encode(method, dataset, codec, threads);
        Optional<ParallelBodyBenchmark.Compressed> body = r.isEmpty() ? Optional.empty() : body(dataset, codec, threads);
        addLatency(table, "zipjack " + codec + serializer + ", " + ParallelResults.threadsLabel(threads), r, jackson,
            vsFloor(r, jackson, results.encode(method, dataset, codec, ParallelResults.SERIAL_THREADS)),
            body.map(b -> Figures.bytes(b.bytes())).orElse(MarkdownTable.NONE),
            body.map(ParallelBodyBenchmark.Compressed::implementation).orElse(MarkdownTable.NONE));
      }
    }
  }

  private static void addLatency(MarkdownTable table, String what, Optional<JmhResult> r, Optional<JmhResult> jackson,
      String vsFloor, String bodyBytes, String servedBy) {
    if (r.isEmpty()) {
      return;
    }
    table.addRow(what, Figures.timeWithError(ParallelResults.millis(r.get()), ParallelResults.errorMillis(r.get())),
        jackson.isEmpty() ? MarkdownTable.NONE
            : Figures.ratio(ParallelResults.millis(r.get()) / ParallelResults.millis(jackson.get())),
        vsFloor, bodyBytes, servedBy);
  }

  /**
   * A body's time over the floor of 2 cores, max(S, T / 2): serializing (S) takes one core, and the
   * serial pipeline's work T (serializing and compressing) spread over two cannot take less than half.
   */
  private static String vsFloor(Optional<JmhResult> r, Optional<JmhResult> jackson, Optional<JmhResult> serial) {
    if (r.isEmpty() || jackson.isEmpty() || serial.isEmpty()) {
      return MarkdownTable.NONE;
    }
    double floor = Math.max(ParallelResults.millis(jackson.get()), ParallelResults.millis(serial.get()) / 2);
    return Figures.ratio(ParallelResults.millis(r.get()) / floor);
  }

  /** zipjack's body of the dataset with that codec and threads, made here; empty when this JVM cannot. */
  private Optional<ParallelBodyBenchmark.Compressed> body(String dataset, String codec, String threads) {
    return bodies.computeIfAbsent(List.of(dataset, codec, threads), key -> {
      try {
        return Optional.of(bodyMaker.make(dataset, codec, threads));
      } catch (RuntimeException e) { // libdeflate before Java 25, an unknown dataset or codec
        return Optional.empty();
      }
    });
  }

  /**
   * ms per body on one caller thread, one row per dataset (smallest body first), one column per way
   * measured on more than one dataset; package-private for tests.
   */
  MarkdownTable sweepTable() {
    List<String> datasets = new ArrayList<>(results.datasets(ParallelResults.ENCODE));
    for (String d : results.datasets(ParallelResults.JACKSON_ALONE)) {
      if (!datasets.contains(d)) {
        datasets.add(d);
      }
    }
    datasets.sort(Comparator.comparingLong(d -> jsonBytes(d).orElse(Long.MAX_VALUE)));
    List<String> headers = new ArrayList<>(List.of(DATASET, JSON_BYTES, JACKSON));
    List<String> codecs = results.codecs(ParallelResults.ENCODE);
    List<String> threadSettings = results.threadSettings(ParallelResults.ENCODE);
    for (String codec : codecs) {
      for (String threads : threadSettings) {
        headers.add(seriesName(codec, threads));
      }
    }
    MarkdownTable table = new MarkdownTable(headers);
    for (String dataset : datasets) {
      List<String> cells = new ArrayList<>();
      cells.add(dataset);
      OptionalLong bytes = jsonBytes(dataset);
      cells.add(bytes.isPresent() ? Figures.bytes(bytes.getAsLong()) : MarkdownTable.NONE);
      cells.add(millis(results.latency(dataset, ParallelResults.JACKSON_ALONE)));
      for (String codec : codecs) {
        for (String threads : threadSettings) {
          cells.add(millis(results.encode(dataset, codec, threads)));
        }
      }
      table.addRow(cells);
    }
    return table;
  }

  /** A column or line name: {@code zstd-1 serial}, {@code zstd-1 parallel (2 threads)}. */
  static String seriesName(String codec, String threads) {
    return codec + " " + ParallelResults.threadsLabel(threads);
  }

  private static String millis(Optional<JmhResult> r) {
    return r.isEmpty() ? MarkdownTable.NONE
        : Figures.timeWithError(ParallelResults.millis(r.get()), ParallelResults.errorMillis(r.get()));
  }

  /** {@code people-4000 (4.7 MB of JSON)}, or the name alone when it cannot be loaded here. */
  private String describe(String dataset) {
    OptionalLong bytes = jsonBytes(dataset);
    return bytes.isPresent()
        ? String.format(Locale.ROOT, "%s (%.1f MB of JSON)", dataset, bytes.getAsLong() / 1e6) : dataset;
  }

  /** The dataset's canonical JSON length, or empty when it cannot be loaded here. */
  OptionalLong jsonBytes(String dataset) {
    return jsonBytes.computeIfAbsent(dataset, name -> {
      try {
        return OptionalLong.of(Datasets.load(name).rawJsonLength());
      } catch (RuntimeException e) { // an unknown name, a file: dataset not on this machine
        return OptionalLong.empty();
      }
    });
  }
}
