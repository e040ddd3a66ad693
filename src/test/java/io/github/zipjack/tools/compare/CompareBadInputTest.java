package io.github.zipjack.tools.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bench/compare refuses what it cannot compare with status 2 and one message naming the value. */
class CompareBadInputTest {
  @TempDir
  Path dir;

  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) {
    PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    return new CompareCommand(out, new PrintStream(err, true, StandardCharsets.UTF_8), dir.resolve("work")).run(args);
  }

  private String firstErrorLine() {
    return err.toString(StandardCharsets.UTF_8).lines().findFirst().orElse("");
  }

  private Path samples() throws IOException {
    Path file = dir.resolve("bodies.jsonl");
    Files.writeString(file, "{\"a\":1}\n{\"a\":2}\n");
    return file;
  }

  @Test
  void noSamplesExitsWithTwoAndSaysSo() {
    assertEquals(2, run("zlib-1", "zstd-1"));
    assertTrue(firstErrorLine().contains("no SAMPLES given"), firstErrorLine());
  }

  @Test
  void anUnknownSettingExitsWithTwoAndNamesIt() throws IOException {
    assertEquals(2, run("zlib-1", "zstd-99", samples().toString()));
    assertTrue(firstErrorLine().startsWith("bench/compare: unknown setting zstd-99: "), firstErrorLine());
  }

  @Test
  void oneSettingIsNotAComparison() throws IOException {
    assertEquals(2, run("zstd-1", samples().toString()));
    assertTrue(firstErrorLine().contains("at least two settings"), firstErrorLine());
  }

  @Test
  void aMissingSampleFileExitsWithTwoAndNamesIt() {
    assertEquals(2, run("zlib-1", "zstd-1", "missing/bodies.json"));
    assertTrue(firstErrorLine().contains("missing/bodies.json"), firstErrorLine());
  }

  @Test
  void aSampleThatIsNotJsonExitsWithTwoAndNamesTheFile() throws IOException {
    Path bad = dir.resolve("bad.json");
    Files.writeString(bad, "{not json");
    assertEquals(2, run("zlib-1", "zstd-1", bad.toString()));
    assertTrue(firstErrorLine().contains("bad.json"), firstErrorLine());
  }

  @Test
  void aJarThatIsNotABenchmarksJarExitsWithTwoAndNamesIt() throws IOException {
    Path plain = dir.resolve("plain.jar");
    try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(plain))) {
      zip.putNextEntry(new ZipEntry("META-INF/MANIFEST.MF"));
      zip.write("Manifest-Version: 1.0\n".getBytes(StandardCharsets.UTF_8));
      zip.closeEntry();
    }
    assertEquals(2, run("--jars", plain.toString(), plain.toString()));
    assertTrue(firstErrorLine().contains(plain + " is not a benchmarks jar"), firstErrorLine());
  }

  @Test
  void aFileThatIsNotAJarAtAllExitsWithTwo() throws IOException {
    Path text = dir.resolve("notes.jar");
    Files.writeString(text, "not a zip");
    assertEquals(2, run("--jars", text.toString(), text.toString()));
    assertTrue(firstErrorLine().contains("is not a benchmarks jar"), firstErrorLine());
  }

  @Test
  void aBadTimeExitsWithTwoAndNamesIt() {
    assertEquals(2, run("--time", "soon", "zlib-1", "zstd-1"));
    assertTrue(firstErrorLine().contains("soon"), firstErrorLine());
  }
}
