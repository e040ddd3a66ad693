package io.github.zipjack.tools.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.XYStyler;

/** Every chart of JMH scores draws JMH's error as error bars, in the scale of its points. */
class ErrorBarsTest {

  @TempDir
  Path dir;

  private ChartWriter charts() {
    return new ChartWriter(dir, new ReportDocument());
  }

  @Test
  void theEngineChartsPointsCarryJmhsErrorInOpsPerSecond() throws IOException {
    ResultSet results = new JmhResultReader().read(List.of(Fixtures.engines()));
    ChartWriter charts = charts();
    try (PayloadSizes sizes = new PayloadSizes()) {
      new EngineChart(results, new EngineResults(results, sizes), charts).write();
    }

    Chart<?, ?> chart = charts.written(EngineChart.FILE);
    assertNotNull(chart);
    for (Object value : chart.getSeriesCollection()) {
      XYSeries series = (XYSeries) value;
      assertHasErrorBars(series.getName(), series.getYData(), series.getExtraValues());
    }
  }

  @Test
  void theStudysOptimizationsChartDrawsRatiosWithoutJmhsErrorAsTheirs() throws IOException {
    ChartWriter charts = charts();
    try (PayloadSizes sizes = new PayloadSizes()) {
      new StudyCharts(Fixtures.read(), sizes, charts).write();
    }

    Chart<?, ?> chart = charts.written(StudyCharts.OPTIMIZATIONS_FILE);
    assertNotNull(chart, "the optimizations chart is drawn from these results");
    for (Object value : chart.getSeriesCollection()) {
      assertNull(((CategorySeries) value).getExtraValues(), ((CategorySeries) value).getName());
    }
  }

  @Test
  void theStudyAndPipelineChartsOfScoresCarryJmhsError() throws IOException {
    ResultSet results = Fixtures.read();
    ChartWriter charts = charts();
    try (PayloadSizes sizes = new PayloadSizes()) {
      new StudyCharts(results, sizes, charts).write();
      new PipelineCharts(results, sizes, charts).write();
    }

    int checked = 0;
    for (String file : List.of(StudyCharts.LEVELS_FILE, PipelineCharts.LEVEL_FILE, PipelineCharts.PAYLOAD_FILE)) {
      Chart<?, ?> chart = charts.written(file);
      if (chart == null || chart.getStyler() instanceof XYStyler styler && styler.isYAxisLogarithmic()) {
        continue; // not drawn from these results, or on a logarithmic axis, which has no room for error bars
      }
      for (Object value : chart.getSeriesCollection()) {
        if (value instanceof XYSeries series && !series.getName().startsWith("ceiling")) {
          assertHasErrorBars(file + " " + series.getName(), series.getYData(), series.getExtraValues());
          checked++;
        } else if (value instanceof CategorySeries series) {
          assertHasErrorBars(file + " " + series.getName(), series.getYData(), series.getExtraValues());
          checked++;
        }
      }
    }
    assertTrue(checked > 0, "no chart of the recorded results was drawn");
  }

  private static void assertHasErrorBars(String name, double[] y, double[] errors) {
    assertNotNull(errors, name + " has no error bars");
    assertEquals(y.length, errors.length, name);
    for (int i = 0; i < y.length; i++) {
      assertTrue(errors[i] >= 0 && Double.isFinite(errors[i]), name + ": error " + errors[i] + " for " + y[i]);
    }
    assertFalse(Arrays.stream(errors).allMatch(e -> e == 0), name + ": every error is 0");
  }
}
