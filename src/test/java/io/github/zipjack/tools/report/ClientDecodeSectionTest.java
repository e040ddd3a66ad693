package io.github.zipjack.tools.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The HTTP client table, from {@code jmh-result-client.json}, written by hand with round figures:
 * people-100 restclient-gzip 2,000 ± 60 answers/s (3%), zipjack-gzip 2,100 ± 84 (4%), zipjack-zstd
 * 3,300 ± 99 (3%), their wireBytes counters 40,000, 40,000 and 36,912 bytes times the score; people-1
 * zipjack-zstd alone, 50,000 with no error and no counter.
 */
class ClientDecodeSectionTest {
  private static final Map<String, String> ZSTD_X1 = Map.of("dataset", "people-100", "client", "zipjack-zstd");
  private static final Map<String, String> GZIP_X1 = Map.of("dataset", "people-100", "client", "zipjack-gzip");
  private static final Map<String, String> RESTCLIENT_X1 = Map.of("dataset", "people-100", "client", "restclient-gzip");
  private static final Map<String, String> ZSTD_ONE_RECORD = Map.of("dataset", "people-1", "client", "zipjack-zstd");
  private static ResultSet results;

  @BeforeAll
  static void read() throws IOException, URISyntaxException {
    results = new JmhResultReader().read(List.of(Path.of(ClientDecodeSectionTest.class
        .getResource("/io/github/zipjack/tools/report/jmh-result-client.json").toURI())));
  }

  private static String cell(Map<String, String> row, String header) {
    return TableRows.cell(new ClientDecodeSection(results).table(), row, header);
  }

  @Test
  void oneRowPerDatasetAndClientZipjackFirst() {
    MarkdownTable table = new ClientDecodeSection(results).table();

    assertEquals(4, table.rowCount());
    assertEquals("people-1", table.cell(0, "dataset"));
    assertEquals(List.of("zipjack-zstd", "zipjack-gzip", "restclient-gzip"),
        List.of(table.cell(1, "client"), table.cell(2, "client"), table.cell(3, "client")));
  }

  @Test
  void answersPerSecondCarryJmhsError() {
    assertEquals("3,300 ± 99.0", cell(ZSTD_X1, ClientDecodeSection.ANSWERS));
    assertEquals("2,000 ± 60.0", cell(RESTCLIENT_X1, ClientDecodeSection.ANSWERS));
    assertEquals("50,000", cell(ZSTD_ONE_RECORD, ClientDecodeSection.ANSWERS));
  }

  @Test
  void wireBytesPerAnswerAreTheCounterOverTheOperations() {
    assertEquals("36,912", cell(ZSTD_X1, ClientDecodeSection.BYTES_PER_ANSWER));
    assertEquals("40,000", cell(GZIP_X1, ClientDecodeSection.BYTES_PER_ANSWER));
    assertEquals("40,000", cell(RESTCLIENT_X1, ClientDecodeSection.BYTES_PER_ANSWER));
  }

  @Test
  void aRunWithoutTheCounterHasNoWireBytes() {
    assertEquals(MarkdownTable.NONE, cell(ZSTD_ONE_RECORD, ClientDecodeSection.BYTES_PER_ANSWER));
  }

  @Test
  void noClientIsDividedByAnotherFromSingleForks() {
    assertEquals(List.of("dataset", "threads", "client", ClientDecodeSection.ANSWERS,
        ClientDecodeSection.BYTES_PER_ANSWER), new ClientDecodeSection(results).table().headers());
  }

  @Test
  void sectionPointsToThePairedRoundsForTheTargets() {
    ReportDocument doc = new ReportDocument();
    new ClientDecodeSection(results).appendTo(doc);

    assertTrue(doc.markdown().contains("judged in paired rounds (bench/run --client)"), doc.markdown());
  }

  @Test
  void sectionNamesTheJdkAndHasTheTable() {
    ReportDocument doc = new ReportDocument();
    new ClientDecodeSection(results).appendTo(doc);

    assertTrue(doc.markdown().startsWith("## " + ClientDecodeSection.HEADING + "\n"), doc.markdown());
    assertTrue(doc.markdown().contains("measured on JDK 25.0.3"), doc.markdown());
    assertTrue(doc.markdown().contains("| zipjack-zstd "), doc.markdown());
    assertFalse(doc.markdown().contains("Not measured"), doc.markdown());
  }

  @Test
  void aRunWithoutTheBenchmarkSaysSo() throws IOException {
    ReportDocument doc = new ReportDocument();
    new ClientDecodeSection(new JmhResultReader().read(List.of())).appendTo(doc);

    assertTrue(doc.markdown().contains("Not measured: the result files have no ClientDecodeBenchmark results"),
        doc.markdown());
  }
}
