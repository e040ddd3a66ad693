package io.github.zipjack.tools.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The ceiling, key-figure and study tables of the recorded run, checked against hand-worked figures;
 * the study is defined in docs/benchmarks.md.
 */
class CeilingAndStudySectionsTest {

  private static ResultSet results;

  @BeforeAll
  static void readRecordedRun() throws IOException {
    results = Fixtures.read();
  }

  @Test
  void theCeilingTableCombinesCodecIndependentSerializationWithEachCodecsCompression() {
    MarkdownTable table = new CeilingSection(results).table();
    Map<String, String> levelOne = Map.of("dataset", "people-100", "codec", "zlib-1", "threads", "1");

    assertEquals("773", TableRows.cell(table, levelOne, "S ops/s"));
    assertEquals("959", TableRows.cell(table, levelOne, "C ops/s"));
    assertEquals("360,672", TableRows.cell(table, levelOne, "copy ops/s"));
    assertEquals("428", TableRows.cell(table, levelOne, "ceiling ops/s"));
  }

  @Test
  void withoutCompressionTheCeilingIsSerializationAlone() {
    MarkdownTable table = new CeilingSection(results).table();
    Map<String, String> none = Map.of("dataset", "people-100", "codec", "none", "threads", "1");

    assertEquals("–", TableRows.cell(table, none, "C ops/s"));
    assertEquals("773", TableRows.cell(table, none, "ceiling ops/s"));
  }

  @Test
  void keyFiguresPutTheBaselineTheStudysBestZipjackAndTheCeilingSideBySide() {
    MarkdownTable table = new KeyFiguresSection(results).table();
    Map<String, String> row = Map.of("payload", "people-100", "level", "1", "threads", "1");

    assertEquals("660", TableRows.cell(table, row, "study baseline"));
    assertEquals("577", TableRows.cell(table, row, "study best"));
    assertEquals("706", TableRows.cell(table, row, "zipjack"));
    assertEquals("428", TableRows.cell(table, row, "ceiling"));
    assertEquals(List.of("payload", "level", "threads", "study baseline", "study best", "zipjack", "ceiling",
        "zipjack settings"), table.headers());
  }

  @Test
  void theStudysLevelClaimIsCheckedAsLevelOneOverLevelSix() {
    // 660.18 / 268.54
    assertEquals("2.46×", TableRows.cell(new StudySection(results).levelTable(),
        Map.of("payload", "people-100", "threads", "1"), "level 1 / level 6"));
  }

  @Test
  void eachOptimizationIsAChangeInPercentAgainstTheBaseline() {
    MarkdownTable table = new StudySection(results).variantTable();
    Map<String, String> allThree = Map.of("variant", "afterburner_deflaterBuffer_bufferedInput");

    assertEquals("-12.6%", TableRows.cell(table, allThree, "x1 L1 t1")); // 577.18 / 660.18
    assertEquals("-0.8%", TableRows.cell(table, allThree, "x1 L6 t1")); // 266.31 / 268.54
  }

  @Test
  void aChangeThatRoundsToNothingHasNoMinusSign() {
    assertEquals("+0.0%", StudySection.percentChange(0.99999));
    assertEquals("+4.2%", StudySection.percentChange(1.042));
  }
}
