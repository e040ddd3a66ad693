package io.github.zipjack.tools.report;

import io.github.zipjack.bench.Codec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * The study's two conclusions, checked against this run: "level 1 more than doubles the throughput
 * of level 6" (the baseline at both levels, per payload and thread count) and "Afterburner and the
 * 64 KB buffers each add 1-3%, all together 5%" (every variant's change against the baseline of
 * the same payload, level and thread count).
 */
final class StudySection {

  private final ResultSet results;
  private final Baselines baselines;

  StudySection(ResultSet results) {
    this.results = results;
    this.baselines = new Baselines(results);
  }

  void appendTo(ReportDocument doc) {
    doc.heading(2, "The study's conclusions, checked");
    MarkdownTable levels = levelTable();
    if (levels.isEmpty()) {
      doc.note("No level comparison: it needs SeedBenchmark.baseline at compressionLevel 1 and 6.");
    } else {
      doc.paragraph("The study: level 1 more than doubles the throughput of level 6.");
      doc.table(levels);
    }
    MarkdownTable variants = variantTable();
    if (variants.isEmpty()) {
      doc.note("No optimization comparison: it needs SeedBenchmark.baseline and other SeedBenchmark"
          + " methods on the same payload, level and threads.");
    } else {
      doc.paragraph("The study: Afterburner, a 64 KB BufferedOutputStream and a 64 KB deflater buffer"
          + " each add 1-3%, all three together about 5%. Change in throughput against the baseline:");
      doc.table(variants);
    }
  }

  MarkdownTable levelTable() {
    MarkdownTable table = new MarkdownTable("payload", "threads", "level 6 ops/s", "level 1 ops/s", "level 1 / level 6");
    for (JmhResult six : results.of(Suite.SEED, Suite.SEED_BASELINE)) {
      Optional<Workload> w = Workload.of(six);
      if (w.isEmpty() || !w.get().codec().equals(Codec.ZLIB + "-6")) {
        continue;
      }
      OptionalDouble one = baselines.opsPerSecond(w.get().withCodec(Codec.ZLIB + "-1"));
      if (one.isPresent()) {
        table.addRow(w.get().dataset(), Integer.toString(w.get().threads()),
            Figures.opsPerSecond(six.opsPerSecond()), Figures.opsPerSecond(one.getAsDouble()),
            Figures.ratio(one.getAsDouble() / six.opsPerSecond()));
      }
    }
    return table;
  }

  /** Rows: the variants; columns: each payload, level and thread count with a baseline. */
  MarkdownTable variantTable() {
    Set<String> columns = new LinkedHashSet<>();
    Map<String, Map<String, String>> cells = new LinkedHashMap<>();
    for (JmhResult r : results.ofClass(Suite.SEED)) {
      Optional<Workload> w = Workload.of(r);
      if (w.isEmpty() || r.method().equals(Suite.SEED_BASELINE)) {
        continue;
      }
      OptionalDouble baseline = baselines.opsPerSecond(w.get());
      if (baseline.isPresent()) {
        String column = StudyCharts.payloadLabel(w.get().dataset()) + " L" + w.get().level()
            + " t" + w.get().threads();
        columns.add(column);
        cells.computeIfAbsent(r.method(), k -> new LinkedHashMap<>())
            .put(column, percentChange(r.opsPerSecond() / baseline.getAsDouble()));
      }
    }
    List<String> headers = new ArrayList<>();
    headers.add("variant");
    headers.addAll(columns);
    MarkdownTable table = new MarkdownTable(headers);
    cells.forEach((method, byColumn) -> {
      List<String> row = new ArrayList<>();
      row.add(method);
      columns.forEach(c -> row.add(byColumn.getOrDefault(c, MarkdownTable.NONE)));
      table.addRow(row);
    });
    return table;
  }

  /** {@code +4.2%} for a ratio of 1.042; {@code +0.0%}, not {@code -0.0%}, for a change that rounds to none. */
  static String percentChange(double ratio) {
    double tenths = Math.round(1000 * (ratio - 1));
    return String.format(Locale.ROOT, "%+.1f%%", tenths == 0 ? 0.0 : tenths / 10);
  }
}
