package io.github.zipjack.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.data.Datasets;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client in a child JVM with a 64 MiB heap GETs a 1 GiB gzip, zstd and brotli bomb from a bare
 * server: each is refused by maxDecodedBytes within 5 s, with no OutOfMemoryError, and the next
 * request on the same client decodes.
 */
class ClientBombsInASmallHeapTest {
  /** Per bomb; a bomb inflated to its end would take far longer and would not fit the heap. */
  private static final long MAX_MILLIS = 5_000;

  @TempDir
  Path dir;

  @Test
  void everyBombIsRefusedWithinFiveSecondsInA64MiBHeapAndTheClientGoesOn() throws Exception {
    try (StoredAnswerServer server = new StoredAnswerServer()) {
      server.put("/people", "application/json", null, Datasets.load("people-100").rawJson());
      List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "-Xmx64m", "--enable-native-access=ALL-UNNAMED", "-cp",
          System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
          ClientBombMain.class.getName(), server.uri("/people").toString()));
      if (Runtime.version().feature() < 22) {
        command.remove("--enable-native-access=ALL-UNNAMED");
      }
      for (String coding : List.of("gzip", "zstd", "br")) {
        server.put("/bomb-" + coding, "application/json", coding, Bombs.oneGib(coding));
        command.add(server.uri("/bomb-" + coding).toString());
      }
      Path err = dir.resolve("child.err");
      Process child = new ProcessBuilder(command).redirectError(err.toFile()).start();
      String stdout = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(child.waitFor(2, TimeUnit.MINUTES), "the child did not finish");
      String stderr = Files.readString(err);
      assertEquals(0, child.exitValue(), "child failed: " + stdout + stderr);
      System.out.print(stdout);
      String[] rows = stdout.strip().split("\n");
      assertEquals(3, rows.length, stdout);
      for (String row : rows) {
        String[] fields = row.split("\t");
        assertEquals("DecodeLimitExceededException maxDecodedBytes", fields[1], row);
        assertTrue(Long.parseLong(fields[2]) < MAX_MILLIS, row);
        assertEquals("NEXT_OK", fields[3], row);
      }
    }
  }
}
