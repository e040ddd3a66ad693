package io.github.zipjack.tools.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The generated sections of README.md and docs/benchmarks.md: the size table is current, the key
 * figures and the engine section come from the committed report, the headline from the committed
 * headline when it was fit for the README (ReadmeHeadlineTest has the rule).
 */
class ReadmeSectionsTest {

  private static final Path REPORT = Path.of("bench/latest/report.md");
  private static final Path HEADLINE = Path.of("bench/latest/headline.md");

  private static String read(Path path) throws IOException {
    return Files.readString(path, StandardCharsets.UTF_8);
  }

  @Test
  void benchmarksDocSizeTableIsWhatTheDatasetsEncodeTo() throws IOException {
    assertEquals(ReadmeSections.sizeTable(), ReadmeSections.SIZES.current(read(ReadmeSections.BENCHMARKS_DOC)),
        "docs/benchmarks.md's size table is stale: run bench/publish or java -cp target/benchmarks.jar "
            + "io.github.zipjack.tools.report.ReadmeSections README.md docs/benchmarks.md");
  }

  @Test
  void benchmarksDocKeyFiguresAreThoseOfTheCommittedReport() throws IOException {
    assertEquals(ReadmeSections.keyFigures(read(REPORT)),
        ReadmeSections.KEY_FIGURES.current(read(ReadmeSections.BENCHMARKS_DOC)),
        "docs/benchmarks.md's key figures differ from bench/latest/report.md: run bench/publish");
  }

  @Test
  void benchmarksDocEngineSectionIsThatOfTheCommittedReport() throws IOException {
    assertEquals(ReadmeSections.engines(read(REPORT), ReadmeSections.PUBLISHED_DIR_FROM_DOCS),
        ReadmeSections.ENGINES.current(read(ReadmeSections.BENCHMARKS_DOC)),
        "docs/benchmarks.md's engine section differs from bench/latest/report.md: run bench/publish");
  }

  @Test
  void readmeHeadlineIsWhatPublishingTheCommittedHeadlineLeavesThere() throws IOException {
    Path published = Files.exists(HEADLINE) ? HEADLINE : REPORT;
    String current = ReadmeSections.HEADLINE.current(read(ReadmeSections.README));

    assertEquals(ReadmeSections.headline(read(published), current).text(), current,
        "README's headline differs from the fit table of " + published + ": run bench/publish");
  }

  @Test
  void readmeHeadlineIsAFitTableOrSaysThereIsNoneYet() throws IOException {
    String current = ReadmeSections.HEADLINE.current(read(ReadmeSections.README));

    assertTrue(current.equals(ReadmeSections.NO_HEADLINE) || current.startsWith(HeadlineSection.CAPTION_START), current);
  }

  @Test
  void httpClientPageClientSectionIsThatOfTheCommittedReport() throws IOException {
    assertEquals(ReadmeSections.client(read(REPORT)), ReadmeSections.CLIENT.current(read(ReadmeSections.HTTP_CLIENT_DOC)),
        "docs/http-client.md's figures differ from bench/latest/report.md: run bench/publish");
  }

  @Test
  void dictionariesPageDczSectionIsThatOfTheCommittedReport() throws IOException {
    assertEquals(ReadmeSections.httpDictionary(read(REPORT)),
        ReadmeSections.HTTP_DICTIONARY.current(read(ReadmeSections.DICTIONARIES_DOC)),
        "docs/dictionaries.md's dcz figures differ from bench/latest/report.md: run bench/publish");
  }

  @Test
  void dczSectionKeepsZipjacksZstdAndDczRowsOnOneRecordAndTheDczTargets() {
    String report = "# r\n\n" + io.github.zipjack.tools.http.HttpReport.SECTION_TITLE + "\n\ncaption\n\n"
        + "| dataset    | variant | coding | req/s |\n| --- | --- | --- | ---: |\n"
        + "| people-100 | filter  | zstd-1 | 4,000 |\n| orders-1   | jetty   | zstd-1 | 8,000 |\n"
        + "| orders-1   | filter  | zstd-1 | 9,000 |\n| orders-1   | filter  | dcz-1  | 9,500 |\n"
        + "| orders-1   | filter  | gzip-1 | 7,000 |\n\nTargets:\n\n"
        + "| target | figure |\n| --- | ---: |\n| filter req/s × jetty (orders-1, zstd-1) | 1.12× |\n"
        + "| filter dcz req/s × zstd-1 (orders-1) | 1.06× |\n\n## Next\n";
    assertEquals("Embedded Jetty 12.1, the filter and the direct helper:\n\n"
        + "| dataset    | variant | coding | req/s |\n| --- | --- | --- | ---: |\n"
        + "| orders-1   | jetty   | zstd-1 | 8,000 |\n"
        + "| orders-1   | filter  | zstd-1 | 9,000 |\n| orders-1   | filter  | dcz-1  | 9,500 |\n\n"
        + "| target | figure |\n| --- | ---: |\n| filter dcz req/s × zstd-1 (orders-1) | 1.06× |\n",
        ReadmeSections.httpDictionary(report));
  }

  @Test
  void dczSectionOfAReportWithoutDczRowsSaysSo() {
    assertEquals(ReadmeSections.NO_HTTP_DICTIONARY, ReadmeSections.httpDictionary("# r\n\n## Key figures\n\nx\n"));
  }

  @Test
  void clientSectionIsTheReportsTableAfterTheJdkThatMeasuredIt() {
    String report = "# r\n\n## HTTP client decoding\n\nClientDecodeBenchmark, measured on JDK 25.0.3: more.\n\n"
        + "| client | answers/s |\n| --- | --: |\n| zipjack-zstd | 3,300 ± 99.0 |\n\n## One large body across cores\n\nx\n";

    assertEquals("ClientDecodeBenchmark, measured on JDK 25.0.3:\n\n"
        + "| client | answers/s |\n| --- | --: |\n| zipjack-zstd | 3,300 ± 99.0 |\n", ReadmeSections.client(report));
  }

  @Test
  void clientSectionOfAReportThatDidNotMeasureTheClientSaysSo() {
    String notMeasured = "# r\n\n## HTTP client decoding\n\nNot measured: the result files have no"
        + " ClientDecodeBenchmark results.\n\n## Sizes\n\n| a |\n| - |\n| 1 |\n";

    assertEquals(ReadmeSections.NO_CLIENT, ReadmeSections.client(notMeasured));
    assertEquals(ReadmeSections.NO_CLIENT, ReadmeSections.client("# r\n\n## Key figures\n\nx\n"));
  }

  @Test
  void sizeTableHasTheStudysRowsAndColumns() {
    String table = ReadmeSections.sizeTable();

    assertTrue(table.contains("x1 (people-100)"), table);
    assertTrue(table.contains("x10 (people-100x10)"), table);
    assertTrue(table.contains("gzip 6 %") && table.contains("gzip 1 %"), table);
  }

  @Test
  void replaceChangesOnlyTheMarkedSection() {
    ReadmeSections.Section section = new ReadmeSections.Section("demo");
    String text = "before\n" + section.begin() + "\nold\n" + section.end() + "\nafter\n";

    assertEquals("before\n" + section.begin() + "\nnew\n" + section.end() + "\nafter\n", section.replace(text, "new\n"));
  }

  @Test
  void missingMarkersAreNamedInTheError() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ReadmeSections.SIZES.current("no markers here"));
    assertTrue(e.getMessage().contains(ReadmeSections.SIZES.begin()), e.getMessage());
  }

  @Test
  void keyFiguresStopAtTheNextSection() {
    String report = "# r\n\n## Key figures (x)\n\n| a |\n| - |\n| 1 |\n\n## Next\n\nmore\n";

    assertEquals("| a |\n| - |\n| 1 |\n", ReadmeSections.keyFigures(report));
  }
}
