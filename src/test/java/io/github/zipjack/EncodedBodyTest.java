package io.github.zipjack;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.data.Datasets;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.GatheringByteChannel;
import java.nio.channels.Pipe;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every way out gives the same bytes: {@code encode(value)}, an {@link EncodedBody} copied, written
 * to a stream or gathered into a real file channel, and {@code encode(value, OutputStream)}; and an
 * EncodedBody's lifecycle.
 */
class EncodedBodyTest {
  private static final Object PEOPLE_100 = Datasets.load("people-100").value();

  @TempDir
  Path dir;

  static Stream<PipelineSetup> setups() {
    return Stream.of(
        new PipelineSetup(Format.JSON, Compression.gzip(1), Accelerator.NONE, 0, 512),
        new PipelineSetup(Format.JSON, Compression.gzip(6), Accelerator.BLACKBIRD, 64 * 1024, 64 * 1024),
        new PipelineSetup(Format.JSON, Compression.gzip(9), Accelerator.AFTERBURNER, 8 * 1024, 512),
        new PipelineSetup(Format.MSGPACK, Compression.gzip(0), Accelerator.NONE, 8 * 1024, 64 * 1024),
        new PipelineSetup(Format.MSGPACK, Compression.gzip(6), Accelerator.NONE, 0, 512),
        new PipelineSetup(Format.JSON, Compression.gzip(1), Accelerator.NONE, null, 512, true),
        new PipelineSetup(Format.MSGPACK, Compression.gzip(6), Accelerator.NONE, null, 64 * 1024, true),
        new PipelineSetup(Format.JSON, Compression.none(), Accelerator.NONE, 0, null),
        new PipelineSetup(Format.MSGPACK, Compression.none(), Accelerator.NONE, 64 * 1024, null));
  }

  static Stream<Arguments> setupsAndDatasets() {
    return setups().flatMap(setup -> Stream.of("people-1", "people-100", "people-100x10", "numeric")
        .map(name -> Arguments.of(setup, name)));
  }

  /**
   * All but gzip level 0: zlib lays out stored blocks by the output space it is given, so a body
   * streamed through the deflater buffer and one deflated into segments differ in their block
   * headers there (both valid; {@link #storedBodiesStreamedAndInMemoryHoldTheSameData}).
   */
  static Stream<Arguments> compressingSetupsAndDatasets() {
    return setupsAndDatasets().filter(arguments -> ((PipelineSetup) arguments.get()[0]).compression().level() != 0);
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("setupsAndDatasets")
  void everyInMemoryWayOutGivesTheSameBytes(PipelineSetup setup, String datasetName) throws IOException {
    Object value = Datasets.load(datasetName).value();
    try (Pipeline pipeline = setup.build()) {
      byte[] encoded = pipeline.encode(value);
      byte[] copied;
      ByteArrayOutputStream written = new ByteArrayOutputStream();
      Path file = dir.resolve("body");
      long size;
      long gathered;
      try (EncodedBody body = pipeline.encodeToBody(value);
           FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
        size = body.size();
        copied = body.toByteArray();
        body.writeTo(written);
        gathered = body.writeTo(channel);
      }

      assertArrayEquals(encoded, copied, "encodeToBody().toByteArray()");
      assertArrayEquals(encoded, written.toByteArray(), "encodeToBody().writeTo(OutputStream)");
      assertArrayEquals(encoded, Files.readAllBytes(file), "encodeToBody().writeTo(FileChannel)");
      assertEquals(encoded.length, size, "size()");
      assertEquals(encoded.length, gathered, "writeTo(channel) result");
    }
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("compressingSetupsAndDatasets")
  void streamingGivesTheSameBytesAsEncode(PipelineSetup setup, String datasetName) throws IOException {
    Object value = Datasets.load(datasetName).value();
    try (Pipeline pipeline = setup.build()) {
      ByteArrayOutputStream streamed = new ByteArrayOutputStream();
      pipeline.encode(value, streamed);

      assertArrayEquals(pipeline.encode(value), streamed.toByteArray());
    }
  }

  @Test
  void storedBodiesStreamedAndInMemoryHoldTheSameData() throws IOException {
    Object value = Datasets.load("people-100x10").value();
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.gzip(0)).build()) {
      ByteArrayOutputStream streamed = new ByteArrayOutputStream();
      pipeline.encode(value, streamed);

      assertArrayEquals(GzipMember.parse(pipeline.encode(value)).data(), GzipMember.parse(streamed.toByteArray()).data());
    }
  }

  @Test
  void bodyCanBeWrittenManyTimes() throws IOException {
    try (Pipeline pipeline = Pipeline.builder().build();
         EncodedBody body = pipeline.encodeToBody(PEOPLE_100)) {
      ByteArrayOutputStream first = new ByteArrayOutputStream();
      ByteArrayOutputStream second = new ByteArrayOutputStream();
      body.writeTo(first);
      body.writeTo(second);

      assertArrayEquals(first.toByteArray(), second.toByteArray());
    }
  }

  @Test
  void channelWriteOfManySegmentsCompletesWhenTheChannelTakesLittleAtATime() throws IOException {
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.none()).build();
         EncodedBody body = pipeline.encodeToBody(PEOPLE_100)) {
      TricklingChannel channel = new TricklingChannel(1000);

      body.writeTo(channel);

      assertArrayEquals(pipeline.encode(PEOPLE_100), channel.received.toByteArray());
    }
  }

  @Test
  void channelWriteTwiceToARealFileGivesTheBodyTwice() throws IOException {
    Path file = dir.resolve("twice");
    try (Pipeline pipeline = Pipeline.builder().build();
         EncodedBody body = pipeline.encodeToBody(PEOPLE_100);
         FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      body.writeTo(channel);
      body.writeTo(channel);
      channel.force(false);

      byte[] once = body.toByteArray();
      ByteArrayOutputStream expected = new ByteArrayOutputStream();
      expected.write(once);
      expected.write(once);
      assertArrayEquals(expected.toByteArray(), Files.readAllBytes(file));
    }
  }

  @Test
  void channelWriteToANonBlockingChannelIsRejected() throws IOException {
    Pipe pipe = Pipe.open();
    try (Pipeline pipeline = Pipeline.builder().build();
         EncodedBody body = pipeline.encodeToBody(PEOPLE_100);
         Pipe.SinkChannel sink = pipe.sink();
         Pipe.SourceChannel source = pipe.source()) {
      sink.configureBlocking(false);

      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> body.writeTo(sink));
      assertTrue(e.getMessage().contains("blocking"), e.getMessage());
    }
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("setupsAndDatasets")
  void uncompressedSizeIsTheLengthOfTheValueSerializedWithoutCompression(PipelineSetup setup, String datasetName) {
    Object value = Datasets.load(datasetName).value();
    PipelineSetup uncompressed = new PipelineSetup(setup.format(), Compression.none(), setup.accelerator(), 0, null);
    try (Pipeline pipeline = setup.build(); Pipeline plain = uncompressed.build();
         EncodedBody body = pipeline.encodeToBody(value)) {
      assertEquals(plain.encode(value).length, body.uncompressedSize());
    }
  }

  /** The engines that gather a body whole before one compressor call count it as the others do. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("wholeBodyCompressions")
  void wholeBodyEnginesCountTheBytesTheyGathered(Compression compression) {
    try (Pipeline pipeline = Pipeline.builder().compression(compression).build();
         Pipeline plain = Pipeline.builder().compression(Compression.none()).build()) {
      for (String dataset : new String[] {"people-1", "people-100"}) {
        Object value = Datasets.load(dataset).value();
        try (EncodedBody body = pipeline.encodeToBody(value)) {
          assertEquals(plain.encode(value).length, body.uncompressedSize(), dataset);
        }
      }
    }
  }

  static Stream<Compression> wholeBodyCompressions() {
    return Stream.of(Compression.zstd(1), Compression.brotli(4), Compression.gzip(1, GzipImplementation.AUTO));
  }

  @Test
  void contentEncodingNamesTheCompression() {
    try (Pipeline gzip = Pipeline.builder().compression(Compression.gzip(1)).build();
         Pipeline none = Pipeline.builder().compression(Compression.none()).build();
         EncodedBody gzipBody = gzip.encodeToBody(PEOPLE_100);
         EncodedBody noneBody = none.encodeToBody(PEOPLE_100)) {
      assertEquals("gzip", gzipBody.contentEncoding());
      assertEquals("identity", noneBody.contentEncoding());
    }
  }

  @Test
  void closedBodyRefusesToBeCopied() {
    try (Pipeline pipeline = Pipeline.builder().build()) {
      EncodedBody body = pipeline.encodeToBody(PEOPLE_100);
      body.close();

      IllegalStateException e = assertThrows(IllegalStateException.class, body::toByteArray);
      assertTrue(e.getMessage().contains("closed"), e.getMessage());
    }
  }

  @Test
  void closedBodyRefusesToBeWrittenToAStream() {
    try (Pipeline pipeline = Pipeline.builder().build()) {
      EncodedBody body = pipeline.encodeToBody(PEOPLE_100);
      body.close();

      assertThrows(IllegalStateException.class, () -> body.writeTo(new ByteArrayOutputStream()));
    }
  }

  @Test
  void closedBodyRefusesToBeWrittenToAChannel() throws IOException {
    try (Pipeline pipeline = Pipeline.builder().build();
         FileChannel channel = FileChannel.open(dir.resolve("closed"), StandardOpenOption.CREATE_NEW,
             StandardOpenOption.WRITE)) {
      EncodedBody body = pipeline.encodeToBody(PEOPLE_100);
      body.close();

      assertThrows(IllegalStateException.class, () -> body.writeTo(channel));
    }
  }

  @Test
  void closingABodyTwiceIsHarmless() {
    try (Pipeline pipeline = Pipeline.builder().build()) {
      EncodedBody body = pipeline.encodeToBody(PEOPLE_100);
      body.close();

      assertDoesNotThrow(body::close);
    }
  }

  @Test
  void bodyOutlivingItsPipelineStaysReadableAndCloses() throws IOException {
    Pipeline pipeline = Pipeline.builder().build();
    byte[] expected = pipeline.encode(PEOPLE_100);
    EncodedBody body = pipeline.encodeToBody(PEOPLE_100);
    pipeline.close();

    assertArrayEquals(expected, body.toByteArray());
    assertDoesNotThrow(body::close);
  }

  @Test
  void closedBodiesSegmentsAreReusedWithoutCorruptingLaterBodies() {
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.none()).build()) {
      byte[] expected = pipeline.encode(PEOPLE_100);
      for (int i = 0; i < 20; i++) {
        try (EncodedBody body = pipeline.encodeToBody(PEOPLE_100)) {
          assertArrayEquals(expected, body.toByteArray(), "body " + i);
        }
      }
    }
  }

  /** A blocking channel that takes at most a few bytes per write, as a slow socket may. */
  private static final class TricklingChannel implements GatheringByteChannel {
    final ByteArrayOutputStream received = new ByteArrayOutputStream();
    private final int maxBytesPerWrite;

    TricklingChannel(int maxBytesPerWrite) {
      this.maxBytesPerWrite = maxBytesPerWrite;
    }

    @Override
    public long write(ByteBuffer[] sources, int offset, int length) {
      int budget = maxBytesPerWrite;
      long written = 0;
      for (int i = offset; i < offset + length && budget > 0; i++) {
        ByteBuffer source = sources[i];
        int n = Math.min(budget, source.remaining());
        byte[] bytes = new byte[n];
        source.get(bytes);
        received.write(bytes, 0, n);
        budget -= n;
        written += n;
      }
      return written;
    }

    @Override
    public long write(ByteBuffer[] sources) {
      return write(sources, 0, sources.length);
    }

    @Override
    public int write(ByteBuffer source) {
      return (int) write(new ByteBuffer[] {source}, 0, 1);
    }

    @Override
    public boolean isOpen() {
      return true;
    }

    @Override
    public void close() {
      // nothing held
    }
  }
}
