package io.github.zipjack.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.JdkGzip;
import io.github.zipjack.MalformedBodyException;
import io.github.zipjack.TruncatedBodyException;
import io.github.zipjack.buffer.StripedPool;
import io.github.zipjack.data.Datasets;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The strict gzip reader: what RFC 1952 allows it reads, anything else it names. */
class GzipDecoderStreamTest {
  private static final byte[] PEOPLE_10 = Datasets.load("people-10").rawJson();

  private final AtomicInteger disposed = new AtomicInteger();
  private final StripedPool<GzipDecoderStream.InflaterSlot> pool = new StripedPool<>(2,
      GzipDecoderStream.InflaterSlot::new, slot -> {
        disposed.incrementAndGet();
        slot.dispose();
      });

  @Test
  void twoMembersReadAsOneStream() throws IOException {
    byte[] body = concat(JdkGzip.of("[1,".getBytes(StandardCharsets.US_ASCII)), JdkGzip.of("2]".getBytes(StandardCharsets.US_ASCII)));

    assertEquals("[1,2]", new String(readAll(body), StandardCharsets.US_ASCII));
  }

  @Test
  void headerWithFileNameCommentExtraAndHeaderCrcIsRead() throws IOException {
    byte[] plain = JdkGzip.of(PEOPLE_10);
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    body.write(plain, 0, 3);
    body.write(2 | 4 | 8 | 16); // FHCRC, FEXTRA, FNAME, FCOMMENT
    body.write(plain, 4, 6);
    body.write(new byte[] {3, 0, 'a', 'b', 'c'}); // XLEN = 3
    body.write("people.json\0".getBytes(StandardCharsets.US_ASCII));
    body.write("a comment\0".getBytes(StandardCharsets.US_ASCII));
    body.write(new byte[] {0, 0}); // header CRC16, not checked
    body.write(plain, 10, plain.length - 10);

    assertArrayEquals(PEOPLE_10, readAll(body.toByteArray()));
  }

  @Test
  void systemGzipOutputWithItsFileNameIsRead(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("people.json");
    Files.write(file, PEOPLE_10);
    Process gzip = new ProcessBuilder("gzip", "-k", "-N", file.toString()).redirectErrorStream(true).start();
    assertTrue(gzip.waitFor(30, TimeUnit.SECONDS) && gzip.exitValue() == 0, "system gzip failed");

    assertArrayEquals(PEOPLE_10, readAll(Files.readAllBytes(dir.resolve("people.json.gz"))));
  }

  @Test
  void garbageAfterTheMemberIsMalformedAndSaysWhere() throws IOException {
    byte[] member = JdkGzip.of(PEOPLE_10);
    byte[] body = concat(member, "xy".getBytes(StandardCharsets.US_ASCII));

    MalformedBodyException e = assertThrows(MalformedBodyException.class, () -> readAll(body));
    assertTrue(e.getMessage().contains("78 79 at byte " + member.length), e.getMessage());
  }

  @Test
  void wrongLengthInTrailerIsMalformed() throws IOException {
    byte[] body = JdkGzip.of(PEOPLE_10);
    body[body.length - 4] ^= 0x01;

    MalformedBodyException e = assertThrows(MalformedBodyException.class, () -> readAll(body));
    assertTrue(e.getMessage().contains("trailer says"), e.getMessage());
  }

  @Test
  void reservedFlagBitIsMalformed() throws IOException {
    byte[] body = JdkGzip.of(PEOPLE_10);
    body[3] = (byte) 0x20;

    assertThrows(MalformedBodyException.class, () -> readAll(body));
  }

  @Test
  void methodOtherThanDeflateIsMalformed() throws IOException {
    byte[] body = JdkGzip.of(PEOPLE_10);
    body[2] = 7;

    MalformedBodyException e = assertThrows(MalformedBodyException.class, () -> readAll(body));
    assertTrue(e.getMessage().contains("must be 8 (deflate): 7"), e.getMessage());
  }

  @Test
  void bodyCutInsideTheHeaderIsTruncated() throws IOException {
    byte[] body = Arrays.copyOf(JdkGzip.of(PEOPLE_10), 6);

    assertThrows(TruncatedBodyException.class, () -> readAll(body));
  }

  @Test
  void inflaterGoesBackToThePoolOnCloseAndIsReused() throws IOException {
    byte[] body = JdkGzip.of(PEOPLE_10);
    readAll(body);
    assertEquals(1, pool.idleCount());

    readAll(body);
    assertEquals(1, pool.idleCount(), "the second read took the pooled Inflater and gave it back");
    pool.close();
    assertEquals(1, disposed.get(), "closing the pool ends the one Inflater exactly once");
  }

  @Test
  void inflaterGoesBackToThePoolWhenTheBodyIsCorrupt() throws IOException {
    byte[] body = JdkGzip.of(PEOPLE_10);
    body[body.length - 8] ^= 0x01;
    try (InputStream in = new GzipDecoderStream(new ByteArrayInputStream(body), pool)) {
      assertThrows(MalformedBodyException.class, () -> in.readAllBytes());
    }

    assertEquals(1, pool.idleCount());
    assertArrayEquals(PEOPLE_10, readAll(JdkGzip.of(PEOPLE_10)), "a reset Inflater decodes the next body");
  }

  @Test
  void readAfterCloseFails() throws IOException {
    InputStream in = new GzipDecoderStream(new ByteArrayInputStream(JdkGzip.of(PEOPLE_10)), pool);
    in.close();
    in.close();

    assertThrows(IOException.class, in::read);
  }

  private byte[] readAll(byte[] body) throws IOException {
    try (InputStream in = new GzipDecoderStream(new ByteArrayInputStream(body), pool)) {
      return in.readAllBytes();
    }
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] both = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, both, a.length, b.length);
    return both;
  }
}
