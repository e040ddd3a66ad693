package io.github.zipjack.tools.report;

import static io.github.zipjack.tools.report.ThroughputSection.ALLOC;
import static io.github.zipjack.tools.report.ThroughputSection.SCORE;
import static io.github.zipjack.tools.report.ThroughputSection.VS_BASELINE;
import static io.github.zipjack.tools.report.ThroughputSection.VS_CEILING;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The throughput tables of the recorded run. The expected figures are worked out by hand from the
 * scores in {@code jmh-result-tiny.json} (quoted in each test).
 */
class ThroughputSectionTest {

  private static ThroughputSection section;

  @BeforeAll
  static void readRecordedRun() throws IOException {
    section = new ThroughputSection(Fixtures.read());
  }

  private static Map<String, String> pipelineRow(String dataset, String level, String threads) {
    return Map.of("method", "encodeToBody", "dataset", dataset, "level", level, "threads", threads);
  }

  @Test
  void zipjackOnTheStudysPayloadIsDividedByTheStudysBaselineAtTheSameLevelAndThreads() {
    // encodeToBody 705.54 / SeedBenchmark.baseline (numCopies=1, compressionLevel=1, 1 thread) 660.18
    assertEquals("1.07×", TableRows.cell(section.table("PipelineBenchmark"),
        pipelineRow("people-100", "1", "1"), VS_BASELINE));
  }

  @Test
  void theCeilingIsSerializationAndCompressionOneAfterTheOther() {
    // S = 772.59, C = 958.77 -> 1 / (1/S + 1/C) = 427.84; 705.54 / 427.84
    assertEquals("1.65×", TableRows.cell(section.table("PipelineBenchmark"),
        pipelineRow("people-100", "1", "1"), VS_CEILING));
  }

  @Test
  void aTwoThreadResultIsComparedWithTheTwoThreadBaselineAndCeiling() {
    MarkdownTable table = section.table("PipelineBenchmark");
    Map<String, String> row = pipelineRow("people-100", "1", "2");
    // 1,031.32 / 713.18 (the one-thread baseline, 660.18, would give 1.56×)
    assertEquals("1.45×", TableRows.cell(table, row, VS_BASELINE));
    // S = 3,514.72 and C = 1,890.56 at 2 threads -> 1,229.31; 1,031.32 / 1,229.31
    assertEquals("0.84×", TableRows.cell(table, row, VS_CEILING));
  }

  @Test
  void aPayloadTheStudyDidNotMeasureHasNoBaselineButHasACeiling() {
    MarkdownTable table = section.table("PipelineBenchmark");
    // people-1: S = 101,533, C = 81,124 -> 45,094; 40,399 / 45,094
    assertEquals("–", TableRows.cell(table, pipelineRow("people-1", "1", "1"), VS_BASELINE));
    assertEquals("0.90×", TableRows.cell(table, pipelineRow("people-1", "1", "1"), VS_CEILING));
  }

  @Test
  void scoresCarryJmhsErrorAndAllocationIsInBytesPerOperation() {
    MarkdownTable seed = section.table("SeedBenchmark");
    Map<String, String> baseline = Map.of("method", "baseline", "compressionLevel", "1", "threads", "1");
    assertEquals("660 ± 320", TableRows.cell(seed, baseline, SCORE));
    assertEquals("252,323", TableRows.cell(seed, baseline, ALLOC));
    assertEquals("1.00×", TableRows.cell(seed, baseline, VS_BASELINE));
  }

  @Test
  void theStudysBestIsDividedByTheBaseline() {
    // 577.18 / 660.18
    assertEquals("0.87×", TableRows.cell(section.table("SeedBenchmark"), Map.of(
        "method", "afterburner_deflaterBuffer_bufferedInput", "compressionLevel", "1", "threads", "1"),
        VS_BASELINE));
  }

  @Test
  void decodingIsNotDividedByTheEncodingBaselineOrCeiling() {
    MarkdownTable decode = section.table("DecodeBenchmark");

    assertFalse(decode.headers().contains(VS_BASELINE), decode.headers().toString());
    assertFalse(decode.headers().contains(VS_CEILING), decode.headers().toString());
    assertEquals("509 ± 711", TableRows.cell(decode, Map.of("dataset", "people-100"), SCORE));
  }
}
