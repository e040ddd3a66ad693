package io.github.zipjack;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.encoder.BrotliOutputStream;
import com.aayushatharva.brotli4j.encoder.Encoder;
import com.fasterxml.jackson.databind.JsonNode;
import io.github.zipjack.codec.ContextCounter;
import io.github.zipjack.data.Dataset;
import io.github.zipjack.data.Datasets;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code Compression.brotli(quality)} through the pipeline: round trips in both formats, every way
 * in and out; one native encoder and one native decoder per body, none left after close or a failed
 * encode; byte-exact output under 8 threads; a bomb stopped at maxDecodedBytes; and zipjack's
 * decode exceptions for bodies that are not a whole brotli stream.
 */
class BrotliPipelineTest {
  private static final int MIB = 1024 * 1024;
  private static final Dataset PEOPLE_10 = Datasets.load("people-10");
  private static final Dataset PEOPLE_100 = Datasets.load("people-100");

  static Stream<Arguments> formatsAndQualities() {
    List<Arguments> cases = new ArrayList<>();
    for (Format format : Format.values()) {
      for (int quality : new int[] {0, 4, 5, 11}) {
        cases.add(Arguments.of(format, quality));
      }
    }
    return cases.stream();
  }

  static Stream<Arguments> formatsAndDatasets() {
    List<Arguments> cases = new ArrayList<>();
    for (Format format : Format.values()) {
      for (String dataset : new String[] {"people-1", "people-100", "people-100x10", "numeric"}) {
        cases.add(Arguments.of(format, dataset));
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} quality {1}")
  @MethodSource("formatsAndQualities")
  void smallBodiesRoundTripEveryWay(Format format, int quality) throws IOException {
    try (Pipeline pipeline = brotli(format, quality).build()) {
      byte[] body = pipeline.encode(PEOPLE_10.value());
      byte[] fromBody;
      try (EncodedBody encoded = pipeline.encodeToBody(PEOPLE_10.value())) {
        assertEquals("br", encoded.contentEncoding());
        fromBody = encoded.toByteArray();
      }
      ByteArrayOutputStream streamed = new ByteArrayOutputStream();
      pipeline.encode(PEOPLE_10.value(), streamed);

      assertArrayEquals(body, fromBody);
      assertArrayEquals(body, streamed.toByteArray());
      assertEquals(PEOPLE_10.value(), pipeline.decode(body, PEOPLE_10.typeReference()));
      assertEquals(PEOPLE_10.value(), pipeline.decode(new ByteArrayInputStream(body), PEOPLE_10.typeReference()));
    }
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("formatsAndDatasets")
  void datasetsRoundTripAtQuality5(Format format, String datasetName) throws IOException {
    Dataset dataset = Datasets.load(datasetName);
    try (Pipeline pipeline = brotli(format, 5).build()) {
      byte[] body = pipeline.encode(dataset.value());

      assertEquals(dataset.value(), pipeline.decode(body, dataset.typeReference()));
    }
  }

  @Test
  void implementationSaysBrotliThroughBrotli4j() {
    try (Pipeline pipeline = brotli(Format.JSON, 4).build()) {
      assertEquals("brotli(4) via brotli4j", pipeline.implementation());
    }
  }

  @Test
  void eachBodyMakesAndReleasesOneNativeEncoderAndOneNativeDecoder() throws IOException {
    int bodies = 7;
    try (Pipeline pipeline = brotli(Format.JSON, 5).build()) {
      ContextCounter contexts = pipeline.engine().contexts();
      List<byte[]> encoded = new ArrayList<>();
      for (int i = 0; i < bodies; i++) {
        encoded.add(pipeline.encode(PEOPLE_10.value()));
      }
      assertEquals(bodies, contexts.createdCount());
      assertEquals(bodies, contexts.releasedCount());

      for (byte[] body : encoded) {
        pipeline.decode(body, PEOPLE_10.typeReference());
      }
      assertEquals(2 * bodies, contexts.createdCount());
      assertEquals(2 * bodies, contexts.releasedCount());
    }
  }

  @Test
  void noContextIsLiveAfterClose() throws IOException {
    Pipeline pipeline = brotli(Format.MSGPACK, 4).build();
    for (int i = 0; i < 3; i++) {
      pipeline.decode(pipeline.encode(PEOPLE_10.value()), PEOPLE_10.typeReference());
    }

    pipeline.close();

    assertEquals(0, pipeline.engine().contexts().live(), pipeline.engine().contexts().toString());
  }

  @Test
  void aFailedEncodeLeaksNothingAndTheNextBodyIsByteExact() {
    try (Pipeline pipeline = brotli(Format.JSON, 5).build()) {
      byte[] expected = pipeline.encode(PEOPLE_100.value());

      assertThrows(ZipjackEncodeException.class, () -> pipeline.encode(new PipelineLifecycleTest.Exploding()));
      assertThrows(ZipjackEncodeException.class, () -> pipeline.encodeToBody(new PipelineLifecycleTest.Exploding()));
      assertThrows(ZipjackEncodeException.class,
          () -> pipeline.encode(new PipelineLifecycleTest.Exploding(), new ByteArrayOutputStream()));

      assertEquals(0, pipeline.engine().contexts().live());
      assertEquals(1, pipeline.engine().contexts().createdCount()); // a failed body never reaches the compressor
      assertArrayEquals(expected, pipeline.encode(PEOPLE_100.value()));
    }
  }

  @Test
  void aSharedPipelineIsByteExactAcross8Threads() throws Exception {
    int threads = 8;
    List<Object> values = List.of(PEOPLE_10.value(), PEOPLE_100.value(), Datasets.load("people-1").value());
    try (Pipeline pipeline = brotli(Format.JSON, 5).encoderPoolSize(2).build()) {
      List<byte[]> expected = new ArrayList<>();
      for (Object value : values) {
        expected.add(pipeline.encode(value));
      }
      CyclicBarrier start = new CyclicBarrier(threads);
      ExecutorService executor = Executors.newFixedThreadPool(threads);
      try {
        List<Future<?>> results = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
          int first = t;
          results.add(executor.submit(() -> {
            start.await(60, TimeUnit.SECONDS);
            for (int i = 0; i < 6; i++) {
              int k = (first + i) % values.size();
              byte[] body = pipeline.encode(values.get(k));
              assertArrayEquals(expected.get(k), body, "value " + k);
              assertEquals(values.get(k), pipeline.decode(body, PEOPLE_10.typeReference()));
            }
            return null;
          }));
        }
        for (Future<?> result : results) {
          result.get(120, TimeUnit.SECONDS);
        }
      } finally {
        executor.shutdownNow();
        assertTrue(executor.awaitTermination(60, TimeUnit.SECONDS));
      }
      assertEquals(0, pipeline.engine().contexts().live(), pipeline.engine().contexts().toString());
    }
  }

  @Test
  void aBombStopsAtMaxDecodedBytesAndReleasesItsDecoder() throws IOException {
    byte[] bomb = whitespaceBomb(100 * MIB);
    assertTrue(bomb.length < 64 * 1024, "the bomb is " + bomb.length + " bytes");
    try (Pipeline pipeline = brotli(Format.JSON, 5).maxDecodedBytes(MIB).build()) {
      DecodeLimitExceededException e = assertThrows(DecodeLimitExceededException.class,
          () -> pipeline.decode(bomb, JsonNode.class));

      assertEquals("maxDecodedBytes", e.limitName());
      assertEquals(MIB, e.limit());
      assertEquals(0, pipeline.engine().contexts().live());
    }
  }

  @Test
  void anEmptyBodyIsTruncated() {
    try (Pipeline pipeline = brotli(Format.JSON, 5).build()) {
      assertThrows(TruncatedBodyException.class, () -> pipeline.decode(new byte[0], PEOPLE_10.typeReference()));
    }
  }

  @Test
  void aBodyCutShortIsTruncated() {
    try (Pipeline pipeline = brotli(Format.MSGPACK, 5).build()) {
      byte[] body = pipeline.encode(PEOPLE_100.value());
      byte[] cut = Arrays.copyOf(body, body.length - 10);

      assertThrows(TruncatedBodyException.class, () -> pipeline.decode(cut, PEOPLE_100.typeReference()));
      assertEquals(0, pipeline.engine().contexts().live());
    }
  }

  @Test
  void aCorruptBodyIsMalformed() {
    try (Pipeline pipeline = brotli(Format.JSON, 5).build()) {
      byte[] body = pipeline.encode(PEOPLE_10.value());
      body[3] ^= 0x55;

      assertThrows(MalformedBodyException.class, () -> pipeline.decode(body, PEOPLE_10.typeReference()));
    }
  }

  @Test
  void dataAfterTheBrotliStreamIsMalformed() {
    try (Pipeline pipeline = brotli(Format.JSON, 5).build()) {
      byte[] body = pipeline.encode(PEOPLE_10.value());
      byte[] extended = Arrays.copyOf(body, body.length + 1);

      MalformedBodyException e = assertThrows(MalformedBodyException.class,
          () -> pipeline.decode(extended, PEOPLE_10.typeReference()));

      assertTrue(e.getMessage().contains("data after the end of its brotli stream"), e.getMessage());
    }
  }

  @Test
  void aGzipBodyIsMalformedAndSaysSo() {
    byte[] gzip;
    try (Pipeline gzipPipeline = Pipeline.builder().compression(Compression.gzip(6)).build()) {
      gzip = gzipPipeline.encode(PEOPLE_10.value());
    }
    try (Pipeline pipeline = brotli(Format.JSON, 5).build()) {
      MalformedBodyException e = assertThrows(MalformedBodyException.class,
          () -> pipeline.decode(gzip, PEOPLE_10.typeReference()));

      assertTrue(e.getMessage().contains("body is not brotli") && e.getMessage().contains("looks like gzip"),
          e.getMessage());
    }
  }

  private static Pipeline.Builder brotli(Format format, int quality) {
    return Pipeline.builder().format(format).compression(Compression.brotli(quality));
  }

  /** {@code byteCount} spaces, which a JSON parser skips without keeping, compressed by brotli4j's own stream. */
  private static byte[] whitespaceBomb(int byteCount) throws IOException {
    Brotli4jLoader.ensureAvailability(); // brotli4j's classes do not load their native library themselves
    byte[] spaces = new byte[MIB];
    Arrays.fill(spaces, (byte) ' ');
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (BrotliOutputStream brotli = new BrotliOutputStream(out, Encoder.Parameters.create(5, 24))) {
      for (int written = 0; written < byteCount; written += spaces.length) {
        brotli.write(spaces);
      }
    }
    return out.toByteArray();
  }
}
