package io.github.zipjack.tools.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which files a folder of samples stands for when the {@code --report} folder lies inside it:
 * what bench/tune wrote there on an earlier run is not read back as samples.
 */
class SamplesTest {
  /** {@link TuneSamples#folder}'s bodies. */
  private static final int BODIES = 12;

  @TempDir
  Path dir;

  /** The report folder {@code report} inside {@code folder}, holding what an earlier run wrote and a stray JSON file. */
  private static Path earlierReport(Path folder) throws Exception {
    Path report = Files.createDirectories(folder.resolve("report"));
    Files.writeString(report.resolve("samples.jsonl"), "{\"a\": 1}\n{\"a\": 2}\n");
    Files.writeString(Files.createDirectories(report.resolve("old")).resolve("body.json"), "{\"a\": 3}");
    return report;
  }

  @Test
  void reportFolderInsideASampleFolderIsNotReadAsSamples() throws Exception {
    Path folder = TuneSamples.folder(dir);
    Path report = earlierReport(folder);

    Samples samples = Samples.read(List.of(folder), report, new ObjectMapper());

    assertEquals(List.of(BODIES, BODIES), List.of(samples.values().size(), samples.fileCount()));
  }

  @Test
  void reportFolderNamedByAnotherPathIsNotReadAsSamples() throws Exception {
    Path folder = TuneSamples.folder(dir);
    earlierReport(folder);
    Path link = Files.createSymbolicLink(dir.resolve("link"), folder);

    Samples samples = Samples.read(List.of(folder), link.resolve("..").resolve("link").resolve("report"),
        new ObjectMapper());

    assertEquals(BODIES, samples.values().size());
  }

  @Test
  void reportFolderThatDoesNotExistYetLeavesEverySampleIn() throws Exception {
    Path folder = TuneSamples.folder(dir);

    Samples samples = Samples.read(List.of(folder), folder.resolve("report"), new ObjectMapper());

    assertEquals(BODIES, samples.values().size());
  }
}
