package io.github.zipjack.tools.report;

import com.fasterxml.jackson.databind.ObjectWriter;
import io.github.zipjack.Compression;
import io.github.zipjack.EncodedBody;
import io.github.zipjack.Format;
import io.github.zipjack.Pipeline;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Bytes a pipeline allocates per body beyond what Jackson allocates on its own for the same value,
 * in steady state: measured in this JVM with the thread's allocation counter, Jackson alone (into a
 * discarding stream, with the pipeline's own mapper settings) and the pipeline's
 * {@code encodeToBody} taking turns, so both run the same compiled serializers.
 *
 * <p>Why not JMH's gc profiler alone: it measures each benchmark in its own fork, and Jackson's own
 * allocation differs by a few KB from one fork's compilation to the next (on the x1 dataset,
 * serializeOnly's 2-fork figure is 39.6 KB ± 3.8 KB), which hides a 1 KB budget. This counts bytes,
 * not time, so a busy machine does not change it. Thread-safe; each figure is measured once per JVM.
 */
public final class AllocationProbe {
  private static final int WARM_UP_BODIES = 200;
  private static final int BODIES_PER_ROUND = 30;
  private static final int ROUNDS = 3;
  /** Figures already measured in this JVM, by compression, format and value: they do not change. */
  private static final Map<List<Object>, Long> MEASURED = new ConcurrentHashMap<>();

  private AllocationProbe() {}

  /**
   * The fewest bytes per body, over a few rounds after warm-up, that {@code compression}'s pipeline
   * allocates beyond Jackson alone for {@code value}. The least round is the steady state: a round
   * may include a JIT compilation's own garbage, never less than the pipeline's.
   */
  public static long bytesBeyondJackson(Compression compression, Format format, Object value) {
    return MEASURED.computeIfAbsent(List.of(compression, format, value), key -> measure(compression, format, value));
  }

  private static long measure(Compression compression, Format format, Object value) {
    try (Pipeline pipeline = Pipeline.builder().compression(compression).format(format).build()) {
      ObjectWriter jacksonAlone = pipeline.mapperCopy().writer();
      OutputStream discard = OutputStream.nullOutputStream();
      Runnable jackson = () -> {
        try {
          jacksonAlone.writeValue(discard, value);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      };
      Runnable zipjack = () -> {
        try (EncodedBody body = pipeline.encodeToBody(value)) {
          body.writeTo(discard);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      };
      bytesPerRun(zipjack, WARM_UP_BODIES);
      bytesPerRun(jackson, WARM_UP_BODIES);
      long least = Long.MAX_VALUE;
      for (int round = 0; round < ROUNDS; round++) {
        least = Math.min(least, bytesPerRun(zipjack, BODIES_PER_ROUND) - bytesPerRun(jackson, BODIES_PER_ROUND));
      }
      return least;
    }
  }

  /** Bytes this thread allocates per run of {@code work}, averaged over {@code times} runs. */
  private static long bytesPerRun(Runnable work, int times) {
    com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long before = threads.getCurrentThreadAllocatedBytes();
    for (int i = 0; i < times; i++) {
      work.run();
    }
    return (threads.getCurrentThreadAllocatedBytes() - before) / times;
  }
}
