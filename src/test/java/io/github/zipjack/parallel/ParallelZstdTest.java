package io.github.zipjack.parallel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.Zstd;
import io.github.zipjack.Compression;
import io.github.zipjack.FailingSink;
import io.github.zipjack.Pipeline;
import io.github.zipjack.SystemTool;
import io.github.zipjack.ZipjackEncodeException;
import io.github.zipjack.ZstdFrames;
import io.github.zipjack.buffer.SegmentOutputStream;
import io.github.zipjack.buffer.SegmentPool;
import io.github.zipjack.codec.CompressionEngine;
import io.github.zipjack.codec.CompressionWorkers;
import io.github.zipjack.codec.Encoder;
import io.github.zipjack.codec.EngineConfig;
import io.github.zipjack.codec.EngineSelection;
import io.github.zipjack.codec.Parallelism;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * zstd bodies compressed on several threads: at level 1, a run of frames of 512 KiB each that
 * zipjack's workers and the caller compress; at other levels, one ordinary frame from libzstd's own
 * workers. Either is what the system zstd reads, the same bytes for every thread count from two.
 */
class ParallelZstdTest {
  private static final int MIB = 1024 * 1024;
  /** ParallelZstdEngine's frame size. */
  private static final int FRAME = 512 * 1024;
  private static final String BODY = LargeBodies.ofJsonBytes(3 * MIB + 12_345, 7);
  private static final byte[] JSON = LargeBodies.json(BODY);

  static IntStream threadCounts() {
    return IntStream.rangeClosed(1, 8);
  }

  static IntStream levels() {
    return IntStream.rangeClosed(1, 22);
  }

  private static Pipeline zstd(int level, int threads) {
    return Pipeline.builder().compression(Compression.zstd(level)).compressionThreads(threads).build();
  }

  /** Encodes {@code value} with {@code pipeline}, then closes it. */
  private static byte[] encodeOnce(Pipeline pipeline, Object value) {
    try (pipeline) {
      return pipeline.encode(value);
    }
  }

  @ParameterizedTest(name = "threads={0}")
  @MethodSource("threadCounts")
  void systemZstdDecodesALargeBodyByteForByte(int threads) throws Exception {
    try (Pipeline pipeline = zstd(1, threads)) {
      byte[] body = pipeline.encode(BODY);

      assertArrayEquals(JSON, SystemTool.run(body, "zstd", "zstd", "-dc"));
      assertTrue(pipeline.resources().nothingLent(), pipeline.resources().toString());
    }
  }

  @ParameterizedTest(name = "level={0}")
  @MethodSource("levels")
  void everyLevelRoundTripsThroughSystemZstdOnFourThreads(int level) throws Exception {
    // past a job and a quarter, so the workers take it at every level (levels 13-22 are slow)
    String value = LargeBodies.ofJsonBytes(700 * 1024, level);
    try (Pipeline pipeline = zstd(level, 4)) {
      assertArrayEquals(LargeBodies.json(value), SystemTool.run(pipeline.encode(value), "zstd", "zstd", "-dc"));
    }
  }

  /**
   * A frame (level 1) or a job (other levels) goes to a worker only once full: a body of about one
   * (512 KiB) gains nothing from them.
   */
  @ParameterizedTest(name = "level={0}")
  @ValueSource(ints = {1, 3})
  void aBodyOfAboutOneFrameOrJobStaysSerialWhateverTheThreshold(int level) {
    String value = LargeBodies.ofJsonBytes(600 * 1024, 3);
    byte[] serial = encodeOnce(zstd(level, 1), value);
    byte[] parallel = encodeOnce(Pipeline.builder().compression(Compression.zstd(level)).compressionThreads(4)
        .parallelThresholdBytes(0).build(), value);

    assertArrayEquals(serial, parallel);
  }

  @Test
  void aLevelOneBodyPastAFrameAndAQuarterIsAFrameOfHalfAMebibyteThenItsRestInTwoHalves() throws Exception {
    String value = LargeBodies.ofJsonBytes(700 * 1024, 3);
    byte[] json = LargeBodies.json(value);
    byte[] body = encodeOnce(zstd(1, 4), value);

    long rest = json.length - FRAME;
    assertEquals(List.of((long) FRAME, rest / 2, rest - rest / 2), ZstdFrames.contentSizes(body));
    assertArrayEquals(json, SystemTool.run(body, "zstd", "zstd", "-dc"));
  }

  @Test
  void aLastFrameOfLessThanTwiceTheSmallestHalfStaysWhole() throws Exception {
    String value = LargeBodies.ofJsonBytes(2 * FRAME + 60 * 1024, 3);
    byte[] json = LargeBodies.json(value);
    long rest = json.length - 2L * FRAME;
    assertTrue(rest > 0 && rest < 128 * 1024, "the body's last frame: " + rest + " bytes");

    byte[] body = encodeOnce(zstd(1, 4), value);

    assertEquals(List.of((long) FRAME, (long) FRAME, rest), ZstdFrames.contentSizes(body));
    assertArrayEquals(json, SystemTool.run(body, "zstd", "zstd", "-dc"));
  }

  @Test
  void aLevelOneBodyOfWholeFramesEndsWithItsLastFullFrame() {
    String value = LargeBodies.ofJsonBytes(3 * FRAME, 5);
    byte[] body = encodeOnce(zstd(1, 4), value);

    assertEquals(List.of((long) FRAME, (long) FRAME, (long) FRAME), ZstdFrames.contentSizes(body));
  }

  @Test
  void aLevelOneBodyOfSeveralFramesCostsAtMostTwoPercentMoreBytesThanOneFrame() {
    byte[] serial = encodeOnce(zstd(1, 1), BODY);
    byte[] frames = encodeOnce(zstd(1, 4), BODY);

    assertTrue(ZstdFrames.contentSizes(frames).size() > 5, "frames: " + ZstdFrames.contentSizes(frames));
    assertTrue(frames.length <= serial.length * 1.02, frames.length + " bytes against " + serial.length);
  }

  @Test
  void everyFrameEndsWithAChecksumWhenThePipelineAsksForOne() {
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.zstd(1)).compressionThreads(2)
        .zstdChecksum(true).build()) {
      byte[] body = pipeline.encode(BODY);

      List<Integer> starts = ZstdFrames.starts(body);
      for (int i = 0; i < starts.size(); i++) {
        assertTrue(ZstdFrames.declaresChecksum(body, starts.get(i)), "frame " + i + " has no checksum flag");
      }
      assertTrue(starts.size() > 5, "frames: " + starts.size());
      assertArrayEquals(JSON, Zstd.decompress(body, JSON.length));
    }
  }

  @Test
  void aLevelThreeBodyPastAJobAndAQuarterIsOneFrameFromLibzstdsWorkers() {
    String value = LargeBodies.ofJsonBytes(700 * 1024, 3);
    byte[] serial = encodeOnce(zstd(3, 1), value);
    byte[] parallel = encodeOnce(zstd(3, 4), value);

    assertFalse(Arrays.equals(serial, parallel), "a frame of libzstd's workers differs from the serial one");
    assertEquals(1, ZstdFrames.contentSizes(parallel).size());
    assertArrayEquals(LargeBodies.json(value), Zstd.decompress(parallel, LargeBodies.json(value).length));
  }

  @ParameterizedTest(name = "level={0}")
  @ValueSource(ints = {1, 3})
  void theBodyIsTheSameForEveryThreadCountFromTwo(int level) {
    List<byte[]> bodies = new ArrayList<>();
    for (int threads = 2; threads <= 8; threads++) {
      try (Pipeline pipeline = zstd(level, threads)) {
        bodies.add(pipeline.encode(BODY));
      }
    }
    bodies.forEach(b -> assertArrayEquals(bodies.get(0), b));
  }

  @Test
  void aLevelOneBodyGivenWholeIsFramesThatEachDeclareTheirContentSize() throws IOException {
    byte[] body = encodeChainWhole(1);

    List<Long> sizes = ZstdFrames.contentSizes(body);
    assertEquals(JSON.length, sizes.stream().mapToLong(Long::longValue).sum());
    assertEquals((long) FRAME, sizes.get(0));
    assertArrayEquals(JSON, Zstd.decompress(body, JSON.length));
  }

  @Test
  void aLevelThreeBodyGivenWholeDeclaresItsContentSize() throws IOException {
    byte[] frame = encodeChainWhole(3);

    assertEquals(JSON.length, Zstd.getFrameContentSize(frame));
    assertArrayEquals(JSON, Zstd.decompress(frame, JSON.length));
  }

  /** {@link #JSON} as a segment chain given whole to an encoder on 4 threads, as the servlet filter gives it. */
  private static byte[] encodeChainWhole(int level) throws IOException {
    Parallelism parallelism = new Parallelism(4, 256 * 1024, CompressionWorkers.shared());
    try (CompressionEngine engine = EngineSelection.create(Compression.zstd(level),
            new EngineConfig(level, 0, 1, 4, null, Long.MAX_VALUE, parallelism));
        SegmentPool pool = new SegmentPool(0);
        SegmentOutputStream chain = new SegmentOutputStream(pool)) {
      chain.write(JSON);
      ByteArrayOutputStream body = new ByteArrayOutputStream();
      try (Encoder encoder = engine.open(body)) {
        encoder.writeChain(chain.head());
        encoder.finish();
      }
      assertEquals(0, engine.lentEncoders());
      assertEquals(0, engine.lentBlocks());
      return body.toByteArray();
    }
  }

  @ParameterizedTest(name = "level={0}")
  @ValueSource(ints = {1, 3})
  void aLargeBodyTakesWorkerPermitsWhileItIsCompressed(int level) throws IOException {
    CompressionWorkers workers = CompressionWorkers.shared();
    int[] fewestFree = {Integer.MAX_VALUE};
    OutputStream watching = new OutputStream() {
      @Override
      public void write(int b) {
        fewestFree[0] = Math.min(fewestFree[0], workers.freePermits());
      }

      @Override
      public void write(byte[] b, int off, int len) {
        write(0);
      }
    };
    try (Pipeline pipeline = zstd(level, 2)) {
      pipeline.encode(BODY, watching);
    }

    assertTrue(fewestFree[0] < workers.permits(), "permits free while compressing: " + fewestFree[0]);
  }

  @ParameterizedTest(name = "level={0}")
  @ValueSource(ints = {1, 3})
  void everyWorkerPermitComesBackAfterEachBody(int level) {
    CompressionWorkers workers = CompressionWorkers.shared();
    try (Pipeline pipeline = zstd(level, 2)) {
      pipeline.encode(BODY);
      pipeline.encode(BODY);

      assertEquals(workers.permits(), workers.freePermits());
    }
  }

  @ParameterizedTest(name = "level={0}")
  @ValueSource(ints = {1, 3})
  void aGetterThatThrowsMidwayReturnsTheContextAndThePermits(int level) {
    CompressionWorkers workers = CompressionWorkers.shared();
    try (Pipeline pipeline = zstd(level, 2)) {
      Object failing = List.of(BODY, BODY, new FailingGetter());

      assertThrows(ZipjackEncodeException.class, () -> pipeline.encode(failing));

      assertTrue(pipeline.resources().nothingLent(), pipeline.resources().toString());
      assertEquals(workers.permits(), workers.freePermits());
    }
  }

  @ParameterizedTest(name = "level={0}")
  @ValueSource(ints = {1, 3})
  void aSinkThatFailsMidwayReturnsTheContextAndThePermits(int level) {
    CompressionWorkers workers = CompressionWorkers.shared();
    try (Pipeline pipeline = zstd(level, 2)) {
      OutputStream failing = new FailingSink(100_000);

      IOException e = assertThrows(IOException.class, () -> pipeline.encode(List.of(BODY, BODY), failing));

      assertEquals(FailingSink.MESSAGE, e.getMessage());
      assertTrue(pipeline.resources().nothingLent(), pipeline.resources().toString());
      assertEquals(workers.permits(), workers.freePermits());
    }
  }

  @ParameterizedTest(name = "level={0}")
  @ValueSource(ints = {1, 3})
  void aBodyAbandonedWhileWorkersRunIsFollowedSafelyByOneWithAnotherWorkerCount(int level) {
    CompressionWorkers workers = CompressionWorkers.shared();
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.zstd(level)).compressionThreads(8)
        .encoderPoolSize(1).build()) {
      for (int i = 0; i < 6; i++) {
        assertThrows(IOException.class, () -> pipeline.encode(List.of(BODY, BODY), new FailingSink(300_000)));
        int held = workers.tryAcquire(i % 2 == 0 ? workers.permits() : 0); // the next body gets another count
        try {
          assertArrayEquals(JSON, Zstd.decompress(pipeline.encode(BODY), JSON.length));
        } finally {
          workers.release(held);
        }
      }
      assertTrue(pipeline.resources().nothingLent(), pipeline.resources().toString());
    }
  }

  @ParameterizedTest(name = "level={0}")
  @ValueSource(ints = {1, 3})
  void aClosedPipelineFreesEveryContextThatHadWorkers(int level) {
    Pipeline pipeline = zstd(level, 4);
    for (int i = 0; i < 3; i++) {
      pipeline.encode(BODY);
    }

    pipeline.close();

    assertEquals(0, pipeline.resources().liveNativeContexts(), pipeline.resources().toString());
  }

  /** A bean whose only property cannot be read. */
  static final class FailingGetter {
    public String getValue() {
      throw new IllegalStateException("getter fails");
    }
  }
}
