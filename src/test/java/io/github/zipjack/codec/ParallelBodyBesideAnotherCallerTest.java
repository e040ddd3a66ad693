package io.github.zipjack.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.Compression;
import io.github.zipjack.FailingSink;
import io.github.zipjack.GzipImplementation;
import io.github.zipjack.SystemTool;
import io.github.zipjack.ZstdFrames;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;

/**
 * A parallel-capable body beside another caller's body, on workers that share two cores (the other
 * caller counted by hand). A body that starts while the other caller compresses can never go
 * parallel, so it writes straight to the serial encoder from its first byte: no block taken to gather
 * its start in, and the serial engine's bytes. A body that went parallel while a core was idle, and
 * whose workers lose that core because the other caller starts (two requests arriving together),
 * writes out the blocks it has and goes on with the rest in one piece on its own thread: one more
 * zstd frame, or the end of the gzip member's deflate stream with no further block.
 */
class ParallelBodyBesideAnotherCallerTest {
  private static final int KIB = 1024;
  /** The bytes of the body after the other caller starts: several blocks' worth. */
  private static final int REST = 2048 * KIB;
  /** An empty stored block: how a gzip block that another follows ends (zlib's sync flush). */
  private static final byte[] BLOCK_END = {0, 0, (byte) 0xff, (byte) 0xff};

  private ExecutorService worker;
  private CompressionWorkers workers;

  @BeforeEach
  void oneWorkerOnTwoCores() {
    worker = Executors.newSingleThreadExecutor();
    workers = CompressionWorkers.of(worker, 1, 2);
  }

  @AfterEach
  void stopWorker() {
    worker.shutdownNow();
  }

  @Test
  void aZstdBodyStartedBesideTheOtherCallerTakesNoFrameBlockAndHasTheSerialBytes() throws Exception {
    assertStraightToSerial(Compression.zstd(1), ParallelZstdEngine.MIN_PARALLEL_BYTES);
  }

  @Test
  void aGzipBodyStartedBesideTheOtherCallerTakesNoBlockAndHasTheSerialBytes() throws Exception {
    assertStraightToSerial(Compression.gzip(1, GzipImplementation.ZLIB), ParallelGzipEngine.BLOCK_BYTES);
  }

  @Test
  void aZstdBodyEndsWithTheFramesItHadThenItsRestAsOneFrame() throws Exception {
    int frame = ParallelZstdEngine.FRAME_BYTES;
    int parallelFrom = ParallelZstdEngine.MIN_PARALLEL_BYTES + 1; // the first frame is full and handed over
    byte[] json = ZstdBodies.text(parallelFrom + REST, 11);

    byte[] body = encodeWithAnotherCallerAfter(Compression.zstd(1), frame, parallelFrom, json);

    List<Long> sizes = ZstdFrames.contentSizes(body);
    assertEquals(3, sizes.size(), "frames " + sizes);
    assertEquals(List.of((long) frame, (long) frame), sizes.subList(0, 2), "the frames before the other caller");
    assertArrayEquals(json, SystemTool.run(body, "zstd", "zstd", "-dc"));
  }

  @Test
  void aZlibGzipBodyEndsWithTheBlocksItHadThenItsRestAsOneStream() throws Exception {
    assertGzipBodyGoesOnAlone(GzipImplementation.ZLIB);
  }

  @Test
  @EnabledForJreRange(min = JRE.JAVA_25, disabledReason = "libdeflate (aircompressor-v3) loads on Java 25 only")
  void aLibdeflateGzipBodyEndsWithTheBlocksItHadThenItsRestAsOneStream() throws Exception {
    assertGzipBodyGoesOnAlone(GzipImplementation.LIBDEFLATE);
  }

  @Test
  void aStreamedZlibBodysRestReachesTheSinkAsItIsWritten() throws Exception {
    assertStreamedRestReachesTheSinkAsItIsWritten(GzipImplementation.ZLIB);
  }

  /** libdeflate gathers a whole body; a streamed body's rest goes on in zlib instead, so its memory stays bounded. */
  @Test
  @EnabledForJreRange(min = JRE.JAVA_25, disabledReason = "libdeflate (aircompressor-v3) loads on Java 25 only")
  void aStreamedLibdeflateBodysRestReachesTheSinkAsItIsWritten() throws Exception {
    assertStreamedRestReachesTheSinkAsItIsWritten(GzipImplementation.LIBDEFLATE);
  }

  @Test
  void aBodyWhoseSinkFailsAfterItWentOnAloneGivesBackEveryEncoderBlockAndPermit() throws Exception {
    int block = ParallelGzipEngine.BLOCK_BYTES;
    byte[] json = ZstdBodies.text(block + 1 + REST, 13);
    FailingSink sink = new FailingSink(Long.MAX_VALUE);
    try (CompressionEngine engine = engine(Compression.gzip(1, GzipImplementation.ZLIB), block)) {
      Encoder encoder = engine.open(sink);
      encoder.stream().write(json, 0, block + 1);
      whileAnotherCallerCompresses(() -> {
        sink.failFromNow();
        assertThrows(IOException.class, () -> {
          encoder.stream().write(json, block + 1, json.length - block - 1);
          encoder.finish();
        });
        encoder.close();
      });
      assertEverythingGivenBack(engine);
    }
    assertEquals(1, workers.freePermits(), "permits");
  }

  private void assertGzipBodyGoesOnAlone(GzipImplementation implementation) throws Exception {
    int block = ParallelGzipEngine.BLOCK_BYTES;
    byte[] json = ZstdBodies.text(block + 1 + REST, 12);

    byte[] body = encodeWithAnotherCallerAfter(Compression.gzip(1, implementation), block, block + 1, json);

    assertEquals(2, occurrences(body, BLOCK_END), "blocks ended before the rest (the first two)");
    assertArrayEquals(json, SystemTool.run(body, "gzip", "gzip", "-dc"));
  }

  private void assertStreamedRestReachesTheSinkAsItIsWritten(GzipImplementation implementation) throws Exception {
    int block = ParallelGzipEngine.BLOCK_BYTES;
    byte[] json = ZstdBodies.text(2 * block + REST, 14);
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    try (CompressionEngine engine = engine(Compression.gzip(1, implementation), block)) {
      try (Encoder encoder = engine.openStreaming(body)) {
        encoder.stream().write(json, 0, block + 1);
        whileAnotherCallerCompresses(() -> {
          encoder.stream().write(json, block + 1, block); // the second block fills: the body goes on alone
          int afterBlocks = body.size();
          encoder.stream().write(json, 2 * block + 1, REST - 1);
          assertTrue(body.size() > afterBlocks + REST / 10,
              "the rest's deflate reached the sink before finish: " + (body.size() - afterBlocks) + " bytes");
          encoder.finish();
        });
      }
      assertEverythingGivenBack(engine);
    }
    assertArrayEquals(json, SystemTool.run(body.toByteArray(), "gzip", "gzip", "-dc"));
  }

  /**
   * Encodes {@code json} with a parallel threshold of {@code threshold} bytes, counting another
   * caller once the first {@code before} bytes are written; checks that everything went back.
   */
  private byte[] encodeWithAnotherCallerAfter(Compression compression, int threshold, int before, byte[] json)
      throws IOException {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    try (CompressionEngine engine = engine(compression, threshold)) {
      try (Encoder encoder = engine.open(body)) {
        encoder.stream().write(json, 0, before);
        whileAnotherCallerCompresses(() -> {
          encoder.stream().write(json, before, json.length - before);
          encoder.finish();
        });
      }
      assertEverythingGivenBack(engine);
    }
    assertEquals(1, workers.freePermits(), "permits");
    return body.toByteArray();
  }

  /** Writes a body past {@code threshold} with the other caller counted from before it starts. */
  private void assertStraightToSerial(Compression compression, int threshold) throws IOException {
    byte[] json = ZstdBodies.text(threshold + 512 * KIB, 21);
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    try (CompressionEngine engine = engine(compression, threshold)) {
      whileAnotherCallerCompresses(() -> {
        try (Encoder encoder = engine.open(body)) {
          encoder.stream().write(json, 0, threshold / 2);
          assertEquals(0, engine.lentBlocks(), "blocks lent before the threshold");
          encoder.stream().write(json, threshold / 2, json.length - threshold / 2);
          encoder.finish();
        }
      });
      assertEverythingGivenBack(engine);
    }
    assertEquals(1, workers.freePermits(), "permits");
    assertArrayEquals(serialBytes(compression, json), body.toByteArray());
  }

  /** Runs {@code work} with the other caller counted as compressing a body on one of the two cores. */
  private void whileAnotherCallerCompresses(BodyWork work) throws IOException {
    workers.callerStarted();
    try {
      work.run();
    } finally {
      workers.callerEnded();
    }
  }

  private static void assertEverythingGivenBack(CompressionEngine engine) {
    assertEquals(0, engine.lentEncoders(), "encoders lent");
    assertEquals(0, engine.lentBlocks(), "blocks lent");
  }

  /** Writing to an encoder, which may fail as I/O does. */
  private interface BodyWork {
    void run() throws IOException;
  }

  private static byte[] serialBytes(Compression compression, byte[] json) throws IOException {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    try (CompressionEngine serial = EngineSelection.create(compression, config(Parallelism.SERIAL));
        Encoder encoder = serial.open(body)) {
      encoder.stream().write(json);
      encoder.finish();
    }
    return body.toByteArray();
  }

  private CompressionEngine engine(Compression compression, int threshold) {
    return EngineSelection.create(compression, config(new Parallelism(2, threshold, workers)));
  }

  private static EngineConfig config(Parallelism parallelism) {
    return new EngineConfig(1, 0, 64 * KIB, 4, null, Long.MAX_VALUE, parallelism);
  }

  private static int occurrences(byte[] bytes, byte[] pattern) {
    int count = 0;
    for (int i = 0; i + pattern.length <= bytes.length; i++) {
      if (Arrays.equals(bytes, i, i + pattern.length, pattern, 0, pattern.length)) {
        count++;
      }
    }
    return count;
  }
}
