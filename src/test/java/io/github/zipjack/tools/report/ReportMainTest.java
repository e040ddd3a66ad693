package io.github.zipjack.tools.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.zipjack.Compression;
import io.github.zipjack.Format;
import io.github.zipjack.GzipImplementation;
import io.github.zipjack.Pipeline;
import io.github.zipjack.data.Datasets;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The whole report, written from the recorded run and from parts of it, as ReportMain writes it. */
class ReportMainTest {

  private static final List<String> RESULT_CHARTS = List.of(StudyCharts.LEVELS_FILE,
      StudyCharts.OPTIMIZATIONS_FILE, PipelineCharts.LEVEL_FILE, PipelineCharts.PAYLOAD_FILE, EngineChart.FILE);
  private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

  @TempDir
  Path dir;

  private static void assertPng(Path file) throws IOException {
    assertTrue(Files.isRegularFile(file), file + " missing");
    assertTrue(Files.size(file) > 2_000, file + " has only " + Files.size(file) + " bytes");
    try (InputStream in = Files.newInputStream(file)) {
      assertArrayEquals(PNG_SIGNATURE, in.readNBytes(PNG_SIGNATURE.length), file + " is not a PNG");
    }
  }

  @Test
  void theRecordedRunGivesTheReportWithEveryTableAndChart() throws IOException {
    Path out = dir.resolve("report");

    ReportDocument doc = ReportMain.run(List.of(Fixtures.recorded()), out);

    String markdown = Files.readString(out.resolve(Report.FILE_NAME));
    assertEquals(doc.markdown(), markdown);
    for (String heading : List.of("## Engines", "### Targets", "## Key figures", "## The study's conclusions, checked", "### SeedBenchmark",
        "### PipelineBenchmark", "### CeilingBenchmark", "### DecodeBenchmark", "## The ceiling",
        "### The study's table (JSON)", "### JSON and MessagePack", "### Compressed size per level")) {
      assertTrue(markdown.contains(heading), heading + " missing from\n" + markdown);
    }
    for (String chart : RESULT_CHARTS) {
      assertPng(out.resolve(chart));
      assertTrue(markdown.contains("](" + chart + ")"), chart + " not linked");
    }
    assertPng(out.resolve(SizeChart.FILE));
    assertFalse(markdown.contains("> "), "no part should be skipped:\n" + markdown);
    assertFalse(doc.console().contains("!["), "the terminal gets no image links");
  }

  @Test
  void withoutCeilingBenchmarkTheCeilingPartsAreSkippedWithNotesAndTheRestIsWritten() throws IOException {
    Path results = Fixtures.without(dir, "no-ceiling.json", Fixtures.benchmarkContains("CeilingBenchmark"));
    Path out = dir.resolve("report");

    String markdown = ReportMain.run(List.of(results), out).markdown();

    assertTrue(markdown.contains("> No ceiling table"), markdown);
    assertTrue(markdown.contains("> No × ceiling column"), markdown);
    ThroughputSection throughput = new ThroughputSection(new JmhResultReader().read(List.of(results)));
    assertFalse(throughput.table("PipelineBenchmark").headers().contains(ThroughputSection.VS_CEILING));
    assertTrue(markdown.contains("### SeedBenchmark"));
    for (String chart : RESULT_CHARTS) {
      assertPng(out.resolve(chart));
    }
  }

  @Test
  void withoutSeedBenchmarkTheStudysPartsAreSkippedWithNotes() throws IOException {
    Path results = Fixtures.without(dir, "no-seed.json", Fixtures.benchmarkContains("SeedBenchmark"));
    Path out = dir.resolve("report");

    String markdown = ReportMain.run(List.of(results), out).markdown();

    assertTrue(markdown.contains("> No key figures"), markdown);
    assertTrue(markdown.contains("> No level comparison"), markdown);
    assertTrue(markdown.contains("> Chart seed-levels.png skipped"), markdown);
    assertFalse(Files.exists(out.resolve(StudyCharts.LEVELS_FILE)));
    assertPng(out.resolve(PipelineCharts.PAYLOAD_FILE));
  }

  @Test
  void anEmptyResultFileGivesNotesAndTheSizesAndRemovesChartsOfAnEarlierReport() throws IOException {
    Path out = dir.resolve("report");
    ReportMain.run(List.of(Fixtures.recorded()), out);
    Path empty = Files.writeString(dir.resolve("empty.json"), "[]");

    String markdown = ReportMain.run(List.of(empty), out).markdown();

    assertTrue(markdown.contains("> The result file holds no throughput results."), markdown);
    for (String chart : RESULT_CHARTS) {
      assertTrue(markdown.contains("> Chart " + chart + " skipped"), chart);
      assertFalse(Files.exists(out.resolve(chart)), chart + " of the earlier report is still there");
    }
    assertTrue(markdown.contains("### The study's table (JSON)"));
    assertPng(out.resolve(SizeChart.FILE));
  }

  @Test
  void sizesAreWhatThePipelineMakesOfTheBundledDatasetsNow() throws IOException {
    Object people = Datasets.load("people-100").value();
    int raw;
    int gzip6;
    try (Pipeline none = Pipeline.builder().compression(Compression.none()).build();
        Pipeline six = Pipeline.builder().compression(Compression.gzip(6, GzipImplementation.ZLIB)).build()) {
      raw = none.encode(people).length;
      gzip6 = six.encode(people).length;
    }
    int msgpack;
    try (Pipeline plainMsgpack = Pipeline.builder().format(Format.MSGPACK).compression(Compression.none()).build()) {
      msgpack = plainMsgpack.encode(people).length;
    }

    try (PayloadSizes sizes = new PayloadSizes()) {
      SizeSection section = new SizeSection(sizes, Suite.BUNDLED_DATASETS);
      MarkdownTable study = section.studyTable();
      Map<String, String> x1 = Map.of("payload", "x1 (people-100)");
      assertEquals(Figures.kib(raw), TableRows.cell(study, x1, "raw KiB"));
      assertEquals(Figures.kib(gzip6), TableRows.cell(study, x1, "gzip 6 KiB"));
      assertEquals(Figures.percent(gzip6, raw), TableRows.cell(study, x1, "gzip 6 %"));
      MarkdownTable formats = section.formatTable(List.of("people-100"));
      assertEquals(Figures.bytes(msgpack) + " (" + Figures.percent(msgpack, raw) + ")",
          TableRows.cell(formats, Map.of("dataset", "people-100"), "MessagePack"));
    }
  }

  @Test
  void severalResultFilesAreReportedTogetherAndSavedAsOne() throws IOException {
    Path oneThread = Fixtures.without(dir, "t1.json", r -> r.path("threads").asInt() != 1);
    Path twoThreads = Fixtures.without(dir, "t2.json", r -> r.path("threads").asInt() != 2);
    Path out = dir.resolve("report");

    String markdown = ReportMain.run(List.of(oneThread, twoThreads), out).markdown();

    assertTrue(markdown.contains("Results: t1.json, t2.json"), markdown);
    ObjectMapper mapper = new ObjectMapper();
    int recorded = mapper.readTree(Fixtures.recorded().toFile()).size();
    assertEquals(recorded, mapper.readTree(out.resolve(ReportMain.MERGED_FILE).toFile()).size());
    assertEquals(Fixtures.read().all(),
        new JmhResultReader().read(List.of(out.resolve(ReportMain.MERGED_FILE))).all());
  }

  @Test
  void aFileThatIsNotJmhOutputFailsWithItsNameAndWritesNothing() throws IOException {
    Path notJmh = Files.writeString(dir.resolve("notes.json"), "{\"benchmark\": 1}");
    Path out = dir.resolve("report");

    IOException e = assertThrows(IOException.class, () -> ReportMain.run(List.of(notJmh), out));

    assertTrue(e.getMessage().contains("notes.json"), e.getMessage());
    assertFalse(Files.exists(out.resolve(Report.FILE_NAME)));
    assertTrue(RESULT_CHARTS.stream().noneMatch(chart -> Files.exists(out.resolve(chart))));
  }
}
