package io.github.zipjack.tools.tune;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.BitmapEncoder.BitmapFormat;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.XYSeries.XYSeriesRenderStyle;
import org.knowm.xchart.style.Styler.LegendPosition;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * bench/tune's chart: encoding throughput at one thread (with JMH's error as bars) against the
 * compressed size, one point per setting, zipjack's Pareto front joined by a line, the study's
 * GZIPOutputStream settings marked apart. Up and to the left is better.
 */
final class TuneChart {
  static final String FILE = "tune.png";
  private static final int WIDTH = 960;
  private static final int HEIGHT = 540;

  private TuneChart() {}

  /**
   * Writes {@link #FILE} into {@code dir}, whole or not at all.
   *
   * @throws IOException if it cannot be written
   * @throws RuntimeException or an AWT error when the machine cannot draw (no fonts)
   */
  static Path write(TuneTable table, String title, Path dir) throws IOException {
    XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title)
        .xAxisTitle("compressed size, % of the JSON").yAxisTitle("encode MB/s of JSON, 1 thread").build();
    chart.getStyler().setLegendPosition(LegendPosition.OutsideE);
    chart.getStyler().setDefaultSeriesRenderStyle(XYSeriesRenderStyle.Scatter);
    chart.getStyler().setMarkerSize(10);
    chart.getStyler().setYAxisMin(0.0);
    List<SettingResult> front = new ArrayList<>(table.front());
    front.sort((a, b) -> Double.compare(a.sizePercent(), b.sizePercent()));
    if (front.size() > 1) {
      XYSeries line = chart.addSeries("Pareto front", front.stream().map(SettingResult::sizePercent).toList(),
          front.stream().map(SettingResult::speed).toList());
      line.setXYSeriesRenderStyle(XYSeriesRenderStyle.Line);
      line.setMarker(SeriesMarkers.NONE);
      line.setLineColor(Color.LIGHT_GRAY);
    }
    double labelOffset = 0.03 * table.ranked().stream().mapToDouble(SettingResult::speed)
        .filter(v -> !Double.isNaN(v)).max().orElse(0);
    for (SettingResult r : table.ranked()) {
      if (r.encodeOne() == null) {
        continue;
      }
      double error = Double.isNaN(r.encodeOne().error()) ? 0 : r.encodeOne().error();
      XYSeries point = chart.addSeries(r.setting().study() ? r.setting() + " (study)" : r.setting().toString(),
          new double[] {r.sizePercent()}, new double[] {r.speed()}, new double[] {error});
      if (r.setting().study()) {
        point.setMarker(SeriesMarkers.DIAMOND);
        point.setMarkerColor(r.setting().codec().level() == 1 ? Color.BLACK : Color.GRAY);
      }
      chart.addAnnotation(new AnnotationText(r.setting().toString(), r.sizePercent(), r.speed() + labelOffset, false));
    }
    byte[] png = BitmapEncoder.getBitmapBytes(chart, BitmapFormat.PNG);
    Path file = dir.resolve(FILE);
    Files.write(file, png);
    return file;
  }
}
