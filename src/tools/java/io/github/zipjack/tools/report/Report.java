package io.github.zipjack.tools.report;

import io.github.zipjack.bench.DictionaryTraining;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Writes the report of a set of results into a directory: {@code report.md} and the charts beside
 * it. Each part that lacks its data is replaced by a note, so a quick run of a few benchmarks still
 * gets a report of what it measured.
 */
final class Report {

  static final String FILE_NAME = "report.md";
  /** The file of the headline alone, as bench/run writes it by default ({@link ReportMain}). */
  static final String HEADLINE_FILE_NAME = "headline.md";

  private final ResultSet results;
  private final List<Path> sources;

  Report(ResultSet results, List<Path> sources) {
    this.results = results;
    this.sources = List.copyOf(sources);
  }

  /** Writes the report into {@code outDir}, creating it, and returns the document for the terminal. */
  ReportDocument writeTo(Path outDir) throws IOException {
    Files.createDirectories(outDir);
    ReportDocument doc = new ReportDocument();
    ChartWriter charts = new ChartWriter(outDir, doc);
    try (PayloadSizes sizes = new PayloadSizes()) {
      doc.heading(1, "zipjack benchmark report");
      runDetails(doc);
      new HeadlineSection(results, sizes, today()).appendTo(doc);
      new EngineSection(results, sizes).appendTo(doc, charts);
      new KeyFiguresSection(results).appendTo(doc);
      new StudySection(results).appendTo(doc);
      doc.heading(2, "Charts");
      new StudyCharts(results, sizes, charts).write();
      new PipelineCharts(results, sizes, charts).write();
      new ThroughputSection(results).appendTo(doc);
      new CeilingSection(results).appendTo(doc);
      new LargeBodySection(results).appendTo(doc);
      new Jackson3Section(results).appendTo(doc);
      new DictionarySection(results, Report::dictionarySizes).appendTo(doc);
      new ClientDecodeSection(results).appendTo(doc);
      new ParallelSection(results).appendTo(doc, charts);
      List<String> datasets = datasets();
      SizeSection sizeSection = new SizeSection(sizes, datasets);
      sizeSection.appendTo(doc);
      new SizeChart(sizes, charts).write(loadable(sizes, datasets));
    }
    Files.writeString(outDir.resolve(FILE_NAME), doc.markdown(), StandardCharsets.UTF_8);
    return doc;
  }

  /** The day the report is written, in UTC: the day its figures were measured. */
  private static LocalDate today() {
    return LocalDate.now(ZoneOffset.UTC);
  }

  /** The exact sizes of DictionaryBenchmark's bodies, trained again here; null for a dataset it cannot train for. */
  private static long[] dictionarySizes(String dataset) {
    return DictionaryTraining.DATASETS.contains(dataset) ? DictionaryTraining.sizes(dataset) : null;
  }

  /** The result files, the JMH and JVM versions, each benchmark's timing and the machine. */
  private void runDetails(ReportDocument doc) {
    List<String> names = new ArrayList<>();
    sources.forEach(p -> names.add(String.valueOf(p.getFileName())));
    doc.paragraph("Results: " + String.join(", ", names) + " (" + results.all().size()
        + " throughput results, threads " + results.threadCounts() + ").");
    Set<String> environments = new LinkedHashSet<>();
    results.runSettings().forEach(run -> environments.add(run.environment()));
    environments.forEach(environment -> doc.paragraph("Measured with " + environment + "."));
    MarkdownTable timing = new MarkdownTable("benchmark", "forks", "warm-up", "measurement");
    Set<List<String>> rows = new LinkedHashSet<>();
    for (JmhResult r : results.all()) {
      rows.add(List.of(r.className() + "." + r.method(), Integer.toString(r.run().forks()),
          r.run().warmup(), r.run().measurement()));
    }
    rows.forEach(timing::addRow);
    if (!timing.isEmpty()) {
      doc.table(timing);
    }
    doc.paragraph(String.format(Locale.ROOT, "Report written on %s %s (%s), %d processors available.",
        System.getProperty("os.name"), System.getProperty("os.version"), System.getProperty("os.arch"),
        Runtime.getRuntime().availableProcessors()));
    results.notes().forEach(doc::note);
  }

  /** The bundled datasets and any {@code file:} dataset a benchmark was run on. */
  private List<String> datasets() {
    Set<String> names = new LinkedHashSet<>(Suite.BUNDLED_DATASETS);
    for (JmhResult r : results.all()) {
      String dataset = r.param(Suite.DATASET);
      if (dataset != null && PayloadSizes.measurable(dataset)) {
        names.add(dataset);
      }
    }
    return new ArrayList<>(names);
  }

  /** The datasets that can be encoded here; SizeSection notes why any other cannot. */
  private static List<String> loadable(PayloadSizes sizes, List<String> datasets) {
    List<String> loadable = new ArrayList<>();
    for (String dataset : datasets) {
      if (sizes.loadable(dataset)) {
        loadable.add(dataset);
      }
    }
    return loadable;
  }
}
