package io.github.zipjack;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.zipjack.data.Datasets;
import io.github.zipjack.data.Person;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One pipeline shared by 8 threads that all start together and encode different values many times:
 * every result is byte for byte what the same pipeline makes for that value on one thread. Run with
 * the default pools and with pools too small for 8 threads, so that encoders and segments are
 * taken, dropped and recycled under contention, and in whole-body mode.
 */
class ConcurrentPipelineTest {
  private static final int THREADS = 8;
  private static final int ITERATIONS = 20;
  private static final long TIMEOUT_SECONDS = 60;

  @SuppressWarnings("unchecked")
  private static final List<Person> PEOPLE = (List<Person>) Datasets.load("people-100").value();

  /** The way a body leaves the pipeline. */
  enum Way { BYTE_ARRAY, ENCODED_BODY, STREAM }

  /** How the pipeline buffers and pools. */
  enum Buffering {
    DEFAULT_POOLS, TINY_POOLS, WHOLE_BODY, WHOLE_BODY_TINY_POOLS;

    Pipeline build(Compression compression) {
      Pipeline.Builder builder = Pipeline.builder().compression(compression);
      if (this == WHOLE_BODY || this == WHOLE_BODY_TINY_POOLS) {
        builder.compressWholeBody(true);
      } else {
        builder.inputBufferSize(8 * 1024);
      }
      if (this == TINY_POOLS || this == WHOLE_BODY_TINY_POOLS) {
        builder.encoderPoolSize(1).segmentPoolBytes(16 * 1024);
      }
      return builder.build();
    }
  }

  static Stream<Arguments> pipelinesAndWays() {
    List<Arguments> cases = new ArrayList<>();
    List<Compression> compressions = new ArrayList<>(List.of(Compression.gzip(1), Compression.gzip(6), Compression.none()));
    compressions.addAll(EngineCases.oneLevelEach());
    compressions.add(Compression.zstd(1, TestDictionaries.orders()));
    for (Compression compression : compressions) {
      for (Buffering buffering : Buffering.values()) {
        if (compression.gzipImplementation() == null && buffering.name().startsWith("WHOLE_BODY")) {
          continue;
        }
        for (Way way : Way.values()) {
          cases.add(Arguments.of(compression, buffering, way));
        }
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} {1} {2}")
  @MethodSource("pipelinesAndWays")
  void sharedPipelineIsByteExactAcross8Threads(Compression compression, Buffering buffering, Way way)
      throws Exception {
    try (Pipeline pipeline = buffering.build(compression)) {
      List<List<Person>> values = new ArrayList<>();
      List<byte[]> expected = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        List<Person> value = PEOPLE.subList(t * 5, t * 5 + 10 + 7 * t); // 10 to 59 records, each list different
        values.add(value);
        expected.add(pipeline.encode(value));
      }

      CyclicBarrier start = new CyclicBarrier(THREADS);
      ExecutorService threads = Executors.newFixedThreadPool(THREADS);
      try {
        List<Future<List<byte[]>>> results = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
          List<Person> value = values.get(t);
          results.add(threads.submit(() -> {
            start.await(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            List<byte[]> bodies = new ArrayList<>(ITERATIONS);
            for (int i = 0; i < ITERATIONS; i++) {
              bodies.add(encode(pipeline, value, way));
            }
            return bodies;
          }));
        }
        for (int t = 0; t < THREADS; t++) {
          List<byte[]> bodies = results.get(t).get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
          assertEquals(ITERATIONS, bodies.size());
          for (int i = 0; i < ITERATIONS; i++) {
            assertArrayEquals(expected.get(t), bodies.get(i), "thread " + t + ", iteration " + i);
          }
        }
      } finally {
        threads.shutdownNow();
        threads.awaitTermination(TIMEOUT_SECONDS, TimeUnit.SECONDS);
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("compressions")
  void sharedPipelineDecodesCorrectlyAcross8Threads(Compression compression) throws Exception {
    try (Pipeline pipeline = Pipeline.builder().compression(compression).build()) {
      List<List<Person>> values = new ArrayList<>();
      List<byte[]> bodies = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        List<Person> value = PEOPLE.subList(t * 5, t * 5 + 10 + 7 * t);
        values.add(value);
        bodies.add(pipeline.encode(value));
      }

      CyclicBarrier start = new CyclicBarrier(THREADS);
      ExecutorService threads = Executors.newFixedThreadPool(THREADS);
      try {
        List<Future<List<Object>>> results = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
          byte[] body = bodies.get(t);
          results.add(threads.submit(() -> {
            start.await(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            List<Object> decoded = new ArrayList<>(ITERATIONS);
            for (int i = 0; i < ITERATIONS; i++) {
              decoded.add(pipeline.decode(body, Datasets.load("people-100").typeReference()));
            }
            return decoded;
          }));
        }
        for (int t = 0; t < THREADS; t++) {
          List<Object> decoded = results.get(t).get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
          for (int i = 0; i < ITERATIONS; i++) {
            assertEquals(values.get(t), decoded.get(i), "thread " + t + ", iteration " + i);
          }
        }
      } finally {
        threads.shutdownNow();
        threads.awaitTermination(TIMEOUT_SECONDS, TimeUnit.SECONDS);
      }
    }
  }

  static Stream<Compression> compressions() {
    return Stream.concat(Stream.of(Compression.gzip(6), Compression.none(), Compression.zstd(1, TestDictionaries.orders())),
        EngineCases.oneLevelEach().stream());
  }

  private static byte[] encode(Pipeline pipeline, Object value, Way way) throws Exception {
    switch (way) {
      case BYTE_ARRAY:
        return pipeline.encode(value);
      case ENCODED_BODY:
        try (EncodedBody body = pipeline.encodeToBody(value)) {
          ByteArrayOutputStream out = new ByteArrayOutputStream();
          body.writeTo(out);
          return out.toByteArray();
        }
      case STREAM:
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        pipeline.encode(value, out);
        return out.toByteArray();
      default:
        throw new AssertionError(way);
    }
  }
}
