package io.github.zipjack.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.aayushatharva.brotli4j.encoder.Encoder;
import io.github.zipjack.MalformedBodyException;
import io.github.zipjack.TruncatedBodyException;
import io.github.zipjack.buffer.StripedPool;
import io.github.zipjack.data.Datasets;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The strict brotli reader: any valid stream it reads, in any pieces; anything else it names, and
 * its native decoder is released exactly once whatever happens.
 */
class BrotliDecoderStreamTest {
  private static final byte[] PEOPLE_10 = Datasets.load("people-10").rawJson();

  private final ContextCounter contexts = new ContextCounter();
  private final AtomicInteger slotsMade = new AtomicInteger();
  private final StripedPool<BrotliDecoderStream.InputSlot> pool = new StripedPool<>(2, () -> {
    slotsMade.incrementAndGet();
    return new BrotliDecoderStream.InputSlot();
  }, slot -> { });
  private final BrotliEngine engine = new BrotliEngine(new EngineConfig(5, 0, 0, 2, null, Long.MAX_VALUE));

  @AfterEach
  void everyNativeDecoderIsReleased() {
    engine.close();
    assertEquals(0, contexts.live(), contexts.toString());
  }

  @Test
  void aBodyDeliveredOneByteAtATimeDecodes() throws IOException {
    byte[] body = zipjackBrotli(PEOPLE_10);

    assertArrayEquals(PEOPLE_10, readAll(new TricklingInputStream(body, 1)));
  }

  @Test
  void aBodyOfManyInputChunksDecodes() throws IOException {
    byte[] plain = Datasets.load("people-100x10").rawJson();
    byte[] body = Encoder.compress(plain, Encoder.Parameters.create(0)); // quality 0: about 100 KB
    assertTrue(body.length > 1.5 * BrotliDecoderStream.INPUT_BUFFER_BYTES, "body is only " + body.length);

    assertArrayEquals(plain, readAll(new ByteArrayInputStream(body)));
  }

  @Test
  void aStreamWithTheLargestWindowDecodes() throws IOException {
    byte[] body = Encoder.compress(PEOPLE_10, Encoder.Parameters.create(5, 24));

    assertArrayEquals(PEOPLE_10, readAll(new ByteArrayInputStream(body)));
  }

  @Test
  void eachReadReturnsAtMostTheBytesItAsksFor() throws IOException {
    byte[] body = Encoder.compress(new byte[4 * 1024 * 1024], Encoder.Parameters.create(1));
    byte[] piece = new byte[1000];
    long total = 0;
    try (InputStream in = decoder(new ByteArrayInputStream(body))) {
      for (int n; (n = in.read(piece, 0, piece.length)) >= 0; ) {
        assertTrue(n <= piece.length, "read returned " + n);
        total += n;
      }
    }
    assertEquals(4 * 1024 * 1024, total);
  }

  @Test
  void theNativeDecoderIsReleasedAtTheEndOfTheStreamBeforeClose() throws IOException {
    try (InputStream in = decoder(new ByteArrayInputStream(zipjackBrotli(PEOPLE_10)))) {
      in.readAllBytes();

      assertEquals(1, contexts.createdCount());
      assertEquals(0, contexts.live());
    }
  }

  @Test
  void closeMidwayReleasesTheNativeDecoderAndClosesTheBody() throws IOException {
    AtomicBoolean bodyClosed = new AtomicBoolean();
    InputStream body = new ByteArrayInputStream(zipjackBrotli(PEOPLE_10)) {
      @Override
      public void close() {
        bodyClosed.set(true);
      }
    };
    InputStream in = decoder(body);
    assertEquals(PEOPLE_10[0], (byte) in.read());

    in.close();
    in.close();

    assertEquals(1, contexts.createdCount());
    assertEquals(1, contexts.releasedCount());
    assertTrue(bodyClosed.get());
    assertThrows(IOException.class, in::read);
  }

  @Test
  void theInputArrayIsReusedAcrossBodies() throws IOException {
    byte[] body = zipjackBrotli(PEOPLE_10);
    for (int i = 0; i < 3; i++) {
      readAll(new ByteArrayInputStream(body));
    }

    assertEquals(1, slotsMade.get());
    assertEquals(3, contexts.createdCount());
  }

  @Test
  void anEmptyBodyIsTruncatedAndMakesNoNativeDecoder() {
    TruncatedBodyException e = assertThrows(TruncatedBodyException.class, () -> readAll(new ByteArrayInputStream(new byte[0])));

    assertEquals("body is empty; expected a brotli stream", e.getMessage());
    assertEquals(0, contexts.createdCount());
  }

  @Test
  void aBodyCutShortIsTruncatedAndSaysWhere() {
    byte[] body = zipjackBrotli(PEOPLE_10);
    byte[] cut = Arrays.copyOf(body, body.length / 2);

    TruncatedBodyException e = assertThrows(TruncatedBodyException.class, () -> readAll(new ByteArrayInputStream(cut)));

    assertTrue(e.getMessage().contains("after " + cut.length + " bytes"), e.getMessage());
  }

  @Test
  void aBodyCutAfterItsFirstByteIsTruncated() {
    byte[] cut = Arrays.copyOf(zipjackBrotli(PEOPLE_10), 1);

    TruncatedBodyException e = assertThrows(TruncatedBodyException.class, () -> readAll(new ByteArrayInputStream(cut)));

    assertTrue(e.getMessage().contains("after 1 byte (0 decoded)"), e.getMessage());
  }

  @Test
  void uncompressedJsonIsMalformedAndNamedByItsFirstBytes() {
    MalformedBodyException e = assertThrows(MalformedBodyException.class, () -> readAll(new ByteArrayInputStream(PEOPLE_10)));

    assertEquals("body is not brotli, or is corrupt in its first " + PEOPLE_10.length + " bytes: it starts with"
        + " 5b 7b 22 69 (looks like uncompressed JSON)", e.getMessage());
  }

  @Test
  void aGzipBodyIsMalformedAndNamedAsGzip() throws IOException {
    ByteArrayOutputStream gzip = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(gzip)) {
      out.write(PEOPLE_10);
    }

    MalformedBodyException e = assertThrows(MalformedBodyException.class,
        () -> readAll(new ByteArrayInputStream(gzip.toByteArray())));

    assertTrue(e.getMessage().contains("it starts with 1f 8b 08 00 (looks like gzip)"), e.getMessage());
  }

  @Test
  void aCorruptBodyIsMalformed() {
    byte[] body = zipjackBrotli(PEOPLE_10);
    body[3] ^= 0x55;

    assertThrows(MalformedBodyException.class, () -> readAll(new ByteArrayInputStream(body)));
  }

  @Test
  void corruptionPastTheFirstInputChunkIsMalformedAndSaysWhichBytes() throws IOException {
    byte[] body = Encoder.compress(Datasets.load("people-100x10").rawJson(), Encoder.Parameters.create(0));
    Arrays.fill(body, 80_000, 80_064, (byte) 0xff);

    MalformedBodyException e = assertThrows(MalformedBodyException.class, () -> readAll(new ByteArrayInputStream(body)));

    assertTrue(e.getMessage().startsWith("brotli body is corrupt between byte " + BrotliDecoderStream.INPUT_BUFFER_BYTES
        + " and byte " + body.length), e.getMessage());
  }

  @Test
  void aFailedDecodeReleasesItsNativeDecoderAtOnceAndLaterReadsFail() throws IOException {
    InputStream in = decoder(new ByteArrayInputStream(PEOPLE_10));

    assertThrows(MalformedBodyException.class, in::read);
    assertEquals(0, contexts.live());
    IOException again = assertThrows(IOException.class, in::read);
    assertTrue(again.getMessage().startsWith("brotli decoder stream failed earlier"), again.getMessage());
    in.close();
    assertEquals(1, contexts.releasedCount());
  }

  @Test
  void dataAfterTheStreamInTheSameReadIsMalformed() {
    byte[] body = zipjackBrotli(PEOPLE_10);
    byte[] extended = Arrays.copyOf(body, body.length + 3);
    extended[body.length] = 'x';

    MalformedBodyException e = assertThrows(MalformedBodyException.class, () -> readAll(new ByteArrayInputStream(extended)));

    assertTrue(e.getMessage().startsWith("brotli body has data after the end of its brotli stream"), e.getMessage());
  }

  @Test
  void dataAfterTheStreamInALaterReadIsMalformedAndSaysWhere() {
    byte[] body = zipjackBrotli(PEOPLE_10);
    byte[] extended = Arrays.copyOf(body, body.length + 3);
    extended[body.length] = 'x';
    InputStream source = new TricklingInputStream(extended, body.length); // the stream, then "x\0\0"

    MalformedBodyException e = assertThrows(MalformedBodyException.class, () -> readAll(source));

    assertEquals("brotli body has data after the end of its brotli stream: 78 00 00 at byte " + body.length,
        e.getMessage());
  }

  private byte[] zipjackBrotli(byte[] plain) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (io.github.zipjack.codec.Encoder encoder = engine.open(out)) {
      encoder.stream().write(plain);
      encoder.finish();
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    return out.toByteArray();
  }

  private InputStream decoder(InputStream body) {
    return new BrotliDecoderStream(body, pool, contexts);
  }

  private byte[] readAll(InputStream body) throws IOException {
    try (InputStream in = decoder(body)) {
      return in.readAllBytes();
    }
  }

  /** Hands out at most {@code piece} bytes per read, as a slow network does. */
  private static final class TricklingInputStream extends ByteArrayInputStream {
    private final int piece;

    TricklingInputStream(byte[] bytes, int piece) {
      super(bytes);
      this.piece = piece;
    }

    @Override
    public synchronized int read(byte[] b, int off, int len) {
      return super.read(b, off, Math.min(len, piece));
    }
  }
}
