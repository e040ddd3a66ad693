package io.github.zipjack.tools.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.bench.LargeBodyBenchmark;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The large-body table, from {@code jmh-result-large-body.json}: written by hand in JMH 1.37's
 * format (only the fields the report reads), JDK 25, LargeBodyBenchmark on people-100x10 with round
 * figures: zstd-1 and brotli-4 in both shapes with -prof gc, libdeflate-1 whole only, zlib-1 in both
 * shapes without the gc profiler, and zstd-1 again at 2 threads. Expected figures are worked out by
 * hand from it (quoted in each test); sizes are compressed by the test itself.
 */
class LargeBodySectionTest {

  private static final String RESOURCE = "/io/github/zipjack/tools/report/jmh-result-large-body.json";

  private static ResultSet results;

  @TempDir
  Path dir;

  @BeforeAll
  static void readLargeBodyRun() throws IOException {
    results = new JmhResultReader().read(List.of(largeBodyRun()));
  }

  private static Path largeBodyRun() {
    try {
      return Path.of(LargeBodySectionTest.class.getResource(RESOURCE).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static MarkdownTable table() {
    return new LargeBodySection(results).table();
  }

  private static Map<String, String> row(String codec, int threads) {
    return Map.of("dataset", "people-100x10", "codec", codec, "threads", Integer.toString(threads));
  }

  @Test
  void eachCodecAndThreadCountHasOneRowWithBothShapesSideBySide() {
    MarkdownTable table = table();

    // zlib, libdeflate, zstd and brotli at 1 thread, zstd at 2, in the engines' order
    assertEquals(5, table.rowCount());
    assertEquals("zlib-1", table.cell(0, "codec"));
    assertEquals("200 ± 10.0", TableRows.cell(table, row("zstd-1", 1), LargeBodySection.WHOLE_SCORE));
    assertEquals("180 ± 9.00", TableRows.cell(table, row("zstd-1", 1), LargeBodySection.STREAMING_SCORE));
  }

  @Test
  void twoSingleForksAreNeverDividedIntoARatio() {
    MarkdownTable table = table();

    assertEquals(List.of("dataset", "codec", "threads", LargeBodySection.WHOLE_SCORE, LargeBodySection.STREAMING_SCORE,
        LargeBodySection.WHOLE_ALLOC, LargeBodySection.STREAMING_ALLOC, LargeBodySection.WHOLE_SIZE,
        LargeBodySection.STREAMING_SIZE), table.headers());
  }

  @Test
  void bytesPerOperationComeFromTheGcProfilerAndAreBlankWithoutIt() {
    MarkdownTable table = table();

    assertEquals("4,500,000", TableRows.cell(table, row("zstd-1", 1), LargeBodySection.WHOLE_ALLOC));
    assertEquals("120", TableRows.cell(table, row("zstd-1", 1), LargeBodySection.STREAMING_ALLOC));
    assertEquals("–", TableRows.cell(table, row("zlib-1", 1), LargeBodySection.WHOLE_ALLOC));
    assertEquals("–", TableRows.cell(table, row("zlib-1", 1), LargeBodySection.STREAMING_ALLOC));
  }

  @Test
  void aShapeThatWasNotMeasuredLeavesItsFiguresBlank() {
    MarkdownTable table = table();

    assertEquals("120 ± 6.00", TableRows.cell(table, row("libdeflate-1", 1), LargeBodySection.WHOLE_SCORE));
    assertEquals("–", TableRows.cell(table, row("libdeflate-1", 1), LargeBodySection.STREAMING_SCORE));
    assertEquals("–", TableRows.cell(table, row("libdeflate-1", 1), LargeBodySection.STREAMING_ALLOC));
  }

  @Test
  void sizesAreTheBodiesEachShapeMakesOfTheDatasetNow() throws IOException {
    MarkdownTable table = table();

    assertEquals(Figures.bytes(LargeBodyBenchmark.compressedBytes("people-100x10", "zstd-1", LargeBodyBenchmark.WHOLE)),
        TableRows.cell(table, row("zstd-1", 1), LargeBodySection.WHOLE_SIZE));
    assertEquals(Figures.bytes(LargeBodyBenchmark.compressedBytes("people-100x10", "zstd-1", LargeBodyBenchmark.STREAMING)),
        TableRows.cell(table, row("zstd-1", 1), LargeBodySection.STREAMING_SIZE));
  }

  @Test
  void zlibStreamsBothWaysSoItsTwoSizesAreEqual() {
    MarkdownTable table = table();

    assertEquals(TableRows.cell(table, row("zlib-1", 1), LargeBodySection.WHOLE_SIZE),
        TableRows.cell(table, row("zlib-1", 1), LargeBodySection.STREAMING_SIZE));
  }

  @Test
  void libdeflateSizesNeedJava25() {
    String size = TableRows.cell(table(), row("libdeflate-1", 1), LargeBodySection.WHOLE_SIZE);

    if (Runtime.version().feature() >= 25) {
      assertTrue(size.matches("[\\d,]+"), size);
    } else {
      assertEquals("–", size, "libdeflate cannot compress before Java 25");
    }
  }

  @Test
  void theReportHasTheSectionWithItsJdkAndNoGcNoteWhenEveryResultHasAllocation() throws IOException {
    String markdown = ReportMain.run(List.of(largeBodyRun()), dir.resolve("report")).markdown();

    assertTrue(markdown.contains("## " + LargeBodySection.HEADING + "\n\nLargeBodyBenchmark.compress, measured on"
        + " JDK 25.0.3"), markdown);
    assertTrue(markdown.contains("| people-100x10 | brotli-4 "), markdown);
    assertFalse(markdown.contains("No B/op figures"), "zstd and brotli were run with -prof gc");
  }

  @Test
  void withoutLargeBodyResultsTheSectionSaysItWasNotMeasured() throws IOException {
    String markdown = ReportMain.run(List.of(Fixtures.recorded()), dir.resolve("report")).markdown();

    assertTrue(markdown.contains("## " + LargeBodySection.HEADING + "\n\nNot measured: the result files have no"
        + " LargeBodyBenchmark results"), markdown);
  }

  @Test
  void theThroughputTableOfLargeBodiesHasNoBaselineOrCeilingRatio() throws IOException {
    ResultSet withStudy = new JmhResultReader().read(List.of(Fixtures.recorded(), largeBodyRun()));

    List<String> headers = new ThroughputSection(withStudy).table(Suite.LARGE_BODY).headers();

    assertFalse(headers.contains(ThroughputSection.VS_BASELINE), headers.toString());
    assertFalse(headers.contains(ThroughputSection.VS_CEILING), headers.toString());
  }
}
