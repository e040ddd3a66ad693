package io.github.zipjack.tools.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.tools.tune.TuneSamples.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad samples and options: bench/tune stops before measuring, with exit status 2 and one message
 * naming the file and line (or the option), and writes no report.
 */
class TuneBadInputTest {
  @TempDir
  Path dir;

  private Outcome tune(String... args) {
    Outcome outcome = TuneSamples.run(args);
    assertEquals(2, outcome.status(), outcome.out() + outcome.err());
    return outcome;
  }

  /** The first line of standard error: the one message. */
  private static String message(Outcome outcome) {
    return outcome.err().lines().findFirst().orElse("");
  }

  @Test
  void emptyFolderIsNamed() throws Exception {
    Path empty = Files.createDirectories(dir.resolve("empty"));
    Files.writeString(empty.resolve("notes.txt"), "not a sample");
    Outcome outcome = tune("--report", dir.resolve("report").toString(), empty.toString());
    assertEquals("bench/tune: " + empty + ": an empty folder: no .json, .jsonl or .ndjson files in it", message(outcome));
    assertTrue(Files.notExists(dir.resolve("report")), "no report for bad samples");
  }

  @Test
  void reportFolderNamedAsSamplesIsRefused() throws Exception {
    Path folder = TuneSamples.folder(dir);
    String message = message(tune("--time", "3s", "--report", folder.toString(), folder.toString()));
    assertEquals("bench/tune: " + folder + ": the --report folder, where bench/tune writes: name the folder of"
        + " samples, or another --report", message);
  }

  @Test
  void missingPathIsNamed() {
    Path missing = dir.resolve("absent.json");
    assertEquals("bench/tune: " + missing + ": no such file or folder", message(tune(missing.toString())));
  }

  @Test
  void fileThatIsNotJsonIsNamedWithItsLine() throws Exception {
    Path file = dir.resolve("body.json");
    Files.writeString(file, "{\n  \"name\": \"Ann\",\n  oops\n}\n");
    String message = message(tune(file.toString()));
    assertTrue(message.startsWith("bench/tune: " + file + ", line 3: not JSON: "), message);
  }

  @Test
  void jsonLinesLineThatIsNotJsonIsNamedWithItsLine() throws Exception {
    Path file = dir.resolve("bodies.jsonl");
    Files.writeString(file, "{\"a\": 1}\n\n{\"a\": 2}\nnot json\n{\"a\": 3}\n");
    String message = message(tune(file.toString()));
    assertTrue(message.startsWith("bench/tune: " + file + ", line 4: not JSON: "), message);
  }

  @Test
  void jsonLinesLineWithTwoValuesIsNamed() throws Exception {
    Path file = dir.resolve("bodies.ndjson");
    Files.writeString(file, "{\"a\": 1}\n{\"a\": 2} {\"a\": 3}\n");
    assertEquals("bench/tune: " + file + ", line 2: more than one JSON value", message(tune(file.toString())));
  }

  @Test
  void jsonFileWithTwoValuesSaysToNameItJsonLines() throws Exception {
    Path file = dir.resolve("two.json");
    Files.writeString(file, "{\"a\": 1}\n{\"a\": 2}\n");
    assertEquals("bench/tune: " + file + ", line 2: more than one JSON value; a file of one body a line must be"
        + " named .jsonl or .ndjson", message(tune(file.toString())));
  }

  @Test
  void emptyFileIsNamed() throws Exception {
    Path file = dir.resolve("empty.json");
    Files.writeString(file, "  \n");
    assertEquals("bench/tune: " + file + ", line 1: empty: a JSON file must hold one JSON value",
        message(tune(file.toString())));
  }

  @Test
  void badFileInsideAFolderIsNamed() throws Exception {
    Path folder = TuneSamples.folder(dir);
    Path bad = folder.resolve("nested").resolve("bad.json");
    Files.createDirectories(bad.getParent());
    Files.writeString(bad, "[1, 2,");
    String message = message(tune(folder.toString()));
    assertTrue(message.startsWith("bench/tune: " + bad + ", line 1: not JSON: "), message);
  }

  @Test
  void unknownOptionPrintsUsage() throws Exception {
    Outcome outcome = tune("--fast", TuneSamples.jsonLines(dir).toString());
    assertEquals("bench/tune: unknown option --fast", message(outcome));
    assertTrue(outcome.err().contains("usage: bench/tune"), outcome.err());
  }

  @Test
  void maxSizeOutOfRangeIsNamed() throws Exception {
    assertEquals("bench/tune: --max-size must be a percentage of the JSON in (0, 100], such as 30: 150",
        message(tune("--max-size", "150", TuneSamples.jsonLines(dir).toString())));
  }

  @Test
  void timeThatIsNotADurationIsNamed() throws Exception {
    assertEquals("bench/tune: --time must be a duration such as 90s, 2m or 1m30s: soon",
        message(tune("--time", "soon", TuneSamples.jsonLines(dir).toString())));
  }

  @Test
  void timeTooShortForTheMeasurementsSaysWhatIsNeeded() throws Exception {
    String message = message(tune("--time", "3s", "--report", dir.resolve("r").toString(),
        TuneSamples.jsonLines(dir).toString()));
    assertTrue(message.startsWith("bench/tune: --time 3s is too short for "), message);
  }

  @Test
  void noSamplesPrintsUsage() {
    Outcome outcome = tune("--time", "10s");
    assertTrue(message(outcome).startsWith("bench/tune: no SAMPLES given"), outcome.err());
  }

  @Test
  void trainDictionaryRefusesTime() throws Exception {
    Path dictionary = dir.resolve("d.dict");
    Outcome outcome = tune("--train-dictionary", dictionary.toString(), "--time", "90s",
        TuneSamples.jsonLines(dir).toString());
    assertEquals("bench/tune: --train-dictionary takes no --time: training is not timed, measures only sizes and"
        + " writes only its FILE; leave it out", message(outcome));
    assertTrue(Files.notExists(dictionary), "no dictionary written");
  }

  @Test
  void trainDictionaryRefusesReport() throws Exception {
    Path dictionary = dir.resolve("d.dict");
    Path report = dir.resolve("report");
    Outcome outcome = tune("--report", report.toString(), "--train-dictionary", dictionary.toString(),
        TuneSamples.jsonLines(dir).toString());
    assertEquals("bench/tune: --train-dictionary takes no --report: training is not timed, measures only sizes and"
        + " writes only its FILE; leave it out", message(outcome));
    assertTrue(Files.notExists(dictionary) && Files.notExists(report), "neither the dictionary nor a report written");
  }

  @Test
  void trainDictionaryNamesEveryMeasuringOptionGivenOnce() throws Exception {
    Outcome outcome = tune("--train-dictionary", dir.resolve("d.dict").toString(), "--in-process", "--max-size", "30",
        "--time", "1m", "--report", dir.resolve("r").toString(), "--time", "2m", TuneSamples.jsonLines(dir).toString());
    assertEquals("bench/tune: --train-dictionary takes no --in-process, --max-size, --time, --report: training is"
        + " not timed, measures only sizes and writes only its FILE; leave them out", message(outcome));
    assertTrue(outcome.err().contains("usage: bench/tune"), outcome.err());
  }

  @Test
  void tooFewBodiesToTrainADictionaryIsSaid() throws Exception {
    Path file = dir.resolve("few.jsonl");
    Files.writeString(file, String.join("\n", TuneSamples.people().subList(0, 4)));
    assertEquals("bench/tune: a dictionary needs at least 10 bodies to train on and test with; the samples hold 4",
        message(tune("--train-dictionary", dir.resolve("d.dict").toString(), file.toString())));
  }
}
