package io.github.zipjack.tools.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's headline comes from bench/run's paired rounds, and only when every ratio's 95% interval
 * is within ±5% and the A/A interval contains 1; otherwise it keeps its last fit table and says which
 * ratio did not settle. Rows written as HeadlineMain writes them: JDK 17.0.13 and 25.0.3, 6 and 7 rounds.
 */
class PairedHeadlineTest {
  private static final LocalDate DAY = LocalDate.of(2026, 11, 28);
  private static final String LAST_FIT = "people-100, JSON, 1 thread, paired rounds (6 per JDK), measured"
      + " 2026-11-01 on JDK 17.0.12:\n\n| JDK | codec |\n| --- | --- |\n| 17.0.12 | zlib-1 |\n";

  @TempDir
  Path dir;

  private static HeadlineRow reference(String jdk, int rounds) {
    return new HeadlineRow(jdk, HeadlineRow.STUDY_BEST, HeadlineRow.Kind.REFERENCE, 400, 1, Double.NaN, Double.NaN,
        rounds, true, "", "");
  }

  private static HeadlineRow engine(String jdk, String codec, double ratio, double low, double high, int rounds,
      String verdict) {
    boolean settled = high / ratio <= 1.05;
    return new HeadlineRow(jdk, codec, HeadlineRow.Kind.ENGINE, 400 * ratio, ratio, low, high, rounds, settled,
        verdict, settled ? "" : "±9.0% after " + rounds + " rounds; about 7 more rounds would reach ±5%");
  }

  private static HeadlineRow aa(String jdk, double low, double high, int rounds) {
    return new HeadlineRow(jdk, HeadlineRow.A_A, HeadlineRow.Kind.A_A, 400, Math.sqrt(low * high), low, high, rounds,
        true, "tie within ±5%", "");
  }

  private static List<HeadlineRow> settledRows() {
    return List.of(reference("17.0.13", 6), engine("17.0.13", "zstd-1", 2.50, 2.44, 2.56, 6, "150% faster [144%, 156%]"),
        engine("17.0.13", "zlib-1", 1.00, 0.97, 1.03, 6, "tie within ±5%"), aa("17.0.13", 0.98, 1.02, 6),
        reference("25.0.3", 7), engine("25.0.3", "libdeflate-1", 2.0, 1.95, 2.05, 7, "100% faster [95%, 105%]"),
        aa("25.0.3", 0.99, 1.03, 7));
  }

  private static String report(List<HeadlineRow> rows) {
    ReportDocument doc = new ReportDocument();
    doc.heading(1, "zipjack headline");
    new PairedHeadlineSection(rows, DAY).appendTo(doc);
    return doc.markdown();
  }

  @Test
  void aSettledRunReplacesTheReadmeTableWithItsCaptionAndTable() {
    PairedHeadlineSection section = new PairedHeadlineSection(settledRows(), DAY);

    ReadmeSections.Headline headline = ReadmeSections.headline(report(settledRows()), LAST_FIT);

    assertNull(headline.keptBecause());
    assertEquals("people-100, JSON, 1 thread, paired rounds (6 to 7 per JDK), measured 2026-11-28 on JDK 17.0.13 and"
        + " JDK 25.0.3:\n\n" + section.table().render(), headline.text());
  }

  @Test
  void theTableShowsEachRatiosIntervalAndVerdictAndNoJmhError() {
    MarkdownTable table = new PairedHeadlineSection(settledRows(), DAY).table();

    assertEquals("[2.44, 2.56]", table.cell(1, PairedHeadlineSection.INTERVAL));
    assertEquals("150% faster [144%, 156%]", table.cell(1, PairedHeadlineSection.READS_AS));
    assertTrue(table.render().lines().noneMatch(line -> line.contains(" ± ")), table.render());
  }

  @Test
  void aRatioThatDidNotSettleKeepsTheLastFitTableAndIsNamed() {
    List<HeadlineRow> rows = new ArrayList<>(settledRows());
    rows.set(1, engine("17.0.13", "zstd-1", 2.50, 2.28, 2.73, 6, "150% faster [128%, 173%]"));

    ReadmeSections.Headline headline = ReadmeSections.headline(report(rows), LAST_FIT);

    assertEquals(LAST_FIT, headline.text());
    assertEquals("zstd-1 on JDK 17.0.13 did not settle: ±9.0% after 6 rounds; about 7 more rounds would reach ±5%",
        headline.keptBecause());
  }

  @Test
  void anAaIntervalThatLeavesOutOneKeepsTheLastFitTable() {
    List<HeadlineRow> rows = new ArrayList<>(settledRows());
    rows.set(3, aa("17.0.13", 1.01, 1.04, 6));

    ReadmeSections.Headline headline = ReadmeSections.headline(report(rows), LAST_FIT);

    assertTrue(headline.keptBecause().contains("the A/A interval [1.010, 1.040] leaves out 1"), headline.keptBecause());
  }

  @Test
  void rowsSurviveTheirTabSeparatedForm() {
    HeadlineRow row = settledRows().get(1);
    assertEquals(row.toTsv(), HeadlineRow.parse(row.toTsv()).toTsv());
  }

  @Test
  void publishingAnUnsettledRunLeavesTheReadmeByteForByteAndASettledOneRewritesIt() throws IOException {
    Path readme = dir.resolve("README.md");
    String before = "# x\n\n" + ReadmeSections.HEADLINE.begin() + "\n" + LAST_FIT + ReadmeSections.HEADLINE.end()
        + "\n\nafter\n";
    Files.writeString(readme, before, StandardCharsets.UTF_8);
    List<HeadlineRow> noisy = new ArrayList<>(settledRows());
    noisy.set(1, engine("17.0.13", "zstd-1", 2.50, 2.28, 2.73, 6, "150% faster [128%, 173%]"));
    ReportMain.runHeadline(List.of(rowsFile("noisy.tsv", noisy)), dir.resolve("noisy"));
    ReportMain.runHeadline(List.of(rowsFile("settled.tsv", settledRows())), dir.resolve("settled"));

    ReadmeSections.main(new String[] {"--headline", readme.toString(),
        dir.resolve("noisy").resolve(Report.HEADLINE_FILE_NAME).toString()});
    assertEquals(before, Files.readString(readme, StandardCharsets.UTF_8));

    ReadmeSections.main(new String[] {"--headline", readme.toString(),
        dir.resolve("settled").resolve(Report.HEADLINE_FILE_NAME).toString()});
    String after = ReadmeSections.HEADLINE.current(Files.readString(readme, StandardCharsets.UTF_8));
    assertTrue(after.startsWith(HeadlineSection.CAPTION_START) && after.contains("libdeflate-1"), after);
  }

  private Path rowsFile(String name, List<HeadlineRow> rows) throws IOException {
    Path file = dir.resolve(name);
    Files.writeString(file, String.join("\n", rows.stream().map(HeadlineRow::toTsv).toList()) + "\n");
    return file;
  }
}
