package io.github.zipjack.tools.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler.LegendPosition;

/**
 * The two charts of the study (docs/benchmarks.md), redrawn from SeedBenchmark: the baseline at
 * level 6 against level 1 for each payload, and the eight variants side by side as a change against
 * the baseline.
 */
final class StudyCharts {

  static final String LEVELS_FILE = "seed-levels.png";
  static final String OPTIMIZATIONS_FILE = "seed-optimizations.png";

  private final ResultSet results;
  private final PayloadSizes sizes;
  private final ChartWriter writer;

  StudyCharts(ResultSet results, PayloadSizes sizes, ChartWriter writer) {
    this.results = results;
    this.sizes = sizes;
    this.writer = writer;
  }

  void write() throws IOException {
    writeLevels();
    writeOptimizations();
  }

  /**
   * Throughput in MB/s of JSON (ops/s times the payload's JSON size) so that x1 and x10 share an
   * axis; one series per level and thread count, highest level first as in the study.
   */
  private void writeLevels() throws IOException {
    List<JmhResult> baselines = results.of(Suite.SEED, Suite.SEED_BASELINE);
    Set<String> payloads = new LinkedHashSet<>();
    Map<String, Map<String, double[]>> series = new LinkedHashMap<>();
    baselines.stream()
        .sorted((a, b) -> compareLevelsDescending(a, b))
        .forEach(r -> Workload.of(r).ifPresent(w -> {
          payloads.add(w.dataset());
          String name = "level " + w.level() + ", " + threads(w.threads());
          double megabytes = sizes.jsonBytes(w.dataset()) / 1e6;
          series.computeIfAbsent(name, k -> new LinkedHashMap<>())
              .put(w.dataset(), new double[] {r.opsPerSecond() * megabytes, r.errorBar() * megabytes});
        }));
    List<String> categories = new ArrayList<>(payloads);
    series.values().removeIf(points -> !points.keySet().containsAll(categories));
    if (series.size() < 2) {
      writer.skip(LEVELS_FILE, "needs SeedBenchmark.baseline at two levels for the same payloads.");
      return;
    }
    CategoryChart chart = categoryChart("The study's baseline: level 6 vs level 1",
        "payload", "MB/s of JSON");
    List<String> labels = categories.stream().map(d -> payloadLabel(d) + " (" + d + ")").toList();
    series.forEach((name, points) -> chart.addSeries(name, labels, values(categories, points, 0),
        values(categories, points, 1)));
    writer.write(LEVELS_FILE, "The study's baseline at level 6 and level 1", chart);
  }

  /**
   * Each variant's change in throughput against the baseline of the same payload and level, in percent:
   * point figures of one fork each, drawn without error bars (JMH's errors are not a ratio's).
   */
  private void writeOptimizations() throws IOException {
    int threads = results.threadCounts().isEmpty() ? 1 : results.threadCounts().first();
    Set<String> methods = new LinkedHashSet<>();
    Map<String, Map<String, double[]>> series = new LinkedHashMap<>();
    Baselines baselines = new Baselines(results);
    for (JmhResult r : results.ofClass(Suite.SEED)) {
      Optional<Workload> w = Workload.of(r);
      if (w.isEmpty() || r.threads() != threads || r.method().equals(Suite.SEED_BASELINE)) {
        continue;
      }
      baselines.result(w.get()).ifPresent(baseline -> {
        methods.add(r.method());
        String name = payloadLabel(w.get().dataset()) + ", level " + w.get().level();
        double ratio = r.opsPerSecond() / baseline.opsPerSecond();
        series.computeIfAbsent(name, k -> new LinkedHashMap<>()).put(r.method(), new double[] {100 * (ratio - 1)});
      });
    }
    List<String> categories = new ArrayList<>(methods);
    series.values().removeIf(points -> !points.keySet().containsAll(categories));
    if (series.isEmpty()) {
      writer.skip(OPTIMIZATIONS_FILE, "needs SeedBenchmark.baseline and at least one other SeedBenchmark"
          + " method on the same payload, level and threads.");
      return;
    }
    CategoryChart chart = categoryChart("The study's optimizations, " + threads(threads)
        + ": change in throughput vs the baseline", "variant", "% vs baseline");
    chart.getStyler().setXAxisLabelRotation(20);
    series.forEach((name, points) -> chart.addSeries(name, categories, values(categories, points, 0)));
    writer.write(OPTIMIZATIONS_FILE, "The study's optimizations side by side", chart);
  }

  /** A bar chart whose error bars, where a series has them, take the series' colour. */
  static CategoryChart categoryChart(String title, String xTitle, String yTitle) {
    CategoryChart chart = new CategoryChartBuilder().width(ChartWriter.WIDTH).height(ChartWriter.HEIGHT)
        .title(title).xAxisTitle(xTitle).yAxisTitle(yTitle).build();
    chart.getStyler().setLegendPosition(LegendPosition.OutsideE);
    chart.getStyler().setErrorBarsColorSeriesColor(true);
    return chart;
  }

  /** Element {@code index} of each category's point: 0 the value, 1 its error. */
  private static List<Double> values(List<String> categories, Map<String, double[]> points, int index) {
    List<Double> values = new ArrayList<>();
    categories.forEach(c -> values.add(points.get(c)[index]));
    return values;
  }

  private static int compareLevelsDescending(JmhResult a, JmhResult b) {
    String levelA = a.param(Suite.COMPRESSION_LEVEL);
    String levelB = b.param(Suite.COMPRESSION_LEVEL);
    int byLevel = levelB == null || levelA == null ? 0 : levelB.compareTo(levelA);
    return byLevel != 0 ? byLevel : Integer.compare(a.threads(), b.threads());
  }

  static String threads(int count) {
    return count == 1 ? "1 thread" : count + " threads";
  }

  static String payloadLabel(String dataset) {
    if (dataset.equals(Suite.STUDY_X1)) {
      return "x1";
    }
    return dataset.equals(Suite.STUDY_X10) ? "x10" : dataset;
  }
}
