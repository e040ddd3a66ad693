package io.github.zipjack.parallel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.github.luben.zstd.Zstd;
import io.github.zipjack.Compression;
import io.github.zipjack.GzipImplementation;
import io.github.zipjack.SystemGzip;
import io.github.zipjack.codec.CompressionEngine;
import io.github.zipjack.codec.CompressionWorkers;
import io.github.zipjack.codec.Encoder;
import io.github.zipjack.codec.EngineConfig;
import io.github.zipjack.codec.EngineSelection;
import io.github.zipjack.codec.Parallelism;
import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A body hands its first full block over to a worker as soon as it passes the parallel threshold, not
 * at the next full block: the worker starts while the caller serializes the rest.
 */
class HandOverAtTheThresholdTest {
  private static final int KIB = 1024;

  @TempDir
  Path dir;

  @Test
  void aGzipBodyHandsItsFirstBlockOverOnceItPassesTheThreshold() throws Exception {
    byte[] json = LargeBodies.json(LargeBodies.ofJsonBytes(300 * KIB, 3));
    byte[] body = encodeWatchingTheHandOver(Compression.gzip(1, GzipImplementation.ZLIB), 256 * KIB, json);

    assertArrayEquals(json, SystemGzip.decompress(body, dir));
  }

  @Test
  void aZstdBodyHandsItsFirstFrameOverOnceItPassesAFrameAndAQuarter() throws Exception {
    byte[] json = LargeBodies.json(LargeBodies.ofJsonBytes(700 * KIB, 3));
    byte[] body = encodeWatchingTheHandOver(Compression.zstd(1), 640 * KIB, json);

    assertArrayEquals(json, Zstd.decompress(body, json.length));
  }

  /**
   * Writes {@code threshold + 1} bytes of {@code json} in one write, checks that one task went to
   * the workers (1 permit, 2 cores: one is idle), then writes the rest; returns the body.
   */
  private static byte[] encodeWatchingTheHandOver(Compression compression, int threshold, byte[] json)
      throws Exception {
    AtomicInteger handedOver = new AtomicInteger();
    CompressionWorkers workers = CompressionWorkers.of(task -> {
      handedOver.incrementAndGet();
      task.run();
    }, 1, 2);
    Parallelism parallelism = new Parallelism(2, 256 * KIB, workers);
    try (CompressionEngine engine = EngineSelection.create(compression,
        new EngineConfig(compression.level(), 0, 1, 4, null, Long.MAX_VALUE, parallelism))) {
      ByteArrayOutputStream body = new ByteArrayOutputStream();
      try (Encoder encoder = engine.open(body)) {
        encoder.stream().write(Arrays.copyOf(json, threshold + 1));
        assertEquals(1, handedOver.get(), "tasks handed to the workers after " + (threshold + 1) + " bytes");
        encoder.stream().write(json, threshold + 1, json.length - threshold - 1);
        encoder.finish();
      }
      return body.toByteArray();
    }
  }
}
