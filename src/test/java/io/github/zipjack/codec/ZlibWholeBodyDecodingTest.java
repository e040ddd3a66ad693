package io.github.zipjack.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.zipjack.JdkGzip;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The zlib engine decodes a gzip body held whole in one Inflater call; unlike libdeflate, zlib says
 * where the deflate data ends, so a body with bytes between that end and the trailer is declined.
 */
class ZlibWholeBodyDecodingTest extends GzipWholeBodyDecodingContract {
  @Override
  GzipDecodingEngine<?> newEngine(EngineConfig config) {
    return new GzipEngine(config);
  }

  @Test
  void declinesBytesBetweenTheDeflateDataAndTheTrailer() {
    byte[] body = member(0, new byte[0], concat(rawDeflate(json), new byte[] {0, 0}), crc(json), json.length);
    assertNull(decodeWhole(engine, body, 0, body.length, NO_LIMIT));
  }

  @Test
  void declinesABodyCutInsideItsDeflateData() {
    byte[] whole = rawDeflate(json);
    byte[] cut = Arrays.copyOf(whole, whole.length / 2);
    byte[] body = member(0, new byte[0], cut, crc(json), json.length);
    assertNull(decodeWhole(engine, body, 0, body.length, NO_LIMIT));
  }

  @Test
  void anInflaterThatDeclinedABodyDecodesTheNextOne() {
    byte[] bad = JdkGzip.of(json);
    bad[bad.length / 2] ^= 0x5a;
    byte[] good = JdkGzip.of(json);
    for (int i = 0; i < 4; i++) {
      assertNull(decodeWhole(engine, bad, 0, bad.length, NO_LIMIT));
      assertArrayEquals(json, decodeWhole(engine, good, 0, good.length, NO_LIMIT));
    }
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] both = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, both, a.length, b.length);
    return both;
  }
}
