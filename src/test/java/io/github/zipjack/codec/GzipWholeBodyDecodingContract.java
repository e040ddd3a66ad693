package io.github.zipjack.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.ChecksumMismatchException;
import io.github.zipjack.Compression;
import io.github.zipjack.JdkGzip;
import io.github.zipjack.MalformedBodyException;
import io.github.zipjack.Pipeline;
import io.github.zipjack.data.Datasets;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every gzip engine promises of a body held whole: it is decoded in one call, and every body
 * that call cannot vouch for (a bad trailer, bad data, several members, a size past the limits) is
 * declined, so that the strict stream reader decodes it or says what is wrong: a pipeline's answer
 * is the same either way. Each engine's test extends this with the engine it makes.
 */
abstract class GzipWholeBodyDecodingContract {
  static final long NO_LIMIT = Long.MAX_VALUE;
  static final byte[] json = Datasets.load("people-100").rawJson();
  GzipDecodingEngine<?> engine;

  /** {@return a new engine of the kind under test; the test closes it} */
  abstract GzipDecodingEngine<?> newEngine(EngineConfig config);

  @BeforeEach
  void start() {
    engine = newEngine(new EngineConfig(1, 8192, 8192, 2, null, NO_LIMIT));
  }

  @AfterEach
  void stop() {
    engine.close();
  }

  /** {@return what the engine decodes {@code body[offset, offset + length)} to in one call, or null where it declines} */
  static byte[] decodeWhole(CompressionEngine engine, byte[] body, int offset, int length, long maxDecodedBytes) {
    WholeBodyArrays into = new WholeBodyArrays();
    int decoded = engine.decodeWhole(body, offset, length, maxDecodedBytes, into);
    return decoded < 0 ? null : Arrays.copyOf(into.decoded(), decoded);
  }

  @Test
  void decodesWholeBodies() {
    assertTrue(engine.decodesWhole());
  }

  @Test
  void decodesABodyTheJdkMadeToItsBytes() {
    byte[] body = JdkGzip.of(json);
    assertArrayEquals(json, decodeWhole(engine, body, 0, body.length, NO_LIMIT));
  }

  @Test
  void decodesABodyAtAnOffsetInTheArray() {
    byte[] body = JdkGzip.of(json);
    byte[] shifted = new byte[body.length + 7];
    System.arraycopy(body, 0, shifted, 3, body.length);
    assertArrayEquals(json, decodeWhole(engine, shifted, 3, body.length, NO_LIMIT));
  }

  @Test
  void decodesABodyWithANameInItsHeader() {
    byte[] name = "people.json\0".getBytes(StandardCharsets.ISO_8859_1);
    byte[] body = member(GzipFraming.FNAME, name, rawDeflate(json), crc(json), json.length);
    assertArrayEquals(json, decodeWhole(engine, body, 0, body.length, NO_LIMIT));
  }

  @Test
  void decodesAnEmptyBody() {
    byte[] body = JdkGzip.of(new byte[0]);
    assertArrayEquals(new byte[0], decodeWhole(engine, body, 0, body.length, NO_LIMIT));
  }

  @Test
  void declinesABodyThatWouldDecodePastMaxDecodedBytes() {
    byte[] body = JdkGzip.of(json);
    assertNull(decodeWhole(engine, body, 0, body.length, json.length - 1));
    assertArrayEquals(json, decodeWhole(engine, body, 0, body.length, json.length));
  }

  @Test
  void decodesIntoAHolderAndReusesItsArrayForABodyNoLarger() {
    byte[] body = JdkGzip.of(json);
    byte[] shorter = JdkGzip.of(Arrays.copyOf(json, json.length / 2));
    WholeBodyArrays into = new WholeBodyArrays();
    assertEquals(json.length, engine.decodeWhole(body, 0, body.length, NO_LIMIT, into));
    byte[] array = into.decoded();
    assertArrayEquals(json, Arrays.copyOf(array, json.length));
    assertEquals(json.length / 2, engine.decodeWhole(shorter, 0, shorter.length, NO_LIMIT, into));
    assertSame(array, into.decoded());
    assertArrayEquals(Arrays.copyOf(json, json.length / 2), Arrays.copyOf(into.decoded(), json.length / 2));
  }

  @Test
  void decodesIntoAHolderWhoseArrayIsLongerThanTheBodyWithoutReadingPastIt() {
    byte[] body = JdkGzip.of(json);
    WholeBodyArrays into = new WholeBodyArrays();
    Arrays.fill(into.decoded(json.length + 100), (byte) 'x');
    assertEquals(json.length, engine.decodeWhole(body, 0, body.length, NO_LIMIT, into));
    assertArrayEquals(json, Arrays.copyOf(into.decoded(), json.length));
    assertEquals('x', into.decoded()[json.length]);
  }

  @Test
  void declinesABodyPastTheOneCallCapAndThePipelineStreamsIt() throws IOException {
    byte[] large = new byte[CompressionEngine.MAX_WHOLE_DECODED_BYTES + 1];
    Arrays.fill(large, (byte) ' ');
    large[0] = '1';
    byte[] body = JdkGzip.of(large);
    assertNull(decodeWhole(engine, body, 0, body.length, NO_LIMIT));
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.gzip(1)).build()) {
      assertEquals(1, pipeline.decode(body, Integer.class));
    }
  }

  @Test
  void declinesCorruptDataAndThePipelineSaysItIsMalformed() throws IOException {
    byte[] body = JdkGzip.of(json);
    for (int i = body.length / 3; i < body.length / 3 + 16; i++) {
      body[i] ^= 0x5a;
    }
    assertNull(decodeWhole(engine, body, 0, body.length, NO_LIMIT));
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.gzip(1)).build()) {
      assertThrows(MalformedBodyException.class, () -> pipeline.decode(body, List.class));
    }
  }

  @Test
  void declinesAWrongCrcAndThePipelineSaysTheChecksumMismatches() throws IOException {
    byte[] body = JdkGzip.of(json);
    body[body.length - 8] ^= 1;
    assertNull(decodeWhole(engine, body, 0, body.length, NO_LIMIT));
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.gzip(1)).build()) {
      assertThrows(ChecksumMismatchException.class, () -> pipeline.decode(body, List.class));
    }
  }

  @Test
  void declinesATrailerSizeBelowTheDataAndDecodesNothingPastIt() {
    byte[] body = JdkGzip.of(json);
    body[body.length - 4] = 10;
    body[body.length - 3] = body[body.length - 2] = body[body.length - 1] = 0;
    assertNull(decodeWhole(engine, body, 0, body.length, NO_LIMIT));
  }

  @Test
  void declinesTwoMembersAndThePipelineDecodesBoth() throws IOException {
    byte[] first = "[1,".getBytes(StandardCharsets.US_ASCII);
    byte[] second = "2]".getBytes(StandardCharsets.US_ASCII);
    ByteArrayOutputStream both = new ByteArrayOutputStream();
    both.writeBytes(JdkGzip.of(first));
    both.writeBytes(JdkGzip.of(second));
    byte[] body = both.toByteArray();
    assertNull(decodeWhole(engine, body, 0, body.length, NO_LIMIT));
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.gzip(1)).build()) {
      assertEquals(List.of(1, 2), pipeline.decode(body, List.class));
    }
  }

  @Test
  void declinesABodyThatIsNotGzip() {
    byte[] body = json.clone();
    assertNull(decodeWhole(engine, body, 0, body.length, NO_LIMIT));
  }

  @Test
  void manyBodiesOnSeveralThreadsEachDecodeToTheirOwnBytes() throws Exception {
    byte[][] bodies = new byte[8][];
    byte[][] contents = new byte[8][];
    for (int i = 0; i < bodies.length; i++) {
      contents[i] = Arrays.copyOf(json, json.length - i * 1000);
      bodies[i] = JdkGzip.of(contents[i]);
    }
    Thread[] threads = new Thread[4];
    Throwable[] failure = new Throwable[1];
    for (int t = 0; t < threads.length; t++) {
      threads[t] = new Thread(() -> {
        try {
          for (int round = 0; round < 50; round++) {
            for (int i = 0; i < bodies.length; i++) {
              assertArrayEquals(contents[i], decodeWhole(engine, bodies[i], 0, bodies[i].length, NO_LIMIT));
            }
          }
        } catch (Throwable e) {
          synchronized (failure) {
            failure[0] = e;
          }
        }
      });
      threads[t].start();
    }
    for (Thread thread : threads) {
      thread.join();
    }
    assertNull(failure[0]);
  }

  static byte[] rawDeflate(byte[] content) {
    Deflater deflater = new Deflater(6, true);
    try {
      deflater.setInput(content);
      deflater.finish();
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      byte[] buffer = new byte[8192];
      while (!deflater.finished()) {
        out.write(buffer, 0, deflater.deflate(buffer));
      }
      return out.toByteArray();
    } finally {
      deflater.end();
    }
  }

  static int crc(byte[] content) {
    CRC32 crc = new CRC32();
    crc.update(content);
    return (int) crc.getValue();
  }

  static byte[] member(int flags, byte[] optional, byte[] deflate, int crc, int size) {
    byte[] header = new byte[GzipFraming.HEADER_BYTES];
    GzipFraming.writeHeader(header, 0, 6);
    header[3] = (byte) flags;
    byte[] trailer = new byte[GzipFraming.TRAILER_BYTES];
    GzipFraming.writeTrailer(trailer, 0, crc, size);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(header);
    out.writeBytes(optional);
    out.writeBytes(deflate);
    out.writeBytes(trailer);
    return out.toByteArray();
  }
}
