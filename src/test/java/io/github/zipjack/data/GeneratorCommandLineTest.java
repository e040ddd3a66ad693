package io.github.zipjack.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GeneratorCommandLineTest {
  @TempDir
  Path dir;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @Test
  void writesTheJsonOfPeopleForTheGivenCountAndSeed() throws IOException {
    Path file = dir.resolve("people.json");
    assertEquals(0,
        run("--kind", "people", "--records", "5", "--seed", "9", "--out", file.toString()));
    assertArrayEquals(DatasetGenerator.toJson(DatasetGenerator.people(5, 9)),
        Files.readAllBytes(file));
  }

  @Test
  void writesTheJsonOfANumericDataset() throws IOException {
    Path file = dir.resolve("sub/numeric.json");
    assertEquals(0, run("--kind", "numeric", "--records", "2", "--values", "8", "--seed", "-3",
        "--out", file.toString()));
    assertArrayEquals(DatasetGenerator.toJson(DatasetGenerator.numeric(2, 8, -3)),
        Files.readAllBytes(file));
  }

  @Test
  void stockWithItsDefaultsWritesTheBenchmarksStockDataset() throws IOException {
    Path file = dir.resolve("stock.json");
    assertEquals(0, run("--kind", "stock", "--out", file.toString()));
    assertArrayEquals(Datasets.load("stock-16000").rawJson(), Files.readAllBytes(file));
  }

  @Test
  void valuesAreRefusedForStock() {
    assertEquals(GeneratorCommandLine.USAGE_ERROR,
        run("--kind", "stock", "--values", "3", "--out", dir.resolve("x").toString()));
    assertTrue(err().contains("--values is only for --kind numeric: 3"), err());
  }

  @Test
  void defaultsRewriteTheCommittedPeopleFile() throws IOException {
    Path file = dir.resolve("people-100.json");
    assertEquals(0, run("--kind", "people", "--out", file.toString()));
    assertArrayEquals(Datasets.load("people-100").rawJson(), Files.readAllBytes(file));
  }

  @Test
  void badRecordsValueIsRejectedByName() {
    Path file = dir.resolve("never.json");
    assertEquals(GeneratorCommandLine.USAGE_ERROR,
        run("--kind", "people", "--records", "ten", "--out", file.toString()));
    assertTrue(err().startsWith("error: --records must be an integer in [1, 2147483647]: ten"),
        err());
    assertFalse(Files.exists(file));
  }

  @Test
  void zeroRecordsIsRejected() {
    assertEquals(GeneratorCommandLine.USAGE_ERROR,
        run("--kind", "people", "--records", "0", "--out", dir.resolve("x").toString()));
    assertTrue(err().contains("--records must be an integer in [1, 2147483647]: 0"), err());
  }

  @Test
  void unknownKindIsRejectedByName() {
    assertEquals(GeneratorCommandLine.USAGE_ERROR,
        run("--kind", "orders", "--out", dir.resolve("x").toString()));
    assertTrue(err().contains("--kind must be people, stock or numeric: orders"), err());
  }

  @Test
  void missingOutIsRejected() {
    assertEquals(GeneratorCommandLine.USAGE_ERROR, run("--kind", "people"));
    assertTrue(err().contains("--out is required"), err());
  }

  @Test
  void unknownOptionIsRejectedByName() {
    assertEquals(GeneratorCommandLine.USAGE_ERROR, run("--kind", "people", "--count", "3"));
    assertTrue(err().contains("unknown option: --count"), err());
  }

  @Test
  void noArgumentsPrintTheUsage() {
    assertEquals(GeneratorCommandLine.USAGE_ERROR, run());
    assertTrue(err().contains("usage: "), err());
  }

  @Test
  void unwritableOutputFailsWithStatusOne() throws IOException {
    Path notADirectory = Files.writeString(dir.resolve("file"), "x");
    assertEquals(GeneratorCommandLine.IO_ERROR, run("--kind", "people", "--records", "1",
        "--out", notADirectory.resolve("people.json").toString()));
    assertTrue(err().startsWith("error: cannot write "), err());
  }

  private int run(String... args) {
    return GeneratorCommandLine.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  private String err() {
    return err.toString(StandardCharsets.UTF_8);
  }
}
