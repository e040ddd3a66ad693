package io.github.zipjack.tools.report;

import io.github.zipjack.bench.Codec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * The engines' targets, each with the figure of this run and whether it holds. All compare results
 * of the same run (one JMH run, side by side): the x1 people dataset in JSON on one thread unless
 * the target says otherwise, zipjack's encodeToBody at default settings. A target whose figures
 * the run lacks says so ("–"). Point estimates: JMH's error, in the engine table, says how far to
 * trust a verdict near its threshold.
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

  private final EngineResults engines;
  private final MarkdownTable table = new MarkdownTable(TARGET, FIGURE, REQUIRED, HOLDS);

  TargetSection(EngineResults engines) {
    this.engines = engines;
  }

  void appendTo(ReportDocument doc) {
    doc.heading(3, "Targets");
    doc.paragraph("x1 (" + Suite.STUDY_X1 + "), JSON, 1 thread unless said; \"study best L1\" is the"
        + " study's best configuration at gzip level 1 on the same payload. Sizes are the bodies' bytes"
        + " (the study's level-N output is zlib level N); a ratio of sizes below 1 is smaller output."
        + " Allocation beyond Jackson's is measured while this report is written, in one JVM, by"
        + " AllocationProbe: the gc profiler's per-fork figures in the engine table vary by a few KB"
        + " from fork to fork in Jackson's own allocation, more than the 1 KB budget.");
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
    Optional<JmhResult> bestL1 = engines.studyBest(x1(Suite.STUDY_LEVEL_1));
    Optional<JmhResult> bestL6 = engines.studyBest(x1(Suite.STUDY_LEVEL_6));

    Optional<JmhResult> libdeflate = engines.encode(x1(LIBDEFLATE_1));
    atLeast("libdeflate-1" + libdeflate.map(r -> " (JDK " + r.run().jdkVersion() + ")").orElse("")
        + " × study best L1", EngineResults.ratio(libdeflate, bestL1), 1.7);
    sizeAtMost("libdeflate-1 size × study's level-1 size", sizeRatio(LIBDEFLATE_1, Suite.STUDY_LEVEL_1), 1.0);

    Optional<JmhResult> zstd = engines.encode(x1(ZSTD_1));
    atLeast("zstd-1 × study best L1", EngineResults.ratio(zstd, bestL1), 2.2);
    atLeast("zstd-1 × new ZstdOutputStream per body", EngineResults.ratio(zstd,
        engines.withoutZipjack(x1(ZSTD_1))), 1.2);
    sizeAtMost("zstd-1 size × study's level-1 size", sizeRatio(ZSTD_1, Suite.STUDY_LEVEL_1), 1.0);

    sizeAtMost("brotli-5 size × study's level-6 size", sizeRatio(BROTLI_5, Suite.STUDY_LEVEL_6), 0.97);
    atLeast("brotli-5 × study best L6", EngineResults.ratio(engines.encode(x1(BROTLI_5)), bestL6), 1.0);

    List<JmhResult> x1Rows = new ArrayList<>();
    for (JmhResult r : engines.rows()) {
      Workload w = Workload.of(r).get();
      if (w.equals(x1(w.codec())) && w.compressed()) {
        x1Rows.add(r);
      }
    }
    for (JmhResult r : x1Rows) {
      Workload w = Workload.of(r).get();
      boolean zlib = Codec.parse(w.codec()).engine().equals(Codec.ZLIB);
      OptionalDouble ceiling = engines.ceiling(w);
      atLeast(w.codec() + " × own serial ceiling",
          ceiling.isPresent() ? r.opsPerSecond() / ceiling.getAsDouble() : Double.NaN, zlib ? 0.95 : 0.9);
      if (zlib) {
        atLeast(w.codec() + " × study best at its level",
            EngineResults.ratio(Optional.of(r), engines.studyBest(w)), 1.0);
      }
    }
    for (JmhResult r : x1Rows) {
      Workload w = Workload.of(r).get();
      OptionalLong beyond = engines.allocationBeyondJackson(w);
      add(w.codec() + " allocation beyond Jackson's, B/body (in one JVM)",
          beyond.isPresent() ? EngineSection.signedBytes(beyond.getAsLong()) : MarkdownTable.NONE,
          "≤ " + Figures.bytes(ALLOCATION_BUDGET_BYTES),
          beyond.isPresent() ? beyond.getAsLong() <= ALLOCATION_BUDGET_BYTES : null);
    }
    for (JmhResult r : x1Rows) {
      Workload w = Workload.of(r).get();
      Optional<JmhResult> two = engines.encode(w.withThreads(2));
      if (two.isPresent()) {
        atLeast(w.codec() + " 2 threads × 1 thread", two.get().opsPerSecond() / r.opsPerSecond(), 1.8);
      }
    }
    for (JmhResult r : engines.rows()) {
      Workload w = Workload.of(r).get();
      if (w.dataset().equals(Suite.ONE_RECORD) && w.threads() == 1 && w.format().equals(Suite.JSON)
          && w.compressed()) {
        String level = EngineResults.studyLevelFor(w.codec());
        atLeast(w.codec() + " on " + Suite.ONE_RECORD + " × study best L" + level.substring(level.indexOf('-') + 1),
            EngineResults.ratio(Optional.of(r), engines.studyBestFor(w)), 1.0);
      }
    }
  }

  /** The codec's body size over the other codec's, both of x1 in JSON; NaN when one cannot be made here. */
  private double sizeRatio(String codec, String reference) {
    OptionalLong size = engines.size(x1(codec));
    OptionalLong referenceSize = engines.size(x1(reference));
    return size.isPresent() && referenceSize.isPresent()
        ? (double) size.getAsLong() / referenceSize.getAsLong() : Double.NaN;
  }

  private void atLeast(String name, double ratio, double minimum) {
    add(name, Figures.ratio(ratio), "≥ " + Figures.ratio(minimum), Double.isNaN(ratio) ? null : ratio >= minimum);
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
