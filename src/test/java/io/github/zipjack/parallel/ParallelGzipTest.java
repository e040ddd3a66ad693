package io.github.zipjack.parallel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.Compression;
import io.github.zipjack.GzipImplementation;
import io.github.zipjack.GzipMember;
import io.github.zipjack.Pipeline;
import io.github.zipjack.SystemGzip;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * gzip bodies deflated in blocks on several threads: one member, what the system gzip reads, the
 * same bytes whatever the thread count and timing, within 1% of serial zlib.
 */
class ParallelGzipTest {
  /** ParallelGzipEngine's block size. */
  private static final int BLOCK = 256 * 1024;
  private static final int MIB = 1024 * 1024;
  /** The smallest last block cut in two halves, so that the caller and a worker share it. */
  private static final int LAST_CUT = 128 * 1024;
  private static final String BODY = LargeBodies.ofJsonBytes(3 * MIB + 4321, 11);
  private static final byte[] JSON = LargeBodies.json(BODY);

  @TempDir
  Path dir;

  static IntStream threadCounts() {
    return IntStream.rangeClosed(1, 8);
  }

  /** gzip through JDK zlib, in zlib blocks (Java 25's default, libdeflate, has its own tests below). */
  static Pipeline gzip(int level, int threads, long threshold) {
    Pipeline.Builder builder = Pipeline.builder().compression(Compression.gzip(level, GzipImplementation.ZLIB))
        .compressionThreads(threads);
    return threads == 1 ? builder.build() : builder.parallelThresholdBytes(threshold).build();
  }

  @ParameterizedTest(name = "threads={0}")
  @MethodSource("threadCounts")
  void systemGzipDecodesALargeBodyByteForByte(int threads) throws Exception {
    try (Pipeline pipeline = gzip(1, threads, 256 * 1024)) {
      byte[] body = pipeline.encode(BODY);

      assertArrayEquals(JSON, SystemGzip.decompress(body, dir));
      assertTrue(pipeline.resources().nothingLent(), pipeline.resources().toString());
    }
  }

  @ParameterizedTest(name = "threads={0}")
  @MethodSource("threadCounts")
  void theBodyIsOneMemberThatAFirstMemberDecoderReadsWhole(int threads) {
    try (Pipeline pipeline = gzip(1, threads, 256 * 1024)) {
      GzipMember member = GzipMember.parse(pipeline.encode(BODY));

      assertArrayEquals(JSON, member.data());
      assertEquals(0, member.bytesAfterTrailer());
      assertEquals(member.dataCrc32(), member.trailerCrc32());
      assertEquals(member.dataSizeModulo32(), member.trailerSize());
    }
  }

  @ParameterizedTest(name = "{0} bytes")
  @ValueSource(ints = {2, 3, BLOCK - 1, BLOCK, BLOCK + 1, 2 * BLOCK, 2 * BLOCK + LAST_CUT - 1, 2 * BLOCK + LAST_CUT,
      3 * BLOCK - 1, 3 * BLOCK, 3 * BLOCK + 1})
  void blockBoundariesRoundTripThroughSystemGzip(int jsonBytes) throws Exception {
    String value = LargeBodies.ofJsonBytes(jsonBytes, jsonBytes);
    try (Pipeline pipeline = gzip(6, 3, 0)) {
      byte[] body = pipeline.encode(value);

      assertArrayEquals(LargeBodies.json(value), SystemGzip.decompress(body, dir));
      assertEquals(0, GzipMember.parse(body).bytesAfterTrailer());
    }
  }

  @ParameterizedTest(name = "level={0}")
  @ValueSource(ints = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
  void everyLevelRoundTripsAndStaysWithinOnePercentOfSerialZlib(int level) throws Exception {
    Object records = LargeBodies.records(3000);
    byte[] parallel;
    byte[] serial;
    try (Pipeline pipeline = gzip(level, 4, 0)) {
      parallel = pipeline.encode(records);
    }
    try (Pipeline pipeline = gzip(level, 1, 0)) {
      serial = pipeline.encode(records);
    }

    assertArrayEquals(LargeBodies.json(records), SystemGzip.decompress(parallel, dir));
    assertTrue(parallel.length <= serial.length * 1.01,
        "level " + level + ": parallel " + parallel.length + " bytes, serial " + serial.length);
  }

  @Test
  void theBytesAreTheSameForEveryThreadCountFromTwo() {
    List<byte[]> bodies = new ArrayList<>();
    for (int threads = 2; threads <= 8; threads++) {
      try (Pipeline pipeline = gzip(1, threads, 256 * 1024)) {
        bodies.add(pipeline.encode(BODY));
      }
    }
    bodies.forEach(b -> assertArrayEquals(bodies.get(0), b));
  }

  @Test
  void aCallerThatFindsNoFreeWorkerDeflatesEveryBlockItselfToTheSameBytes() {
    AtomicInteger rejected = new AtomicInteger();
    Executor refusing = task -> {
      rejected.incrementAndGet();
      throw new RejectedExecutionException("busy");
    };
    byte[] alone;
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.gzip(1, GzipImplementation.ZLIB))
        .compressionThreads(4).compressionExecutor(refusing).build()) {
      alone = pipeline.encode(BODY);
      assertTrue(pipeline.resources().nothingLent(), pipeline.resources().toString());
    }
    try (Pipeline pipeline = gzip(1, 4, 256 * 1024)) {
      assertArrayEquals(pipeline.encode(BODY), alone);
    }
    assertTrue(rejected.get() > 0, "the executor was asked");
  }

  @Test
  void aUsersExecutorRunsTheBlocks() {
    AtomicInteger ran = new AtomicInteger();
    Executor counting = task -> {
      ran.incrementAndGet();
      new Thread(task, "test-worker").start();
    };
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.gzip(1, GzipImplementation.ZLIB))
        .compressionThreads(2).compressionExecutor(counting).build()) {
      assertEquals(JSON.length, GzipMember.parse(pipeline.encode(BODY)).data().length);
    }
    assertTrue(ran.get() > 0, "blocks ran on the user's executor");
  }

  @Test
  @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a caller stuck waiting ignores interrupts
  void aBodyNeverWaitsForWorkersThatHaveNotStartedAndTheirPermitsComeBack() {
    List<Runnable> held = new ArrayList<>();
    AtomicInteger asked = new AtomicInteger();
    boolean[] holding = {true};
    Executor slowToStart = task -> { // a pool busy with other work: tasks wait, or run at once later
      asked.incrementAndGet();
      if (holding[0]) {
        held.add(task);
      } else {
        task.run();
      }
    };
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.gzip(1, GzipImplementation.ZLIB))
        .compressionThreads(2).compressionExecutor(slowToStart).build();
        Pipeline reference = gzip(1, 2, 256 * 1024)) {
      byte[] expected = reference.encode(BODY);

      assertArrayEquals(expected, pipeline.encode(BODY), "a body whose worker never started");
      assertTrue(!held.isEmpty(), "the worker was asked for");

      holding[0] = false;
      int askedBefore = asked.get();
      assertArrayEquals(expected, pipeline.encode(BODY), "the next body, whose workers start at once");
      assertTrue(asked.get() > askedBefore, "the first body's permits came back: the next body could ask again");

      held.forEach(Runnable::run); // the first body's worker starts at last: nothing is left for it
      assertArrayEquals(expected, pipeline.encode(BODY), "a body after the late start");
      assertTrue(pipeline.resources().nothingLent(), pipeline.resources().toString());
    }
  }

  @Test
  @EnabledForJreRange(min = JRE.JAVA_25, disabledReason = "libdeflate (aircompressor-v3) loads on Java 25 only")
  void withLibdeflateALargeBodyGoesToLibdeflateBlocksFromTwoThreads() {
    try (Pipeline two = Pipeline.builder().compression(Compression.gzip(1)).compressionThreads(2).build();
        Pipeline six = Pipeline.builder().compression(Compression.gzip(6)).compressionThreads(3).build()) {
      assertEquals("gzip(1) via libdeflate; past 262144 bytes while a core is idle, in libdeflate blocks on 2"
          + " threads", two.implementation());
      assertEquals("gzip(6) via libdeflate; past 262144 bytes while a core is idle, in libdeflate blocks on 3"
          + " threads", six.implementation());
    }
  }

  @ParameterizedTest(name = "threads={0}")
  @ValueSource(ints = {2, 3, 4})
  @EnabledForJreRange(min = JRE.JAVA_25, disabledReason = "libdeflate (aircompressor-v3) loads on Java 25 only")
  void libdeflateBlocksAreOneMemberThatSystemGzipDecodesByteForByte(int threads) throws Exception {
    try (Pipeline pipeline = libdeflate(1, threads)) {
      byte[] body = pipeline.encode(BODY);

      assertArrayEquals(JSON, SystemGzip.decompress(body, dir));
      GzipMember member = GzipMember.parse(body);
      assertArrayEquals(JSON, member.data());
      assertEquals(0, member.bytesAfterTrailer());
      assertTrue(pipeline.resources().nothingLent(), pipeline.resources().toString());
    }
  }

  @ParameterizedTest(name = "{0} bytes")
  @ValueSource(ints = {BLOCK + 1, 2 * BLOCK, 3 * BLOCK - 1, 3 * BLOCK, 3 * BLOCK + 1})
  @EnabledForJreRange(min = JRE.JAVA_25, disabledReason = "libdeflate (aircompressor-v3) loads on Java 25 only")
  void libdeflateBlockBoundariesRoundTrip(int jsonBytes) {
    String value = LargeBodies.ofJsonBytes(jsonBytes, jsonBytes);
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.gzip(1, GzipImplementation.LIBDEFLATE))
        .compressionThreads(2).parallelThresholdBytes(BLOCK).build()) {
      GzipMember member = GzipMember.parse(pipeline.encode(value));

      assertArrayEquals(LargeBodies.json(value), member.data());
      assertEquals(member.dataCrc32(), member.trailerCrc32());
    }
  }

  @ParameterizedTest(name = "gzip({0})")
  @ValueSource(ints = {1, 6})
  @EnabledForJreRange(min = JRE.JAVA_25, disabledReason = "libdeflate (aircompressor-v3) loads on Java 25 only")
  void libdeflateBlocksAreWithinTwoPercentOfSerialLibdeflatesBytes(int level) {
    try (Pipeline blocks = libdeflate(level, 2); Pipeline serial = libdeflate(level, 1)) {
      byte[] parallel = blocks.encode(BODY);
      byte[] whole = serial.encode(BODY);

      assertTrue(parallel.length <= 1.02 * whole.length, parallel.length + " bytes against " + whole.length);
      assertArrayEquals(JSON, GzipMember.parse(parallel).data());
    }
  }

  private static Pipeline libdeflate(int level, int threads) {
    return Pipeline.builder().compression(Compression.gzip(level, GzipImplementation.LIBDEFLATE))
        .compressionThreads(threads).build();
  }

  @Test
  void aBodyWithinTheThresholdIsTheSerialBody() {
    String small = LargeBodies.ofJsonBytes(200_000, 3);
    try (Pipeline parallel = gzip(1, 4, 256 * 1024); Pipeline serial = gzip(1, 1, 0)) {
      assertArrayEquals(serial.encode(small), parallel.encode(small));
    }
  }
}
