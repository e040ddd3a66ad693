package io.github.zipjack;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.zipjack.data.Dataset;
import io.github.zipjack.data.Datasets;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every engine x format x level gives the value back from every dataset shape: one record, the
 * x1 of the study (docs/benchmarks.md), the numeric series. In memory and streamed, so both ways
 * out of the pipeline are decoded by the same engine's decoder.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EngineRoundTripTest {
  private final Map<String, Pipeline> pipelines = new HashMap<>();

  static Stream<Arguments> cases() {
    List<Arguments> cases = new ArrayList<>();
    for (Compression compression : EngineCases.allLevels()) {
      for (Format format : Format.values()) {
        for (String dataset : List.of("people-1", "people-100", "numeric")) {
          cases.add(Arguments.of(compression, format, dataset));
        }
      }
    }
    return cases.stream();
  }

  @AfterAll
  void closePipelines() {
    pipelines.values().forEach(Pipeline::close);
  }

  @ParameterizedTest(name = "{0} {1} {2}")
  @MethodSource("cases")
  void encodedBytesDecodeToTheSameValue(Compression compression, Format format, String datasetName) throws Exception {
    Dataset dataset = Datasets.load(datasetName);
    Pipeline pipeline = pipeline(compression, format);

    Object back = pipeline.decode(pipeline.encode(dataset.value()), dataset.typeReference());

    assertEquals(dataset.value(), back);
  }

  @ParameterizedTest(name = "{0} {1} {2}")
  @MethodSource("cases")
  void streamedBodyDecodesToTheSameValue(Compression compression, Format format, String datasetName) throws Exception {
    Dataset dataset = Datasets.load(datasetName);
    Pipeline pipeline = pipeline(compression, format);
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    pipeline.encode(dataset.value(), out);
    Object back = pipeline.decode(new ByteArrayInputStream(out.toByteArray()), dataset.typeReference());

    assertEquals(dataset.value(), back);
  }

  private Pipeline pipeline(Compression compression, Format format) {
    return pipelines.computeIfAbsent(compression + " " + format,
        key -> Pipeline.builder().compression(compression).format(format).build());
  }
}
