package io.github.zipjack.tools.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The dictionary table, from {@code jmh-result-dictionary.json}, written by hand with round figures:
 * people-1 encode 100,000 ± 3,000 without and 110,000 ± 4,400 with the dictionary, decode 80,000 ±
 * 1,600 both; orders-1 encode 90,000 ± 900
 * and 99,000 ± 990, no decode. Sizes given by the test: people-1 1,000 / 700 / 350 bytes.
 */
class DictionarySectionTest {
  private static final Map<String, long[]> SIZES = Map.of("people-1", new long[] {1000, 700, 350});
  private static ResultSet results;

  @BeforeAll
  static void read() throws IOException, URISyntaxException {
    results = new JmhResultReader().read(List.of(Path.of(DictionarySectionTest.class
        .getResource("/io/github/zipjack/tools/report/jmh-result-dictionary.json").toURI())));
  }

  private static MarkdownTable table() {
    return new DictionarySection(results, SIZES::get).table();
  }

  @Test
  void oneRowPerDataset() {
    MarkdownTable table = table();

    assertEquals(2, table.rowCount());
    assertEquals("orders-1", table.cell(0, "dataset"));
    assertEquals("people-1", table.cell(1, "dataset"));
  }

  @Test
  void sizeRatioIsWithDictionaryOverWithout() {
    MarkdownTable table = table();

    assertEquals("350", table.cell(1, "with dictionary"));
    assertEquals(Figures.ratio(0.5), table.cell(1, "size ×"));
  }

  @Test
  void throughputsAreShownWithTheirErrorAndNeverDivided() {
    MarkdownTable table = table();

    assertEquals("110,000 ± 4,400", table.cell(1, "encode with dictionary"));
    assertEquals(List.of("dataset", "threads", "JSON bytes", "zstd-1 bytes", "with dictionary", "size ×",
        "encode ops/s", "encode with dictionary", "decode ops/s", "decode with dictionary"), table.headers());
  }

  @Test
  void unmeasuredFiguresAndUnknownSizesAreDashes() {
    MarkdownTable table = table();

    assertEquals(MarkdownTable.NONE, table.cell(0, "decode ops/s"));
    assertEquals(MarkdownTable.NONE, table.cell(0, "size ×"));
  }

  @Test
  void aRunWithoutTheBenchmarkSaysSo() throws IOException {
    ReportDocument doc = new ReportDocument();
    new DictionarySection(new JmhResultReader().read(List.of()), SIZES::get).appendTo(doc);

    assertTrue(doc.markdown().contains("Not measured"), doc.markdown());
  }
}
