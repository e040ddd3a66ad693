package io.github.zipjack.tools.report;

import io.github.zipjack.bench.Codec;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * The engines' exact targets, each with the figure of this run and whether it holds: the bodies'
 * sizes against the study's zlib output, and what a pipeline allocates beyond Jackson, on the x1
 * people dataset in JSON. A target whose figures the run lacks says so ("–"). The speed targets are
 * ratios of noisy throughputs, so they are not judged from this run's single forks: bench/run judges
 * them in paired rounds (EngineTargetsMain) and appends their table to the report.
 */
final class TargetSection {

  static final String TARGET = "target";
  static final String FIGURE = "figure";
  static final String REQUIRED = "required";
  static final String HOLDS = "holds";
  static final String YES = "yes";
  static final String NO = "NO";
  /** Bytes a pipeline may allocate per body beyond what Jackson allocates on its own. */
  static final double ALLOCATION_BUDGET_BYTES = 1024;
  static final String LIBDEFLATE_1 = Codec.LIBDEFLATE + "-1";
  static final String ZSTD_1 = Codec.ZSTD + "-1";
  static final String BROTLI_5 = Codec.BROTLI + "-5";
  /** Where the speed targets are. */
  static final String PAIRED_NOTE = "The speed targets (each engine against the study's best, its serial"
      + " ceiling and 2 threads, and on one record) are judged in paired rounds, not from these single forks:"
      + " \"Engine targets in paired rounds\", which bench/run --all appends to this report and bench/run"
      + " --engines measures on both JDKs.";

  private final EngineResults engines;
  private final MarkdownTable table = new MarkdownTable(TARGET, FIGURE, REQUIRED, HOLDS);

  TargetSection(EngineResults engines) {
    this.engines = engines;
  }

  void appendTo(ReportDocument doc) {
    doc.heading(3, "Targets");
    doc.paragraph("x1 (" + Suite.STUDY_X1 + "), JSON. Sizes are the bodies' bytes"
        + " (the study's level-N output is zlib level N); a ratio of sizes below 1 is smaller output."
        + " Allocation beyond Jackson's is measured while this report is written, in one JVM, by"
        + " AllocationProbe: the gc profiler's per-fork figures in the engine table vary by a few KB"
        + " from fork to fork in Jackson's own allocation, more than the 1 KB budget. " + PAIRED_NOTE);
    doc.table(table());
  }

  MarkdownTable table() {
    if (table.isEmpty()) {
      evaluate();
    }
    return table;
  }

  private static Workload x1(String codec) {
    return new Workload(Suite.STUDY_X1, Suite.JSON, codec, 1);
  }

  private void evaluate() {
    sizeAtMost("libdeflate-1 size × study's level-1 size", sizeRatio(LIBDEFLATE_1, Suite.STUDY_LEVEL_1), 1.0);
    sizeAtMost("zstd-1 size × study's level-1 size", sizeRatio(ZSTD_1, Suite.STUDY_LEVEL_1), 1.0);
    sizeAtMost("brotli-5 size × study's level-6 size", sizeRatio(BROTLI_5, Suite.STUDY_LEVEL_6), 0.97);
    for (JmhResult r : engines.rows()) {
      Workload w = Workload.of(r).get();
      if (!w.equals(x1(w.codec())) || !w.compressed()) {
        continue;
      }
      OptionalLong beyond = engines.allocationBeyondJackson(w);
      add(w.codec() + " allocation beyond Jackson's, B/body (in one JVM)",
          beyond.isPresent() ? EngineSection.signedBytes(beyond.getAsLong()) : MarkdownTable.NONE,
          "≤ " + Figures.bytes(ALLOCATION_BUDGET_BYTES),
          beyond.isPresent() ? beyond.getAsLong() <= ALLOCATION_BUDGET_BYTES : null);
    }
  }

  /** The codec's body size over the other codec's, both of x1 in JSON; NaN when one cannot be made here. */
  private double sizeRatio(String codec, String reference) {
    OptionalLong size = engines.size(x1(codec));
    OptionalLong referenceSize = engines.size(x1(reference));
    return size.isPresent() && referenceSize.isPresent()
        ? (double) size.getAsLong() / referenceSize.getAsLong() : Double.NaN;
  }

  private void sizeAtMost(String name, double ratio, double maximum) {
    String figure = Double.isNaN(ratio) ? MarkdownTable.NONE : String.format(Locale.ROOT, "%.3f×", ratio);
    add(name, figure, String.format(Locale.ROOT, "≤ %.2f×", maximum), Double.isNaN(ratio) ? null : ratio <= maximum);
  }

  /** @param holds null when the run lacks a figure the target needs */
  private void add(String name, String figure, String required, Boolean holds) {
    table.addRow(name, figure, required, holds == null ? MarkdownTable.NONE : holds ? YES : NO);
  }
}
