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
 * The headline section of a report of JMH figures (bench/run --all): its table gives each score with
 * JMH's error and divides none by another, and it never replaces the README's headline, which comes
 * only from paired rounds (PairedHeadlineTest); it says why, and names each figure with too few forks.
 *
 * <p>Read from two JMH result files written by hand in JMH 1.37's format, 3 forks per figure:
 * {@code jmh-result-headline.json}, JDK 17.0.13 (the study's best 400 ± 12 ops/s, zlib-1 392 ± 15.68,
 * zstd-1 1,000 ± 40, brotli-4 300 ± 12, none 2,000 ± 80) and JDK 25.0.3 (the study's best 500 ± 10,
 * zlib-1 490 ± 14.7, libdeflate-1 1,000 ± 30, zstd-1 1,200 ± 36, brotli-4 400 ± 12, none 2,500 ± 75).
 */
class ReadmeHeadlineTest {

  private static final LocalDate DAY = LocalDate.of(2026, 11, 26);
  /** A README headline from an earlier fit run. */
  private static final String LAST_FIT = "people-100, JSON, 1 thread, 3 forks per figure, measured 2026-11-01 on"
      + " JDK 17.0.12:\n\n| JDK | codec | ops/s |\n| --- | --- | --: |\n| 17.0.12 | zlib-1 | 401 ± 9 |\n";
  /** Rows of the fit run's table, in the order of the file: JDK 17's, then JDK 25's. */
  private static final int ZLIB_17 = 1;

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
    String report = report(section(fit()));

    assertTrue(report.contains("\n" + HeadlineSection.UNFIT_PREFIX + HeadlineSection.NOT_PAIRED + ".\n"), report);
  }

  @Test
  void eachScoreCarriesJmhsErrorAndNoneIsDividedByAnother() throws IOException {
    MarkdownTable table = section(fit()).table();

    assertEquals(List.of("JDK", EngineSection.CODEC, EngineSection.SCORE), table.headers());
    assertEquals("392 ± 15.7", table.cell(ZLIB_17, EngineSection.SCORE));
  }
}
