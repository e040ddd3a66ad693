package io.github.zipjack.tools.soak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The soak at CI size: {@link SoakMain} in a child JVM with Native Memory Tracking, 16 threads for
 * 12 seconds after a 5-second warm-up, with the soak's own assertions (every round trip equal,
 * every pooled resource back, native memory within 10% of its level after the warm-up), which the
 * child checks and this test reads from its exit code and last line.
 */
class SoakTest {
  @TempDir
  Path dir;

  @Test
  void sixteenThreadsOfMixedEncodeAndDecodeLeaveNothingBehindAndNativeMemoryFlat() throws Exception {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-XX:NativeMemoryTracking=summary", "-Xmx512m", "-cp",
        System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"))));
    if (Runtime.version().feature() >= 22) {
      command.add("--enable-native-access=ALL-UNNAMED");
    }
    command.addAll(List.of(SoakMain.class.getName(), "--duration", "17s", "--warmup", "5s", "--threads", "16",
        "--interval", "2s"));
    Path log = dir.resolve("soak.log");
    Process soak = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile())
        .directory(new File(dir.toString())).start();

    assertTrue(soak.waitFor(2, TimeUnit.MINUTES), "the soak did not end");
    String output = Files.readString(log, StandardCharsets.UTF_8);
    assertEquals(0, soak.exitValue(), output);
    assertTrue(output.strip().endsWith(
        "soak: PASS: every round trip equal, every pooled resource back, native memory flat"), output);
  }
}
