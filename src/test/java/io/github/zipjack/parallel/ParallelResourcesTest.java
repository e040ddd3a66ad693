package io.github.zipjack.parallel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.Compression;
import io.github.zipjack.FailingSink;
import io.github.zipjack.GzipImplementation;
import io.github.zipjack.Pipeline;
import io.github.zipjack.ZipjackDecodeException;
import io.github.zipjack.ZipjackEncodeException;
import io.github.zipjack.codec.CompressionWorkers;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bodies compressed on several threads give back every block, Deflater, zstd context and worker
 * permit on every path: success, a getter that throws midway, a sink that fails, a pipeline closed
 * midway; and many threads share one pipeline, each body in one of its forms: made while a core was
 * idle, while every core was busy, or begun while a core was idle and gone on alone once another
 * caller took it.
 */
class ParallelResourcesTest {
  private static final String PART = LargeBodies.ofJsonBytes(700_000, 5);

  static Stream<Compression> compressions() {
    return Stream.of(Compression.gzip(1, GzipImplementation.ZLIB), Compression.gzip(6), Compression.zstd(1));
  }

  private static Pipeline parallel(Compression compression) {
    return Pipeline.builder().compression(compression).compressionThreads(4).parallelThresholdBytes(100_000).build();
  }

  private static void assertEverythingBack(Pipeline pipeline) {
    assertTrue(pipeline.resources().nothingLent(), pipeline.resources().toString());
    CompressionWorkers shared = CompressionWorkers.shared();
    assertEquals(shared.permits(), shared.freePermits(), "worker permits");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("compressions")
  void aGetterThatThrowsMidwayGivesEverythingBack(Compression compression) {
    try (Pipeline pipeline = parallel(compression)) {
      Object failing = List.of(PART, PART, new ParallelZstdTest.FailingGetter());

      assertThrows(ZipjackEncodeException.class, () -> pipeline.encode(failing));

      assertEverythingBack(pipeline);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("compressions")
  void aSinkThatFailsMidwayGivesEverythingBack(Compression compression) {
    try (Pipeline pipeline = parallel(compression)) {
      OutputStream failing = new FailingSink(50_000);

      IOException e = assertThrows(IOException.class, () -> pipeline.encode(List.of(PART, PART, PART), failing));

      assertEquals(FailingSink.MESSAGE, e.getMessage());
      assertEverythingBack(pipeline);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("compressions")
  void aPipelineClosedMidwayEndsEveryNativeContext(Compression compression) {
    Pipeline pipeline = parallel(compression);
    pipeline.encode(List.of(PART, PART)); // pools hold idle blocks and contexts now
    Object closing = List.of(PART, PART, new ClosingGetter(pipeline), PART, PART);

    assertThrows(RuntimeException.class, () -> pipeline.encode(closing));

    assertEverythingBack(pipeline);
    assertEquals(0, pipeline.resources().liveNativeContexts(), pipeline.resources().toString());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("compressions")
  void sixteenThreadsShareOnePipelineAndEveryBodyIsItsIdleFormItsBusyFormOrWentOnAlone(Compression compression)
      throws Exception {
    List<Object> values = List.of(List.of(PART, PART, PART), Map.of("small", 1), PART, List.of("x"),
        LargeBodies.records(2000));
    try (Pipeline pipeline = parallel(compression)) {
      List<byte[]> idle = new ArrayList<>();
      for (Object v : values) {
        idle.add(pipeline.encode(v));
      }
      List<byte[]> busy = new ArrayList<>();
      try (BusyCores cores = new BusyCores(compression)) {
        for (Object v : values) {
          busy.add(pipeline.encode(v));
        }
      }
      ExecutorService callers = Executors.newFixedThreadPool(16);
      try {
        List<Future<?>> results = new ArrayList<>();
        for (int t = 0; t < 16; t++) {
          int first = t;
          results.add(callers.submit((Callable<Void>) () -> {
            for (int i = 0; i < 10; i++) {
              int which = (first + i) % values.size();
              ByteArrayOutputStream out = new ByteArrayOutputStream();
              pipeline.encode(values.get(which), out);
              byte[] body = out.toByteArray();
              assertTrue(Arrays.equals(idle.get(which), body) || Arrays.equals(busy.get(which), body)
                      || wentOnAlone(pipeline, idle.get(which), body),
                  "value " + which + ": " + body.length + " bytes, neither its idle form (" + idle.get(which).length
                      + ") nor its busy form (" + busy.get(which).length + ") nor one that went on alone");
            }
            return null;
          }));
        }
        for (Future<?> f : results) {
          f.get();
        }
      } finally {
        callers.shutdown();
      }
      assertEverythingBack(pipeline);
    }
  }

  /**
   * Whether {@code body} began as {@code idle}, the body made while a core was idle (its first
   * {@value #WENT_ALONE_PREFIX} bytes are the same), and decodes to the same value: a body whose
   * workers lost their idle core writes the blocks it has and compresses the rest in one piece.
   */
  private static boolean wentOnAlone(Pipeline pipeline, byte[] idle, byte[] body) throws ZipjackDecodeException {
    return body.length > WENT_ALONE_PREFIX && idle.length > WENT_ALONE_PREFIX
        && Arrays.equals(idle, 0, WENT_ALONE_PREFIX, body, 0, WENT_ALONE_PREFIX)
        && pipeline.decode(body, Object.class).equals(pipeline.decode(idle, Object.class));
  }

  /** Bytes of a body that went on alone that are the same as its idle form's: within its first block. */
  private static final int WENT_ALONE_PREFIX = 4096;

  /** A bean whose getter closes the pipeline serializing it. */
  public static final class ClosingGetter {
    private final Pipeline pipeline;

    ClosingGetter(Pipeline pipeline) {
      this.pipeline = pipeline;
    }

    public String getValue() {
      pipeline.close();
      return "closed";
    }
  }
}
