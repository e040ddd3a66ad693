package io.github.zipjack.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.zipjack.DecodeLimitExceededException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.api.Test;

/** Counts every way bytes leave it, allows exactly the limit and fails one byte past it. */
class DecodeLimitInputStreamTest {

  @Test
  void streamOfExactlyTheLimitReadsToTheEnd() throws IOException {
    try (DecodeLimitInputStream in = limited(100, 100)) {
      assertArrayEquals(new byte[100], in.readAllBytes());
      assertEquals(100, in.count());
    }
  }

  @Test
  void bulkReadPastTheLimitFailsWithItsNameAndValue() {
    DecodeLimitInputStream in = limited(101, 100);

    DecodeLimitExceededException e = assertThrows(DecodeLimitExceededException.class, in::readAllBytes);
    assertEquals("maxDecodedBytes", e.limitName());
    assertEquals(100, e.limit());
  }

  @Test
  void singleByteReadPastTheLimitFails() throws IOException {
    DecodeLimitInputStream in = limited(2, 1);
    in.read();

    assertThrows(DecodeLimitExceededException.class, in::read);
  }

  @Test
  void skipPastTheLimitFails() {
    DecodeLimitInputStream in = limited(1000, 10);

    assertThrows(DecodeLimitExceededException.class, () -> in.skip(11));
  }

  @Test
  void markIsNotSupported() {
    assertEquals(false, limited(1, 1).markSupported());
  }

  private static DecodeLimitInputStream limited(int bytes, long maxBytes) {
    InputStream source = new ByteArrayInputStream(new byte[bytes]);
    return new DecodeLimitInputStream(source, "maxDecodedBytes", maxBytes);
  }
}
