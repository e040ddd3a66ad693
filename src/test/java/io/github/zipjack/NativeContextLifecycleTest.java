package io.github.zipjack;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.codec.ContextCounter;
import io.github.zipjack.data.Dataset;
import io.github.zipjack.data.Datasets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every native context (Deflater, Inflater, libdeflate compressor, zstd and brotli contexts) is
 * counted when made and when released: contexts are reused across bodies, released exactly once
 * when the pipeline closes, when a pool drops one, and after a failed encode; 50 threads never
 * leave more idle than the pools hold. Brotli is the exception to reuse: its C encoder and decoder
 * have no reset, so each body makes and releases its own instance, and the counters prove that.
 */
class NativeContextLifecycleTest {
  private static final Dataset PEOPLE_10 = Datasets.load("people-10");
  private static final int BODIES = 20;

  static Stream<Compression> engines() {
    return EngineCases.oneLevelEach().stream();
  }

  private static boolean makesOnePerBody(Compression compression) {
    return compression.contentEncoding().equals("br");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void oneThreadReusesOneEncoderAndOneDecoderContext(Compression compression) throws Exception {
    try (Pipeline pipeline = Pipeline.builder().compression(compression).build()) {
      for (int i = 0; i < BODIES; i++) {
        pipeline.decode(pipeline.encode(PEOPLE_10.value()), PEOPLE_10.typeReference());
      }
      ContextCounter contexts = pipeline.engine().contexts();

      if (makesOnePerBody(compression)) {
        assertEquals(2 * BODIES, contexts.createdCount(), contexts.toString());
        assertEquals(0, contexts.live(), contexts.toString());
      } else {
        assertEquals(2, contexts.createdCount(), contexts.toString());
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void closingThePipelineReleasesEveryContextExactlyOnce(Compression compression) throws Exception {
    Pipeline pipeline = Pipeline.builder().compression(compression).build();
    for (int i = 0; i < BODIES; i++) {
      pipeline.decode(pipeline.encode(PEOPLE_10.value()), PEOPLE_10.typeReference());
    }

    pipeline.close();
    pipeline.close();

    ContextCounter contexts = pipeline.engine().contexts();
    assertTrue(contexts.createdCount() > 0, contexts.toString());
    assertEquals(contexts.createdCount(), contexts.releasedCount(), contexts.toString());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void aPoolOfZeroReleasesEachContextWhenItsBodyIsDone(Compression compression) throws Exception {
    try (Pipeline pipeline = Pipeline.builder().compression(compression).encoderPoolSize(0).build()) {
      for (int i = 0; i < BODIES; i++) {
        pipeline.decode(pipeline.encode(PEOPLE_10.value()), PEOPLE_10.typeReference());
        assertEquals(0, pipeline.engine().contexts().live(), "after body " + i);
      }
      assertEquals(2 * BODIES, pipeline.engine().contexts().createdCount());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void aFailedEncodeReturnsItsContextAndTheNextBodyIsByteExact(Compression compression) {
    try (Pipeline pipeline = Pipeline.builder().compression(compression).build()) {
      byte[] expected = pipeline.encode(PEOPLE_10.value());
      long liveBefore = pipeline.engine().contexts().live();

      assertThrows(ZipjackEncodeException.class, () -> pipeline.encode(new PipelineLifecycleTest.Exploding()));
      assertThrows(ZipjackEncodeException.class, () -> pipeline.encodeToBody(new PipelineLifecycleTest.Exploding()));

      assertEquals(liveBefore, pipeline.engine().contexts().live());
      assertArrayEquals(expected, pipeline.encode(PEOPLE_10.value()));
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void fiftyThreadsLeaveNoMoreIdleContextsThanThePoolsHold(Compression compression) throws Exception {
    int threads = 50;
    int poolSize = 4;
    Pipeline pipeline = Pipeline.builder().compression(compression).encoderPoolSize(poolSize).build();
    byte[] expected = pipeline.encode(PEOPLE_10.value());
    CyclicBarrier start = new CyclicBarrier(threads);
    ExecutorService executor = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> results = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        results.add(executor.submit(() -> {
          start.await(60, TimeUnit.SECONDS);
          for (int i = 0; i < 10; i++) {
            byte[] body = pipeline.encode(PEOPLE_10.value());
            assertArrayEquals(expected, body);
            assertEquals(PEOPLE_10.value(), pipeline.decode(body, PEOPLE_10.typeReference()));
          }
          return null;
        }));
      }
      for (Future<?> result : results) {
        result.get(120, TimeUnit.SECONDS);
      }
    } finally {
      executor.shutdownNow();
      executor.awaitTermination(60, TimeUnit.SECONDS);
    }

    ContextCounter contexts = pipeline.engine().contexts();
    assertTrue(contexts.live() <= 2L * poolSize, "idle after the threads are done: " + contexts);
    pipeline.close();
    assertEquals(0, contexts.live(), contexts.toString());
  }
}
