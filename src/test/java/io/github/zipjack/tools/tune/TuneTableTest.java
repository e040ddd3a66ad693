package io.github.zipjack.tools.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.tools.tune.SettingResult.Figure;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The verdict from given figures: ranking, Pareto front, recommendation and its code. */
class TuneTableTest {

  private static SettingResult result(String setting, double sizePercent, double encodeMbPerSecond) {
    Figure f = new Figure(encodeMbPerSecond, 1);
    return new SettingResult(Setting.parse(setting), sizePercent, f, f, f, f);
  }

  private static final List<SettingResult> RESULTS = List.of(
      result("zlib-1", 35, 40), result("zstd-1", 33, 90), result("brotli-5", 28, 20),
      result("libdeflate-6", 30, 30), result("study-gzip-1", 35, 100));

  @Test
  void rankedByEncodingAtOneThread() {
    List<String> order = new TuneTable(RESULTS, 2, Double.NaN, null).ranked().stream()
        .map(r -> r.setting().toString()).toList();
    assertEquals(List.of("study-gzip-1", "zstd-1", "zlib-1", "libdeflate-6", "brotli-5"), order);
  }

  @Test
  void frontLeavesOutDominatedSettingsAndTheStudy() {
    List<String> front = new TuneTable(RESULTS, 2, Double.NaN, null).front().stream()
        .map(r -> r.setting().toString()).toList();
    assertEquals(List.of("zstd-1", "libdeflate-6", "brotli-5"), front);
  }

  @Test
  void fastestZipjackSettingWithinMaxSizeIsRecommendedWithItsCode() {
    List<String> lines = new TuneTable(RESULTS, 2, 31, null).recommendationLines();
    assertTrue(lines.get(0).startsWith("recommended: libdeflate-6 (the fastest to encode at 1 thread within"
        + " --max-size 31.0%"), lines.get(0));
    assertEquals(List.of("  builder:     Pipeline.builder().compression(Compression.gzip(6)).build()",
        "  filter:      <init-param><param-name>codings</param-name><param-value>gzip(6)</param-value></init-param>",
        "  Spring Boot: zipjack.compression.codings=gzip(6)"), lines.subList(1, 4));
  }

  @Test
  void nothingWithinMaxSizeNamesTheSmallest() {
    assertEquals(List.of("recommended: nothing within --max-size 20.0%: the smallest setting, brotli-5, makes 28.0%"
        + " of the JSON"), new TuneTable(RESULTS, 2, 20, null).recommendationLines());
  }

  @Test
  void dictionaryWinnerNamesItsFileAndAlsoRecommendsForHttp() {
    List<SettingResult> results = List.of(result("zstd-1+dict", 15, 120), result("zstd-1", 33, 90));
    List<String> lines = new TuneTable(results, 2, Double.NaN, "target/tune/tune.dict").recommendationLines();
    assertEquals("  builder:     Pipeline.builder().compression(Compression.zstd(1, ZstdDictionary.read(Path.of("
        + "\"target/tune/tune.dict\")))).build()", lines.get(1));
    assertTrue(lines.get(3).startsWith("recommended for HTTP: zstd-1 "), String.join("\n", lines));
    assertEquals("  Spring Boot: zipjack.compression.codings=zstd(1), gzip(1)", lines.get(lines.size() - 1));
  }
}
