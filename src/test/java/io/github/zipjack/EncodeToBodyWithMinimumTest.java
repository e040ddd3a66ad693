package io.github.zipjack;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.zipjack.data.Datasets;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link Pipeline#encodeToBody(Object, long)}: a body under the minimum comes back as the value
 * serialized, uncompressed; one at or over it compressed, as {@link Pipeline#encodeToBody(Object)}
 * would make it, whichever side of the minimum Jackson's writes fall.
 */
class EncodeToBodyWithMinimumTest {
  static Stream<Compression> compressions() {
    return Stream.of(Compression.zstd(1), Compression.gzip(1), Compression.gzip(6, GzipImplementation.ZLIB),
        Compression.brotli(4));
  }

  private static byte[] uncompressed(Object value) {
    try (Pipeline plain = Pipeline.builder().compression(Compression.none()).build()) {
      return plain.encode(value);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("compressions")
  void aBodyUnderTheMinimumIsTheValueAsSerialized(Compression compression) {
    Object value = Datasets.load("people-1").value();
    byte[] plain = uncompressed(value);
    try (Pipeline pipeline = Pipeline.builder().compression(compression).build();
         EncodedBody body = pipeline.encodeToBody(value, plain.length + 1)) {
      assertEquals("identity", body.contentEncoding());
      assertArrayEquals(plain, body.toByteArray());
      assertEquals(plain.length, body.uncompressedSize());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("compressions")
  void aBodyOfExactlyTheMinimumIsCompressed(Compression compression) {
    Object value = Datasets.load("people-1").value();
    byte[] plain = uncompressed(value);
    try (Pipeline pipeline = Pipeline.builder().compression(compression).build();
         EncodedBody body = pipeline.encodeToBody(value, plain.length);
         EncodedBody reference = pipeline.encodeToBody(value)) {
      assertEquals(compression.contentEncoding(), body.contentEncoding());
      assertArrayEquals(reference.toByteArray(), body.toByteArray());
      assertEquals(plain.length, body.uncompressedSize());
    }
  }

  /** people-100 is written by Jackson in several writes: the held bytes go to the compressor first. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("compressions")
  void aBodyThatPassesTheMinimumMidwayIsCompressedWhole(Compression compression) {
    Object value = Datasets.load("people-100").value();
    byte[] plain = uncompressed(value);
    try (Pipeline pipeline = Pipeline.builder().compression(compression).build();
         EncodedBody body = pipeline.encodeToBody(value, 20_000);
         EncodedBody reference = pipeline.encodeToBody(value)) {
      assertEquals(compression.contentEncoding(), body.contentEncoding());
      assertArrayEquals(reference.toByteArray(), body.toByteArray());
      assertEquals(plain.length, body.uncompressedSize());
    }
  }

  @Test
  void aMinimumOfZeroCompressesEveryBody() {
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.zstd(1)).build();
         EncodedBody body = pipeline.encodeToBody("x", 0)) {
      assertEquals("zstd", body.contentEncoding());
    }
  }

  @Test
  void aNegativeMinimumIsRefusedWithItsValue() {
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.zstd(1)).build()) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> pipeline.encodeToBody("x", -5));
      assertEquals("minBodyBytes must be >= 0: -5", e.getMessage());
    }
  }
}
