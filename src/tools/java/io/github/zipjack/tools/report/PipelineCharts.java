package io.github.zipjack.tools.report;

import io.github.zipjack.bench.Codec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler.LegendPosition;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Charts of zipjack's {@code encodeToBody}, and of the study's code on the same payloads
 * ({@code classicStream}) when it was run, at the lowest thread count in the file: throughput
 * against the compression level, and throughput against the payload size with the ceiling drawn
 * in. Throughput is in MB/s of JSON (ops/s times the dataset's plain JSON size), which puts
 * payloads of 1 KB and 1 MB on one axis.
 */
final class PipelineCharts {

  static final String LEVEL_FILE = "throughput-vs-level.png";
  static final String PAYLOAD_FILE = "throughput-vs-payload.png";
  /** More lines than this make a chart unreadable; the tables have every result. */
  static final int MAX_SERIES = 10;
  /** The parameter {@link #byEngineAndLevel} adds. */
  static final String ENGINE = "engine";

  private final ResultSet results;
  private final PayloadSizes sizes;
  private final ChartWriter writer;
  private final int threads;

  PipelineCharts(ResultSet results, PayloadSizes sizes, ChartWriter writer) {
    this.results = results;
    this.sizes = sizes;
    this.writer = writer;
    this.threads = results.threadCounts().isEmpty() ? 1 : results.threadCounts().first();
  }

  void write() throws IOException {
    writeLevels();
    writePayloads();
  }

  private void writeLevels() throws IOException {
    List<JmhResult> rows = new ArrayList<>();
    for (JmhResult r : mainRows(r -> Workload.of(r).filter(Workload::compressed).isPresent())) {
      rows.add(byEngineAndLevel(r));
    }
    Map<String, List<JmhResult>> series = withAtLeastTwoPoints(SeriesGroups.split(rows, Suite.LEVEL, "zipjack"));
    if (series.isEmpty()) {
      writer.skip(LEVEL_FILE, "needs PipelineBenchmark." + Suite.PIPELINE_MAIN + " at two or more levels of an engine.");
      return;
    }
    XYChart chart = xyChart("Encoding against the compression level, " + StudyCharts.threads(threads),
        "level (the engine's own scale)", "MB/s of JSON");
    boolean logarithmic = logarithmicIfWide(chart, series.values());
    for (Map.Entry<String, List<JmhResult>> s : series.entrySet()) {
      TreeMap<Integer, JmhResult> points = new TreeMap<>();
      s.getValue().forEach(r -> points.put(Integer.parseInt(r.param(Suite.LEVEL)), r));
      addSeries(chart, s.getKey(), new ArrayList<>(points.keySet()), points.values(), !logarithmic);
    }
    writer.write(LEVEL_FILE, "Throughput against the compression level", chart);
  }

  private void writePayloads() throws IOException {
    List<JmhResult> rows = mainRows(r -> Suite.JSON.equals(r.param(Suite.FORMAT))
        && isPeople(r.param(Suite.DATASET)));
    Map<String, List<JmhResult>> series = withAtLeastTwoPoints(SeriesGroups.split(rows, Suite.DATASET, "zipjack"));
    if (series.isEmpty()) {
      writer.skip(PAYLOAD_FILE, "needs PipelineBenchmark." + Suite.PIPELINE_MAIN
          + " in JSON on two or more people datasets.");
      return;
    }
    XYChart chart = xyChart("Encoding JSON against the payload size, " + StudyCharts.threads(threads),
        "payload, bytes of JSON (log)", "MB/s of JSON");
    chart.getStyler().setXAxisLogarithmic(true);
    TreeSet<String> codecs = new TreeSet<>(Comparator.comparing(Suite::codecOrder));
    for (Map.Entry<String, List<JmhResult>> s : series.entrySet()) {
      TreeMap<Long, JmhResult> points = new TreeMap<>();
      for (JmhResult r : s.getValue()) {
        points.put(sizes.jsonBytes(r.param(Suite.DATASET)), r);
        codecs.add(Workload.codecOf(r));
      }
      addSeries(chart, s.getKey(), new ArrayList<>(points.keySet()), points.values(), true);
    }
    addCeilings(chart, codecs, rows);
    writer.write(PAYLOAD_FILE, "Throughput against the payload size, with the ceiling", chart);
  }

  /** One dashed line per codec: the serial ceiling at each dataset the pipeline was measured on. */
  private void addCeilings(XYChart chart, TreeSet<String> codecs, List<JmhResult> rows) {
    Ceilings ceilings = new Ceilings(results);
    TreeSet<String> datasets = new TreeSet<>(Comparator.comparingLong(sizes::jsonBytes));
    rows.forEach(r -> datasets.add(r.param(Suite.DATASET)));
    for (String codec : codecs) {
      List<Long> x = new ArrayList<>();
      List<Double> y = new ArrayList<>();
      for (String dataset : datasets) {
        OptionalDouble ceiling = ceilings.opsPerSecond(new Workload(dataset, Suite.JSON, codec, threads));
        if (ceiling.isPresent()) {
          x.add(sizes.jsonBytes(dataset));
          y.add(ceiling.getAsDouble() * sizes.jsonBytes(dataset) / 1e6);
        }
      }
      if (x.size() >= 2) {
        XYSeries line = chart.addSeries("ceiling, " + codec, x, y);
        line.setLineStyle(SeriesLines.DASH_DASH);
        line.setMarker(SeriesMarkers.NONE);
      }
    }
  }

  private List<JmhResult> mainRows(Predicate<JmhResult> filter) {
    return results.select(r -> r.className().equals(Suite.PIPELINE)
        && (r.method().equals(Suite.PIPELINE_MAIN) || r.method().equals(Suite.PIPELINE_CLASSIC))
        && r.threads() == threads && r.param(Suite.DATASET) != null
        && sizes.loadable(r.param(Suite.DATASET)) && filter.test(r));
  }

  private double megabytesPerSecond(JmhResult r) {
    return r.opsPerSecond() * sizes.jsonBytes(r.param(Suite.DATASET)) / 1e6;
  }

  /**
   * A series of results in MB/s of JSON at {@code x}, with JMH's error as error bars when {@code
   * errorBars} (not on a logarithmic axis, where a bar reaching below zero has no place).
   */
  private void addSeries(XYChart chart, String name, List<? extends Number> x, Collection<JmhResult> rows,
      boolean errorBars) {
    List<Double> y = new ArrayList<>();
    List<Double> error = new ArrayList<>();
    for (JmhResult r : rows) {
      double megabytes = sizes.jsonBytes(r.param(Suite.DATASET)) / 1e6;
      y.add(r.opsPerSecond() * megabytes);
      error.add(r.errorBar() * megabytes);
    }
    if (errorBars) {
      chart.addSeries(name, x, y, error);
    } else {
      chart.addSeries(name, x, y);
    }
  }

  private static Map<String, List<JmhResult>> withAtLeastTwoPoints(Map<String, List<JmhResult>> series) {
    Map<String, List<JmhResult>> kept = new LinkedHashMap<>();
    for (Map.Entry<String, List<JmhResult>> s : series.entrySet()) {
      if (s.getValue().size() >= 2 && kept.size() < MAX_SERIES) {
        kept.put(s.getKey(), s.getValue());
      }
    }
    return kept;
  }

  /** A logarithmic y axis when the lines lie more than a factor 30 apart; whether it is. */
  private boolean logarithmicIfWide(XYChart chart, Iterable<List<JmhResult>> series) {
    double min = Double.MAX_VALUE;
    double max = 0;
    for (List<JmhResult> rows : series) {
      for (JmhResult r : rows) {
        min = Math.min(min, megabytesPerSecond(r));
        max = Math.max(max, megabytesPerSecond(r));
      }
    }
    boolean logarithmic = min > 0 && max / min > 30;
    chart.getStyler().setYAxisLogarithmic(logarithmic);
    return logarithmic;
  }

  static XYChart xyChart(String title, String xTitle, String yTitle) {
    XYChart chart = new XYChartBuilder().width(ChartWriter.WIDTH).height(ChartWriter.HEIGHT)
        .title(title).xAxisTitle(xTitle).yAxisTitle(yTitle).build();
    chart.getStyler().setLegendPosition(LegendPosition.OutsideE);
    chart.getStyler().setErrorBarsColorSeriesColor(true);
    return chart;
  }

  /**
   * The result with its codec split into an {@code engine} and a {@code level} parameter, so that
   * {@link SeriesGroups} makes one line per engine along the level axis.
   */
  static JmhResult byEngineAndLevel(JmhResult r) {
    Codec codec = Codec.parse(Workload.codecOf(r));
    Map<String, String> params = new LinkedHashMap<>(r.params());
    params.remove(Suite.CODEC);
    params.put(ENGINE, codec.engine());
    params.put(Suite.LEVEL, Integer.toString(codec.level()));
    return new JmhResult(r.benchmark(), r.threads(), params, r.opsPerSecond(), r.errorOpsPerSecond(),
        r.allocBytesPerOp(), r.countersPerOp(), r.run());
  }

  private static boolean isPeople(String dataset) {
    return dataset != null && dataset.startsWith("people-");
  }
}
