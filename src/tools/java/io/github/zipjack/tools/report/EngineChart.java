package io.github.zipjack.tools.report;

import io.github.zipjack.bench.Codec;
import java.awt.Color;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.XYSeries.XYSeriesRenderStyle;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Throughput against compressed size on the study's x1 in JSON at one thread: one point per engine
 * and level (a line joins the levels of an engine, each point labelled with its level), and the
 * study's baseline and best at levels 1 and 6 marked apart. Up and to the left is better; the
 * chart a user reads to pick a setting. {@code none} is left out: at 100% it would squeeze the rest.
 */
final class EngineChart {

  static final String FILE = "engines-throughput-vs-size.png";
  static final String TITLE = "Throughput against compressed size, every engine and level";

  private final ResultSet results;
  private final EngineResults engines;
  private final ChartWriter writer;

  EngineChart(ResultSet results, EngineResults engines, ChartWriter writer) {
    this.results = results;
    this.engines = engines;
    this.writer = writer;
  }

  void write() throws IOException {
    Map<String, List<double[]>> byEngine = new LinkedHashMap<>();
    List<double[]> labelled = new ArrayList<>();
    List<String> labels = new ArrayList<>();
    for (JmhResult r : engines.rows()) {
      Workload w = Workload.of(r).get();
      double size = engines.sizeFraction(w);
      if (!w.equals(x1(w.codec())) || !w.compressed() || Double.isNaN(size)) {
        continue;
      }
      Codec codec = Codec.parse(w.codec());
      double[] point = {100 * size, r.opsPerSecond(), r.errorBar()};
      byEngine.computeIfAbsent(codec.engine(), k -> new ArrayList<>()).add(point);
      labelled.add(point);
      labels.add(Integer.toString(codec.level()));
    }
    if (labelled.size() < 2) {
      writer.skip(FILE, "needs PipelineBenchmark.encodeToBody on " + Suite.STUDY_X1
          + " (JSON, 1 thread) with two or more codecs whose sizes can be computed here.");
      return;
    }
    XYChart chart = PipelineCharts.xyChart(TITLE + " (x1, JSON, 1 thread)",
        "compressed size, % of the JSON", "ops/s");
    chart.getStyler().setDefaultSeriesRenderStyle(XYSeriesRenderStyle.Line);
    double maxOps = 0;
    for (Map.Entry<String, List<double[]>> e : byEngine.entrySet()) {
      List<double[]> points = e.getValue();
      points.sort((a, b) -> Double.compare(a[0], b[0]));
      addSeries(chart, e.getKey(), points);
      for (double[] p : points) {
        maxOps = Math.max(maxOps, p[1]);
      }
    }
    for (String method : List.of(Suite.SEED_BASELINE, Suite.SEED_ALL)) {
      List<double[]> marks = new ArrayList<>();
      for (String level : List.of(Suite.STUDY_LEVEL_1, Suite.STUDY_LEVEL_6)) {
        Optional<JmhResult> study = method.equals(Suite.SEED_ALL)
            ? engines.studyBest(x1(level)) : results.find(Suite.SEED, Suite.SEED_BASELINE, x1(level));
        double size = engines.sizeFraction(x1(level));
        if (study.isPresent() && !Double.isNaN(size)) {
          marks.add(new double[] {100 * size, study.get().opsPerSecond(), study.get().errorBar()});
          maxOps = Math.max(maxOps, study.get().opsPerSecond());
        }
      }
      if (!marks.isEmpty()) {
        XYSeries series = addSeries(chart, method.equals(Suite.SEED_ALL) ? "study best (L1, L6)" : "study baseline (L1, L6)", marks);
        series.setXYSeriesRenderStyle(XYSeriesRenderStyle.Scatter);
        series.setMarker(method.equals(Suite.SEED_ALL) ? SeriesMarkers.DIAMOND : SeriesMarkers.TRIANGLE_UP);
        series.setMarkerColor(method.equals(Suite.SEED_ALL) ? Color.BLACK : Color.GRAY);
      }
    }
    double offset = 0.035 * maxOps;
    for (int i = 0; i < labelled.size(); i++) {
      chart.addAnnotation(new AnnotationText(labels.get(i), labelled.get(i)[0], labelled.get(i)[1] + offset, false));
    }
    writer.write(FILE, TITLE, chart);
  }

  /** A series of points {size %, ops/s, JMH's error}, the error drawn as error bars. */
  private static XYSeries addSeries(XYChart chart, String name, List<double[]> points) {
    List<Double> x = new ArrayList<>();
    List<Double> y = new ArrayList<>();
    List<Double> error = new ArrayList<>();
    points.forEach(p -> {
      x.add(p[0]);
      y.add(p[1]);
      error.add(p[2]);
    });
    return chart.addSeries(name, x, y, error);
  }

  private static Workload x1(String codec) {
    return new Workload(Suite.STUDY_X1, Suite.JSON, codec, 1);
  }
}
