package io.github.zipjack.servlet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.JdkGzip;
import io.github.zipjack.MalformedBodyException;
import io.github.zipjack.TruncatedBodyException;
import io.github.zipjack.ZipjackDecodeException;
import io.github.zipjack.codec.EngineConfig;
import io.github.zipjack.codec.GzipEngine;
import io.github.zipjack.codec.ZstdEngine;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The stream the application reads an inflated request body from: it decodes, enforces the size and
 * ratio limits, keeps the first failure, makes its decoder only when read and returns it on close.
 * The container's own stream is stood in for by a byte array: these are pure stream rules.
 */
class RequestInflationStreamTest {
  private static final EngineConfig CONFIG = new EngineConfig(1, 0, 8192, 2, null, 64L << 20);
  private final GzipEngine gzip = new GzipEngine(CONFIG);
  private final ZstdEngine zstd = new ZstdEngine(CONFIG);

  @AfterEach
  void closeEngines() {
    gzip.close();
    zstd.close();
  }

  private static byte[] json(int bytes) {
    byte[] raw = new byte[bytes];
    for (int i = 0; i < bytes; i++) {
      raw[i] = (byte) ('a' + (i * 7919 % 26)); // mildly compressible
    }
    return raw;
  }

  private InflatingInputStream gzipStream(byte[] compressed, long maxBytes, long maxRatio) {
    return new InflatingInputStream(new ByteArrayInputStream(compressed), gzip, maxBytes, maxRatio);
  }

  @Test
  void aGzipBodyReadsAsTheBytesThatWereCompressed() throws IOException {
    byte[] raw = "{\"name\":\"Ada\",\"born\":1815}".getBytes(StandardCharsets.UTF_8);
    try (InflatingInputStream in = gzipStream(JdkGzip.of(raw), 1 << 20, 100)) {
      assertArrayEquals(raw, in.readAllBytes());
      assertTrue(in.isFinished());
    }
  }

  @Test
  void aZstdBodyReadsThroughTheZstdEnginesDecoder() throws IOException {
    byte[] raw = json(100_000);
    byte[] compressed = com.github.luben.zstd.Zstd.compress(raw, 1);
    try (InflatingInputStream in = new InflatingInputStream(new ByteArrayInputStream(compressed), zstd, 1 << 20, 100)) {
      assertArrayEquals(raw, in.readAllBytes());
    }
  }

  @Test
  void aBodyOneByteOverMaxInflatedRequestBytesFailsWithTheLimitsName() throws IOException {
    try (InflatingInputStream in = gzipStream(JdkGzip.of(json(1001)), 1000, 1000)) {
      InflatedRequestTooLargeException e = assertThrows(InflatedRequestTooLargeException.class, in::readAllBytes);
      assertEquals("maxInflatedRequestBytes", e.limitName());
      assertEquals(1000, e.limit());
      assertTrue(e.getMessage().startsWith("request body inflates to more than maxInflatedRequestBytes = 1000 bytes (gzip, "),
          e.getMessage());
    }
  }

  @Test
  void aBodyOfExactlyMaxInflatedRequestBytesIsRead() throws IOException {
    try (InflatingInputStream in = gzipStream(JdkGzip.of(json(1000)), 1000, 1000)) {
      assertEquals(1000, in.readAllBytes().length);
    }
  }

  @Test
  void aBombPastTheRatioFailsOnceTheBodyIsOverTheGrace() throws IOException {
    byte[] zeros = new byte[8 << 20]; // 8 MiB of zeros gzip to about 8 KB: a ratio of about 1000
    try (InflatingInputStream in = gzipStream(JdkGzip.of(zeros), 64L << 20, 100)) {
      InflatedRequestTooLargeException e = assertThrows(InflatedRequestTooLargeException.class, in::readAllBytes);
      assertEquals("maxInflationRatio", e.limitName());
      assertTrue(e.inflatedBytes() > InflatingInputStream.RATIO_GRACE_BYTES, e.getMessage());
      assertTrue(e.inflatedBytes() <= InflatingInputStream.RATIO_GRACE_BYTES + (1 << 20), e.getMessage());
    }
  }

  @Test
  void aSmallBodyAboveTheRatioIsReadWhole() throws IOException {
    byte[] zeros = new byte[512 * 1024]; // ratio about 1000, under the 1 MiB grace
    try (InflatingInputStream in = gzipStream(JdkGzip.of(zeros), 64L << 20, 100)) {
      assertEquals(zeros.length, in.readAllBytes().length);
    }
  }

  @Test
  void theFirstFailureIsKeptAndThrownAgainByLaterReads() throws IOException {
    try (InflatingInputStream in = gzipStream(JdkGzip.of(json(5000)), 1000, 1000)) {
      InflatedRequestTooLargeException first = assertThrows(InflatedRequestTooLargeException.class, in::readAllBytes);
      assertSame(first, in.failure());
      assertSame(first, assertThrows(InflatedRequestTooLargeException.class, in::read));
    }
  }

  @Test
  void aBodyThatIsNotGzipFailsAsMalformedAndIsKept() throws IOException {
    byte[] plain = "{\"not\":\"gzip\"}".getBytes(StandardCharsets.UTF_8);
    try (InflatingInputStream in = gzipStream(plain, 1 << 20, 100)) {
      assertThrows(MalformedBodyException.class, in::readAllBytes);
      assertInstanceOf(MalformedBodyException.class, in.failure());
      assertEquals(400, RequestInflation.statusFor(in.failure()));
    }
  }

  @Test
  void aTruncatedBodyFailsAsTruncated() throws IOException {
    byte[] whole = JdkGzip.of(json(10_000));
    try (InflatingInputStream in = gzipStream(Arrays.copyOf(whole, whole.length / 2), 1 << 20, 100)) {
      ZipjackDecodeException e = assertThrows(ZipjackDecodeException.class, in::readAllBytes);
      assertInstanceOf(TruncatedBodyException.class, e);
    }
  }

  @Test
  void noDecoderIsMadeForABodyThatIsNeverRead() throws IOException {
    InflatingInputStream in = gzipStream(JdkGzip.of(json(100)), 1 << 20, 100);
    assertFalse(in.decoderOpen());
    in.close();
    assertEquals(0, gzip.contexts().createdCount());
  }

  @Test
  void closingAHalfReadBodyReturnsItsInflaterToThePool() throws IOException {
    InflatingInputStream in = gzipStream(JdkGzip.of(json(100_000)), 1 << 20, 100);
    assertEquals(10, in.read(new byte[10]));
    assertTrue(in.decoderOpen());
    in.close();
    in.close();
    gzip.close();
    assertEquals(0, gzip.contexts().live(), gzip.contexts().toString());
  }

  @Test
  void closingTheBodyLeavesTheContainersStreamOpen() throws IOException {
    boolean[] closed = {false};
    InputStream container = new ByteArrayInputStream(JdkGzip.of(json(100))) {
      @Override
      public void close() {
        closed[0] = true;
      }
    };
    try (InflatingInputStream in = new InflatingInputStream(container, gzip, 1 << 20, 100)) {
      in.readAllBytes();
    }
    assertFalse(closed[0]);
  }

  @Test
  void readsAfterCloseFail() throws IOException {
    InflatingInputStream in = gzipStream(JdkGzip.of(json(100)), 1 << 20, 100);
    in.close();
    assertEquals("request body stream is closed", assertThrows(IOException.class, in::read).getMessage());
  }

  @Test
  void aReadListenerIsRefusedWithAReason() throws IOException {
    try (InflatingInputStream in = gzipStream(JdkGzip.of(json(100)), 1 << 20, 100)) {
      IllegalStateException e = assertThrows(IllegalStateException.class, () -> in.setReadListener(null));
      assertTrue(e.getMessage().startsWith("zipjack inflates compressed request bodies with blocking reads only"));
    }
  }
}
