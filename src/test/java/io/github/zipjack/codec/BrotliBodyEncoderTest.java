package io.github.zipjack.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.aayushatharva.brotli4j.encoder.Encoder.Mode;
import io.github.zipjack.data.Datasets;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The brotli whole-body encoder: the window it picks, the one native encoder per body that it
 * releases whatever happens, and the reuse of everything else.
 */
class BrotliBodyEncoderTest {
  private static final byte[] PEOPLE_10 = Datasets.load("people-10").rawJson();

  private final BrotliEngine engine = new BrotliEngine(new EngineConfig(5, 0, 0, 2, null, Long.MAX_VALUE));

  @AfterEach
  void noNativeEncoderOutlivesItsBody() {
    engine.close();
    assertEquals(0, engine.contexts().live(), engine.contexts().toString());
  }

  @ParameterizedTest(name = "{0} bytes -> 2^{1}")
  @CsvSource({"0, 10", "1008, 10", "1009, 11", "11740, 14", "65520, 16", "65521, 17", "1048576, 21",
      "16777200, 24", "16777201, 24", "2147483639, 24"})
  void theWindowIsTheSmallestThatHoldsTheBody(long byteCount, int expectedBits) {
    assertEquals(expectedBits, BrotliBodyEncoder.windowBits(byteCount));
  }

  @Test
  void theStreamHeaderDeclaresTheBodysWindow() throws IOException {
    assertEquals(10, declaredWindowBits(encode(Arrays.copyOf(PEOPLE_10, 1000))));
    assertEquals(14, declaredWindowBits(encode(PEOPLE_10)));
  }

  @Test
  void textModeMakesTheSameBytesAsGenericOnJsonSoGenericStays() throws IOException {
    byte[] json = Datasets.load("people-100").rawJson();

    assertArrayEquals(compress(json, Mode.GENERIC), compress(json, Mode.TEXT));
  }

  @Test
  void eachBodyMakesAndReleasesItsOwnNativeEncoderWhileTheEncoderObjectIsReused() throws IOException {
    io.github.zipjack.codec.Encoder first = engine.open(new ByteArrayOutputStream());
    first.close();
    byte[] expected = encode(PEOPLE_10);

    for (int i = 0; i < 4; i++) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      try (io.github.zipjack.codec.Encoder encoder = engine.open(out)) {
        assertSame(first, encoder);
        encoder.stream().write(PEOPLE_10);
        encoder.finish();
      }
      assertArrayEquals(expected, out.toByteArray());
    }

    assertEquals(5, engine.contexts().createdCount());
    assertEquals(5, engine.contexts().releasedCount());
  }

  @Test
  void anAbandonedBodyMakesNoNativeEncoder() throws IOException {
    try (io.github.zipjack.codec.Encoder encoder = engine.open(new ByteArrayOutputStream())) {
      encoder.stream().write(PEOPLE_10);
    }

    assertEquals(0, engine.contexts().createdCount());
  }

  @Test
  void aSinkThatFailsMidwayReleasesTheNativeEncoderAndTheNextBodyIsByteExact() throws IOException {
    byte[] expected = encode(PEOPLE_10);
    OutputStream failing = new OutputStream() {
      @Override
      public void write(int b) throws IOException {
        throw new IOException("disk full");
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        throw new IOException("disk full");
      }
    };

    try (io.github.zipjack.codec.Encoder encoder = engine.open(failing)) {
      encoder.stream().write(PEOPLE_10);
      assertThrows(IOException.class, encoder::finish);
    }

    assertEquals(0, engine.contexts().live());
    assertArrayEquals(expected, encode(PEOPLE_10));
  }

  @Test
  void anEmptyBodyIsAValidStreamOfNothing() throws IOException {
    byte[] body = encode(new byte[0]);

    try (InputStream in = engine.decoder(new ByteArrayInputStream(body))) {
      assertEquals(-1, in.read());
    }
  }

  @Test
  void aBodyLargerThanOnePushRoundTrips() throws IOException {
    byte[] plain = new byte[BrotliBodyEncoder.INPUT_CHUNK_BYTES + 1000];
    for (int i = 0; i < plain.length; i++) {
      plain[i] = PEOPLE_10[i % PEOPLE_10.length];
    }
    BrotliEngine fast = new BrotliEngine(new EngineConfig(1, 0, 0, 1, null, Long.MAX_VALUE));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (io.github.zipjack.codec.Encoder encoder = fast.open(out)) {
      encoder.stream().write(plain);
      encoder.finish();
    }

    try (InputStream in = fast.decoder(new ByteArrayInputStream(out.toByteArray()))) {
      assertArrayEquals(plain, in.readAllBytes());
    }
    fast.close();
    assertEquals(0, fast.contexts().live());
  }

  @Test
  void implementationNamesTheQualityAndTheLibrary() {
    assertEquals("brotli(5) via brotli4j", engine.implementation());
    assertEquals("br", engine.contentEncoding());
  }

  @Test
  void quality_tooHigh() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new BrotliEngine(new EngineConfig(12, 0, 0, 1, null, Long.MAX_VALUE)));

    assertEquals("brotli quality must be in [0, 11]: 12", e.getMessage());
  }

  private byte[] encode(byte[] plain) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (io.github.zipjack.codec.Encoder encoder = engine.open(out)) {
      encoder.stream().write(plain);
      encoder.finish();
    }
    return out.toByteArray();
  }

  private static byte[] compress(byte[] plain, Mode mode) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new BrotliBodyEncoder(null, 5, mode, new ContextCounter()).compress(plain, plain.length, out);
    return out.toByteArray();
  }

  /** WBITS from a brotli stream header (RFC 7932 section 9.1), read from its low bits up. */
  private static int declaredWindowBits(byte[] stream) {
    int bits = stream[0] & 0xff;
    if ((bits & 1) == 0) {
      return 16;
    }
    int n = (bits >> 1) & 7;
    if (n != 0) {
      return 17 + n;
    }
    int m = (bits >> 4) & 7;
    return m == 0 ? 17 : 8 + m;
  }
}
