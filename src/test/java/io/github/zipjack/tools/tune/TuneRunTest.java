package io.github.zipjack.tools.tune;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.zipjack.Compression;
import io.github.zipjack.Pipeline;
import io.github.zipjack.bench.Codec;
import io.github.zipjack.tools.tune.SettingResult.Figure;
import io.github.zipjack.tools.tune.TuneSamples.Outcome;
import java.io.PrintStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bench/tune measuring for real, with JMH, on budgets of seconds (so in-process, as it says): every
 * engine appears with JMH's error, the recommendation is the fastest setting within
 * {@code --max-size}, the table and chart are written, a body over the parallel threshold gets its
 * latency serial and with {@code compressionThreads}; and one measurement in a forked JVM, the path
 * its default budget takes.
 */
class TuneRunTest {
  private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

  @TempDir
  Path dir;

  /** Where the shared large-folder run keeps its samples and report. */
  @TempDir
  static Path sharedDir;

  /**
   * These runs check what bench/tune prints, not how fast anything is, so another JMH on the machine
   * (a benchmark someone is running beside the build) must not fail them with JMH's lock.
   */
  @BeforeAll
  static void ignoreOtherJmhRuns() {
    System.setProperty("jmh.ignoreLock", "true");
  }

  /** A table row as printed: the setting, its size % and encoding MB/s at 1 thread. */
  private record Row(String setting, double sizePercent, double encodeOne, String encodeOneCell) {}

  private static List<Row> rows(String out) {
    List<Row> rows = new ArrayList<>();
    for (String line : out.lines().toList()) {
      String[] cells = Arrays.stream(line.split("\\|")).map(String::strip).toArray(String[]::new);
      if (cells.length >= 9 && cells[1].matches("\\d+")) {
        String setting = cells[2].replace(" (the study: GZIPOutputStream)", "");
        rows.add(new Row(setting, Double.parseDouble(cells[3]), Double.parseDouble(cells[4].split(" ")[0]), cells[4]));
      }
    }
    return rows;
  }

  private static String recommended(String out) {
    String line = out.lines().filter(l -> l.startsWith("recommended:")).findFirst().orElseThrow(
        () -> new AssertionError("no recommended: line in\n" + out));
    return line.substring("recommended: ".length()).split(" ")[0];
  }

  /**
   * A budget a little over the least bench/tune accepts for its measurements here: libdeflate's two
   * settings (Java 25) add measurements.
   */
  private static String budget(int seconds, int secondsWithLibdeflate) {
    return (libdeflateHere() ? secondsWithLibdeflate : seconds) + "s";
  }

  private static boolean libdeflateHere() {
    return Codec.parse("libdeflate-1").unavailableHere() == null;
  }

  private static List<String> expectedSettings() {
    List<String> names = new ArrayList<>(List.of("zlib-1", "zlib-6", "zstd-1", "zstd-3", "brotli-4", "brotli-5",
        "study-gzip-1", "study-gzip-6"));
    if (libdeflateHere()) {
      names.addAll(List.of("libdeflate-1", "libdeflate-6"));
    }
    return names;
  }

  @Test
  void jsonLinesFileGetsEveryEngineWithErrorsTheFrontTheChartAndTheTable() throws Exception {
    Path report = dir.resolve("report");
    Outcome outcome = TuneSamples.run("--time", budget(22, 28), "--report", report.toString(),
        TuneSamples.jsonLines(dir).toString());
    assertEquals(0, outcome.status(), outcome.out() + outcome.err());

    List<Row> rows = rows(outcome.out());
    List<String> settings = rows.stream().map(Row::setting).toList();
    assertTrue(settings.containsAll(expectedSettings()), "every engine and the study: " + settings);
    assertTrue(settings.contains("zstd-1+dict"), "1 KB bodies: zstd with a trained dictionary too: " + settings);
    for (Row row : rows) {
      assertTrue(row.encodeOne() > 0 && row.encodeOneCell().contains(" ± "), "a figure with its error: " + row);
      assertTrue(row.sizePercent() > 0 && row.sizePercent() < 100, "a size: " + row);
    }
    assertTrue(outcome.out().contains("in-process (JMH -f 0"), "a budget of seconds runs in-process, and says so");
    assertTrue(outcome.out().lines().anyMatch(l -> l.startsWith("Pareto front")), outcome.out());
    assertEquals(firstZipjackSetting(rows), recommended(outcome.out()), "without --max-size, the fastest zipjack setting");
    assertArrayEquals(PNG_SIGNATURE, Arrays.copyOf(Files.readAllBytes(report.resolve(TuneChart.FILE)), 8));
    String markdown = Files.readString(report.resolve(TuneCommand.TABLE_FILE));
    assertTrue(markdown.contains("| rank | setting") && markdown.contains("recommended: "), markdown);
    assertTrue(Files.size(report.resolve("jmh.log")) > 0, "JMH's log is kept");
    assertTrue(outcome.out().contains("compressionThreads: no body is over the parallel threshold (262,144 bytes)"),
        "1 KB bodies: one line says why no latency is measured\n" + outcome.out());
    assertFalse(outcome.out().contains("Large bodies (") || markdown.contains("Large bodies ("), outcome.out());
  }

  /**
   * One bench/tune run that two tests read: a folder with a body over the parallel threshold, and
   * {@code --max-size} just under zstd-1's size on it, so that zstd-1 is excluded and the
   * recommendation must look further down. Made by the first test that asks.
   */
  private static LargeFolderRun largeFolderRun;

  private record LargeFolderRun(Outcome outcome, double maxSize, Path report) {}

  private static LargeFolderRun largeFolderRun() throws Exception {
    if (largeFolderRun == null) {
      Path folder = TuneSamples.folderWithLargeBody(sharedDir, 600);
      // Just under zstd-1's size: it is excluded, and the recommendation must look further down.
      double maxSize = Math.floor(zstdOneSizePercent(folder) * 10 - 1) / 10;
      Path report = sharedDir.resolve("report");
      Outcome outcome = TuneSamples.run("--time", budget(26, 34), "--max-size", Double.toString(maxSize), "--report",
          report.toString(), folder.toString());
      largeFolderRun = new LargeFolderRun(outcome, maxSize, report);
    }
    return largeFolderRun;
  }

  @Test
  void bodyOverTheParallelThresholdGetsItsLatencySerialAndWithCompressionThreads() throws Exception {
    int cores = Runtime.getRuntime().availableProcessors();
    assumeTrue(cores > 1, "compressionThreads defaults to 1 on 1 core: nothing to compare");
    LargeFolderRun run = largeFolderRun();
    Outcome outcome = run.outcome();
    assertEquals(0, outcome.status(), outcome.out() + outcome.err());

    String heading = "Large bodies (1 over 256 KiB): ms per body, serial → compressionThreads=" + cores;
    assertTrue(outcome.out().contains(heading), outcome.out());
    List<String> latencySettings = new ArrayList<>();
    for (String line : outcome.out().lines().toList()) {
      String[] cells = Arrays.stream(line.split("\\|")).map(String::strip).toArray(String[]::new);
      if (cells.length == 5 && cells[4].endsWith("x")) {
        assertTrue(cells[2].contains(" ± ") && cells[3].contains(" ± "), "serial and parallel with errors: " + line);
        assertTrue(Double.parseDouble(cells[2].split(" ")[0]) > 0, line);
        latencySettings.add(cells[1]);
      }
    }
    List<String> expected = new ArrayList<>(List.of("zlib-1", "zlib-6", "zstd-1", "zstd-3"));
    for (int level : new int[] {1, 6}) { // libdeflate goes parallel as zlib does, where it is available
      if (Codec.parse("libdeflate-" + level).unavailableHere() == null) {
        expected.add("libdeflate-" + level);
      }
    }
    assertEquals(expected.stream().sorted().toList(), latencySettings.stream().sorted().toList(), outcome.out());
    assertTrue(Files.readString(run.report().resolve(TuneCommand.TABLE_FILE)).contains(heading), "in tune.md too");
  }

  private static String firstZipjackSetting(List<Row> rows) {
    return rows.stream().map(Row::setting).filter(s -> !s.startsWith(Setting.STUDY_PREFIX)).findFirst().orElseThrow();
  }

  @Test
  void folderRecommendationIsTheFastestSettingWithinMaxSize() throws Exception {
    LargeFolderRun run = largeFolderRun();
    Outcome outcome = run.outcome();
    double maxSize = run.maxSize();
    assertEquals(0, outcome.status(), outcome.out() + outcome.err());

    List<Row> rows = rows(outcome.out());
    String recommended = recommended(outcome.out());
    assertNotEquals("zstd-1", recommended, outcome.out());
    for (Row row : rows) {
      if (row.setting().equals(recommended)) {
        assertTrue(row.sizePercent() <= maxSize, "within --max-size " + maxSize + ": " + row);
        break;
      }
      assertTrue(row.setting().startsWith(Setting.STUDY_PREFIX) || row.sizePercent() > maxSize,
          "a faster zipjack setting within --max-size was passed over: " + row);
    }
    assertTrue(outcome.out().contains("Pipeline.builder().compression(Compression."), outcome.out());
    assertTrue(outcome.out().contains("zipjack.compression.codings="), outcome.out());
  }

  /** zstd-1's size on the folder's bodies, as bench/tune computes it. */
  private static double zstdOneSizePercent(Path folder) throws Exception {
    long raw = 0;
    long compressed = 0;
    try (Pipeline plain = Pipeline.builder().compression(Compression.none()).build();
        Pipeline zstd = Pipeline.builder().compression(Compression.zstd(1)).build()) {
      for (JsonNode value : Samples.read(List.of(folder), folder.resolveSibling("report"), plain.mapperCopy()).values()) {
        raw += plain.encode(value).length;
        compressed += zstd.encode(value).length;
      }
    }
    return 100.0 * compressed / raw;
  }

  @Test
  void forkedMeasurementRunsInItsOwnJvmWithAnError() throws Exception {
    Path samples = dir.resolve("samples.jsonl");
    try (Pipeline plain = Pipeline.builder().compression(Compression.none()).build()) {
      Samples.read(List.of(TuneSamples.jsonLines(dir)), dir.resolve("report"), plain.mapperCopy())
          .writeJsonLines(samples, plain.mapperCopy());
    }
    TuneMeasurements measurements = TuneMeasurements.plan(List.of(Setting.parse("zstd-1")), 1, List.of(), samples, null);
    Timing timing = Timing.fit(Duration.ofSeconds(9), Duration.ZERO, measurements.count(), false, "9s");
    assertTrue(timing.forked(), timing.toString());
    Path log = dir.resolve("jmh.log");
    ByteArrayOutputStream progress = new ByteArrayOutputStream();
    Map<String, Figure> figures = measurements.run(timing, System.nanoTime() + Duration.ofSeconds(9).toNanos(), log, 1e-3,
        new PrintStream(progress, true, StandardCharsets.UTF_8));

    for (TuneMeasurements.Run run : measurements.runs()) {
      Figure figure = figures.get(run.key());
      assertTrue(figure.value() > 0 && Double.isFinite(figure.error()), run + ": " + figure);
    }
    String jmh = Files.readString(log);
    assertTrue(jmh.contains("# Fork: 1 of 1"), jmh);
    assertEquals(2, progress.toString(StandardCharsets.UTF_8).lines().count(), "one progress line a run");
  }
}
