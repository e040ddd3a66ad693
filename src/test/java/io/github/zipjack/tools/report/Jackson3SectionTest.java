package io.github.zipjack.tools.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Jackson 3 table, from {@code jmh-result-jackson3.json}, written by hand with round figures:
 * S = 4,000 (Jackson 2) and 3,600 (Jackson 3) ops/s; C = 1,200 (zlib-1) and 6,000 (zstd-1);
 * encodeToBody zlib-1 900 / 810, zstd-1 2,200 / 2,000. Ceilings worked out by hand: zlib-1
 * 1/(1/4000 + 1/1200) = 923.1 (J2) and 1/(1/3600 + 1/1200) = 900 (J3); zstd-1 2,400 (J2) and
 * 2,250 (J3).
 */
class Jackson3SectionTest {
  private static ResultSet results;

  @BeforeAll
  static void read() throws IOException, URISyntaxException {
    results = new JmhResultReader().read(List.of(
        Path.of(Jackson3SectionTest.class.getResource("/io/github/zipjack/tools/report/jmh-result-jackson3.json").toURI())));
  }

  @Test
  void oneRowPerCodecInTheEnginesOrder() {
    MarkdownTable table = new Jackson3Section(results).table();

    assertEquals(2, table.rowCount());
    assertEquals("zlib-1", table.cell(0, "codec"));
    assertEquals("zstd-1", table.cell(1, "codec"));
  }

  @Test
  void eachGenerationStandsBesideItsOwnCeilingInOperationsASecond() {
    MarkdownTable table = new Jackson3Section(results).table();

    assertEquals(Figures.opsPerSecond(900), table.cell(0, Jackson3Section.JACKSON_3_CEILING));
    assertEquals(Figures.opsPerSecond(1 / (1 / 4000.0 + 1 / 1200.0)), table.cell(0, Jackson3Section.JACKSON_2_CEILING));
    assertEquals(Figures.opsPerSecond(2250), table.cell(1, Jackson3Section.JACKSON_3_CEILING));
  }

  @Test
  void twoSingleForksAreNeverDividedIntoARatio() {
    MarkdownTable table = new Jackson3Section(results).table();

    assertEquals(List.of("dataset", "codec", "threads", Jackson3Section.JACKSON_2, Jackson3Section.JACKSON_2_CEILING,
        Jackson3Section.JACKSON_3, Jackson3Section.JACKSON_3_CEILING), table.headers());
  }

  @Test
  void aRunWithoutTheBenchmarkSaysSo() throws IOException {
    ReportDocument doc = new ReportDocument();
    new Jackson3Section(new JmhResultReader().read(List.of())).appendTo(doc);

    assertTrue(doc.markdown().contains("Not measured"), doc.markdown());
  }
}
