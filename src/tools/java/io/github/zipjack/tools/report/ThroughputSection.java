package io.github.zipjack.tools.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * One throughput table per benchmark class: every result with its parameters, thread count,
 * ops/s ± JMH's error, its ratio to the study's baseline and to the ceiling of the same workload,
 * and the bytes it allocated per operation. A column whose data the result file lacks is left out,
 * with a note saying what run would fill it.
 */
final class ThroughputSection {

  static final String METHOD = "method";
  static final String THREADS = "threads";
  static final String SCORE = "ops/s";
  static final String VS_BASELINE = "× baseline";
  static final String VS_CEILING = "× ceiling";
  static final String ALLOC = "alloc B/op";

  private final ResultSet results;
  private final Baselines baselines;
  private final Ceilings ceilings;

  ThroughputSection(ResultSet results) {
    this.results = results;
    this.baselines = new Baselines(results);
    this.ceilings = new Ceilings(results);
  }

  void appendTo(ReportDocument doc) {
    doc.heading(2, "Throughput");
    doc.paragraph("Operations per second summed over all threads, ± half JMH's 99.9% confidence interval."
        + " × baseline divides by SeedBenchmark.baseline (the study's code) on the same payload, level"
        + " and threads; × ceiling divides by 1/(1/S + 1/C) where S is CeilingBenchmark.serializeOnly"
        + " and C is compressOnly on the same dataset, format, level and threads."
        + " Bytes allocated per operation come from JMH's gc profiler.");
    if (results.isEmpty()) {
      doc.note("The result file holds no throughput results.");
      return;
    }
    if (!baselines.any()) {
      doc.note("No × baseline column: the result file has no SeedBenchmark.baseline"
          + " (run SeedBenchmark to get it).");
    }
    if (!ceilings.any()) {
      doc.note("No × ceiling column: the result file has no CeilingBenchmark.serializeOnly"
          + " (run CeilingBenchmark to get it).");
    }
    if (results.select(JmhResult::hasAllocation).isEmpty()) {
      doc.note("No allocation column: the run was made without -prof gc.");
    }
    for (String className : results.classNames()) {
      doc.heading(3, className);
      doc.table(table(className));
    }
  }

  /** The table of one benchmark class; package-private so tests can check its cells. */
  MarkdownTable table(String className) {
    List<JmhResult> rows = results.ofClass(className);
    List<String> paramNames = paramNames(rows);
    boolean ratios = Suite.encodes(className);
    boolean withBaseline = ratios && baselines.any();
    boolean withCeiling = ratios && ceilings.any();
    boolean withAlloc = rows.stream().anyMatch(JmhResult::hasAllocation);

    List<String> headers = new ArrayList<>();
    headers.add(METHOD);
    headers.addAll(paramNames);
    headers.add(THREADS);
    headers.add(SCORE);
    if (withBaseline) {
      headers.add(VS_BASELINE);
    }
    if (withCeiling) {
      headers.add(VS_CEILING);
    }
    if (withAlloc) {
      headers.add(ALLOC);
    }
    MarkdownTable table = new MarkdownTable(headers);
    for (JmhResult r : rows) {
      List<String> cells = new ArrayList<>();
      cells.add(r.method());
      for (String name : paramNames) {
        String value = r.param(name);
        cells.add(value == null ? MarkdownTable.NONE : value);
      }
      cells.add(Integer.toString(r.threads()));
      cells.add(Figures.withError(r.opsPerSecond(), r.errorOpsPerSecond()));
      Optional<Workload> workload = Workload.of(r);
      if (withBaseline) {
        cells.add(ratio(r, workload.map(baselines::opsPerSecond)));
      }
      if (withCeiling) {
        cells.add(ratio(r, workload.map(ceilings::opsPerSecond)));
      }
      if (withAlloc) {
        cells.add(Figures.bytes(r.allocBytesPerOp()));
      }
      table.addRow(cells);
    }
    return table;
  }

  private static String ratio(JmhResult r, Optional<OptionalDouble> reference) {
    OptionalDouble value = reference.orElse(OptionalDouble.empty());
    return value.isPresent() ? Figures.ratio(r.opsPerSecond() / value.getAsDouble()) : MarkdownTable.NONE;
  }

  private static List<String> paramNames(List<JmhResult> rows) {
    Set<String> names = new LinkedHashSet<>();
    rows.forEach(r -> names.addAll(r.params().keySet()));
    return new ArrayList<>(names);
  }
}
