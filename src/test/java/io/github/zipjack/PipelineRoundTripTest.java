package io.github.zipjack;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.zipjack.data.Dataset;
import io.github.zipjack.data.Datasets;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * decode(encode(x)) equals x for every format, compression (none, gzip 0-9), accelerator and buffer
 * setting, on the datasets, through each of the three ways out and in: byte arrays, an
 * {@link EncodedBody}, and streams. Each pipeline is built once for all its cases and closed at the end.
 *
 * <p>people-100 (several segments and input buffers) runs on every setup. To keep the suite fast,
 * people-10 (one segment, smaller than the input buffers) runs on every fifth setup (each (format,
 * compression) block of setups is at least 9 long, so it meets every format and level), and numeric
 * (full-precision doubles, which cost the serializer far more than the compressor) on one setup per
 * format and compression, the accelerator and buffering rotating. people-100x10 (1.1 MB of JSON)
 * runs on a few setups.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PipelineRoundTripTest {
  private static final int PEOPLE_10_EVERY_NTH_SETUP = 5;

  private final Map<PipelineSetup, Pipeline> pipelines = new ConcurrentHashMap<>();

  /**
   * Every setup, for the streaming path, the one that uses the deflater buffer (in-memory bodies are
   * deflated straight into segments).
   */
  Stream<Arguments> streamingCases() {
    return cases(PipelineSetup.all());
  }

  /** Every setup but those that differ only in deflaterBufferSize, which in-memory bodies do not use. */
  Stream<Arguments> inMemoryCases() {
    return cases(PipelineSetup.all().stream()
        .filter(setup -> setup.deflaterBufferSize() == null || setup.deflaterBufferSize() == 64 * 1024)
        .collect(Collectors.toList()));
  }

  private static Stream<Arguments> cases(List<PipelineSetup> setups) {
    Stream<Arguments> people100 = setups.stream().map(setup -> Arguments.of(setup, "people-100"));
    Stream<Arguments> people10 = everyNth(setups, PEOPLE_10_EVERY_NTH_SETUP, "people-10");
    Stream<Arguments> numeric = onePerFormatAndCompression(setups, "numeric");
    Stream<Arguments> people100x10 = Stream.of(
            new PipelineSetup(Format.JSON, Compression.gzip(1), Accelerator.BLACKBIRD, 64 * 1024, 64 * 1024),
            new PipelineSetup(Format.MSGPACK, Compression.gzip(6), Accelerator.NONE, 0, 512),
            new PipelineSetup(Format.JSON, Compression.none(), Accelerator.AFTERBURNER, 8 * 1024, null),
            new PipelineSetup(Format.MSGPACK, Compression.gzip(9), Accelerator.AFTERBURNER, 8 * 1024, 64 * 1024),
            new PipelineSetup(Format.JSON, Compression.gzip(6), Accelerator.NONE, null, 512, true))
        .map(setup -> Arguments.of(setup, "people-100x10"));
    return Stream.of(people100, people10, numeric, people100x10).flatMap(cases -> cases);
  }

  /** For each (format, compression), one of its setups: the k-th block's k-th setup, wrapping round. */
  private static Stream<Arguments> onePerFormatAndCompression(List<PipelineSetup> setups, String datasetName) {
    Map<List<Object>, List<PipelineSetup>> blocks = setups.stream().collect(Collectors.groupingBy(
        setup -> List.of(setup.format(), setup.compression()), LinkedHashMap::new, Collectors.toList()));
    List<List<PipelineSetup>> ordered = new ArrayList<>(blocks.values());
    return IntStream.range(0, ordered.size())
        .mapToObj(k -> Arguments.of(ordered.get(k).get(k % ordered.get(k).size()), datasetName));
  }

  private static Stream<Arguments> everyNth(List<PipelineSetup> setups, int n, String datasetName) {
    return IntStream.range(0, setups.size())
        .filter(i -> i % n == 0)
        .mapToObj(i -> Arguments.of(setups.get(i), datasetName));
  }

  @AfterAll
  void closePipelines() {
    pipelines.values().forEach(Pipeline::close);
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("inMemoryCases")
  void byteArrayRoundTripGivesTheValueBack(PipelineSetup setup, String datasetName) throws IOException {
    Dataset dataset = Datasets.load(datasetName);
    Pipeline pipeline = pipeline(setup);

    Object back = pipeline.decode(pipeline.encode(dataset.value()), dataset.typeReference());

    assertEquals(dataset.value(), back);
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("inMemoryCases")
  void encodedBodyRoundTripGivesTheValueBack(PipelineSetup setup, String datasetName) throws IOException {
    Dataset dataset = Datasets.load(datasetName);
    Pipeline pipeline = pipeline(setup);

    byte[] body;
    try (EncodedBody encoded = pipeline.encodeToBody(dataset.value())) {
      body = encoded.toByteArray();
    }

    assertEquals(dataset.value(), pipeline.decode(body, dataset.typeReference()));
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("streamingCases")
  void streamRoundTripGivesTheValueBack(PipelineSetup setup, String datasetName) throws IOException {
    Dataset dataset = Datasets.load(datasetName);
    Pipeline pipeline = pipeline(setup);
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    pipeline.encode(dataset.value(), out);
    Object back = pipeline.decode(new ByteArrayInputStream(out.toByteArray()), dataset.typeReference());

    assertEquals(dataset.value(), back);
  }

  private Pipeline pipeline(PipelineSetup setup) {
    return pipelines.computeIfAbsent(setup, PipelineSetup::build);
  }
}
