package io.github.zipjack.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.zipjack.buffer.SegmentOutputStream;
import io.github.zipjack.buffer.SegmentPool;
import io.github.zipjack.data.Datasets;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link Encoder#writeChain}: a body handed over as a segment chain compresses to the same bytes as
 * the same body written to the encoder's stream, whether the encoder reads the segments themselves
 * (brotli), gathers them into one array (zstd, libdeflate) or streams them (zlib, identity).
 */
class EncoderWriteChainTest {
  /** Spans several segments, and ends inside one. */
  private static final byte[] PEOPLE_100 = Datasets.load("people-100").rawJson();
  private static final EngineConfig CONFIG = new EngineConfig(4, 0, 64 * 1024, 2, null, Long.MAX_VALUE);

  private final SegmentPool pool = new SegmentPool(1 << 20);
  private final List<CompressionEngine> opened = new ArrayList<>();

  record Engine(String name, Supplier<CompressionEngine> make) {
    @Override
    public String toString() {
      return name;
    }
  }

  static List<Engine> engines() {
    List<Engine> engines = new ArrayList<>(List.of(
        new Engine("identity", () -> new IdentityEngine(0, 2)),
        new Engine("gzip via zlib", () -> new GzipEngine(CONFIG)),
        new Engine("zstd", () -> new ZstdEngine(CONFIG)),
        new Engine("brotli", () -> new BrotliEngine(CONFIG))));
    if (LibdeflateGzipEngine.unavailabilityReason() == null) {
      engines.add(new Engine("gzip via libdeflate", () -> new LibdeflateGzipEngine(CONFIG)));
    }
    return engines;
  }

  @AfterEach
  void everythingGoesBack() {
    for (CompressionEngine engine : opened) {
      assertEquals(0, engine.lentEncoders(), engine + " encoders still lent");
      engine.close();
      assertEquals(0, engine.contexts().live(), engine.contexts().toString());
    }
    assertEquals(0, pool.lentCount(), "segments still lent");
  }

  private CompressionEngine open(Engine engine) {
    CompressionEngine e = engine.make().get();
    opened.add(e);
    return e;
  }

  private byte[] viaStream(CompressionEngine engine, byte[] body) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (Encoder encoder = engine.open(out)) {
      encoder.stream().write(body);
      encoder.finish();
    }
    return out.toByteArray();
  }

  /** Compresses {@code before}, then {@code chained} as a chain, then {@code after}, into a segment sink as the filter does. */
  private byte[] viaChain(CompressionEngine engine, byte[] before, byte[] chained, byte[] after) throws IOException {
    try (SegmentOutputStream chain = new SegmentOutputStream(pool);
         SegmentOutputStream out = new SegmentOutputStream(pool)) {
      chain.write(chained, 0, chained.length);
      try (Encoder encoder = engine.open(out)) {
        encoder.stream().write(before);
        encoder.writeChain(chain.head());
        encoder.stream().write(after);
        encoder.finish();
      }
      return out.toByteArray();
    }
  }

  private static byte[] decode(CompressionEngine engine, byte[] body) throws IOException {
    try (InputStream in = engine.decoder(new java.io.ByteArrayInputStream(body))) {
      return in.readAllBytes();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void aWholeBodyGivenAsAChainCompressesToTheSameBytesAsTheStream(Engine engine) throws IOException {
    CompressionEngine e = open(engine);

    byte[] chained = viaChain(e, new byte[0], PEOPLE_100, new byte[0]);

    assertArrayEquals(viaStream(e, PEOPLE_100), chained);
    assertArrayEquals(PEOPLE_100, decode(e, chained));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void bytesWrittenBeforeAndAfterAChainKeepTheirOrder(Engine engine) throws IOException {
    CompressionEngine e = open(engine);
    byte[] before = Arrays.copyOfRange(PEOPLE_100, 0, 1000);
    byte[] middle = Arrays.copyOfRange(PEOPLE_100, 1000, 70_000);
    byte[] after = Arrays.copyOfRange(PEOPLE_100, 70_000, PEOPLE_100.length);

    byte[] chained = viaChain(e, before, middle, after);

    assertArrayEquals(PEOPLE_100, decode(e, chained));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void bytesWrittenAfterAWholeChainAreNotLost(Engine engine) throws IOException {
    CompressionEngine e = open(engine);
    byte[] head = Arrays.copyOfRange(PEOPLE_100, 0, 50_000);
    byte[] tail = Arrays.copyOfRange(PEOPLE_100, 50_000, PEOPLE_100.length);

    byte[] chained = viaChain(e, new byte[0], head, tail);

    assertArrayEquals(PEOPLE_100, decode(e, chained));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void anEmptyChainCompressesAsAnEmptyBody(Engine engine) throws IOException {
    CompressionEngine e = open(engine);

    assertArrayEquals(viaStream(e, new byte[0]), viaChain(e, new byte[0], new byte[0], new byte[0]));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void aChainAfterFinishIsRefused(Engine engine) throws IOException {
    CompressionEngine e = open(engine);
    try (SegmentOutputStream chain = new SegmentOutputStream(pool)) {
      chain.write(PEOPLE_100, 0, 100);
      try (Encoder encoder = e.open(new ByteArrayOutputStream())) {
        encoder.finish();

        assertThrows(IOException.class, () -> encoder.writeChain(chain.head()));
      }
    }
  }
}
