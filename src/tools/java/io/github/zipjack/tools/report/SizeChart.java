package io.github.zipjack.tools.report;

import io.github.zipjack.Format;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.XYChart;

/**
 * Compressed size against the gzip level for each dataset and format, as a share of the
 * uncompressed size. Measured while the report is written (see {@link PayloadSizes}), so it is
 * drawn whatever the result file holds.
 */
final class SizeChart {

  static final String FILE = "size-vs-level.png";

  private final PayloadSizes sizes;
  private final ChartWriter writer;

  SizeChart(PayloadSizes sizes, ChartWriter writer) {
    this.sizes = sizes;
    this.writer = writer;
  }

  /** @param datasets datasets that {@link PayloadSizes} can load */
  void write(List<String> datasets) throws IOException {
    if (datasets.isEmpty()) {
      writer.skip(FILE, "no dataset could be loaded.");
      return;
    }
    XYChart chart = PipelineCharts.xyChart("Compressed size against the gzip level (JDK zlib)",
        "gzip level", "% of the uncompressed size");
    List<String> levels = PayloadSizes.ZLIB_LEVELS.subList(1, PayloadSizes.ZLIB_LEVELS.size()); // 1 to 9
    for (String dataset : datasets) {
      for (Format format : Format.values()) {
        long raw = sizes.bytes(dataset, format, Suite.NO_COMPRESSION);
        List<Integer> x = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        for (String level : levels) {
          x.add(Integer.parseInt(level.substring(level.indexOf('-') + 1)));
          y.add(100.0 * sizes.bytes(dataset, format, level) / raw);
        }
        chart.addSeries(dataset + " " + format.name(), x, y);
      }
    }
    writer.write(FILE, "Compressed size against the gzip level", chart);
  }
}
