package io.github.zipjack.tools.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * The section a user reads to pick a setting: every engine and level zipjack's {@code encodeToBody}
 * was measured with, its throughput (one fork a figure, with JMH's error), the size of its bodies and
 * what it allocates; then the throughput-size chart, the exact targets ({@link TargetSection}) and the
 * accelerators' throughputs. Throughputs are never divided here: one fork each cannot settle a ratio,
 * so the engines' speed targets are judged in paired rounds (EngineTargetsMain). docs/benchmarks.md
 * carries a copy of it, written by {@code bench/publish}.
 */
final class EngineSection {

  static final String HEADING = "## Engines";
  static final String CODEC = "codec";
  static final String SCORE = "ops/s";
  static final String SIZE = "size % of raw";
  static final String ALLOC = "alloc B/op";
  static final String BEYOND_JACKSON = "B/op beyond Jackson";

  private final ResultSet results;
  private final EngineResults engines;

  EngineSection(ResultSet results, PayloadSizes sizes) {
    this.results = results;
    this.engines = new EngineResults(results, sizes);
  }

  void appendTo(ReportDocument doc, ChartWriter charts) throws IOException {
    doc.heading(2, HEADING.substring(3));
    MarkdownTable table = table();
    if (table.isEmpty()) {
      doc.note("No engine table: the result file has no PipelineBenchmark.encodeToBody at default settings.");
      charts.skip(EngineChart.FILE, "needs PipelineBenchmark.encodeToBody on " + Suite.STUDY_X1 + ".");
      return;
    }
    doc.paragraph("zipjack's encodeToBody at its default settings (no accelerator, 64 KB buffers), "
        + ResultSet.measuredOn(engines.rows()) + ", one fork a figure with JMH's error. Throughputs are"
        + " not divided here: how each engine compares with the study's best and with its own serial ceiling"
        + " is judged in paired rounds (\"Engine targets in paired rounds\": bench/run --engines). Sizes are"
        + " the bodies zipjack makes of the dataset with that codec, encoded while this report was written."
        + " B/op beyond Jackson subtracts CeilingBenchmark.serializeOnly's allocation.");
    doc.table(table);
    new EngineChart(results, engines, charts).write();
    new TargetSection(engines).appendTo(doc);
    appendAccelerators(doc);
  }

  MarkdownTable table() {
    MarkdownTable table = new MarkdownTable("dataset", "format", "threads", CODEC, SCORE, SIZE, ALLOC,
        BEYOND_JACKSON);
    for (JmhResult r : engines.rows()) {
      Workload w = Workload.of(r).get();
      OptionalDouble jackson = engines.jacksonAllocation(w);
      table.addRow(w.dataset(), w.format(), Integer.toString(w.threads()), w.codec(),
          Figures.withError(r.opsPerSecond(), r.errorOpsPerSecond()),
          percent(engines.sizeFraction(w)),
          Figures.bytes(r.allocBytesPerOp()),
          r.hasAllocation() && jackson.isPresent()
              ? signedBytes(r.allocBytesPerOp() - jackson.getAsDouble()) : MarkdownTable.NONE);
    }
    return table;
  }

  /** The accelerators on one engine, when the run compared them (the quick suite: zstd-1 on x1). */
  private void appendAccelerators(ReportDocument doc) {
    MarkdownTable table = new MarkdownTable("dataset", "threads", CODEC, "accelerator", SCORE, ALLOC);
    for (JmhResult r : results.of(Suite.PIPELINE, Suite.PIPELINE_MAIN)) {
      String accelerator = r.param(Suite.ACCELERATOR);
      Optional<Workload> w = Workload.of(r);
      if (accelerator == null || accelerator.equals("NONE") || w.isEmpty()) {
        continue;
      }
      Optional<JmhResult> none = engines.encode(w.get());
      if (none.isEmpty()) {
        continue;
      }
      for (JmhResult row : List.of(none.get(), r)) {
        String name = row.param(Suite.ACCELERATOR);
        table.addRow(w.get().dataset(), Integer.toString(row.threads()), w.get().codec(),
            name == null ? "NONE" : name, Figures.withError(row.opsPerSecond(), row.errorOpsPerSecond()),
            Figures.bytes(row.allocBytesPerOp()));
      }
    }
    if (!table.isEmpty()) {
      doc.heading(3, "Accelerators");
      doc.paragraph("Should an accelerator found on the class path serve by default? The same engine"
          + " with and without it, one fork each with JMH's error (not divided: one fork each cannot settle"
          + " a ratio).");
      doc.table(dedupe(table));
    }
  }

  /** The NONE row appears once per accelerator compared with it; keep it once. */
  private static MarkdownTable dedupe(MarkdownTable table) {
    MarkdownTable unique = new MarkdownTable(table.headers());
    Set<List<String>> seen = new LinkedHashSet<>();
    for (int row = 0; row < table.rowCount(); row++) {
      List<String> cells = new ArrayList<>();
      for (String header : table.headers()) {
        cells.add(table.cell(row, header));
      }
      if (seen.add(cells)) {
        unique.addRow(cells);
      }
    }
    return unique;
  }

  static String percent(double fraction) {
    return Double.isNaN(fraction) ? MarkdownTable.NONE : String.format(Locale.ROOT, "%.1f%%", 100 * fraction);
  }

  /** {@code +612} or {@code -40}: bytes more or fewer than Jackson alone. */
  static String signedBytes(double bytes) {
    return String.format(Locale.ROOT, "%+,.0f", bytes);
  }
}
