package io.github.zipjack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.type.TypeReference;
import io.github.zipjack.data.Datasets;
import io.github.zipjack.data.Person;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@link Pipeline#writeFile} and {@link Pipeline#readFile}: atomic replacement, clean failures, clear messages. */
class PipelineFilesTest {
  @TempDir
  Path dir;

  static List<PipelineSetup> setups() {
    return List.of(
        new PipelineSetup(Format.JSON, Compression.gzip(6), Accelerator.NONE, 0, null),
        new PipelineSetup(Format.JSON, Compression.none(), Accelerator.NONE, 0, null),
        new PipelineSetup(Format.MSGPACK, Compression.zstd(3), Accelerator.NONE, 0, null),
        new PipelineSetup(Format.JSON, Compression.brotli(4), Accelerator.NONE, 0, null));
  }

  private List<Path> temporaries() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(p -> p.getFileName().toString().endsWith(AtomicFileWrite.TEMP_SUFFIX)).toList();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("setups")
  void aSavedValueReadsBackEqual(PipelineSetup setup) throws IOException {
    @SuppressWarnings("unchecked")
    List<Person> people = (List<Person>) Datasets.load("people-10").value();
    Path file = dir.resolve("people.bin");
    try (Pipeline pipeline = setup.build()) {
      pipeline.writeFile(file, people);

      assertEquals(people, pipeline.readFile(file, new TypeReference<List<Person>>() { }));
      assertEquals(pipeline.encode(people).length, Files.size(file), "the file is the encoded body");
    }
    assertEquals(List.of(), temporaries());
  }

  @Test
  void aSaveReplacesTheOldContent() throws IOException {
    Path file = dir.resolve("state.json.gz");
    try (Pipeline pipeline = Pipeline.builder().build()) {
      pipeline.writeFile(file, List.of("old"));
      pipeline.writeFile(file, List.of("new", "content"));

      assertEquals(List.of("new", "content"), pipeline.readFile(file, List.class));
    }
  }

  @Test
  void aFailedSerializationLeavesTheOldFileAndNoTemporary() throws IOException {
    Path file = dir.resolve("state.json.gz");
    try (Pipeline pipeline = Pipeline.builder().build()) {
      pipeline.writeFile(file, List.of("old"));
      byte[] before = Files.readAllBytes(file);

      assertThrows(ZipjackEncodeException.class, () -> pipeline.writeFile(file, new PipelineLifecycleTest.Exploding()));

      assertEquals(java.util.Arrays.toString(before), java.util.Arrays.toString(Files.readAllBytes(file)));
      assertEquals(List.of(), temporaries());
      assertTrue(pipeline.resources().nothingLent(), pipeline.resources().toString());
    }
  }

  @Test
  void aMissingDirectoryIsNamedInTheException() {
    Path file = dir.resolve("no-such-dir").resolve("state.json.gz");
    try (Pipeline pipeline = Pipeline.builder().build()) {
      NoSuchFileException e = assertThrows(NoSuchFileException.class, () -> pipeline.writeFile(file, List.of(1)));

      assertTrue(e.getMessage().contains(dir.resolve("no-such-dir").toString()), e.getMessage());
    }
  }

  @Test
  void aTruncatedFileIsATruncatedBodyNamingThePath() throws IOException {
    Path file = dir.resolve("cut.json.gz");
    try (Pipeline pipeline = Pipeline.builder().build()) {
      byte[] body = pipeline.encode(Datasets.load("people-10").value());
      Files.write(file, java.util.Arrays.copyOf(body, body.length / 2));

      TruncatedBodyException e = assertThrows(TruncatedBodyException.class, () -> pipeline.readFile(file, Object.class));

      assertEquals(file.toString(), e.source());
      assertTrue(e.getMessage().startsWith(file + ": "), e.getMessage());
    }
  }

  @Test
  void aMissingFileIsNoSuchFile() {
    try (Pipeline pipeline = Pipeline.builder().build()) {
      assertThrows(NoSuchFileException.class, () -> pipeline.readFile(dir.resolve("absent.json.gz"), Object.class));
    }
  }

  @Test
  void theTemporaryOfADeadWriterIsDeletedByTheNextSave() throws Exception {
    Path file = dir.resolve("state.json.gz");
    Process dead = new ProcessBuilder("true").start();
    dead.waitFor();
    Path orphan = dir.resolve(".state.json.gz." + dead.pid() + ".abc" + AtomicFileWrite.TEMP_SUFFIX);
    Files.write(orphan, new byte[] {1, 2, 3});
    try (Pipeline pipeline = Pipeline.builder().build()) {
      pipeline.writeFile(file, List.of(1));
    }

    assertEquals(List.of(), temporaries());
  }

  @Test
  void theTemporaryOfALiveWriterIsLeftAlone() throws Exception {
    Path file = dir.resolve("state.json.gz");
    Path inFlight = dir.resolve(".state.json.gz." + ProcessHandle.current().pid() + ".abc" + AtomicFileWrite.TEMP_SUFFIX);
    Files.write(inFlight, new byte[] {1, 2, 3});
    try (Pipeline pipeline = Pipeline.builder().build()) {
      pipeline.writeFile(file, List.of(1));
    }

    assertEquals(List.of(inFlight), temporaries());
  }
}
