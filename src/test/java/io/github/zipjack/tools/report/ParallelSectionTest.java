package io.github.zipjack.tools.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.zipjack.bench.ParallelBodyBenchmark;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The parallel section, from {@code jmh-result-parallel.json}, written by hand in JMH 1.37's format
 * with round figures, every relative error 5% unless said. people-4000, ms per body on one thread:
 * Jackson 8.0, the best gzip-1 of the study (docs/benchmarks.md) 40.0, the zstd-jni stream with 2
 * workers 12.0, zipjack zlib-1 36.0 / 20.0 / 20.4 (1, 2, default threads), zstd-1 20.0 / 10.0 / 10.2. Under load (2
 * callers, ops/s): zlib-1 50 ± 1 serial, 46 ± 1 parallel; zstd-1 100 ± 2, 99 ± 2.
 * people-1 zlib-1: 0.0100 ± 0.0005 serial, 0.0108 ± 0.0002 default.
 * {@link #withGzip1} adds gzip-1 on people-4000 as Java 25 serves it: 14.0 serial (libdeflate),
 * 20.0 on 2 threads (libdeflate blocks past the threshold). {@link #withAfterburner} adds zlib-1 with
 * Afterburner: 30.0 serial, 18.0 on 2 threads.
 */
class ParallelSectionTest {
  private static final String RESOURCE = "/io/github/zipjack/tools/report/jmh-result-parallel.json";
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static ResultSet results;

  @TempDir
  Path dir;

  @BeforeAll
  static void read() throws IOException, URISyntaxException {
    results = new JmhResultReader().read(List.of(
        Path.of(ParallelSectionTest.class.getResource(RESOURCE).toURI())));
  }

  @Test
  void latencyTableListsTheFloorTheOthersCodeAndEachPipelineSetting() {
    MarkdownTable table = new ParallelSection(results).latencyTable("people-4000");

    assertEquals(9, table.rowCount());
    assertEquals("8.00 ± 0.40", table.cell(0, ParallelSection.MILLIS));
    assertEquals("1.00×", table.cell(0, ParallelSection.VS_JACKSON));
    assertEquals("the study's best gzip-1", table.cell(1, ParallelSection.WHAT));
    assertEquals("5.00×", table.cell(1, ParallelSection.VS_JACKSON));
    assertEquals("zipjack zlib-1, serial", table.cell(3, ParallelSection.WHAT));
    assertEquals("zipjack zstd-1, parallel (2 threads)", table.cell(7, ParallelSection.WHAT));
    assertEquals("10.0 ± 0.5", table.cell(7, ParallelSection.MILLIS));
  }

  @Test
  void zipjacksBodiesAreMadeHereWithTheirSizeAndWhatServedThem() {
    MarkdownTable table = new ParallelSection(results).latencyTable("people-4000");

    assertEquals("4,698,777", table.cell(0, ParallelSection.BODY_BYTES));
    assertTrue(table.cell(3, ParallelSection.SERVED_BY).startsWith("gzip(1) via "), table.render());
    assertTrue(table.cell(7, ParallelSection.SERVED_BY).startsWith("zstd(1) via "), table.render());
    long serial = Long.parseLong(table.cell(3, ParallelSection.BODY_BYTES).replace(",", ""));
    long parallel = Long.parseLong(table.cell(4, ParallelSection.BODY_BYTES).replace(",", ""));
    assertTrue(parallel > 0.25 * 4_698_777 && parallel < 1.01 * serial, serial + " serial, " + parallel + " parallel");
  }

  @Test
  void eachPipelineIsSetAgainstTheFloorOfTwoCores() {
    MarkdownTable table = new ParallelSection(results).latencyTable("people-4000");

    assertEquals(Figures.ratio(20.0 / 18), table.cell(4, ParallelSection.VS_FLOOR)); // zlib-1: max(8, 36 / 2)
    assertEquals(Figures.ratio(10.0 / 10), table.cell(7, ParallelSection.VS_FLOOR)); // zstd-1: max(8, 20 / 2)
    assertEquals(MarkdownTable.NONE, table.cell(1, ParallelSection.VS_FLOOR));
  }

  @Test
  void aGzipPipelineOnSeveralThreadsIsSetAgainstItsOwnSerialTime() throws IOException {
    MarkdownTable table = new ParallelSection(withGzip1(), ParallelSectionTest::asOnJava25).latencyTable("people-4000");

    int parallel = TableRows.find(table, Map.of(ParallelSection.WHAT, "zipjack gzip-1, parallel (2 threads)"));
    assertEquals(Figures.ratio(20.0 / 8), table.cell(parallel, ParallelSection.VS_FLOOR)); // libdeflate: max(8, 14 / 2)
    int serial = TableRows.find(table, Map.of(ParallelSection.WHAT, "zipjack gzip-1, serial"));
    assertEquals(Figures.ratio(14.0 / 8), table.cell(serial, ParallelSection.VS_FLOOR));
  }

  @Test
  void theHeadlineIsPeople4000() {
    assertEquals(ParallelSection.HEADLINE, new ParallelSection(results).headline());
  }



  @Test
  void pipelinesWithAfterburnerHaveRowsOfTheirOwnSetAgainstTheirOwnSerialFloor() throws IOException {
    MarkdownTable table = new ParallelSection(withAfterburner()).latencyTable("people-4000");

    int serial = TableRows.find(table, Map.of(ParallelSection.WHAT, "zipjack zlib-1 with Afterburner, serial"));
    assertEquals("30.0 ± 1.5", table.cell(serial, ParallelSection.MILLIS));
    int parallel = TableRows.find(table,
        Map.of(ParallelSection.WHAT, "zipjack zlib-1 with Afterburner, parallel (2 threads)"));
    assertEquals(Figures.ratio(18.0 / 15), table.cell(parallel, ParallelSection.VS_FLOOR)); // max(8, 30 / 2)
    assertEquals(9 + 2, table.rowCount());
  }




  @Test
  void theStockDatasetHasALatencyTableOfItsOwn() throws IOException {
    ResultSet withStock = withRows(row -> {
      String benchmark = row.path("benchmark").asText();
      boolean latency = benchmark.endsWith(".encodeToBody") || benchmark.endsWith(".jacksonAlone")
          || benchmark.endsWith(".zstdWorkers") || benchmark.endsWith(".studyBestGzip");
      if (latency && row.path("params").path("dataset").asText().equals("people-4000")) {
        return List.of(row, renamed(row, ParallelSection.SECOND, row.path("params").path("codec").asText(null),
            row.path("primaryMetric").path("score").asDouble()));
      }
      return List.of(row);
    });
    ReportDocument doc = new ReportDocument();

    new ParallelSection(withStock).appendTo(doc, new ChartWriter(dir, doc));

    assertEquals(List.of("people-4000", "stock-16000"), new ParallelSection(withStock).latencyDatasets());
    assertTrue(doc.markdown().contains("### One body of stock-16000 (4.7 MB of JSON)"), doc.markdown());
  }

  @Test
  void theTargetsAreLeftToPairedRoundsAndNoVerdictIsTakenFromSingleForks() throws IOException {
    ReportDocument doc = new ReportDocument();

    new ParallelSection(results).appendTo(doc, new ChartWriter(dir, doc));

    String targets = doc.markdown().substring(doc.markdown().indexOf("### Targets"));
    assertTrue(targets.startsWith("### Targets\n\n" + ParallelSection.TARGETS_IN_PAIRED_ROUNDS), targets);
    assertFalse(doc.markdown().contains("| " + TargetSection.HOLDS), doc.markdown());
    assertFalse(doc.markdown().contains("× ±"), doc.markdown());
  }

  private static boolean isRow(JsonNode row, String method, String dataset, String codec, String threads) {
    JsonNode params = row.path("params");
    return row.path("benchmark").asText().endsWith(method) && params.path("dataset").asText().equals(dataset)
        && params.path("codec").asText().equals(codec) && params.path("compressionThreads").asText().equals(threads);
  }

  /** A copy of {@code row} on {@code dataset} with {@code codec} (none when null) scoring {@code score}, error 5%. */
  private static JsonNode renamed(JsonNode row, String dataset, String codec, double score) {
    ObjectNode copy = row.deepCopy();
    ObjectNode params = (ObjectNode) copy.path("params");
    params.put("dataset", dataset);
    if (codec != null) {
      params.put("codec", codec);
    }
    ((ObjectNode) copy.path("primaryMetric")).put("score", score).put("scoreError", score * 0.05);
    return copy;
  }

  /** The fixture with each row replaced by what {@code edit} makes of it. */
  private ResultSet withRows(java.util.function.Function<JsonNode, List<JsonNode>> edit) throws IOException {
    ArrayNode rows = (ArrayNode) MAPPER.readTree(ParallelSectionTest.class.getResource(RESOURCE));
    ArrayNode written = MAPPER.createArrayNode();
    for (JsonNode row : rows) {
      edit.apply(row).forEach(written::add);
    }
    Path file = dir.resolve("jmh-result-parallel-edited.json");
    MAPPER.writeValue(file.toFile(), written);
    return new JmhResultReader().read(List.of(file));
  }


  @Test
  void sweepHasOneRowPerDatasetSmallestFirstAndOneColumnPerSetting() {
    MarkdownTable table = new ParallelSection(results).sweepTable();

    assertEquals(List.of("people-1", "people-100", "people-860", "people-4000"),
        List.of(table.cell(0, ParallelSection.DATASET), table.cell(1, ParallelSection.DATASET),
            table.cell(2, ParallelSection.DATASET), table.cell(3, ParallelSection.DATASET)));
    assertEquals("1,062", table.cell(0, ParallelSection.JSON_BYTES));
    assertEquals(MarkdownTable.NONE, table.cell(0, ParallelSection.JACKSON));
    assertEquals("0.0108 ± 0.0002", table.cell(0, "zlib-1 default settings"));
    assertEquals("20.0 ± 1.0", table.cell(3, "zlib-1 parallel (2 threads)"));
    assertEquals(3 + 6, table.headers().size());
  }

  @Test
  void theChartIsDrawnAndLinked() throws IOException {
    ReportDocument doc = new ReportDocument();

    new ParallelSection(results).appendTo(doc, new ChartWriter(dir, doc));

    assertTrue(Files.size(dir.resolve(ParallelChart.FILE)) > 2_000);
    assertTrue(doc.markdown().contains("](" + ParallelChart.FILE + ")"), doc.markdown());
    assertTrue(doc.markdown().contains("### One body of people-4000 (4.7 MB of JSON)"), doc.markdown());
    assertFalse(doc.markdown().contains("> "), doc.markdown());
  }

  @Test
  void aRunWithoutTheBenchmarkSaysSoWithoutANoteAndRemovesAnOldChart() throws IOException {
    Files.writeString(dir.resolve(ParallelChart.FILE), "an earlier report's chart");
    ReportDocument doc = new ReportDocument();

    new ParallelSection(new JmhResultReader().read(List.of())).appendTo(doc, new ChartWriter(dir, doc));

    assertTrue(doc.markdown().contains("Not measured"), doc.markdown());
    assertFalse(doc.markdown().contains("> "), doc.markdown());
    assertFalse(Files.exists(dir.resolve(ParallelChart.FILE)));
  }

  @Test
  void aReportWrittenOnAnotherJdkThanTheRunsSaysWhichJdkMadeItsBodies() throws IOException {
    ReportDocument doc = new ReportDocument();

    new ParallelSection(results, bodiesMadeOn(17)).appendTo(doc, new ChartWriter(dir, doc));

    assertTrue(doc.markdown().contains("made while this report was written, on JDK 17, while the runs used JDK [25]"),
        doc.markdown());
  }

  @Test
  void aReportWrittenOnTheRunsJdkSaysNothingOfIt() throws IOException {
    ReportDocument doc = new ReportDocument();

    new ParallelSection(results, bodiesMadeOn(25)).appendTo(doc, new ChartWriter(dir, doc));

    assertFalse(doc.markdown().contains("made while this report was written"), doc.markdown());
  }

  /** Bodies as {@link #asOnJava25} has them, said to be made on Java {@code feature} (the fixture ran on 25.0.3). */
  private static ParallelSection.BodyMaker bodiesMadeOn(int feature) {
    return new ParallelSection.BodyMaker() {
      @Override
      public ParallelBodyBenchmark.Compressed make(String dataset, String codec, String threads) {
        return asOnJava25(dataset, codec, threads);
      }

      @Override
      public int jdkFeature() {
        return feature;
      }
    };
  }

  /** The fixture with gzip-1 on people-4000 at 14.0 ± 0.7 ms serial and 20.0 ± 1.0 on 2 threads. */
  private ResultSet withGzip1() throws IOException {
    ArrayNode rows = (ArrayNode) MAPPER.readTree(ParallelSectionTest.class.getResource(RESOURCE));
    ArrayNode written = MAPPER.createArrayNode();
    for (JsonNode row : rows) {
      JsonNode params = row.path("params");
      boolean zlib1Serial4000 = row.path("benchmark").asText().endsWith(".encodeToBody")
          && params.path("dataset").asText().equals("people-4000") && params.path("codec").asText().equals("zlib-1")
          && params.path("compressionThreads").asText().equals("1");
      if (zlib1Serial4000) {
        written.add(gzip1(row, "1", 14.0));
        written.add(gzip1(row, "2", 20.0));
      }
      written.add(row);
    }
    Path file = dir.resolve("jmh-result-parallel-gzip.json");
    MAPPER.writeValue(file.toFile(), written);
    return new JmhResultReader().read(List.of(file));
  }

  /** The fixture with encodeToBodyWithAfterburner, zlib-1 on people-4000: 30.0 ± 1.5 ms serial, 18.0 ± 0.9 on 2 threads. */
  private ResultSet withAfterburner() throws IOException {
    ArrayNode rows = (ArrayNode) MAPPER.readTree(ParallelSectionTest.class.getResource(RESOURCE));
    ArrayNode written = rows.deepCopy();
    for (JsonNode row : rows) {
      JsonNode params = row.path("params");
      if (row.path("benchmark").asText().endsWith(".encodeToBody") && params.path("dataset").asText().equals("people-4000")
          && params.path("codec").asText().equals("zlib-1")) {
        String threads = params.path("compressionThreads").asText();
        if (threads.equals("1") || threads.equals("2")) {
          ObjectNode copy = row.deepCopy();
          copy.put("benchmark", row.path("benchmark").asText() + "WithAfterburner");
          ObjectNode copied = (ObjectNode) copy.path("params");
          copied.remove(List.of("codec", "compressionThreads"));
          copied.put("afterburnerCodec", "zlib-1").put("afterburnerThreads", threads);
          double millis = threads.equals("1") ? 30.0 : 18.0;
          ((ObjectNode) copy.path("primaryMetric")).put("score", millis).put("scoreError", millis * 0.05);
          written.add(copy);
        }
      }
    }
    Path file = dir.resolve("jmh-result-parallel-afterburner.json");
    MAPPER.writeValue(file.toFile(), written);
    return new JmhResultReader().read(List.of(file));
  }

  private static ObjectNode gzip1(JsonNode zlib1Row, String threads, double millis) {
    ObjectNode row = zlib1Row.deepCopy();
    ((ObjectNode) row.path("params")).put("codec", "gzip-1").put("compressionThreads", threads);
    ((ObjectNode) row.path("primaryMetric")).put("score", millis).put("scoreError", millis * 0.05);
    return row;
  }

  /** The bodies' implementations as Java 25 with libdeflate has them (ParallelGzipTest checks the wording). */
  private static ParallelBodyBenchmark.Compressed asOnJava25(String dataset, String codec, String threads) {
    String implementation = switch (codec) {
      case "gzip-1" -> "gzip(1) via libdeflate"
          + ("1".equals(threads) ? "" : "; past 262144 bytes while a core is idle, in libdeflate blocks on 2 threads");
      case "zlib-1" -> "gzip(1) via JDK zlib";
      default -> "zstd(1) via zstd-jni";
    };
    return new ParallelBodyBenchmark.Compressed(1_000_000, implementation);
  }
}
