package io.github.zipjack.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.WordText;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What every engine's {@link CompressionEngine#openStreaming} promises, checked once per engine by
 * a subclass that says how to make the engine and how the system tool decodes its output: output
 * reaches the sink long before the body ends, it decodes byte for byte through zipjack and through
 * a decoder nobody on this project wrote, encoders are reused, an abandoned body leaves nothing
 * behind, and closing the engine releases every native context.
 */
abstract class StreamingEncoderContract {
  /** Several MiB of varied text: more than any engine holds before it writes. */
  static final byte[] PLAIN = WordText.of(6 * 1024 * 1024, 42);
  /** Bytes per write to the encoder, as a serializer's buffer hands them over. */
  static final int WRITE_BYTES = 8192;
  /**
   * The most body bytes any engine takes before its first compressed byte reaches the sink: brotli
   * pushes (and flushes) 1 MiB at a time; zstd writes a block per 128 KiB, zlib sooner.
   */
  static final int MAX_BODY_BYTES_BEFORE_OUTPUT = 1024 * 1024 + WRITE_BYTES;

  private final CompressionEngine engine = newEngine();

  @TempDir
  Path dir;

  /** A new engine, with a pool of at least 2 idle encoders; the test closes it. */
  abstract CompressionEngine newEngine();

  /** {@code body} decoded by the system's own program ({@code zstd}, {@code brotli}, {@code gzip}). */
  abstract byte[] decodeWithSystemTool(byte[] body, Path dir) throws IOException, InterruptedException;

  /** True when the engine makes a native encoder per body (brotli) instead of pooling one. */
  boolean nativeEncoderPerBody() {
    return false;
  }

  @AfterEach
  void closeEngine() {
    engine.close();
  }

  @Test
  void compressedOutputReachesTheSinkWithinTheFirstMebibyteOfTheBody() throws IOException {
    long[] fed = {0};
    long[] fedAtFirstOutput = {-1};
    ByteArrayOutputStream received = new ByteArrayOutputStream();
    OutputStream sink = new OutputStream() {
      @Override
      public void write(int b) {
        write(new byte[] {(byte) b}, 0, 1);
      }

      @Override
      public void write(byte[] bytes, int offset, int length) {
        if (fedAtFirstOutput[0] < 0 && length > 0) {
          fedAtFirstOutput[0] = fed[0];
        }
        received.write(bytes, offset, length);
      }
    };
    long beforeFinish;
    try (Encoder encoder = engine.openStreaming(sink)) {
      for (int pos = 0; pos < PLAIN.length; pos += WRITE_BYTES) {
        int n = Math.min(WRITE_BYTES, PLAIN.length - pos);
        encoder.stream().write(PLAIN, pos, n);
        fed[0] += n;
      }
      beforeFinish = received.size();
      encoder.finish();
    }

    assertTrue(fedAtFirstOutput[0] >= 0 && fedAtFirstOutput[0] <= MAX_BODY_BYTES_BEFORE_OUTPUT,
        engine + ": first compressed byte after " + fedAtFirstOutput[0] + " of " + PLAIN.length + " body bytes");
    assertTrue(beforeFinish > received.size() / 2, engine + ": " + beforeFinish + " of " + received.size()
        + " compressed bytes written before finish");
  }

  @Test
  void streamedBodyDecodesByteExactThroughTheEnginesOwnDecoder() throws IOException {
    byte[] body = stream(PLAIN);

    try (InputStream decoder = engine.decoder(new ByteArrayInputStream(body))) {
      assertArrayEquals(PLAIN, decoder.readAllBytes());
    }
  }

  @Test
  void streamedBodyDecodesByteExactThroughTheSystemTool() throws Exception {
    assertArrayEquals(PLAIN, decodeWithSystemTool(stream(PLAIN), dir));
  }

  @Test
  void consecutiveBodiesReuseOneStreamingEncoder() throws IOException {
    Encoder first = engine.openStreaming(new ByteArrayOutputStream());
    first.close();
    long createdBefore = engine.contexts().createdCount();
    for (int body = 1; body <= 3; body++) {
      try (Encoder encoder = engine.openStreaming(new ByteArrayOutputStream())) {
        assertSame(first, encoder, "body " + body);
        encoder.stream().write(PLAIN, 0, 300_000);
        encoder.finish();
      }
    }

    long expected = nativeEncoderPerBody() ? 3 : 0;
    assertEquals(expected, engine.contexts().createdCount() - createdBefore, engine.contexts().toString());
    assertEquals(nativeEncoderPerBody() ? 0 : 1, engine.contexts().live(), engine.contexts().toString());
  }

  @Test
  void lentEncodersCountsAStreamingEncoderUntilItIsClosed() throws IOException {
    Encoder encoder = engine.openStreaming(new ByteArrayOutputStream());
    assertEquals(1, engine.lentEncoders());

    encoder.close();

    assertEquals(0, engine.lentEncoders());
  }

  @Test
  void closeWithoutFinishLeavesNothingLentAndTheNextBodyIsByteExact() throws IOException {
    byte[] plain = WordText.of(1_500_000, 7);
    byte[] expected;
    try (CompressionEngine fresh = newEngine()) {
      expected = stream(fresh, plain);
    }
    try (Encoder abandoned = engine.openStreaming(new ByteArrayOutputStream())) {
      abandoned.stream().write(PLAIN, 0, 2 * 1024 * 1024); // the serializer fails here: no finish()
    }
    assertEquals(0, engine.lentEncoders(), "encoders lent after the abandoned body");

    assertArrayEquals(expected, stream(plain));
  }

  @Test
  void closingTheEngineReleasesEveryStreamingContext() throws IOException {
    Encoder first = engine.openStreaming(new ByteArrayOutputStream());
    Encoder second = engine.openStreaming(new ByteArrayOutputStream()); // two at once: two contexts
    first.stream().write(PLAIN, 0, 100_000);
    first.finish();
    first.close();
    second.close();
    Encoder lentAtClose = engine.openStreaming(new ByteArrayOutputStream());
    lentAtClose.stream().write(PLAIN, 0, 100_000);

    engine.close();
    lentAtClose.close();

    assertEquals(0, engine.contexts().live(), engine.contexts().toString());
    assertEquals(0, engine.lentEncoders());
  }

  /** {@code plain} compressed by a streaming encoder of this test's engine, in serializer-sized writes. */
  byte[] stream(byte[] plain) throws IOException {
    return stream(engine, plain);
  }

  /** {@code plain} compressed by a streaming encoder of {@code engine}. */
  static byte[] stream(CompressionEngine engine, byte[] plain) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (Encoder encoder = engine.openStreaming(out)) {
      for (int pos = 0; pos < plain.length; pos += WRITE_BYTES) {
        encoder.stream().write(plain, pos, Math.min(WRITE_BYTES, plain.length - pos));
      }
      encoder.finish();
    }
    return out.toByteArray();
  }
}
