package io.github.zipjack.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.Compression;
import io.github.zipjack.GzipMember;
import io.github.zipjack.Pipeline;
import io.github.zipjack.SystemGzip;
import io.github.zipjack.data.Dataset;
import io.github.zipjack.data.Datasets;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The classic stream of the study (docs/benchmarks.md): readable by the pipeline and by the system
 * gzip, and its level counts.
 */
class LeveledGzipOutputStreamTest {
  private static final Dataset PEOPLE_100 = Datasets.load("people-100");
  private static final byte[] RAW_JSON = PEOPLE_100.rawJson();

  @TempDir
  Path dir;

  @ParameterizedTest(name = "level {0}")
  @ValueSource(ints = {0, 1, 6, 9})
  void pipelineDecodesItsOutput(int level) throws IOException {
    byte[] body = gzip(RAW_JSON, level, 512);

    try (Pipeline pipeline = Pipeline.builder().compression(Compression.gzip(level)).build()) {
      assertEquals(PEOPLE_100.value(), pipeline.decode(body, PEOPLE_100.typeReference()));
    }
  }

  @ParameterizedTest(name = "level {0}")
  @ValueSource(ints = {1, 6, 9})
  void systemGzipDecodesItsOutput(int level) throws Exception {
    byte[] body = gzip(RAW_JSON, level, 64 * 1024);

    assertArrayEquals(RAW_JSON, SystemGzip.decompress(body, dir));
  }

  @Test
  void outputIsOneWellFormedMember() throws IOException {
    GzipMember member = GzipMember.parse(gzip(RAW_JSON, 6, 512));

    assertEquals(member.dataCrc32(), member.trailerCrc32(), "CRC32 in the trailer");
    assertEquals(0, member.bytesAfterTrailer(), "bytes after the trailer");
    assertArrayEquals(RAW_JSON, member.data());
  }

  @Test
  void levelTakesEffect() throws IOException {
    int level1 = gzip(RAW_JSON, 1, 512).length;
    int level9 = gzip(RAW_JSON, 9, 512).length;

    assertTrue(level1 > level9, "level 1: " + level1 + " bytes, level 9: " + level9 + " bytes");
  }

  @Test
  void levelZeroStoresWithoutCompressing() throws IOException {
    int stored = gzip(RAW_JSON, 0, 512).length;

    assertTrue(stored > RAW_JSON.length, stored + " bytes for " + RAW_JSON.length + " raw");
  }

  @Test
  void deflaterBufferSizeDoesNotChangeTheBytes() throws IOException {
    assertArrayEquals(gzip(RAW_JSON, 6, 64 * 1024), gzip(RAW_JSON, 6, 512));
  }

  @Test
  void level_tooHigh() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new LeveledGzipOutputStream(new ByteArrayOutputStream(), 10));
    assertEquals("gzip level must be in [0, 9]: 10", e.getMessage());
  }

  @Test
  void level_tooLow() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new LeveledGzipOutputStream(new ByteArrayOutputStream(), -1, 512));
    assertEquals("gzip level must be in [0, 9]: -1", e.getMessage());
  }

  @Test
  void deflaterBufferSize_zero() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new LeveledGzipOutputStream(new ByteArrayOutputStream(), 6, 0));
    assertEquals("deflaterBufferSize must be positive: 0", e.getMessage());
  }

  private static byte[] gzip(byte[] data, int level, int deflaterBufferSize) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (LeveledGzipOutputStream gzip = new LeveledGzipOutputStream(out, level, deflaterBufferSize)) {
      gzip.write(data);
    }
    return out.toByteArray();
  }
}
