package io.github.zipjack.tools.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The headline section of a report of JMH figures (bench/run --all): its table reads ratios with
 * JMH's errors, and it never replaces the README's headline, which comes only from paired rounds
 * (PairedHeadlineTest); it says why, and names each figure that would fail the older rule.
 *
 * <p>Read from two JMH result files written by hand in JMH 1.37's format, 3 forks per figure:
 * {@code jmh-result-headline.json}, JDK 17.0.13 (the study's best 400 ± 12 ops/s, zlib-1 392 ± 15.68,
 * zstd-1 1,000 ± 40, brotli-4 300 ± 12, none 2,000 ± 80) and JDK 25.0.3 (the study's best 500 ± 10,
 * zlib-1 490 ± 14.7, libdeflate-1 1,000 ± 30, zstd-1 1,200 ± 36, brotli-4 400 ± 12, none 2,500 ± 75);
 * {@code jmh-result-headline-noisy.json}, the same with JDK 25's zstd-1 at 1,200 ± 168 (14%).
 */
class ReadmeHeadlineTest {

  private static final LocalDate DAY = LocalDate.of(2026, 11, 26);
  /** A README headline from an earlier fit run. */
  private static final String LAST_FIT = "people-100, JSON, 1 thread, 3 forks per figure, measured 2026-11-01 on"
      + " JDK 17.0.12:\n\n| JDK | codec | ops/s |\n| --- | --- | --: |\n| 17.0.12 | zlib-1 | 401 ± 9 |\n";
  /** Rows of the fit run's table, in the order of the file: JDK 17's, then JDK 25's. */
  private static final int ZLIB_17 = 1;
  private static final int ZSTD_17 = 2;
  private static final int BROTLI_17 = 3;
  private static final int ZLIB_25 = 6;

  @TempDir
  Path dir;

  private static Path resource(String name) {
    try {
      return Path.of(ReadmeHeadlineTest.class.getResource("/io/github/zipjack/tools/report/" + name).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Path fit() {
    return resource("jmh-result-headline.json");
  }

  private static Path noisy() {
    return resource("jmh-result-headline-noisy.json");
  }

  private static HeadlineSection section(Path results) throws IOException {
    try (PayloadSizes sizes = new PayloadSizes()) {
      return new HeadlineSection(new JmhResultReader().read(List.of(results)), sizes, DAY);
    }
  }

  private static String report(HeadlineSection section) {
    ReportDocument doc = new ReportDocument();
    doc.heading(1, "zipjack headline");
    section.appendTo(doc);
    return doc.markdown();
  }

  /** The fit file with every figure's fork count set to {@code forks}, written into {@code dir}. */
  private Path withForks(int forks) throws IOException {
    Path file = dir.resolve("forks-" + forks + ".json");
    Files.writeString(file, Files.readString(fit()).replace("\"forks\": 3", "\"forks\": " + forks));
    return file;
  }

  @Test
  void aHeadlineOfJmhFiguresNeverReplacesTheReadmeTable() throws IOException {
    ReadmeSections.Headline headline = ReadmeSections.headline(report(section(fit())), LAST_FIT);

    assertEquals(LAST_FIT, headline.text());
    assertEquals(HeadlineSection.NOT_PAIRED, headline.keptBecause());
  }

  @Test
  void aHeadlineOfJmhFiguresWithFewerThanThreeForksAlsoNamesThem() throws IOException {
    ReadmeSections.Headline headline = ReadmeSections.headline(report(section(withForks(2))), LAST_FIT);

    assertTrue(headline.keptBecause().startsWith(HeadlineSection.NOT_PAIRED + "; study best (zlib-1) on JDK 17.0.13:"
        + " 2 forks (3 needed); zlib-1 on JDK 17.0.13: 2 forks (3 needed)"), headline.keptBecause());
  }

  @Test
  void aReportWithoutAHeadlineSectionKeepsTheReadmeTable() {
    ReadmeSections.Headline headline = ReadmeSections.headline("# r\n\n## Engines\n\nx\n", LAST_FIT);

    assertEquals(LAST_FIT, headline.text());
    assertEquals("the report has no headline section (bench/run writes one)", headline.keptBecause());
  }

  @Test
  void theReportSaysWhyItsHeadlineIsNotFitForTheReadme() throws IOException {
    String report = report(section(noisy()));

    assertTrue(report.contains("\n" + HeadlineSection.UNFIT_PREFIX + HeadlineSection.NOT_PAIRED + "; zstd-1 on JDK"
        + " 25.0.3: 2.40× ± 0.34, 14.1% (over 10.0%).\n"), report);
  }

  @Test
  void aRatioWhoseErrorSpansOneReadsAsTie() throws IOException {
    MarkdownTable table = section(fit()).table();

    assertEquals("0.98× ± 0.05", table.cell(ZLIB_17, HeadlineSection.VS_STUDY_BEST));
    assertEquals(HeadlineSection.TIE, table.cell(ZLIB_17, HeadlineSection.READS_AS));
    assertEquals("faster", table.cell(ZSTD_17, HeadlineSection.READS_AS));
    assertEquals("slower", table.cell(BROTLI_17, HeadlineSection.READS_AS));
  }

  @Test
  void aRatioExactlyOneErrorAwayFromOneIsATie() {
    assertEquals(HeadlineSection.TIE, HeadlineSection.readsAs(new ParallelResults.Ratio(1.25, 0.25)));
    assertEquals("faster", HeadlineSection.readsAs(new ParallelResults.Ratio(1.26, 0.25)));
    assertEquals(HeadlineSection.TIE, HeadlineSection.readsAs(new ParallelResults.Ratio(0.75, 0.25)));
  }

  @Test
  void aRatiosErrorAddsBothFiguresRelativeErrorsInQuadrature() throws IOException {
    MarkdownTable table = section(fit()).table();

    // JDK 17: 392 ± 4% over 400 ± 3%: 0.98 ± 5%; JDK 25: 490 ± 3% over 500 ± 2%: 0.98 ± 3.6%
    assertEquals("5.0%", table.cell(ZLIB_17, HeadlineSection.ERROR));
    assertEquals("0.98× ± 0.04", table.cell(ZLIB_25, HeadlineSection.VS_STUDY_BEST));
    assertEquals("3.6%", table.cell(ZLIB_25, HeadlineSection.ERROR));
  }
}
