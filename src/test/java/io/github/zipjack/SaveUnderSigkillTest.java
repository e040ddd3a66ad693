package io.github.zipjack;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.FileSaverMain.Snapshot;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Pipeline#writeFile} under SIGKILL: a child JVM saves in a loop and is killed at a random
 * moment, again and again; after every kill the file is a whole value (the last one the child said it
 * saved, or one later), never missing or partial, and temporary files do not pile up.
 */
class SaveUnderSigkillTest {
  private static final int KILLS = 20;

  @TempDir
  Path dir;

  @Test
  void aWriterKilledAtAnyMomentLeavesTheOldOrTheNewWholeValue() throws Exception {
    Path file = dir.resolve("snapshot.json.gz");
    Random random = new Random(42);
    long lastReported = 0;
    try (Pipeline reader = Pipeline.builder().compression(Compression.gzip(1)).build()) {
      for (int kill = 1; kill <= KILLS; kill++) {
        Path progress = dir.resolve("saver-" + kill + ".out");
        Process saver = startSaver(file, progress);
        awaitFirstSave(saver, progress);
        Thread.sleep(random.nextInt(150));
        saver.destroyForcibly(); // SIGKILL on Linux and macOS
        assertTrue(saver.waitFor(30, TimeUnit.SECONDS), "the child did not die");
        for (String line : Files.readAllLines(progress, StandardCharsets.US_ASCII)) {
          if (line.startsWith("saved ")) {
            lastReported = Long.parseLong(line.substring("saved ".length()));
          }
        }

        assertTrue(Files.exists(file), "kill " + kill + ": the file is missing");
        Snapshot saved = reader.readFile(file, Snapshot.class);
        assertTrue(saved.isWhole(), "kill " + kill + ": the file holds a partial value, seq " + saved.seq());
        assertTrue(saved.seq() >= lastReported, "kill " + kill + ": the file holds " + saved.seq()
            + ", older than the last save the child finished, " + lastReported);
      }
    }
    assertTrue(temporaries().size() <= 1, "temporary files pile up: " + temporaries());
  }

  /** Waits until the child has said it saved once (it prints after each save returns). */
  private void awaitFirstSave(Process saver, Path progress) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!Files.readString(progress, StandardCharsets.US_ASCII).contains("saved ")) {
      assertTrue(saver.isAlive(), () -> "the child died before its first save: " + readQuietly(dir.resolve("saver.err")));
      assertTrue(System.nanoTime() < deadline, "no save within 60 s");
      Thread.sleep(5);
    }
  }

  private static String readQuietly(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      return e.toString();
    }
  }

  private Process startSaver(Path file, Path progress) throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    // C1 alone and the serial collector: the child only has to start and save, twenty times over,
    // and C2's and G1's threads would double what each start costs the machine.
    return new ProcessBuilder(java, "-Xmx256m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", classPath,
        FileSaverMain.class.getName(), file.toString())
        .directory(new File(System.getProperty("java.io.tmpdir")))
        .redirectOutput(progress.toFile())
        .redirectError(ProcessBuilder.Redirect.appendTo(dir.resolve("saver.err").toFile()))
        .start();
  }

  private List<Path> temporaries() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(p -> p.getFileName().toString().endsWith(AtomicFileWrite.TEMP_SUFFIX)).toList();
    }
  }
}
