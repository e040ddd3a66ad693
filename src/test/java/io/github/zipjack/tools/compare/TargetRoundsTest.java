package io.github.zipjack.tools.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.tools.compare.TargetRounds.Target;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Targets judged from paired rounds, on a seeded synthetic machine that answers at once. */
class TargetRoundsTest {
  private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

  /** Rounds of one turn: each configuration's true throughput, a common drift and a little noise. */
  private static RoundRunner machine(Map<String, Double> trueOpsPerSecond, List<List<String>> orders) {
    Random random = new Random(3);
    return (order, seed) -> {
      orders.add(order);
      double drift = Math.exp(0.2 * random.nextGaussian());
      Map<String, Double> ops = new HashMap<>();
      for (String name : order) {
        ops.put(name, trueOpsPerSecond.get(name) * drift * Math.exp(0.01 * random.nextGaussian()));
      }
      return Round.ofSingleTurn(ops);
    };
  }

  private static String verdict(double gzipOps, double studyOps) throws Exception {
    List<List<String>> rows = TargetRounds.run(List.of("study", "gzip-1"),
        List.of(Target.timeAtMost("gzip-1 time ÷ study's best", "gzip-1", "study", 0.55)),
        machine(Map.of("study", studyOps, "gzip-1", gzipOps), new ArrayList<>()), Duration.ofSeconds(30), 30, "x1",
        "", QUIET, 11);
    assertEquals(1, rows.size());
    assertEquals("x1", rows.get(0).get(0));
    return rows.get(0).get(6);
  }

  @Test
  void aTimeTargetHoldsWhenTheWholeIntervalIsUnderIt() throws Exception {
    assertEquals("holds (at most 0.55)", verdict(200, 100));
  }

  @Test
  void aTimeTargetMissesWhenTheWholeIntervalIsOverIt() throws Exception {
    assertEquals("misses (at most 0.55)", verdict(160, 100));
  }

  @Test
  void aThroughputTargetReadsTheRatioOfThroughputs() throws Exception {
    List<List<String>> rows = TargetRounds.run(List.of("restclient", "zipjack"),
        List.of(Target.throughputAtLeast("zipjack ÷ restclient", "zipjack", "restclient", 1.5)),
        machine(Map.of("restclient", 100.0, "zipjack", 170.0), new ArrayList<>()), Duration.ofSeconds(30), 30,
        "people-100", "", QUIET, 11);
    assertEquals(1.70, Double.parseDouble(rows.get(0).get(2).replace("×", "")), 0.02, rows.toString());
    assertEquals("holds (at least 1.50)", rows.get(0).get(6));
  }

  @Test
  void roundsGoOnPastSettlingUntilTheTargetIsDecided() throws Exception {
    List<List<String>> orders = new ArrayList<>();
    List<List<String>> rows = TargetRounds.run(List.of("study", "gzip-1"),
        List.of(Target.timeAtMost("gzip-1 time ÷ study's best", "gzip-1", "study", 0.55)),
        machine(Map.of("study", 100.0, "gzip-1", 100 / 0.545), orders), Duration.ofSeconds(30), 40, "x1", "", QUIET, 11);
    assertTrue(orders.size() > PairedRounds.MIN_ROUNDS, orders.size() + " rounds");
    assertEquals("holds (at most 0.55)", rows.get(0).get(6));
  }

  @Test
  void theReportNamesWhatItMeasuredAndThisJdkAboveTheTable(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("report/client-jdk.md");
    TargetRounds.report("Client decoding", "dataset",
        List.of(List.of("people-100", "zipjack ÷ restclient", "1.700×", "[1.6, 1.8]", "5", "sd 1%", "holds")), out, QUIET);
    String written = Files.readString(out);
    assertTrue(written.startsWith("Client decoding, JDK " + TargetRounds.jdkVersion() + ", paired rounds, measured "),
        written);
    assertTrue(written.contains("| dataset    | ratio"), written);
  }

  @Test
  void theFloorIsTheSlowerOfJacksonAloneAndTwoSerialCallersInEachTurn() throws Exception {
    List<List<String>> orders = new ArrayList<>();
    RoundRunner inner = (order, seed) -> {
      orders.add(order);
      return new Round(Map.of("jackson", List.of(100.0, 300.0), "load zstd-1 serial", List.of(200.0, 200.0),
          "load gzip-1 serial", List.of(50.0, 400.0)));
    };
    Round round = DerivedConfiguration.adding(inner, LargeBodyTargetsMain.floors()).run(List.of(LargeBodyTargetsMain.GZIP_FLOOR,
        LargeBodyTargetsMain.FLOOR, "jackson", "load zstd-1 serial", "load gzip-1 serial"), 1);
    assertEquals(List.of(100.0, 200.0), round.opsPerSecondByTurn().get(LargeBodyTargetsMain.FLOOR));
    assertEquals(List.of(50.0, 300.0), round.opsPerSecondByTurn().get(LargeBodyTargetsMain.GZIP_FLOOR));
    assertEquals(List.of("jackson", "load zstd-1 serial", "load gzip-1 serial"), orders.get(0));
  }
}
