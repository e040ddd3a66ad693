package io.github.zipjack.tools.report;

import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.StringJoiner;

/**
 * The table a reader looks at first: for each of the payloads of the study (docs/benchmarks.md),
 * levels and thread counts, the study's baseline, the study's best (all three optimizations),
 * zipjack's fastest measured {@code encodeToBody} setting, and the ceiling, one fork a figure. They
 * are not divided: one fork each cannot settle a ratio (the paired rounds of bench/run do).
 *
 * <p>"Fastest measured" picks the maximum over the settings in the file, which favours whichever
 * setting was luckiest within its error; the detailed table beside it shows every setting.
 */
final class KeyFiguresSection {

  private final ResultSet results;
  private final Ceilings ceilings;

  KeyFiguresSection(ResultSet results) {
    this.results = results;
    this.ceilings = new Ceilings(results);
  }

  void appendTo(ReportDocument doc) {
    doc.heading(2, "Key figures (JSON, the study's payloads)");
    MarkdownTable table = table();
    if (table.isEmpty()) {
      doc.note("No key figures: the result file has no SeedBenchmark.baseline results.");
      return;
    }
    doc.paragraph("ops/s, one fork a figure; how zipjack compares with the study is judged in paired rounds"
        + " (the headline and \"Engine targets in paired rounds\").");
    doc.table(table);
  }

  MarkdownTable table() {
    MarkdownTable table = new MarkdownTable("payload", "level", "threads", "study baseline",
        "study best", "zipjack", "ceiling", "zipjack settings");
    for (JmhResult baseline : results.of(Suite.SEED, Suite.SEED_BASELINE)) {
      Optional<Workload> found = Workload.of(baseline);
      if (found.isEmpty()) {
        continue;
      }
      Workload w = found.get();
      Optional<JmhResult> best = results.find(Suite.SEED, Suite.SEED_ALL, w);
      Optional<JmhResult> zipjack = fastestPipeline(w);
      OptionalDouble ceiling = ceilings.opsPerSecond(w);
      double zipjackOps = zipjack.map(JmhResult::opsPerSecond).orElse(Double.NaN);
      table.addRow(
          w.dataset(), w.level(), Integer.toString(w.threads()),
          Figures.opsPerSecond(baseline.opsPerSecond()),
          Figures.opsPerSecond(best.map(JmhResult::opsPerSecond).orElse(Double.NaN)),
          Figures.opsPerSecond(zipjackOps),
          Figures.opsPerSecond(ceiling.orElse(Double.NaN)),
          zipjack.map(KeyFiguresSection::settings).orElse(MarkdownTable.NONE));
    }
    return table;
  }

  private Optional<JmhResult> fastestPipeline(Workload w) {
    JmhResult fastest = null;
    for (JmhResult r : results.of(Suite.PIPELINE, Suite.PIPELINE_MAIN)) {
      if (Workload.of(r).filter(w::equals).isPresent()
          && (fastest == null || r.opsPerSecond() > fastest.opsPerSecond())) {
        fastest = r;
      }
    }
    return Optional.ofNullable(fastest);
  }

  /** The parameters that are not part of the workload, such as buffer sizes and the accelerator. */
  private static String settings(JmhResult r) {
    StringJoiner joined = new StringJoiner(", ");
    for (Map.Entry<String, String> p : r.params().entrySet()) {
      String name = p.getKey();
      if (!name.equals(Suite.DATASET) && !name.equals(Suite.FORMAT) && !name.equals(Suite.LEVEL)
          && !name.equals(Suite.CODEC)) {
        joined.add(name + "=" + p.getValue());
      }
    }
    return joined.length() == 0 ? "defaults" : joined.toString();
  }
}
