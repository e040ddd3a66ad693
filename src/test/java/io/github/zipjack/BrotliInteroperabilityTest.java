package io.github.zipjack;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.zipjack.data.Dataset;
import io.github.zipjack.data.Datasets;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * zipjack's brotli against Google's reference {@code brotli} program (run by {@link SystemTool}),
 * both ways: {@code brotli -dc} turns zipjack's bodies back into exactly the plain serialization,
 * and zipjack decodes what {@code brotli -c} makes at several qualities and windows.
 */
class BrotliInteroperabilityTest {
  @TempDir
  Path dir;

  static Stream<Arguments> formatsQualitiesAndDatasets() {
    List<Arguments> cases = new ArrayList<>();
    for (Format format : Format.values()) {
      for (int quality : new int[] {0, 4, 5, 11}) {
        cases.add(Arguments.of(format, quality, "people-10"));
      }
      for (int quality : new int[] {0, 5}) {
        cases.add(Arguments.of(format, quality, "people-100x10"));
      }
      cases.add(Arguments.of(format, 4, "numeric"));
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} quality {1} {2}")
  @MethodSource("formatsQualitiesAndDatasets")
  void systemBrotliDecodesZipjackOutputToThePlainSerialization(Format format, int quality, String datasetName)
      throws Exception {
    Dataset dataset = Datasets.load(datasetName);
    byte[] plain;
    try (Pipeline identity = Pipeline.builder().format(format).compression(Compression.none()).build()) {
      plain = identity.encode(dataset.value());
    }
    try (Pipeline pipeline = Pipeline.builder().format(format).compression(Compression.brotli(quality)).build()) {
      byte[] body = pipeline.encode(dataset.value());

      assertArrayEquals(plain, systemBrotli(body, "-dc"));
    }
  }

  @ParameterizedTest(name = "brotli -q {0} -w {1}")
  @CsvSource({"0, 0", "1, 0", "5, 0", "9, 0", "11, 0", "5, 10", "5, 24", "11, 24"})
  void zipjackDecodesWhatSystemBrotliMakes(int quality, int lgwin) throws Exception {
    Dataset dataset = Datasets.load("people-100");
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.brotli(5)).build()) {
      byte[] body = lgwin == 0
          ? systemBrotli(dataset.rawJson(), "-c", "-q", Integer.toString(quality))
          : systemBrotli(dataset.rawJson(), "-c", "-q", Integer.toString(quality), "-w", Integer.toString(lgwin));

      assertEquals(dataset.value(), pipeline.decode(body, dataset.typeReference()));
    }
  }

  /**
   * {@code brotli arguments... FILE} with {@code input} in FILE. A file, not stdin: SystemTool feeds
   * stdin from the common ForkJoinPool, whose one worker on a 2-core machine can be busy reading
   * stderr, and then brotli waits for input forever.
   */
  private byte[] systemBrotli(byte[] input, String... arguments) throws IOException, InterruptedException {
    Path file = Files.createTempFile(dir, "input", ".bin");
    Files.write(file, input);
    List<String> command = new ArrayList<>(List.of("brotli"));
    command.addAll(List.of(arguments));
    command.add(file.toString());
    return SystemTool.run(new byte[0], "brotli", command.toArray(new String[0]));
  }
}
