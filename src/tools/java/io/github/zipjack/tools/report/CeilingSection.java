package io.github.zipjack.tools.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * The limits table: per dataset, format, codec and thread count, serialization alone (S),
 * compression alone with a reused context (C), a plain copy of the bytes, and the serial ceiling
 * 1/(1/S + 1/C) that a pipeline doing both on one thread cannot beat.
 */
final class CeilingSection {

  private final ResultSet results;
  private final Ceilings ceilings;

  CeilingSection(ResultSet results) {
    this.results = results;
    this.ceilings = new Ceilings(results);
  }

  void appendTo(ReportDocument doc) {
    doc.heading(2, "The ceiling");
    MarkdownTable table = table();
    if (table.isEmpty()) {
      doc.note("No ceiling table: the result file has no CeilingBenchmark results.");
      return;
    }
    doc.paragraph("S = serialization alone into a discarding stream, C = compression alone of the"
        + " pre-serialized bytes with the engine's context reused (a new encoder per call for brotli, which cannot reset one), copy = System.arraycopy of those bytes."
        + " Ceiling = 1/(1/S + 1/C): the most a thread that does both, one after the other, can reach.");
    doc.table(table);
  }

  MarkdownTable table() {
    List<String> datasets = new ArrayList<>();
    Set<Workload> found = new LinkedHashSet<>();
    for (JmhResult r : results.ofClass(Suite.CEILING)) {
      Workload.of(r).ifPresent(w -> {
        found.add(w);
        if (!datasets.contains(w.dataset())) {
          datasets.add(w.dataset());
        }
      });
    }
    // Dataset in the order run, then format, threads, and codec with "none" (serialization alone) first.
    List<Workload> workloads = new ArrayList<>(found);
    workloads.sort(Comparator.comparing((Workload w) -> datasets.indexOf(w.dataset()))
        .thenComparing(Workload::format)
        .thenComparing(Workload::threads)
        .thenComparing(w -> w.compressed() ? Suite.codecOrder(w.codec()) : ""));
    MarkdownTable table = new MarkdownTable(
        "dataset", "format", "codec", "threads", "S ops/s", "C ops/s", "copy ops/s", "ceiling ops/s");
    for (Workload w : workloads) {
      table.addRow(w.dataset(), w.format(), w.codec(), Integer.toString(w.threads()),
          figure(ceilings.serializeOnly(w)),
          w.compressed() ? figure(ceilings.compressOnly(w)) : MarkdownTable.NONE,
          figure(ceilings.copyOnly(w)),
          figure(ceilings.opsPerSecond(w)));
    }
    return table;
  }

  private static String figure(OptionalDouble value) {
    return value.isPresent() ? Figures.opsPerSecond(value.getAsDouble()) : MarkdownTable.NONE;
  }
}
