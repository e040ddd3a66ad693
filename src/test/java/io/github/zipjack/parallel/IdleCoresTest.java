package io.github.zipjack.parallel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.type.TypeReference;
import io.github.zipjack.Compression;
import io.github.zipjack.GzipImplementation;
import io.github.zipjack.Pipeline;
import io.github.zipjack.codec.CompressionWorkers;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A large body goes parallel only if a core was idle when it started and is idle at its threshold:
 * alone it is shared out, and with every core already compressing a body it is compressed as with
 * one thread, so that a loaded server does the
 * serial work and no more. Both forms decode to the same value.
 */
class IdleCoresTest {
  private static final List<Map<String, Object>> LARGE = LargeBodies.records(3000);
  private static final TypeReference<List<Map<String, Object>>> TYPE = new TypeReference<>() { };

  private static Pipeline parallel(Compression compression) {
    return Pipeline.builder().compression(compression).compressionThreads(2).parallelThresholdBytes(100_000).build();
  }

  private static Pipeline serial(Compression compression) {
    return Pipeline.builder().compression(compression).compressionThreads(1).build();
  }

  @Test
  void aLargeGzipBodyWithEveryCoreBusyHasTheBytesOfOneThread() throws Exception {
    Compression zlib = Compression.gzip(1, GzipImplementation.ZLIB);
    byte[] oneThread;
    try (Pipeline serial = serial(zlib)) {
      oneThread = serial.encode(LARGE);
    }
    try (Pipeline pipeline = parallel(zlib); BusyCores busy = new BusyCores(zlib)) {
      assertArrayEquals(oneThread, pipeline.encode(LARGE));
    }
  }

  @Test
  void aLargeGzipBodyAloneIsSharedOutInBlocks() throws Exception {
    Compression zlib = Compression.gzip(1, GzipImplementation.ZLIB);
    try (Pipeline serial = serial(zlib); Pipeline pipeline = parallel(zlib)) {
      byte[] alone = pipeline.encode(LARGE);

      assertFalse(Arrays.equals(serial.encode(LARGE), alone), "blocks end in sync flushes: other bytes than one stream");
      assertEquals(LARGE, pipeline.decode(alone, TYPE));
    }
  }

  @Test
  void aLargeZstdBodyWithEveryCoreBusyHasTheBytesOfOneThreadAndTakesNoWorker() throws Exception {
    Compression zstd = Compression.zstd(1);
    byte[] oneThread;
    try (Pipeline serial = serial(zstd)) {
      oneThread = serial.encode(LARGE);
    }
    try (Pipeline pipeline = parallel(zstd); BusyCores busy = new BusyCores(zstd)) {
      int freeBefore = CompressionWorkers.shared().freePermits();

      assertArrayEquals(oneThread, pipeline.encode(LARGE));
      assertEquals(freeBefore, CompressionWorkers.shared().freePermits(), "no permit was taken or kept");
    }
  }

  @Test
  void aZstdBodyBetweenTheThresholdAndOneMibWithEveryCoreBusyIsCompressedWholeAsWithOneThread() throws Exception {
    Compression zstd = Compression.zstd(1);
    Object medium = LargeBodies.records(2000); // about 800 KB: past the 640 KiB zstd threshold, within 1 MiB
    byte[] oneThread;
    try (Pipeline serial = serial(zstd)) {
      oneThread = serial.encode(medium);
    }
    try (Pipeline pipeline = parallel(zstd); BusyCores busy = new BusyCores(zstd)) {
      assertArrayEquals(oneThread, pipeline.encode(medium));
    }
  }

  @Test
  void aLargeZstdBodyAloneGoesToTheWorkersAndDecodesTheSame() throws Exception {
    Compression zstd = Compression.zstd(1);
    try (Pipeline serial = serial(zstd); Pipeline pipeline = parallel(zstd)) {
      byte[] alone = pipeline.encode(LARGE);

      assertFalse(Arrays.equals(serial.encode(LARGE), alone), "libzstd's frame with workers differs from one without");
      assertEquals(LARGE, pipeline.decode(alone, TYPE));
    }
  }

  @Test
  void aGzipBodyStartedWithEveryCoreBusyStaysSerialWhenACoreFreesUpBeforeItsThreshold() throws Exception {
    assertStartedBusyStaysSerial(Compression.gzip(1, GzipImplementation.ZLIB));
  }

  @Test
  void aZstdBodyStartedWithEveryCoreBusyStaysSerialWhenACoreFreesUpBeforeItsThreshold() throws Exception {
    assertStartedBusyStaysSerial(Compression.zstd(1));
  }

  /**
   * A body starts while every core is busy and waits in its first getter; the busy callers finish;
   * then the body passes its threshold with cores idle. A core seen idle only at the threshold is
   * what a loaded server's caller between two bodies looks like, so the body stays serial.
   */
  private static void assertStartedBusyStaysSerial(Compression compression) throws Exception {
    CountDownLatch inside = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    List<Object> value = new ArrayList<>();
    value.add(new BusyCores.WaitingGetter(inside, release));
    value.addAll(LARGE);
    try (Pipeline serial = serial(compression); Pipeline pipeline = parallel(compression)) {
      CompletableFuture<byte[]> body;
      try (BusyCores busy = new BusyCores(compression)) {
        body = CompletableFuture.supplyAsync(() -> pipeline.encode(value));
        assertTrue(inside.await(30, TimeUnit.SECONDS), "the body did not start");
      }
      assertTrue(CompressionWorkers.shared().idleCores() > 0, "a core is idle before the body goes on");
      release.countDown();
      byte[] startedBusy = body.get(30, TimeUnit.SECONDS);

      assertArrayEquals(serial.encode(value), startedBusy);
    }
  }

  @Test
  void everyCallerCountedIsGoneOnceTheBodiesAreDone() throws Exception {
    CompressionWorkers shared = CompressionWorkers.shared();
    long idleBefore = shared.idleCores();
    try (BusyCores busy = new BusyCores(Compression.zstd(1))) {
      assertTrue(shared.idleCores() <= 0, "idle cores while busy: " + shared.idleCores());
    }
    assertEquals(idleBefore, shared.idleCores());
  }
}
