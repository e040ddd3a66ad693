package io.github.zipjack.tools.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SeriesGroupsTest {

  private static JmhResult result(String method, String dataset, String level) {
    Map<String, String> params = new LinkedHashMap<>();
    params.put("dataset", dataset);
    params.put("format", "JSON");
    params.put("level", level);
    return new JmhResult("io.github.zipjack.bench.PipelineBenchmark." + method, 1, params, 100, 1, 1, Map.of(),
        new JmhResult.RunSettings("1.37", "17", "vm", "17", 1, "1 x 1 s", "1 x 1 s"));
  }

  @Test
  void seriesAreLabelledByWhatDiffersBetweenThemOnly() {
    List<JmhResult> rows = List.of(
        result("encodeToBody", "people-1", "1"), result("encodeToBody", "people-100", "1"),
        result("classicStream", "people-1", "1"), result("classicStream", "people-100", "1"),
        result("encodeToBody", "people-1", "6"), result("encodeToBody", "people-100", "6"));

    Map<String, List<JmhResult>> series = SeriesGroups.split(rows, "dataset", "zipjack");

    assertEquals(List.of("encodeToBody, level=1", "classicStream, level=1", "encodeToBody, level=6"),
        List.copyOf(series.keySet()));
    assertEquals(2, series.get("classicStream, level=1").size());
  }

  @Test
  void theOnlySeriesGetsTheFallbackLabel() {
    List<JmhResult> rows = List.of(result("encodeToBody", "people-1", "1"), result("encodeToBody", "people-10", "1"));

    assertEquals(List.of("zipjack"), List.copyOf(SeriesGroups.split(rows, "dataset", "zipjack").keySet()));
  }
}
