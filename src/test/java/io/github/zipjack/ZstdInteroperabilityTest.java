package io.github.zipjack;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.data.Dataset;
import io.github.zipjack.data.Datasets;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * zstd bodies checked against the system {@code zstd} program, which nobody on this project wrote:
 * it decodes zipjack's bodies to the plain serialization byte for byte, and zipjack decodes what it
 * makes (one frame or several), refusing its frames whose window is over maxDecodedBytes.
 */
class ZstdInteroperabilityTest {
  private static final Dataset PEOPLE_100 = Datasets.load("people-100");

  private static Pipeline plainJson;
  private static Pipeline plainMessagePack;
  private static Pipeline zstdJson;

  @BeforeAll
  static void buildPipelines() {
    plainJson = Pipeline.builder().format(Format.JSON).compression(Compression.none()).build();
    plainMessagePack = Pipeline.builder().format(Format.MSGPACK).compression(Compression.none()).build();
    zstdJson = Pipeline.builder().format(Format.JSON).compression(Compression.zstd(3)).build();
  }

  @AfterAll
  static void closePipelines() {
    plainJson.close();
    plainMessagePack.close();
    zstdJson.close();
  }

  static Stream<Arguments> formatsAndLevels() {
    return Stream.of(Format.values()).flatMap(format -> Stream.of(1, 3, 19).map(level -> Arguments.of(format, level)));
  }

  @ParameterizedTest(name = "{0} zstd({1})")
  @MethodSource("formatsAndLevels")
  void systemZstdDecodesToThePlainSerialization(Format format, int level) throws Exception {
    byte[] body;
    try (Pipeline pipeline = Pipeline.builder().format(format).compression(Compression.zstd(level)).build()) {
      body = pipeline.encode(PEOPLE_100.value());
    }

    assertArrayEquals(plain(format).encode(PEOPLE_100.value()), SystemTool.zstd(body, "-d"));
  }

  @ParameterizedTest(name = "zstd {0}")
  @ValueSource(strings = {"-1", "-3", "-19"})
  void pipelineDecodesWhatSystemZstdMakes(String level) throws Exception {
    byte[] body = SystemTool.zstd(plainJson.encode(PEOPLE_100.value()), level);

    assertEquals(PEOPLE_100.value(), zstdJson.decode(body, PEOPLE_100.typeReference()));
  }

  @Test
  void pipelineDecodesSeveralFramesFromSystemZstd() throws Exception {
    byte[] json = plainJson.encode(PEOPLE_100.value());
    int half = json.length / 2;
    ByteArrayOutputStream frames = new ByteArrayOutputStream();
    frames.writeBytes(SystemTool.zstd(Arrays.copyOfRange(json, 0, half), "-19"));
    frames.writeBytes(SystemTool.zstd(Arrays.copyOfRange(json, half, json.length), "-1"));

    assertEquals(PEOPLE_100.value(), zstdJson.decode(frames.toByteArray(), PEOPLE_100.typeReference()));
  }

  @Test
  void frameFromUltra22Long27IsRefusedForItsWindow() throws Exception {
    // read from stdin, the size is unknown to zstd, so the frame keeps its 128 MiB window
    byte[] body = SystemTool.zstd(plainJson.encode(PEOPLE_100.value()), "--ultra", "-22", "--long=27");

    DecodeLimitExceededException e = assertThrows(DecodeLimitExceededException.class,
        () -> zstdJson.decode(body, PEOPLE_100.typeReference()));
    assertEquals("maxDecodedBytes", e.limitName());
    assertEquals(64L * 1024 * 1024, e.limit());
    assertTrue(e.getMessage().contains("declares a window of 134217728 bytes"), e.getMessage());
  }

  @Test
  void level19FrameIsRefusedUnderASmallMaxDecodedBytes() throws Exception {
    byte[] body = SystemTool.zstd(plainJson.encode(PEOPLE_100.value()), "-19"); // an 8 MiB window
    try (Pipeline strict = Pipeline.builder().compression(Compression.zstd(3)).maxDecodedBytes(1024 * 1024).build()) {
      DecodeLimitExceededException e = assertThrows(DecodeLimitExceededException.class,
          () -> strict.decode(body, PEOPLE_100.typeReference()));
      assertEquals(1024 * 1024, e.limit());
      assertTrue(e.getMessage().contains("declares a window of 8388608 bytes"), e.getMessage());
    }
  }

  @Test
  void truncatedSystemZstdOutputIsTruncated() throws Exception {
    byte[] body = SystemTool.zstd(plainJson.encode(PEOPLE_100.value()), "-3");

    assertThrows(TruncatedBodyException.class,
        () -> zstdJson.decode(Arrays.copyOf(body, body.length - 10), PEOPLE_100.typeReference()));
  }

  private static Pipeline plain(Format format) {
    return format == Format.JSON ? plainJson : plainMessagePack;
  }
}
