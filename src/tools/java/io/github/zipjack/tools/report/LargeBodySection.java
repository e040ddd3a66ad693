package io.github.zipjack.tools.report;

import io.github.zipjack.bench.Codec;
import io.github.zipjack.bench.LargeBodyBenchmark;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Large bodies, whole against streaming: per dataset, codec and thread count, LargeBodyBenchmark's
 * throughput with the encoder {@code open} lends (whole) and the one {@code openStreaming} lends
 * (streaming, as the servlet filter compresses bodies past its buffering limit), one fork each with
 * JMH's error and not divided (a ratio of two single forks would move with the machine, see
 * docs/benchmarks.md, "Paired rounds"), the bytes each allocates per body and the size of the body
 * each makes. Sizes are compressed while the
 * report is written, by the benchmark's own code, and kept. Not thread-safe.
 */
final class LargeBodySection {

  static final String HEADING = "Large bodies: whole against streaming";
  static final String WHOLE_SCORE = "whole ops/s";
  static final String STREAMING_SCORE = "streaming ops/s";
  static final String WHOLE_ALLOC = "whole B/op";
  static final String STREAMING_ALLOC = "streaming B/op";
  static final String WHOLE_SIZE = "whole size B";
  static final String STREAMING_SIZE = "streaming size B";

  private final ResultSet results;
  /** Compressed sizes by dataset, codec and shape; empty when they cannot be made here. */
  private final Map<List<String>, OptionalLong> sizes = new HashMap<>();

  LargeBodySection(ResultSet results) {
    this.results = results;
  }

  void appendTo(ReportDocument doc) {
    doc.heading(2, HEADING);
    List<JmhResult> measured = results.of(Suite.LARGE_BODY, Suite.LARGE_BODY_COMPRESS);
    if (measured.isEmpty()) {
      // A paragraph, not a note: a run recorded before this benchmark existed skipped no part of its suite.
      doc.paragraph("Not measured: the result files have no " + Suite.LARGE_BODY + " results (bench/run runs"
          + " it; alone: java -jar target/benchmarks.jar " + Suite.LARGE_BODY + " -prof gc).");
      return;
    }
    doc.paragraph(String.format(Locale.ROOT, "%s.%s, %s: the dataset's JSON, serialized beforehand, written"
        + " in %,d-byte pieces to an encoder lent by open (whole: libdeflate gathers the body and"
        + " compresses it in one call, zstd and brotli do so up to 1 MiB and go on streaming past it; zlib"
        + " streams either way) or by openStreaming (streaming:"
        + " compressed as written, as the servlet filter does past maxBufferedBytes), then finished into"
        + " a discarding sink. Throughputs are one fork each, with JMH's error, and not divided: a ratio of"
        + " two single forks moves with the machine by as much as the difference, and whole against"
        + " streaming has not been measured in paired rounds. B/op comes from JMH's gc profiler; sizes are the bodies each shape makes of the dataset,"
        + " compressed while this report was written.", Suite.LARGE_BODY, Suite.LARGE_BODY_COMPRESS,
        ResultSet.measuredOn(measured), LargeBodyBenchmark.PIECE_BYTES));
    if (measured.stream().noneMatch(JmhResult::hasAllocation)) {
      doc.note("No B/op figures: the run was made without -prof gc.");
    }
    doc.table(table());
  }

  /** One row per dataset, codec and thread count, both shapes side by side; package-private for tests. */
  MarkdownTable table() {
    Map<Workload, Map<String, JmhResult>> byWorkload = new LinkedHashMap<>();
    List<String> datasets = new ArrayList<>();
    for (JmhResult r : results.of(Suite.LARGE_BODY, Suite.LARGE_BODY_COMPRESS)) {
      Optional<Workload> w = Workload.of(r);
      String shape = r.param(Suite.SHAPE);
      if (w.isEmpty() || shape == null) {
        continue;
      }
      byWorkload.computeIfAbsent(w.get(), k -> new HashMap<>()).putIfAbsent(shape, r);
      if (!datasets.contains(w.get().dataset())) {
        datasets.add(w.get().dataset());
      }
    }
    List<Workload> workloads = new ArrayList<>(byWorkload.keySet());
    // Dataset in the order run, then threads, then codec as the other tables list them.
    workloads.sort(Comparator.comparing((Workload w) -> datasets.indexOf(w.dataset()))
        .thenComparing(Workload::threads)
        .thenComparing(w -> Suite.codecOrder(w.codec())));
    MarkdownTable table = new MarkdownTable("dataset", "codec", "threads", WHOLE_SCORE, STREAMING_SCORE,
        WHOLE_ALLOC, STREAMING_ALLOC, WHOLE_SIZE, STREAMING_SIZE);
    for (Workload w : workloads) {
      JmhResult whole = byWorkload.get(w).get(LargeBodyBenchmark.WHOLE);
      JmhResult streaming = byWorkload.get(w).get(LargeBodyBenchmark.STREAMING);
      table.addRow(w.dataset(), w.codec(), Integer.toString(w.threads()),
          score(whole), score(streaming),
          allocation(whole), allocation(streaming),
          size(w, LargeBodyBenchmark.WHOLE), size(w, LargeBodyBenchmark.STREAMING));
    }
    return table;
  }

  private static String score(JmhResult r) {
    return r == null ? MarkdownTable.NONE : Figures.withError(r.opsPerSecond(), r.errorOpsPerSecond());
  }

  private static String allocation(JmhResult r) {
    return r == null ? MarkdownTable.NONE : Figures.bytes(r.allocBytesPerOp());
  }

  /** The body the shape makes of the workload's dataset, or a dash when this JVM cannot make it. */
  private String size(Workload w, String shape) {
    OptionalLong bytes = sizes.computeIfAbsent(List.of(w.dataset(), w.codec(), shape),
        key -> compressedBytes(w.dataset(), w.codec(), shape));
    return bytes.isPresent() ? Figures.bytes(bytes.getAsLong()) : MarkdownTable.NONE;
  }

  private static OptionalLong compressedBytes(String dataset, String codec, String shape) {
    try {
      if (!PayloadSizes.measurable(dataset) || Codec.parse(codec).unavailableHere() != null) {
        return OptionalLong.empty();
      }
      return OptionalLong.of(LargeBodyBenchmark.compressedBytes(dataset, codec, shape));
    } catch (IOException | RuntimeException e) { // a missing file: dataset, an unknown codec or shape
      return OptionalLong.empty();
    }
  }
}
