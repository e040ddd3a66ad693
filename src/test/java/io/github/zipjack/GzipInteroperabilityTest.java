package io.github.zipjack;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.zipjack.data.Datasets;
import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * gzip bodies checked by tools nobody on this project wrote: the system {@code gzip -dc} gives back
 * the plain serialization byte for byte, and a hand-written RFC 1952 reader built on a raw
 * {@link java.util.zip.Inflater} finds exactly one well-formed member.
 */
class GzipInteroperabilityTest {
  private static final Object PEOPLE_100 = Datasets.load("people-100").value();

  private static Pipeline plainJson;
  private static Pipeline plainMessagePack;

  @TempDir
  Path dir;

  @BeforeAll
  static void buildPlainPipelines() {
    plainJson = PipelineSetup.of(Format.JSON, Compression.none()).build();
    plainMessagePack = PipelineSetup.of(Format.MSGPACK, Compression.none()).build();
  }

  @AfterAll
  static void closePlainPipelines() {
    plainJson.close();
    plainMessagePack.close();
  }

  static Stream<Arguments> formatsAndLevels() {
    return Stream.of(Format.values())
        .flatMap(format -> Stream.of(1, 6, 9).map(level -> Arguments.of(format, level)));
  }

  @ParameterizedTest(name = "{0} gzip({1})")
  @MethodSource("formatsAndLevels")
  void systemGzipDecodesToThePlainSerialization(Format format, int level) throws Exception {
    byte[] body;
    try (Pipeline pipeline = PipelineSetup.of(format, Compression.gzip(level)).build()) {
      body = pipeline.encode(PEOPLE_100);
    }

    assertArrayEquals(plain(format).encode(PEOPLE_100), SystemGzip.decompress(body, dir));
  }

  @ParameterizedTest(name = "{0} gzip({1})")
  @MethodSource("formatsAndLevels")
  void systemGzipDecodesStreamedBodies(Format format, int level) throws Exception {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    try (Pipeline pipeline = new PipelineSetup(format, Compression.gzip(level), Accelerator.NONE, 0, 512).build()) {
      pipeline.encode(PEOPLE_100, out);
    }

    assertArrayEquals(plain(format).encode(PEOPLE_100), SystemGzip.decompress(out.toByteArray(), dir));
  }

  @ParameterizedTest(name = "{0} gzip({1})")
  @MethodSource("formatsAndLevels")
  void gzipBodyIsOneWellFormedMember(Format format, int level) throws IOException {
    byte[] body;
    try (Pipeline pipeline = PipelineSetup.of(format, Compression.gzip(level)).build()) {
      body = pipeline.encode(PEOPLE_100);
    }

    GzipMember member = GzipMember.parse(body);

    assertEquals(0x1f8b, member.magic(), "ID1 ID2");
    assertEquals(8, member.compressionMethod(), "CM (deflate)");
    assertEquals(0, member.flags(), "FLG (no optional fields, no reserved bits)");
    assertEquals(member.dataCrc32(), member.trailerCrc32(), "CRC32 in the trailer");
    assertEquals(member.dataSizeModulo32(), member.trailerSize(), "ISIZE in the trailer");
    assertEquals(0, member.bytesAfterTrailer(), "bytes after the trailer");
    assertArrayEquals(plain(format).encode(PEOPLE_100), member.data(), "inflated data");
  }

  @ParameterizedTest(name = "gzip({0})")
  @ValueSource(ints = {0, 2, 3, 4, 5, 7, 8})
  void gzipBodyAtEveryOtherLevelIsOneWellFormedMember(int level) {
    byte[] body;
    try (Pipeline pipeline = PipelineSetup.of(Format.JSON, Compression.gzip(level)).build()) {
      body = pipeline.encode(PEOPLE_100);
    }

    GzipMember member = GzipMember.parse(body);

    assertEquals(member.dataCrc32(), member.trailerCrc32(), "CRC32 in the trailer");
    assertEquals(member.dataSizeModulo32(), member.trailerSize(), "ISIZE in the trailer");
    assertEquals(0, member.bytesAfterTrailer(), "bytes after the trailer");
    assertArrayEquals(plainJson.encode(PEOPLE_100), member.data(), "inflated data");
  }

  @ParameterizedTest(name = "gzip({0}) -> XFL {1}")
  @MethodSource("levelsAndExtraFlags")
  void gzipHeaderExtraFlagsFollowRfc1952(int level, int extraFlags) {
    try (Pipeline pipeline = PipelineSetup.of(Format.JSON, Compression.gzip(level)).build()) {
      assertEquals(extraFlags, GzipMember.parse(pipeline.encode(PEOPLE_100)).extraFlags());
    }
  }

  static Stream<Arguments> levelsAndExtraFlags() {
    // RFC 1952: XFL = 2 for maximum compression, 4 for the fastest algorithm
    return Stream.of(Arguments.of(9, 2), Arguments.of(1, 4), Arguments.of(6, 0));
  }

  private static Pipeline plain(Format format) {
    return format == Format.JSON ? plainJson : plainMessagePack;
  }
}
