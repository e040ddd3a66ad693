package io.github.zipjack.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.SystemTool;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** zstd's streaming encoder ({@link ZstdStreamEncoder}): the contract, and what its frames declare. */
class ZstdStreamingTest extends StreamingEncoderContract {
  private static final long EIGHT_MIB = 8L * 1024 * 1024;

  @Override
  CompressionEngine newEngine() {
    return ZstdBodies.engine(3);
  }

  @Override
  byte[] decodeWithSystemTool(byte[] body, Path dir) throws IOException, InterruptedException {
    return SystemTool.zstd(body, "-d");
  }

  @Test
  void streamedFrameCarriesNoChecksumByDefaultAndNoContentSize() throws IOException {
    byte[] body = stream(PLAIN);

    int descriptor = body[4] & 0xff; // RFC 8878 section 3.1.1.1.1
    assertFalse(ZstdBodies.declaresChecksum(body), "Content_Checksum_flag in descriptor " + Integer.toHexString(descriptor));
    assertEquals(0, descriptor & 0xe0, "Frame_Content_Size_flag and Single_Segment_flag in descriptor "
        + Integer.toHexString(descriptor));
  }

  @Test
  void streamedFrameEndsWithAChecksumWhenTheConfigAsksForOne() throws IOException {
    byte[] body;
    try (ZstdEngine engine = ZstdBodies.checksummingEngine(3)) {
      body = stream(engine, PLAIN);
      assertArrayEquals(PLAIN, ZstdBodies.decode(engine, body));
    }

    assertTrue(ZstdBodies.declaresChecksum(body));
  }

  @Test
  void streamedFrameAtLevel22DeclaresAWindowOfAtMost8MiB() throws IOException {
    byte[] block = new byte[4096]; // random 4 KiB repeated: compresses fast even at level 22
    new Random(22).nextBytes(block);
    byte[] plain = new byte[10 * 1024 * 1024];
    for (int i = 0; i < plain.length; i += block.length) {
      System.arraycopy(block, 0, plain, i, block.length);
    }
    byte[] body;
    try (ZstdEngine engine = ZstdBodies.engine(22)) {
      body = stream(engine, plain);
      assertArrayEquals(plain, ZstdBodies.decode(engine, body));
    }

    int windowDescriptor = body[5] & 0xff; // no single-segment flag: the window descriptor follows
    assertEquals(0, body[4] & 0x20, "Single_Segment_flag");
    long base = 1L << (10 + (windowDescriptor >>> 3));
    long window = base + base / 8 * (windowDescriptor & 7);
    assertTrue(window <= EIGHT_MIB, "window of " + window + " bytes");
  }
}
