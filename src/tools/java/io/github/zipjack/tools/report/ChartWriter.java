package io.github.zipjack.tools.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.BitmapEncoder.BitmapFormat;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * Draws charts as PNG files into the report directory and links them from the document. A chart
 * that cannot be drawn (no fonts on a bare server, say) becomes a note, not a failed report.
 */
final class ChartWriter {

  static final int WIDTH = 960;
  static final int HEIGHT = 540;

  private final Path outDir;
  private final ReportDocument doc;
  /** The charts written, by file name, for the tests that look at what they plot. */
  private final Map<String, Chart<?, ?>> written = new LinkedHashMap<>();

  ChartWriter(Path outDir, ReportDocument doc) {
    this.outDir = outDir;
    this.doc = doc;
  }

  /**
   * Renders the chart in memory, then writes {@code fileName}: a file is either complete or absent.
   */
  void write(String fileName, String title, Chart<?, ?> chart) throws IOException {
    byte[] png;
    try {
      png = BitmapEncoder.getBitmapBytes(chart, BitmapFormat.PNG);
    } catch (RuntimeException | LinkageError | InternalError e) {
      // AWT reports a missing font system with errors (UnsatisfiedLinkError, InternalError),
      // which say nothing about the data; the rest of the report is still worth having.
      doc.note("Chart " + fileName + " not drawn: " + e);
      Files.deleteIfExists(outDir.resolve(fileName));
      return;
    }
    Files.write(outDir.resolve(fileName), png);
    doc.image(fileName, title);
    written.put(fileName, chart);
  }

  /** The chart written to {@code fileName}, or null. */
  Chart<?, ?> written(String fileName) {
    return written.get(fileName);
  }

  /** Deletes the file an earlier report may have left, without a note: for a chart whose section was not measured. */
  void remove(String fileName) throws IOException {
    Files.deleteIfExists(outDir.resolve(fileName));
  }

  /**
   * Leaves a chart out with the reason, such as the benchmarks it needs, and deletes the file an
   * earlier report may have left, so no chart of other results sits beside this report.
   */
  void skip(String fileName, String reason) throws IOException {
    doc.note("Chart " + fileName + " skipped: " + reason);
    Files.deleteIfExists(outDir.resolve(fileName));
  }
}
