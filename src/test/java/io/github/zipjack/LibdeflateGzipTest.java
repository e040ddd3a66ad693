package io.github.zipjack;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.codec.ContextCounter;
import io.github.zipjack.codec.Encoder;
import io.github.zipjack.codec.LibdeflateGzipEngine;
import io.github.zipjack.data.Dataset;
import io.github.zipjack.data.Datasets;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * gzip through libdeflate on Java 25+: {@code AUTO} picks it; the system {@code gzip} decodes what it
 * makes to the plain serialization byte for byte; bodies round-trip through the pipeline; level 1 is
 * smaller than zlib's; one compressor serves a thread's bodies and is counted; a failed encode gives
 * it back; 8 threads sharing a pipeline get byte-exact bodies. What must hold on Java 17 as well is in
 * {@link LibdeflateAvailabilityTest}.
 */
@EnabledForJreRange(min = JRE.JAVA_25,
    disabledReason = "libdeflate comes from aircompressor-v3, whose classes are Java 25 class files")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LibdeflateGzipTest {
  private static final int[] LEVELS = {0, 1, 6, 9};
  private static final Dataset PEOPLE_10 = Datasets.load("people-10");
  private static final Dataset PEOPLE_100 = Datasets.load("people-100");

  /** Pipelines shared by the parameterized cases, by (format, level); closed after the class. */
  private final Map<List<Object>, Pipeline> pipelines = new ConcurrentHashMap<>();

  @TempDir
  Path dir;

  @AfterAll
  void closePipelines() {
    pipelines.values().forEach(Pipeline::close);
  }

  static Stream<Arguments> formatsLevelsAndDatasets() {
    List<Arguments> cases = new ArrayList<>();
    for (Format format : Format.values()) {
      for (int level : LEVELS) {
        for (String dataset : Datasets.NAMES) {
          cases.add(Arguments.of(format, level, dataset));
        }
      }
    }
    return cases.stream();
  }

  @Test
  void libdeflateCanServeHere() {
    assertNull(LibdeflateGzipEngine.unavailabilityReason());
  }

  @Test
  void autoPicksLibdeflate() {
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.gzip(1)).build()) {
      LibdeflateAvailabilityTest.assertServedBy("gzip(1) via libdeflate", pipeline.implementation());
    }
  }

  @Test
  void forcedZlibIsServedByZlib() {
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.gzip(1, GzipImplementation.ZLIB)).build()) {
      assertEquals("gzip(1) via JDK zlib", pipeline.implementation());
    }
  }

  @Test
  void wholeBodySettingDoesNotChangeTheEngine() {
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.gzip(6)).compressWholeBody(true).build()) {
      LibdeflateAvailabilityTest.assertServedBy("gzip(6) via libdeflate", pipeline.implementation());
    }
  }

  @ParameterizedTest(name = "{0} gzip({1}) {2}")
  @MethodSource("formatsLevelsAndDatasets")
  void systemGzipDecodesToThePlainSerialization(Format format, int level, String datasetName) throws Exception {
    Object value = Datasets.load(datasetName).value();

    byte[] body = libdeflate(format, level).encode(value);

    assertArrayEquals(plain(format).encode(value), SystemGzip.decompress(body, dir));
  }

  @ParameterizedTest(name = "{0} gzip({1}) {2}")
  @MethodSource("formatsLevelsAndDatasets")
  void bodyIsOneMemberWithZipjacksHeader(Format format, int level, String datasetName) {
    Object value = Datasets.load(datasetName).value();
    byte[] body = libdeflate(format, level).encode(value);

    GzipMember member = GzipMember.parse(body);

    assertArrayEquals(new byte[] {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, (byte) (level == 9 ? 2 : level == 1 ? 4 : 0),
        (byte) 255}, Arrays.copyOf(body, 10), "header: no flags, no mtime, XFL, OS 255");
    assertEquals(member.dataCrc32(), member.trailerCrc32(), "CRC32 in the trailer");
    assertEquals(member.dataSizeModulo32(), member.trailerSize(), "ISIZE in the trailer");
    assertEquals(0, member.bytesAfterTrailer(), "bytes after the trailer");
  }

  @ParameterizedTest(name = "{0} gzip({1}) {2}")
  @MethodSource("formatsLevelsAndDatasets")
  void roundTripsThroughArraysBodiesAndStreams(Format format, int level, String datasetName) throws IOException {
    Dataset dataset = Datasets.load(datasetName);
    Pipeline pipeline = libdeflate(format, level);

    byte[] array = pipeline.encode(dataset.value());
    byte[] fromBody;
    try (EncodedBody body = pipeline.encodeToBody(dataset.value())) {
      assertEquals("gzip", body.contentEncoding());
      fromBody = body.toByteArray();
    }
    ByteArrayOutputStream streamed = new ByteArrayOutputStream();
    pipeline.encode(dataset.value(), streamed);

    assertArrayEquals(array, fromBody, "encodeToBody");
    assertArrayEquals(array, streamed.toByteArray(), "encode to a stream");
    assertEquals(dataset.value(), pipeline.decode(array, dataset.typeReference()));
    assertEquals(dataset.value(), pipeline.decode(new ByteArrayInputStream(array), dataset.typeReference()));
  }

  @Test
  void level1IsSmallerThanZlibLevel1OnPeople100() {
    byte[] zlib;
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.gzip(1, GzipImplementation.ZLIB)).build()) {
      zlib = pipeline.encode(PEOPLE_100.value());
    }

    byte[] libdeflate = libdeflate(Format.JSON, 1).encode(PEOPLE_100.value());

    assertTrue(libdeflate.length < zlib.length, "libdeflate " + libdeflate.length + " bytes, zlib " + zlib.length);
  }

  @Test
  void eachBodyReachesTheSinkInOneWrite() throws IOException {
    CountingStream sink = new CountingStream();

    libdeflate(Format.JSON, 1).encode(PEOPLE_100.value(), sink);

    assertEquals(1, sink.writes);
  }

  @Test
  void emptyBodyIsAnEmptyGzipMember() throws Exception {
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    Pipeline pipeline = libdeflate(Format.JSON, 1);

    try (Encoder encoder = pipeline.engine().open(sink)) {
      encoder.finish();
    }

    GzipMember member = GzipMember.parse(sink.toByteArray());
    assertEquals(0, member.data().length);
    assertEquals(0, member.trailerSize());
    assertEquals(0, member.trailerCrc32());
    assertArrayEquals(new byte[0], SystemGzip.decompress(sink.toByteArray(), dir));
    try (InputStream decoded = pipeline.engine().decoder(new ByteArrayInputStream(sink.toByteArray()))) {
      assertEquals(-1, decoded.read());
    }
  }

  @Test
  void tenMegabyteBodyRoundTrips() throws Exception {
    List<String> lines = new ArrayList<>();
    SplittableRandom random = new SplittableRandom(25);
    long bytes = 0;
    while (bytes < 10L * 1024 * 1024) {
      String line = "line " + lines.size() + " " + Long.toHexString(random.nextLong()) + " of several words";
      lines.add(line);
      bytes += line.length() + 3;
    }
    Pipeline pipeline = libdeflate(Format.JSON, 1);

    byte[] body = pipeline.encode(lines);

    byte[] plain = plain(Format.JSON).encode(lines);
    assertTrue(plain.length >= 10 * 1024 * 1024, plain.length + " bytes");
    assertArrayEquals(plain, SystemGzip.decompress(body, dir));
    assertEquals(lines, pipeline.decode(body, List.class));
    assertArrayEquals(libdeflate(Format.JSON, 1).encode(PEOPLE_10.value()),
        pipeline.encode(PEOPLE_10.value()), "a small body after the large one");
  }

  @Test
  void oneThreadReusesOneCompressorAndCloseReleasesIt() throws IOException {
    int bodies = 20;
    Pipeline pipeline = Pipeline.builder().compression(Compression.gzip(1, GzipImplementation.LIBDEFLATE)).build();
    ContextCounter contexts = pipeline.engine().contexts();

    for (int i = 0; i < bodies; i++) {
      pipeline.encode(PEOPLE_10.value());
    }
    assertEquals(1, contexts.createdCount(), "compressors after " + bodies + " bodies: " + contexts);
    for (int i = 0; i < bodies; i++) {
      pipeline.decode(pipeline.encode(PEOPLE_10.value()), PEOPLE_10.typeReference());
    }
    assertEquals(2, contexts.createdCount(), "one compressor and one libdeflate decompressor (a whole body is decoded in one call): " + contexts);
    pipeline.close();
    pipeline.close();

    assertEquals(0, contexts.live(), contexts.toString());
    assertEquals(2, contexts.releasedCount(), contexts.toString());
  }

  @Test
  void aFailedEncodeReturnsTheCompressorAndTheNextBodyIsByteExact() {
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.gzip(1, GzipImplementation.LIBDEFLATE)).build()) {
      ContextCounter contexts = pipeline.engine().contexts();
      byte[] expected = pipeline.encode(PEOPLE_10.value());

      assertThrows(ZipjackEncodeException.class, () -> pipeline.encode(new PipelineLifecycleTest.Exploding()));
      assertThrows(ZipjackEncodeException.class, () -> pipeline.encodeToBody(new PipelineLifecycleTest.Exploding()));

      assertEquals(1, contexts.createdCount(), contexts.toString());
      assertEquals(1, contexts.live(), contexts.toString());
      assertArrayEquals(expected, pipeline.encode(PEOPLE_10.value()));
    }
  }

  @Test
  void sharedPipelineIsByteExactAcross8Threads() throws Exception {
    int threads = 8;
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.gzip(1)).encoderPoolSize(2).build()) {
      List<Object> values = new ArrayList<>();
      List<byte[]> expected = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        Object value = Datasets.load(t % 2 == 0 ? "people-100" : "people-" + (t % 4 == 1 ? 1 : 10)).value();
        values.add(value);
        expected.add(pipeline.encode(value));
      }
      CyclicBarrier start = new CyclicBarrier(threads);
      ExecutorService executor = Executors.newFixedThreadPool(threads);
      try {
        List<Future<?>> results = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
          int thread = t;
          results.add(executor.submit(() -> {
            start.await(60, TimeUnit.SECONDS);
            for (int i = 0; i < 20; i++) {
              assertArrayEquals(expected.get(thread), pipeline.encode(values.get(thread)), "thread " + thread);
            }
            return null;
          }));
        }
        for (Future<?> result : results) {
          result.get(120, TimeUnit.SECONDS);
        }
      } finally {
        executor.shutdownNow();
      }
      LibdeflateAvailabilityTest.assertServedBy("gzip(1) via libdeflate", pipeline.implementation());
    }
  }

  /** A pipeline forced onto libdeflate, shared by the tests of this class. */
  private Pipeline libdeflate(Format format, int level) {
    return pipelines.computeIfAbsent(List.of(format, level), key -> Pipeline.builder().format(format)
        .compression(Compression.gzip(level, GzipImplementation.LIBDEFLATE)).build());
  }

  private Pipeline plain(Format format) {
    return pipelines.computeIfAbsent(List.of(format, "none"),
        key -> Pipeline.builder().format(format).compression(Compression.none()).build());
  }

  /** Counts the writes that reach it, and keeps nothing. */
  private static final class CountingStream extends OutputStream {
    int writes;

    @Override
    public void write(int b) {
      writes++;
    }

    @Override
    public void write(byte[] bytes, int offset, int length) {
      writes++;
    }
  }
}
