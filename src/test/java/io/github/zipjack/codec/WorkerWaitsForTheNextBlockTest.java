package io.github.zipjack.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.github.luben.zstd.Zstd;
import io.github.zipjack.Compression;
import java.io.ByteArrayOutputStream;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A worker that has compressed every block handed over waits for the caller's next one only for a
 * moment ({@link ParallelBlock#SPIN_NANOS}): a body whose caller is busy elsewhere, or writes nothing
 * more for a while, gets the worker's permit back while it is still open.
 */
class WorkerWaitsForTheNextBlockTest {
  private static final int KIB = 1024;
  private static final int THRESHOLD = 640 * KIB;

  @Test
  void aWorkerWithNothingToDoGivesItsPermitBackWhileTheBodyIsStillOpen() throws Exception {
    ExecutorService worker = Executors.newSingleThreadExecutor();
    try {
      AtomicInteger handedOver = new AtomicInteger();
      CompressionWorkers workers = CompressionWorkers.of(task -> {
        handedOver.incrementAndGet();
        worker.execute(task);
      }, 1, 2);
      Parallelism parallelism = new Parallelism(2, THRESHOLD, workers);
      byte[] json = new byte[THRESHOLD + 1]; // the first frame of 512 KiB goes to the worker, the rest stays
      ByteArrayOutputStream body = new ByteArrayOutputStream();
      try (CompressionEngine engine = EngineSelection.create(Compression.zstd(1),
          new EngineConfig(1, 0, 1, 4, null, Long.MAX_VALUE, parallelism));
          Encoder encoder = engine.open(body)) {
        encoder.stream().write(json);
        assertEquals(1, handedOver.get(), "the first frame was handed to the worker");

        long limit = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (workers.freePermits() == 0 && System.nanoTime() - limit < 0) {
          Thread.onSpinWait();
        }
        assertEquals(1, workers.freePermits(), "the worker still held its permit 5 s after the frame was handed over");
        encoder.finish();
      }
      assertArrayEquals(json, Zstd.decompress(body.toByteArray(), json.length));
      assertEquals(1, workers.freePermits(), "permits after the body");
    } finally {
      worker.shutdownNow();
    }
  }
}
