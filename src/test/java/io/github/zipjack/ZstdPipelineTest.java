package io.github.zipjack;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.codec.ContextCounter;
import io.github.zipjack.data.Dataset;
import io.github.zipjack.data.Datasets;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code Compression.zstd(level)} through the whole pipeline: values come back from every way out
 * and in, the contexts are pooled and all freed at close, and a pipeline shared by 8 threads makes
 * the same bytes as one thread.
 */
class ZstdPipelineTest {
  private static final int THREADS = 8;
  private static final int ITERATIONS = 10;
  private static final long TIMEOUT_SECONDS = 60;

  static Stream<Arguments> formatsLevelsAndDatasets() {
    List<Arguments> cases = new ArrayList<>();
    for (Format format : Format.values()) {
      for (int level : new int[] {1, 3, 19}) {
        for (String dataset : List.of("people-10", "people-100", "numeric")) {
          cases.add(Arguments.of(format, level, dataset));
        }
      }
      cases.add(Arguments.of(format, 3, "people-100x10"));
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} zstd({1}) {2}")
  @MethodSource("formatsLevelsAndDatasets")
  void valueComesBackFromByteArraysBodiesAndStreams(Format format, int level, String datasetName) throws IOException {
    Dataset dataset = Datasets.load(datasetName);
    try (Pipeline pipeline = Pipeline.builder().format(format).compression(Compression.zstd(level)).build()) {
      byte[] bytes = pipeline.encode(dataset.value());
      byte[] body;
      try (EncodedBody encoded = pipeline.encodeToBody(dataset.value())) {
        assertEquals("zstd", encoded.contentEncoding());
        body = encoded.toByteArray();
      }
      ByteArrayOutputStream streamed = new ByteArrayOutputStream();
      pipeline.encode(dataset.value(), streamed);

      assertEquals(dataset.value(), pipeline.decode(bytes, dataset.typeReference()));
      assertArrayEquals(bytes, body, "encodeToBody against encode");
      assertArrayEquals(bytes, streamed.toByteArray(), "encode to a stream against encode");
      assertEquals(dataset.value(), pipeline.decode(new ByteArrayInputStream(streamed.toByteArray()), dataset.typeReference()));
    }
  }

  @Test
  void framesCarryNoChecksumByDefault() {
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.zstd(1)).build()) {
      byte[] body = pipeline.encode(Datasets.load("people-10").value());

      assertEquals(0, body[4] & 0x04, "Content_Checksum_flag in the frame descriptor"); // RFC 8878 3.1.1.1.1
    }
  }

  @Test
  void zstdChecksumEndsEveryFrameWithAChecksumThatTheSystemToolChecks() throws Exception {
    Object people = Datasets.load("people-100").value();
    try (Pipeline plain = Pipeline.builder().compression(Compression.zstd(1)).build();
        Pipeline checksumming = Pipeline.builder().compression(Compression.zstd(1)).zstdChecksum(true).build();
        Pipeline json = Pipeline.builder().compression(Compression.none()).build()) {
      byte[] body = checksumming.encode(people);
      byte[] damaged = body.clone();
      damaged[damaged.length - 1] ^= 0x01;

      assertEquals(0x04, body[4] & 0x04, "Content_Checksum_flag in the frame descriptor");
      assertEquals(plain.encode(people).length + 4, body.length, "4 bytes of checksum");
      assertArrayEquals(json.encode(people), SystemTool.zstd(body, "-d"));
      AssertionError refused = assertThrows(AssertionError.class, () -> SystemTool.zstd(damaged, "-d"));
      assertTrue(refused.getMessage().toLowerCase(java.util.Locale.ROOT).contains("checksum"), refused.getMessage());
    }
  }

  @Test
  void zstdChecksumWithAnotherCompressionFailsAtBuildNamingIt() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Pipeline.builder().compression(Compression.gzip(1)).zstdChecksum(true).build());

    assertEquals("zstdChecksum is true but compression is gzip(1), which has no zstd frames; it applies to zstd only",
        e.getMessage());
  }

  @Test
  void implementationSaysZstdJni() {
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.zstd(3)).build()) {
      assertEquals("zstd(3) via zstd-jni", pipeline.implementation());
    }
  }

  @Test
  void manyBodiesOnOneThreadUseOneContextOfEachKindAndCloseFreesThem() throws IOException {
    Dataset people = Datasets.load("people-100");
    Pipeline pipeline = Pipeline.builder().compression(Compression.zstd(3)).build();
    ContextCounter contexts = pipeline.engine().contexts();
    for (int i = 0; i < 25; i++) {
      pipeline.decode(pipeline.encode(people.value()), people.typeReference());
    }
    assertTrue(contexts.createdCount() <= 2, contexts.toString());

    pipeline.close();

    assertEquals(0, contexts.live(), contexts.toString());
  }

  @Test
  void failedEncodeLeavesTheNextBodyByteExact() throws IOException {
    Dataset people = Datasets.load("people-100");
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.zstd(3)).build()) {
      byte[] expected = pipeline.encode(people.value());
      List<Object> failing = new ArrayList<>(List.of(people.value(), people.value()));
      failing.add(new Unserializable());

      assertThrows(ZipjackEncodeException.class, () -> pipeline.encode(failing));

      assertArrayEquals(expected, pipeline.encode(people.value()));
      assertEquals(1, pipeline.engine().contexts().createdCount(), pipeline.engine().contexts().toString());
    }
  }

  @Test
  void noCompressionPipelineNamesAZstdBody() throws IOException {
    byte[] zstdBody;
    try (Pipeline zstd = Pipeline.builder().compression(Compression.zstd(1)).build()) {
      zstdBody = zstd.encode(List.of(1, 2, 3));
    }
    try (Pipeline plain = Pipeline.builder().compression(Compression.none()).build()) {
      MalformedBodyException e = assertThrows(MalformedBodyException.class, () -> plain.decode(zstdBody, Object.class));
      assertEquals("body is zstd (it starts with 28 b5 2f fd) but this pipeline's compression is none", e.getMessage());
    }
  }

  @Test
  void sharedPipelineIsByteExactAcross8Threads() throws Exception {
    @SuppressWarnings("unchecked")
    List<Object> people = (List<Object>) Datasets.load("people-100").value();
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.zstd(3)).build()) {
      List<List<Object>> values = new ArrayList<>();
      List<byte[]> expected = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        List<Object> value = people.subList(t * 5, t * 5 + 10 + 7 * t);
        values.add(value);
        expected.add(pipeline.encode(value));
      }

      CyclicBarrier start = new CyclicBarrier(THREADS);
      ExecutorService threads = Executors.newFixedThreadPool(THREADS);
      try {
        List<Future<List<byte[]>>> results = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
          List<Object> value = values.get(t);
          results.add(threads.submit(() -> {
            start.await(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            List<byte[]> bodies = new ArrayList<>();
            for (int i = 0; i < ITERATIONS; i++) {
              byte[] body = pipeline.encode(value);
              assertEquals(value, pipeline.decode(body, Datasets.load("people-100").typeReference()));
              bodies.add(body);
            }
            return bodies;
          }));
        }
        for (int t = 0; t < THREADS; t++) {
          List<byte[]> bodies = results.get(t).get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
          for (int i = 0; i < ITERATIONS; i++) {
            assertArrayEquals(expected.get(t), bodies.get(i), "thread " + t + ", iteration " + i);
          }
        }
      } finally {
        threads.shutdownNow();
        threads.awaitTermination(TIMEOUT_SECONDS, TimeUnit.SECONDS);
      }
      assertTrue(pipeline.engine().contexts().live() <= 2L * THREADS, pipeline.engine().contexts().toString());
    }
  }

  /** Jackson fails on it midway through a body: it has no properties to serialize. */
  private static final class Unserializable {}
}
