package io.github.zipjack.parallel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.Zstd;
import io.github.zipjack.Compression;
import io.github.zipjack.codec.CompressionEngine;
import io.github.zipjack.codec.CompressionWorkers;
import io.github.zipjack.codec.Encoder;
import io.github.zipjack.codec.EngineConfig;
import io.github.zipjack.codec.EngineSelection;
import io.github.zipjack.codec.Parallelism;
import java.io.ByteArrayOutputStream;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * A worker that has compressed every block handed over so far waits a little for the caller's next
 * one instead of leaving: handing each block to a new task would cost the caller a thread's wake-up
 * per block.
 */
class WorkerWaitsForTheNextBlockTest {
  private static final int KIB = 1024;
  private static final int FRAME = 512 * KIB;
  private static final int FRAMES = 32;
  /** Longer than a worker takes for a frame of zeros (about 50 us), shorter than it waits for the next. */
  private static final long GAP_NANOS = 100_000;
  /** How long the caller waits for a task to start before it writes on regardless. */
  private static final long STARTED_WITHIN_NANOS = 20_000_000;

  @Test
  void aWorkerStaysForTheCallersNextFrameInsteadOfLeavingAfterEach() throws Exception {
    AtomicInteger tasks = new AtomicInteger();
    AtomicInteger started = new AtomicInteger();
    ExecutorService worker = Executors.newSingleThreadExecutor();
    try {
      CompressionWorkers workers = CompressionWorkers.of(task -> {
        tasks.incrementAndGet();
        worker.execute(() -> {
          started.incrementAndGet();
          task.run();
        });
      }, 1, 2);
      BooleanSupplier everyTaskStarted = () -> started.get() == tasks.get();
      Parallelism parallelism = new Parallelism(2, 640 * KIB, workers);
      try (CompressionEngine engine = EngineSelection.create(Compression.zstd(1),
          new EngineConfig(1, 0, 1, 4, null, Long.MAX_VALUE, parallelism))) {
        encodeFramesOfZeros(engine, everyTaskStarted); // a body before: no compiler thread takes a core in the next
        int before = tasks.get();
        byte[] body = encodeFramesOfZeros(engine, everyTaskStarted);
        int handedOver = tasks.get() - before;

        assertArrayEquals(new byte[FRAMES * FRAME], Zstd.decompress(body, FRAMES * FRAME));
        assertTrue(handedOver <= FRAMES / 3, "tasks handed to the workers for " + FRAMES + " frames: " + handedOver);
      }
    } finally {
      worker.shutdownNow();
    }
  }

  /**
   * A body of frames of zeros, each written {@link #GAP_NANOS} after every task handed to the
   * workers has started: a worker compresses a frame of zeros in less, so one that left as soon as
   * it found nothing to do would be gone by the next frame.
   */
  private static byte[] encodeFramesOfZeros(CompressionEngine engine, BooleanSupplier everyTaskStarted)
      throws Exception {
    byte[] frame = new byte[FRAME];
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    try (Encoder encoder = engine.open(body)) {
      for (int i = 0; i < FRAMES; i++) {
        encoder.stream().write(frame);
        long start = System.nanoTime();
        while (!everyTaskStarted.getAsBoolean() && System.nanoTime() - start < STARTED_WITHIN_NANOS) {
          Thread.onSpinWait();
        }
        busyFor(GAP_NANOS);
      }
      encoder.finish();
    }
    return body.toByteArray();
  }

  private static void busyFor(long nanos) {
    long start = System.nanoTime();
    while (System.nanoTime() - start < nanos) {
      Thread.onSpinWait();
    }
  }
}
