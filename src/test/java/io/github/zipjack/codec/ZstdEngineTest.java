package io.github.zipjack.codec;

import static io.github.zipjack.codec.ZstdBodies.decode;
import static io.github.zipjack.codec.ZstdBodies.encode;
import static io.github.zipjack.codec.ZstdBodies.engine;
import static io.github.zipjack.codec.ZstdBodies.text;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.Zstd;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The zstd engine's encoding side and its contexts: what each frame declares, that pooled contexts
 * are reused and come back clean, and that every context made is freed.
 */
class ZstdEngineTest {
  private static final byte[] PLAIN = text(100_000, 1);
  private static final long EIGHT_MIB = 8L * 1024 * 1024;

  @Test
  void implementationNamesTheLevelAndZstdJni() {
    try (ZstdEngine engine = engine(3)) {
      assertEquals("zstd(3) via zstd-jni", engine.implementation());
    }
  }

  @Test
  void contentEncodingIsZstd() {
    try (ZstdEngine engine = engine(1)) {
      assertEquals("zstd", engine.contentEncoding());
    }
  }

  @Test
  void level_tooHigh() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> engine(23));
    assertEquals("zstd level must be in [1, 22]: 23", e.getMessage());
  }

  @ParameterizedTest(name = "zstd({0})")
  @ValueSource(ints = {1, 3, 19, 22})
  void bodyRoundTripsThroughTheEngine(int level) throws IOException {
    try (ZstdEngine engine = engine(level)) {
      assertArrayEquals(PLAIN, decode(engine, encode(engine, PLAIN)));
    }
  }

  @ParameterizedTest(name = "zstd({0})")
  @ValueSource(ints = {1, 19})
  void frameDeclaresTheContentSizeAndNoChecksumByDefault(int level) throws IOException {
    byte[] body;
    try (ZstdEngine engine = engine(level)) {
      body = encode(engine, PLAIN);
    }

    assertFalse(ZstdBodies.declaresChecksum(body), "Content_Checksum_flag in descriptor " + Integer.toHexString(body[4]));
    assertEquals(PLAIN.length, Zstd.getFrameContentSize(body), "content size read by zstd-jni");
  }

  @Test
  void frameEndsWithAChecksumWhenTheConfigAsksForOneAndDecodesToTheSameBody() throws IOException {
    byte[] withChecksum;
    byte[] without;
    try (ZstdEngine checksumming = ZstdBodies.checksummingEngine(1); ZstdEngine plain = engine(1)) {
      withChecksum = encode(checksumming, PLAIN);
      without = encode(plain, PLAIN);
      assertArrayEquals(PLAIN, decode(plain, withChecksum));
    }

    assertTrue(ZstdBodies.declaresChecksum(withChecksum));
    assertEquals(without.length + 4, withChecksum.length, "4 bytes of XXH64 at the frame's end");
  }

  @Test
  void emptyBodyIsOneFrameThatDecodesToNothing() throws IOException {
    try (ZstdEngine engine = engine(3)) {
      byte[] body = encode(engine, new byte[0]);

      assertEquals(0, Zstd.getFrameContentSize(body));
      assertArrayEquals(new byte[0], decode(engine, body));
    }
  }

  @Test
  void tenMegabyteBodyAtLevel22DeclaresAWindowOfAtMost8MiB() throws IOException {
    byte[] plain = repeatedRandomBlock(10 * 1024 * 1024); // compresses fast even at level 22
    byte[] body;
    try (ZstdEngine engine = engine(22)) {
      body = encode(engine, plain);
      assertArrayEquals(plain, decode(engine, body));
    }

    assertTrue(windowBytes(body) <= EIGHT_MIB, "window of " + windowBytes(body) + " bytes");
  }

  @Test
  void bodiesOnOneThreadReuseOneCompressionContext() throws IOException {
    try (ZstdEngine engine = engine(3)) {
      for (int i = 0; i < 20; i++) {
        encode(engine, text(5_000 + i, i));
      }

      assertEquals(1, engine.contexts().createdCount());
    }
  }

  @Test
  void reusedContextMakesTheSameBytesAsAFreshOne() throws IOException {
    byte[] fresh;
    try (ZstdEngine engine = engine(19)) {
      fresh = encode(engine, PLAIN);
    }
    try (ZstdEngine engine = engine(19)) {
      encode(engine, text(300_000, 7));
      encode(engine, text(10, 8));

      assertArrayEquals(fresh, encode(engine, PLAIN));
      assertEquals(1, engine.contexts().createdCount());
    }
  }

  @Test
  void abandonedBodyReturnsTheContextAndTheNextBodyIsByteExact() throws IOException {
    byte[] expected;
    try (ZstdEngine engine = engine(3)) {
      expected = encode(engine, PLAIN);
    }
    try (ZstdEngine engine = engine(3)) {
      ByteArrayOutputStream abandoned = new ByteArrayOutputStream();
      try (Encoder encoder = engine.open(abandoned)) {
        encoder.stream().write(text(50_000, 9)); // the serializer fails here: no finish()
      }

      assertArrayEquals(expected, encode(engine, PLAIN));
      assertEquals(0, abandoned.size(), "bytes written for the abandoned body");
      assertEquals(1, engine.contexts().createdCount());
    }
  }

  @Test
  void closingTheEngineFreesEveryIdleContext() throws IOException {
    ZstdEngine engine = engine(3);
    decode(engine, encode(engine, PLAIN));

    engine.close();

    assertEquals(2, engine.contexts().createdCount());
    assertEquals(0, engine.contexts().live());
  }

  @Test
  void encoderLentOutWhenTheEngineClosesFreesItsContextWhenClosed() throws IOException {
    ZstdEngine engine = engine(3);
    Encoder encoder = engine.open(new ByteArrayOutputStream());
    engine.close();
    assertEquals(1, engine.contexts().live());

    encoder.close();

    assertEquals(0, engine.contexts().live());
  }

  @Test
  void decoderLentOutWhenTheEngineClosesFreesItsContextWhenClosed() throws IOException {
    ZstdEngine engine = engine(3);
    byte[] body = encode(engine, PLAIN);
    InputStream decoder = engine.decoder(new ByteArrayInputStream(body));
    engine.close();

    decoder.readAllBytes();
    decoder.close();

    assertEquals(0, engine.contexts().live());
  }

  @Test
  void idleContextsBeyondThePoolSizeAreFreed() throws Exception {
    ZstdEngine engine = new ZstdEngine(new EngineConfig(3, 0, 0, 0, null, ZstdBodies.DEFAULT_MAX_DECODED_BYTES));
    try (engine) {
      decode(engine, encode(engine, PLAIN));
      decode(engine, encode(engine, PLAIN));

      assertEquals(4, engine.contexts().createdCount());
      assertEquals(0, engine.contexts().live());
    }
  }

  /** Random 4 KiB repeated: long matches everywhere, so even level 22 compresses it in well under a second. */
  private static byte[] repeatedRandomBlock(int byteCount) {
    byte[] block = new byte[4096];
    new Random(22).nextBytes(block);
    byte[] plain = new byte[byteCount];
    for (int i = 0; i < byteCount; i += block.length) {
      System.arraycopy(block, 0, plain, i, Math.min(block.length, byteCount - i));
    }
    return plain;
  }

  /** The window a frame declares, read as RFC 8878 section 3.1.1.1.2 says, independently of the decoder. */
  private static long windowBytes(byte[] frame) {
    int descriptor = frame[4] & 0xff;
    if ((descriptor & 0x20) != 0) { // single segment: the window is the content size
      return Zstd.getFrameContentSize(frame);
    }
    int windowDescriptor = frame[5] & 0xff;
    long base = 1L << (10 + (windowDescriptor >>> 3));
    return base + base / 8 * (windowDescriptor & 7);
  }
}
