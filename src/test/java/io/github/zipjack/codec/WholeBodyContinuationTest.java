package io.github.zipjack.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.WordText;
import io.github.zipjack.buffer.SegmentOutputStream;
import io.github.zipjack.buffer.SegmentPool;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A whole-body zstd or brotli encoder keeps a body of up to {@link WholeBodyEncoder#MAX_RETAINED_BYTES}
 * whole and compresses it in {@code finish()}; a larger body goes on in the engine's streaming encoder
 * from the moment it passes that size, so it is never gathered in arrays of its own. Either way the
 * body decodes byte-exact, and the streaming encoder goes back to its pool with the whole-body one.
 */
class WholeBodyContinuationTest {
  private static final int KEPT = WholeBodyEncoder.MAX_RETAINED_BYTES;
  private static final byte[] LARGE = WordText.of(3 * KEPT + 12_345, 7);
  /** Jackson's write size. */
  private static final int PIECE = 8000;

  record Engine(String name, Supplier<CompressionEngine> make) {
    @Override
    public String toString() {
      return name;
    }
  }

  static List<Engine> engines() {
    return List.of(
        new Engine("zstd", () -> new ZstdEngine(new EngineConfig(3, 0, 0, 2, null, Long.MAX_VALUE))),
        new Engine("brotli", () -> new BrotliEngine(new EngineConfig(4, 0, 0, 2, null, Long.MAX_VALUE))));
  }

  private CompressionEngine engine;
  private final SegmentPool pool = new SegmentPool(1 << 20);

  @AfterEach
  void everythingGoesBack() {
    if (engine != null) {
      assertEquals(0, engine.lentEncoders(), "encoders still lent");
      engine.close();
      assertEquals(0, engine.contexts().live(), engine.contexts().toString());
    }
    assertEquals(0, pool.lentCount(), "segments still lent");
  }

  /** A sink that remembers how many bytes it had when the body's last piece was written. */
  private static final class WatchedSink extends ByteArrayOutputStream {
    int bytesBeforeFinish = -1;
  }

  private static WatchedSink encodeInPieces(CompressionEngine engine, byte[] plain) throws IOException {
    WatchedSink sink = new WatchedSink();
    try (Encoder encoder = engine.open(sink)) {
      for (int pos = 0; pos < plain.length; pos += PIECE) {
        encoder.stream().write(plain, pos, Math.min(PIECE, plain.length - pos));
      }
      sink.bytesBeforeFinish = sink.size();
      encoder.finish();
    }
    return sink;
  }

  private static byte[] decode(CompressionEngine engine, byte[] body) throws IOException {
    try (InputStream in = engine.decoder(new ByteArrayInputStream(body))) {
      return in.readAllBytes();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void aBodyOfTheKeptSizeIsCompressedWholeInFinish(Engine e) throws IOException {
    engine = e.make().get();
    byte[] plain = Arrays.copyOf(LARGE, KEPT);

    WatchedSink sink = encodeInPieces(engine, plain);

    assertEquals(0, sink.bytesBeforeFinish, "nothing reaches the sink before finish");
    assertArrayEquals(plain, decode(engine, sink.toByteArray()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void aLargerBodyGoesOnStreamingAndDecodesByteExact(Engine e) throws IOException {
    engine = e.make().get();

    WatchedSink sink = encodeInPieces(engine, LARGE);

    assertTrue(sink.bytesBeforeFinish > 0, "compressed bytes reach the sink before finish");
    assertArrayEquals(LARGE, decode(engine, sink.toByteArray()));
    assertArrayEquals(LARGE, decode(engine, encodeInPieces(engine, LARGE).toByteArray()), "the next body too");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void aLargeBodyGivenAsAChainGoesOnStreamingWithWhatFollowsIt(Engine e) throws IOException {
    engine = e.make().get();
    byte[] tail = Arrays.copyOfRange(LARGE, 2 * KEPT, LARGE.length);
    byte[] body;
    try (SegmentOutputStream chain = new SegmentOutputStream(pool);
         SegmentOutputStream out = new SegmentOutputStream(pool)) {
      chain.write(LARGE, 0, 2 * KEPT);
      try (Encoder encoder = engine.open(out)) {
        encoder.writeChain(chain.head());
        encoder.stream().write(tail);
        encoder.finish();
      }
      body = out.toByteArray();
    }

    assertArrayEquals(LARGE, decode(engine, body));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void anAbandonedLargeBodyReturnsBothEncodersAndTheNextBodyIsByteExact(Engine e) throws IOException {
    engine = e.make().get();
    byte[] expected = encodeInPieces(engine, LARGE).toByteArray();
    try (Encoder encoder = engine.open(new ByteArrayOutputStream())) {
      encoder.stream().write(LARGE, 0, 2 * KEPT);
      assertEquals(2, engine.lentEncoders(), "the whole-body encoder and its continuation");
    }

    assertEquals(0, engine.lentEncoders());
    assertArrayEquals(expected, encodeInPieces(engine, LARGE).toByteArray());
  }
}
