package io.github.zipjack.tools.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bench/compare for real on bodies it has never seen (generated here: order records), on a budget of
 * seconds: fresh JVMs of alternating turns, a progress line per round, the table and a verdict with
 * its interval. What it prints is checked, not how fast anything is.
 */
class CompareRunTest {
  @TempDir
  Path dir;

  /** Another JMH on the machine must not fail this run with JMH's lock: the rounds' JVMs inherit this. */
  @BeforeAll
  static void ignoreOtherJmhRuns() {
    System.setProperty("jmh.ignoreLock", "true");
  }

  private Path orders() throws IOException {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      lines.add("{\"order\":" + i + ",\"customer\":\"c-" + (i * 7919 % 1000) + "\",\"items\":[{\"sku\":\"s-" + i
          + "\",\"qty\":" + (i % 5 + 1) + ",\"price\":" + (i * 1.25) + "}],\"note\":\"deliver after " + (i % 12 + 8)
          + " o'clock\"}");
    }
    Path file = dir.resolve("orders.jsonl");
    Files.writeString(file, String.join("\n", lines) + "\n");
    return file;
  }

  @Test
  void zstdAgainstGzipOnUnseenSamplesGivesATableAndAVerdictWithItsInterval() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = new CompareCommand(new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), dir.resolve("work"))
        .run(new String[] {"--time", "12s", "zlib-1", "zstd-1", orders().toString()});
    String printed = out.toString(StandardCharsets.UTF_8);

    assertEquals(0, status, printed + err.toString(StandardCharsets.UTF_8));
    assertTrue(printed.lines().anyMatch(l -> l.matches("bench/compare: round 2: widest interval (over )?±[0-9.]+%.*")),
        printed);
    assertTrue(printed.lines().anyMatch(l -> l.startsWith("| zstd-1 ") && l.contains("[")), printed);
    assertTrue(printed.lines().anyMatch(l -> l.matches("zstd-1 against zlib-1: (\\d.*(faster|slower) \\[.*\\]"
        + "|tie within ±5%|inconclusive: .*)")), printed);
  }
}
