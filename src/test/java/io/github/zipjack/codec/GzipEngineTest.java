package io.github.zipjack.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.MalformedBodyException;
import io.github.zipjack.TruncatedBodyException;
import io.github.zipjack.buffer.Segment;
import io.github.zipjack.buffer.SegmentOutputStream;
import io.github.zipjack.buffer.SegmentPool;
import io.github.zipjack.data.Datasets;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/**
 * The pooled gzip engine: encoders (and their Deflaters) are reused, an abandoned body does not
 * leak into the next one, and its output is gzip the JDK reads.
 */
class GzipEngineTest {
  private static final byte[] PEOPLE_100 = Datasets.load("people-100").rawJson();
  private static final byte[] PEOPLE_10 = Datasets.load("people-10").rawJson();

  @Test
  void encoderIsReusedOnTheSameThread() throws IOException {
    try (GzipEngine engine = new GzipEngine(6, 8192, 512, 4, null)) {
      Encoder first = engine.open(new ByteArrayOutputStream());
      first.stream().write(PEOPLE_10);
      first.finish();
      first.close();

      try (Encoder second = engine.open(new ByteArrayOutputStream())) {
        assertSame(first, second);
      }
    }
  }

  @Test
  void encoderIsNotSharedWhileLentOut() throws IOException {
    try (GzipEngine engine = new GzipEngine(6, 8192, 512, 4, null);
         Encoder first = engine.open(new ByteArrayOutputStream());
         Encoder second = engine.open(new ByteArrayOutputStream())) {
      assertNotSame(first, second);
    }
  }

  @Test
  void reusedEncoderMakesTheSameBytesAsANewOne() throws IOException {
    try (GzipEngine engine = new GzipEngine(6, 8192, 512, 4, null)) {
      byte[] first = compress(engine, PEOPLE_100);
      byte[] second = compress(engine, PEOPLE_100);

      assertArrayEquals(first, second);
    }
  }

  @Test
  void encoderClosedWithoutFinishIsReusedAndMakesACorrectNextBody() throws IOException {
    try (GzipEngine engine = new GzipEngine(6, 0, 512, 4, null)) {
      byte[] expected = compress(engine, PEOPLE_10);
      Encoder abandoned = engine.open(new ByteArrayOutputStream());
      abandoned.stream().write(PEOPLE_100, 0, PEOPLE_100.length / 2);
      abandoned.close();

      ByteArrayOutputStream out = new ByteArrayOutputStream();
      try (Encoder next = engine.open(out)) {
        assertSame(abandoned, next);
        next.stream().write(PEOPLE_10);
        next.finish();
      }

      assertArrayEquals(expected, out.toByteArray());
      assertArrayEquals(PEOPLE_10, gunzip(out.toByteArray()));
    }
  }

  @Test
  void outputIntoSegmentsEqualsOutputIntoAStream() throws IOException {
    try (GzipEngine engine = new GzipEngine(1, 64 * 1024, 512, 4, null);
         SegmentOutputStream segments = new SegmentOutputStream(new SegmentPool(64 * Segment.SIZE))) {
      try (Encoder encoder = engine.open(segments)) {
        encoder.stream().write(PEOPLE_100);
        encoder.finish();
      }

      assertArrayEquals(compress(engine, PEOPLE_100), segments.toByteArray());
    }
  }

  @Test
  void outputIsGzipTheJdkReads() throws IOException {
    try (GzipEngine engine = new GzipEngine(9, 8192, 512, 4, null)) {
      assertArrayEquals(PEOPLE_100, gunzip(compress(engine, PEOPLE_100)));
    }
  }

  @Test
  void singleByteWritesMakeTheSameBody() throws IOException {
    try (GzipEngine engine = new GzipEngine(6, 8192, 512, 4, null)) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      try (Encoder encoder = engine.open(out)) {
        for (byte b : PEOPLE_10) {
          encoder.stream().write(b);
        }
        encoder.finish();
      }

      assertArrayEquals(compress(engine, PEOPLE_10), out.toByteArray());
    }
  }

  @Test
  void wholeBodyOutputIsGzipTheJdkReads() throws IOException {
    try (GzipEngine engine = new GzipEngine(6, 0, 512, 4, new SegmentPool(64 * Segment.SIZE))) {
      assertArrayEquals(PEOPLE_100, gunzip(compress(engine, PEOPLE_100)));
    }
  }

  @Test
  void wholeBodyEncoderReturnsItsGatheringSegmentsAfterEachBody() throws IOException {
    SegmentPool pool = new SegmentPool(64 * Segment.SIZE);
    try (GzipEngine engine = new GzipEngine(6, 0, 512, 4, pool)) {
      compress(engine, PEOPLE_100);

      long gatheringSegments = (PEOPLE_100.length + Segment.SIZE - 1) / Segment.SIZE;
      assertEquals(gatheringSegments * Segment.SIZE, pool.idleBytes());
    }
  }

  @Test
  void wholeBodyEncoderClosedWithoutFinishReturnsItsSegmentsAndMakesACorrectNextBody() throws IOException {
    SegmentPool pool = new SegmentPool(64 * Segment.SIZE);
    try (GzipEngine engine = new GzipEngine(6, 0, 512, 4, pool)) {
      Encoder abandoned = engine.open(new ByteArrayOutputStream());
      abandoned.stream().write(PEOPLE_100, 0, PEOPLE_100.length / 2);
      abandoned.close();
      long idleAfterAbandon = pool.idleBytes();

      byte[] next = compress(engine, PEOPLE_10);

      assertEquals((PEOPLE_100.length / 2 + Segment.SIZE - 1) / Segment.SIZE * Segment.SIZE, idleAfterAbandon);
      assertArrayEquals(PEOPLE_10, gunzip(next));
    }
  }

  @Test
  void finishTwiceFails() throws IOException {
    try (GzipEngine engine = new GzipEngine(6, 8192, 512, 4, null);
         Encoder encoder = engine.open(new ByteArrayOutputStream())) {
      encoder.finish();

      IOException e = assertThrows(IOException.class, encoder::finish);
      assertEquals("encoder is finished", e.getMessage());
    }
  }

  @Test
  void writeAfterCloseFails() throws IOException {
    try (GzipEngine engine = new GzipEngine(6, 8192, 512, 4, null)) {
      Encoder encoder = engine.open(new ByteArrayOutputStream());
      encoder.close();

      IOException e = assertThrows(IOException.class, () -> encoder.stream().write(1));
      assertEquals("encoder is closed", e.getMessage());
    }
  }

  @Test
  void encoderPoolOfSizeZeroMakesANewEncoderEachTime() throws IOException {
    try (GzipEngine engine = new GzipEngine(6, 8192, 512, 0, null)) {
      Encoder first = engine.open(new ByteArrayOutputStream());
      first.close();

      try (Encoder second = engine.open(new ByteArrayOutputStream())) {
        assertNotSame(first, second);
      }
    }
  }

  @Test
  void encoderLentOutWhenTheEngineClosesCanStillFinishItsBody() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    GzipEngine engine = new GzipEngine(6, 8192, 512, 4, null);
    try (Encoder encoder = engine.open(out)) {
      engine.close();
      encoder.stream().write(PEOPLE_10);
      encoder.finish();
    }

    assertArrayEquals(PEOPLE_10, gunzip(out.toByteArray()));
  }

  @Test
  void closedEngineRefusesToOpenEncoders() {
    GzipEngine engine = new GzipEngine(6, 8192, 512, 4, null);
    engine.close();

    assertThrows(IllegalStateException.class, () -> engine.open(new ByteArrayOutputStream()));
  }

  @Test
  void encodersOnOtherThreadsDoNotShareTheLentOne() throws Exception {
    try (GzipEngine engine = new GzipEngine(6, 8192, 512, 4, null);
         Encoder mine = engine.open(new ByteArrayOutputStream())) {
      ExecutorService other = Executors.newSingleThreadExecutor();
      try {
        Encoder theirs = other.submit(() -> {
          Encoder e = engine.open(new ByteArrayOutputStream());
          e.close();
          return e;
        }).get(30, TimeUnit.SECONDS);
        assertNotSame(mine, theirs);
      } finally {
        other.shutdownNow();
      }
    }
  }

  @Test
  void decoderOfABodyThatIsNotGzipNamesItsFirstBytes() {
    try (GzipEngine engine = new GzipEngine(6, 8192, 512, 4, null)) {
      MalformedBodyException e = assertThrows(MalformedBodyException.class,
          () -> engine.decoder(new ByteArrayInputStream(PEOPLE_10)).read());
      assertEquals("body is not gzip: it starts with 5b 7b, gzip starts with 1f 8b (looks like uncompressed JSON)",
          e.getMessage());
    }
  }

  @Test
  void decoderOfAOneByteBodyIsTruncated() {
    try (GzipEngine engine = new GzipEngine(6, 8192, 512, 4, null)) {
      assertThrows(TruncatedBodyException.class, () -> engine.decoder(new ByteArrayInputStream(new byte[] {0x1f})).read());
    }
  }

  @Test
  void level_tooHigh() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new GzipEngine(10, 0, 512, 1, null));
    assertEquals("gzip level must be in [0, 9]: 10", e.getMessage());
  }

  @Test
  void contentEncodingIsGzip() {
    try (GzipEngine engine = new GzipEngine(1, 0, 512, 1, null)) {
      assertEquals("gzip", engine.contentEncoding());
      assertEquals(1, engine.level());
    }
  }

  @Test
  void decoderReadsWhatTheEncoderWrote() throws IOException {
    try (GzipEngine engine = new GzipEngine(6, 8192, 512, 4, null);
         InputStream in = engine.decoder(new ByteArrayInputStream(compress(engine, PEOPLE_100)))) {
      assertArrayEquals(PEOPLE_100, in.readAllBytes());
    }
  }

  private static byte[] compress(GzipEngine engine, byte[] data) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (Encoder encoder = engine.open(out)) {
      encoder.stream().write(data);
      encoder.finish();
    }
    return out.toByteArray();
  }

  private static byte[] gunzip(byte[] body) throws IOException {
    try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
      return in.readAllBytes();
    }
  }

  @Test
  void anEmptyDeflaterBufferIsRefusedBeforeItCanSpinForever() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new GzipEngine(6, 0, 0, 1, null));

    assertTrue(e.getMessage().contains("deflaterBufferSize must be >= 1"), e.getMessage());
    assertTrue(e.getMessage().endsWith(": 0"), e.getMessage());
  }
}
