package io.github.zipjack.tools.report;

import static io.github.zipjack.tools.report.TargetSection.FIGURE;
import static io.github.zipjack.tools.report.TargetSection.HOLDS;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.Compression;
import io.github.zipjack.GzipImplementation;
import io.github.zipjack.Pipeline;
import io.github.zipjack.data.Datasets;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine table, its targets and its chart, from {@code jmh-result-engines.json}. Expected
 * figures are worked out by hand from the scores in that file (quoted in each test); sizes are
 * encoded by the test itself, the way the report encodes them. "The study's best" is the study's
 * best configuration (docs/benchmarks.md).
 */
class EngineSectionTest {

  private static ResultSet results;
  private static PayloadSizes sizes;

  @TempDir
  Path dir;

  @BeforeAll
  static void readEngineRun() throws IOException {
    results = new JmhResultReader().read(List.of(Fixtures.engines()));
    sizes = new PayloadSizes();
  }

  @AfterAll
  static void closeSizes() {
    sizes.close();
  }

  private static MarkdownTable engineTable() {
    return new EngineSection(results, sizes).table();
  }

  private static MarkdownTable targets() {
    return new TargetSection(new EngineResults(results, sizes)).table();
  }

  private static Map<String, String> x1(String codec) {
    return Map.of("dataset", "people-100", "threads", "1", "codec", codec);
  }

  private static String target(String name, String column) {
    return TableRows.cell(targets(), Map.of(TargetSection.TARGET, name), column);
  }

  private static int encodedSize(Compression compression) {
    try (Pipeline pipeline = Pipeline.builder().compression(compression).build()) {
      return pipeline.encode(Datasets.load("people-100").value()).length;
    }
  }

  @Test
  void everyEngineAndLevelHasARowWithItsScoreSizeAndAllocation() {
    MarkdownTable table = engineTable();

    // 9 codecs on x1 at 1 thread, 3 on people-1, 2 at 2 threads; BLACKBIRD is not a default setting.
    assertEquals(14, table.rowCount());
    assertEquals("2,500 ± 100", TableRows.cell(table, x1("zstd-1"), EngineSection.SCORE));
    assertEquals("69,800", TableRows.cell(table, x1("zstd-1"), EngineSection.ALLOC));
    // 69,800 - serializeOnly's 69,000
    assertEquals("+800", TableRows.cell(table, x1("zstd-1"), EngineSection.BEYOND_JACKSON));
  }

  @Test
  void noThroughputIsDividedByAnotherFromSingleForks() {
    assertEquals(List.of("dataset", "format", "threads", EngineSection.CODEC, EngineSection.SCORE,
        EngineSection.SIZE, EngineSection.ALLOC, EngineSection.BEYOND_JACKSON), engineTable().headers());
  }

  @Test
  void sizesAreThoseZipjackMakesWithTheSameCodec() {
    int raw = encodedSize(Compression.none());
    MarkdownTable table = engineTable();

    assertEquals(EngineSection.percent((double) encodedSize(Compression.zstd(1)) / raw),
        TableRows.cell(table, x1("zstd-1"), EngineSection.SIZE));
    assertEquals(EngineSection.percent((double) encodedSize(Compression.gzip(6, GzipImplementation.ZLIB)) / raw),
        TableRows.cell(table, x1("zlib-6"), EngineSection.SIZE));
    assertEquals("100.0%", TableRows.cell(table, x1("none"), EngineSection.SIZE));
    String libdeflate = TableRows.cell(table, x1("libdeflate-1"), EngineSection.SIZE);
    if (Runtime.version().feature() >= 25) {
      assertEquals(EngineSection.percent(
          (double) encodedSize(Compression.gzip(1, GzipImplementation.LIBDEFLATE)) / raw), libdeflate);
    } else {
      assertEquals(MarkdownTable.NONE, libdeflate, "libdeflate cannot encode before Java 25");
    }
  }

  @Test
  void allocationTargetsAreMeasuredInThisJvm() {
    // measured in this JVM by AllocationProbe, not taken from the fixture's gc figures
    assertTrue(target("zstd-1 allocation beyond Jackson's, B/body (in one JVM)", FIGURE).matches("[+-]\\d{1,3}"));
    assertEquals("yes", target("zstd-1 allocation beyond Jackson's, B/body (in one JVM)", HOLDS));
    assertEquals("yes", target("brotli-5 allocation beyond Jackson's, B/body (in one JVM)", HOLDS));
  }

  @Test
  void speedTargetsAreNotJudgedFromSingleForks() {
    MarkdownTable table = targets();
    for (int row = 0; row < table.rowCount(); row++) {
      String name = table.cell(row, TargetSection.TARGET);
      assertTrue(name.contains(" size × ") || name.contains("allocation"), "only exact targets here: " + name);
    }
    assertTrue(TargetSection.PAIRED_NOTE.contains("Engine targets in paired rounds"), TargetSection.PAIRED_NOTE);
  }

  @Test
  void sizeTargetsCompareWithTheStudysZlibOutput() {
    double zstd = (double) encodedSize(Compression.zstd(1)) / encodedSize(Compression.gzip(1, GzipImplementation.ZLIB));
    assertEquals(String.format(Locale.ROOT, "%.3f×", zstd), target("zstd-1 size × study's level-1 size", FIGURE));
    assertEquals(zstd <= 1 ? "yes" : "NO", target("zstd-1 size × study's level-1 size", HOLDS));
    double brotli = (double) encodedSize(Compression.brotli(5)) / encodedSize(Compression.gzip(6, GzipImplementation.ZLIB));
    assertEquals(brotli <= 0.97 ? "yes" : "NO", target("brotli-5 size × study's level-6 size", HOLDS));
  }

  @Test
  void withoutMeasurementsOnlyTheSizeTargetsRemain() throws IOException {
    Path noPeers = Fixtures.without(dir, "no-peers.json", r -> true);
    ResultSet empty = new JmhResultReader().read(List.of(noPeers));

    MarkdownTable table = new TargetSection(new EngineResults(empty, sizes)).table();

    assertEquals(3, table.rowCount(), table.render());
    assertTrue(TableRows.cell(table, Map.of(TargetSection.TARGET, "zstd-1 size × study's level-1 size"), FIGURE)
        .endsWith("×"), table.render());
  }

  @Test
  void theReportHasTheEngineSectionChartAndAcceleratorComparison() throws IOException {
    Path out = dir.resolve("report");

    String markdown = ReportMain.run(List.of(Fixtures.engines()), out).markdown();

    assertTrue(markdown.contains("## Engines\n\nzipjack's encodeToBody at its default settings"), markdown);
    assertTrue(markdown.contains("measured on JDK 25.0.3"), markdown);
    assertTrue(markdown.contains("](" + EngineChart.FILE + ")"), markdown);
    assertTrue(markdown.contains("### Targets"), markdown);
    assertTrue(markdown.contains("### Accelerators"), markdown);
    assertTrue(markdown.lines().anyMatch(line -> line.startsWith("| ") && line.contains("BLACKBIRD")), markdown);
    assertPng(out.resolve(EngineChart.FILE));
    assertFalse(markdown.contains("> Chart " + EngineChart.FILE), markdown);
  }

  @Test
  void benchmarksDocGetsTheEngineSectionWithChartsInTheirPublishedPlace() throws IOException {
    String markdown = ReportMain.run(List.of(Fixtures.engines()), dir.resolve("report")).markdown();

    String engines = ReadmeSections.engines(markdown, ReadmeSections.PUBLISHED_DIR_FROM_DOCS);

    assertTrue(engines.startsWith("zipjack's encodeToBody"), engines);
    assertTrue(engines.contains("](../bench/latest/" + EngineChart.FILE + ")"), engines);
    assertTrue(engines.contains("### Targets"), engines);
    assertFalse(engines.contains("## Key figures"), engines);
    assertEquals(ReadmeSections.NO_ENGINES,
        ReadmeSections.engines("# r\n\n## Key figures\n\nx\n", ReadmeSections.PUBLISHED_DIR_FROM_DOCS));
  }

  @Test
  void readmeKeepsItsHeadlineOverAReportOfOneForkPerFigure() throws IOException {
    String markdown = ReportMain.run(List.of(Fixtures.engines()), dir.resolve("report")).markdown();

    ReadmeSections.Headline headline = ReadmeSections.headline(markdown, ReadmeSections.NO_HEADLINE);

    assertEquals(ReadmeSections.NO_HEADLINE, headline.text());
    assertTrue(headline.keptBecause().startsWith(HeadlineSection.NOT_PAIRED + "; study best (zlib-1) on JDK 25.0.3:"
        + " 1 fork (3 needed)"), headline.keptBecause());
  }

  private static void assertPng(Path file) throws IOException {
    byte[] signature = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    assertTrue(Files.size(file) > 2_000, file + " has only " + Files.size(file) + " bytes");
    try (InputStream in = Files.newInputStream(file)) {
      assertArrayEquals(signature, in.readNBytes(signature.length), file + " is not a PNG");
    }
  }
}
