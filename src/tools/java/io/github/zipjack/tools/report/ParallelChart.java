package io.github.zipjack.tools.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.XYSeries.XYSeriesRenderStyle;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Latency of one body against its size, from ParallelBodyBenchmark at one caller thread, both axes
 * logarithmic: Jackson alone (the floor, black), and zipjack's encodeToBody per codec (one colour
 * each), serial as a solid line, parallel dashed, default settings dotted. A line needs two sizes or
 * more; a dataset whose size cannot be known here is left out.
 */
final class ParallelChart {

  static final String FILE = "parallel-latency-vs-size.png";
  static final String TITLE = "Latency of one body against its size, serial and parallel";
  /** One colour per codec, in the order tables list codecs; repeats past the last. */
  private static final Color[] COLORS = {new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c),
      new Color(0x9467bd), new Color(0xff7f0e), new Color(0x8c564b)};

  private final ParallelResults results;
  private final Function<String, OptionalLong> jsonBytes;
  private final ChartWriter writer;

  ParallelChart(ParallelResults results, Function<String, OptionalLong> jsonBytes, ChartWriter writer) {
    this.results = results;
    this.jsonBytes = jsonBytes;
    this.writer = writer;
  }

  void write() throws IOException {
    XYChart chart = PipelineCharts.xyChart(TITLE + " (1 caller thread)", "body, bytes of JSON (log)",
        "ms per body (log)");
    chart.getStyler().setXAxisLogarithmic(true);
    chart.getStyler().setYAxisLogarithmic(true);
    chart.getStyler().setDefaultSeriesRenderStyle(XYSeriesRenderStyle.Line);
    int lines = 0;
    List<String> datasets = results.datasets(ParallelResults.ENCODE);
    List<String> codecs = results.codecs(ParallelResults.ENCODE);
    for (int c = 0; c < codecs.size(); c++) {
      for (String threads : results.threadSettings(ParallelResults.ENCODE)) {
        String codec = codecs.get(c);
        Optional<XYSeries> line = addLine(chart, ParallelSection.seriesName(codec, threads), datasets,
            d -> results.encode(d, codec, threads));
        if (line.isPresent()) {
          style(line.get(), COLORS[c % COLORS.length], threads);
          lines++;
        }
      }
    }
    Optional<XYSeries> floor = addLine(chart, ParallelSection.JACKSON + " (the floor)",
        results.datasets(ParallelResults.JACKSON_ALONE), d -> results.latency(d, ParallelResults.JACKSON_ALONE));
    floor.ifPresent(line -> {
      line.setLineColor(Color.BLACK);
      line.setMarkerColor(Color.BLACK);
      line.setLineStyle(new BasicStroke(3f));
    });
    if (lines == 0) {
      writer.skip(FILE, "needs " + ParallelResults.CLASS + "." + ParallelResults.ENCODE
          + " on two or more datasets whose sizes are known here.");
      return;
    }
    writer.write(FILE, TITLE, chart);
  }

  /** A line through the datasets with a result and a known size, smallest first; empty below two points. */
  private Optional<XYSeries> addLine(XYChart chart, String name, List<String> datasets,
      Function<String, Optional<JmhResult>> result) {
    List<double[]> points = new ArrayList<>();
    for (String dataset : datasets) {
      OptionalLong bytes = jsonBytes.apply(dataset);
      Optional<JmhResult> r = result.apply(dataset);
      if (bytes.isPresent() && r.isPresent()) {
        points.add(new double[] {bytes.getAsLong(), ParallelResults.millis(r.get())});
      }
    }
    if (points.size() < 2) {
      return Optional.empty();
    }
    points.sort((a, b) -> Double.compare(a[0], b[0]));
    List<Double> x = new ArrayList<>();
    List<Double> y = new ArrayList<>();
    points.forEach(p -> {
      x.add(p[0]);
      y.add(p[1]);
    });
    return Optional.of(chart.addSeries(name, x, y));
  }

  private static void style(XYSeries line, Color color, String threads) {
    line.setLineColor(color);
    line.setMarkerColor(color);
    if (ParallelResults.SERIAL_THREADS.equals(threads)) {
      line.setLineStyle(SeriesLines.SOLID);
      line.setMarker(SeriesMarkers.CIRCLE);
    } else if (ParallelResults.DEFAULT_THREADS.equals(threads)) {
      line.setLineStyle(SeriesLines.DOT_DOT);
      line.setMarker(SeriesMarkers.TRIANGLE_UP);
    } else {
      line.setLineStyle(SeriesLines.DASH_DASH);
      line.setMarker(SeriesMarkers.DIAMOND);
    }
  }
}
