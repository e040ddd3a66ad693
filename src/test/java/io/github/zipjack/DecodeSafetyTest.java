package io.github.zipjack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeout;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.luben.zstd.EndDirective;
import com.github.luben.zstd.ZstdCompressCtx;
import io.github.zipjack.data.Dataset;
import io.github.zipjack.data.Datasets;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Decoding is bounded and says what is wrong: a decompression bomb (gzip, or zstd with a dictionary)
 * stops at maxDecodedBytes, deep nesting at maxNestingDepth; input that is not gzip, cut short, corrupt or followed by more data
 * gets zipjack's own exception with the facts, not a parse error about byte 0x1f.
 */
class DecodeSafetyTest {
  private static final int MIB = 1024 * 1024;
  private static final Dataset PEOPLE_10 = Datasets.load("people-10");

  private static Pipeline gzipJson;
  private static Pipeline plainJson;
  private static Pipeline plainMessagePack;
  private static Pipeline gzipMessagePack;

  private static byte[] whitespaceBomb;

  @BeforeAll
  static void buildPipelinesAndBomb() throws IOException {
    whitespaceBomb = bomb((byte) ' ');
    gzipJson = Pipeline.builder().compression(Compression.gzip(6)).build();
    plainJson = Pipeline.builder().compression(Compression.none()).build();
    plainMessagePack = Pipeline.builder().format(Format.MSGPACK).compression(Compression.none()).build();
    gzipMessagePack = Pipeline.builder().format(Format.MSGPACK).compression(Compression.gzip(6)).build();
  }

  @AfterAll
  static void closePipelines() {
    gzipJson.close();
    plainJson.close();
    plainMessagePack.close();
    gzipMessagePack.close();
  }

  /**
   * 64 MiB of {@code fill} gzipped into about 64 KB, made streaming so that the 64 MiB never exist.
   * JSON whitespace is the worst case: a parser skips it without building anything, so only the
   * decode limit stops it.
   */
  private static byte[] bomb(byte fill) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] chunk = new byte[MIB];
    Arrays.fill(chunk, fill);
    try (GZIPOutputStream gzip = new GZIPOutputStream(out, 64 * 1024)) {
      for (int i = 0; i < 64; i++) {
        gzip.write(chunk);
      }
    }
    return out.toByteArray();
  }

  @Test
  void decompressionBombStopsAtMaxDecodedBytes() throws IOException {
    byte[] bomb = whitespaceBomb;
    try (Pipeline pipeline = Pipeline.builder().maxDecodedBytes(MIB).build()) {
      DecodeLimitExceededException e = assertThrows(DecodeLimitExceededException.class,
          () -> pipeline.decode(bomb, JsonNode.class));

      assertEquals("maxDecodedBytes", e.limitName());
      assertEquals(1_048_576, e.limit());
      assertTrue(e.getMessage().contains("maxDecodedBytes") && e.getMessage().contains("1048576"), e.getMessage());
    }
  }

  @Test
  void decompressionBombIsRefusedQuicklyAndWithoutInflatingIt() throws IOException {
    byte[] bomb = whitespaceBomb;
    com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    try (Pipeline pipeline = Pipeline.builder().maxDecodedBytes(MIB).build()) {
      // warm up the decoding path, so that the measurement sees the bomb and not class loading
      assertThrows(DecodeLimitExceededException.class, () -> pipeline.decode(bomb, JsonNode.class));

      long allocatedBefore = threads.getCurrentThreadAllocatedBytes();
      assertTimeout(Duration.ofSeconds(2), // on this thread, so that its allocation is counted
          () -> assertThrows(DecodeLimitExceededException.class, () -> pipeline.decode(bomb, JsonNode.class)));
      long allocated = threads.getCurrentThreadAllocatedBytes() - allocatedBefore;

      assertTrue(allocated < 8L * MIB, allocated + " bytes allocated decoding a 64 MiB bomb");
    }
  }

  @Test
  void decompressionBombStopsAtMaxDecodedBytesWithJackson3() throws IOException {
    byte[] bomb = whitespaceBomb;
    try (Pipeline pipeline = Pipeline.builder().maxDecodedBytes(MIB)
        .jackson3Mapper(tools.jackson.databind.json.JsonMapper.builder().build()).build()) {
      DecodeLimitExceededException e = assertThrows(DecodeLimitExceededException.class,
          () -> pipeline.decode(bomb, Object.class));

      assertEquals("maxDecodedBytes", e.limitName());
      assertEquals(1_048_576, e.limit());
    }
  }

  @Test
  void decompressionBombFromAStreamStopsAtMaxDecodedBytes() throws IOException {
    byte[] bomb = whitespaceBomb;
    try (Pipeline pipeline = Pipeline.builder().maxDecodedBytes(MIB).build()) {
      DecodeLimitExceededException e = assertThrows(DecodeLimitExceededException.class,
          () -> pipeline.decode(new ByteArrayInputStream(bomb), JsonNode.class));

      assertEquals("maxDecodedBytes", e.limitName());
    }
  }

  /**
   * 64 MiB of spaces in one zstd frame made with a dictionary, streamed through zstd-jni so that
   * the 64 MiB never exist; the frame declares its content size only when {@code declareSize}.
   */
  private static byte[] zstdBombWithDictionary(ZstdDictionary dictionary, boolean declareSize) {
    ByteArrayOutputStream frame = new ByteArrayOutputStream();
    try (ZstdCompressCtx ctx = new ZstdCompressCtx()) {
      ctx.setLevel(3);
      ctx.loadDict(dictionary.toByteArray());
      if (declareSize) {
        ctx.setPledgedSrcSize(64L * MIB);
      }
      ByteBuffer input = ByteBuffer.allocateDirect(MIB);
      ByteBuffer output = ByteBuffer.allocateDirect(MIB);
      byte[] compressed = new byte[MIB];
      for (int i = 0; i < 64; i++) {
        input.clear();
        while (input.hasRemaining()) {
          input.put((byte) ' ');
        }
        input.flip();
        EndDirective directive = i == 63 ? EndDirective.END : EndDirective.CONTINUE;
        boolean done;
        do {
          output.clear();
          done = ctx.compressDirectByteBufferStream(output, input, directive);
          output.flip();
          int n = output.remaining();
          output.get(compressed, 0, n);
          frame.write(compressed, 0, n);
        } while (input.hasRemaining() || directive == EndDirective.END && !done);
      }
    }
    return frame.toByteArray();
  }

  @Test
  void zstdBombWithADictionaryDeclaringItsSizeIsRefusedBeforeDecoding() throws IOException {
    ZstdDictionary dictionary = TestDictionaries.orders();
    byte[] bomb = zstdBombWithDictionary(dictionary, true);
    // 4 MiB: more than the frame's window (2 MiB at level 3), so that its declared size is what refuses it
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.zstd(3, dictionary)).maxDecodedBytes(4 * MIB)
        .build()) {
      DecodeLimitExceededException e = assertThrows(DecodeLimitExceededException.class,
          () -> pipeline.decode(bomb, JsonNode.class));

      assertEquals("maxDecodedBytes", e.limitName());
      assertTrue(e.getMessage().contains("declares 67108864 bytes of content"), e.getMessage());
    }
  }

  @Test
  void zstdBombWithADictionaryStopsAtMaxDecodedBytesQuickly() throws IOException {
    ZstdDictionary dictionary = TestDictionaries.orders();
    byte[] bomb = zstdBombWithDictionary(dictionary, false);
    // 4 MiB: more than the frame's window (2 MiB at level 3), so that decoding starts and must stop
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.zstd(3, dictionary)).maxDecodedBytes(4 * MIB)
        .build()) {
      DecodeLimitExceededException e = assertTimeout(Duration.ofSeconds(2),
          () -> assertThrows(DecodeLimitExceededException.class, () -> pipeline.decode(bomb, JsonNode.class)));

      assertEquals("maxDecodedBytes", e.limitName());
      assertEquals(4 * MIB, e.limit());
      assertTrue(!e.getMessage().contains("refused before decoding"), e.getMessage());
    }
  }

  @Test
  void bombOfZeroBytesIsRefusedAtItsFirstByte() throws IOException {
    byte[] zeros = bomb((byte) 0);
    try (Pipeline pipeline = Pipeline.builder().maxDecodedBytes(MIB).build()) {
      MalformedBodyException e = assertThrows(MalformedBodyException.class, () -> pipeline.decode(zeros, JsonNode.class));

      assertTrue(e.getMessage().contains("code 0"), e.getMessage());
    }
  }

  @Test
  void uncompressedBodyLargerThanMaxDecodedBytesIsRefused() {
    byte[] body = plainJson.encode(Datasets.load("people-100").value());
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.none()).maxDecodedBytes(64 * 1024).build()) {
      DecodeLimitExceededException e = assertThrows(DecodeLimitExceededException.class,
          () -> pipeline.decode(body, PEOPLE_10.typeReference()));

      assertEquals("maxDecodedBytes", e.limitName());
      assertEquals(64 * 1024, e.limit());
    }
  }

  @Test
  void bodyOfExactlyMaxDecodedBytesIsAccepted() throws IOException {
    byte[] body = plainJson.encode(PEOPLE_10.value());
    try (Pipeline pipeline = Pipeline.builder().maxDecodedBytes(body.length).build()) {
      assertEquals(PEOPLE_10.value(), pipeline.decode(pipeline.encode(PEOPLE_10.value()), PEOPLE_10.typeReference()));
    }
  }

  @Test
  void jsonNestedDeeperThanMaxNestingDepthIsRefused() {
    byte[] body = nestedArrays(11);
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.none()).maxNestingDepth(10).build()) {
      DecodeLimitExceededException e = assertThrows(DecodeLimitExceededException.class,
          () -> pipeline.decode(body, JsonNode.class));

      assertEquals("maxNestingDepth", e.limitName());
      assertEquals(10, e.limit());
      assertTrue(e.getMessage().contains("maxNestingDepth = 10"), e.getMessage());
    }
  }

  @Test
  void jsonNestedAsDeepAsMaxNestingDepthIsAccepted() throws IOException {
    byte[] body = nestedArrays(10);
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.none()).maxNestingDepth(10).build()) {
      assertEquals(10, depth(pipeline.decode(body, JsonNode.class)));
    }
  }

  @Test
  void jsonNestedTooDeepInsideAListElementIsRefused() {
    byte[] body = ("[" + new String(nestedArrays(11), StandardCharsets.UTF_8) + "]").getBytes(StandardCharsets.UTF_8);
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.none()).maxNestingDepth(10).build()) {
      DecodeLimitExceededException e = assertThrows(DecodeLimitExceededException.class,
          () -> pipeline.decode(body, new com.fasterxml.jackson.core.type.TypeReference<List<JsonNode>>() {}));

      assertEquals("maxNestingDepth", e.limitName());
    }
  }

  @Test
  void messagePackNestedDeeperThanMaxNestingDepthIsRefused() {
    byte[] body = new byte[11 + 1];
    Arrays.fill(body, 0, 11, (byte) 0x91); // fixarray of one element, eleven deep
    body[11] = 0x01;
    try (Pipeline pipeline = Pipeline.builder().format(Format.MSGPACK).compression(Compression.none())
        .maxNestingDepth(10).build()) {
      DecodeLimitExceededException e = assertThrows(DecodeLimitExceededException.class,
          () -> pipeline.decode(body, JsonNode.class));

      assertEquals("maxNestingDepth", e.limitName());
    }
  }

  /** A recursive bean: each node holds its children. */
  public static final class TreeNode {
    public List<TreeNode> children;
  }

  @Test
  void messagePackNestedTooDeepForTheStackIsRefusedAsALimit() {
    // {"children":[{"children":[ ... ]}]} 100,000 deep: 1.1 MB, far past the default depth of 1,000
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    for (int i = 0; i < 100_000; i++) {
      body.write(0x81); // fixmap of one entry
      body.write(0xa8); // fixstr of 8 bytes
      body.writeBytes("children".getBytes(StandardCharsets.US_ASCII));
      body.write(0x91); // fixarray of one element
    }
    body.write(0x80); // the innermost node: an empty map
    try (Pipeline pipeline = Pipeline.builder().format(Format.MSGPACK).compression(Compression.none()).build()) {
      DecodeLimitExceededException e = assertThrows(DecodeLimitExceededException.class,
          () -> pipeline.decode(body.toByteArray(), TreeNode.class));

      assertEquals("maxNestingDepth", e.limitName());
    }
  }

  @Test
  void bodyThatIsNotGzipIsMalformedAndTheMessageShowsItsFirstBytes() {
    byte[] json = plainJson.encode(PEOPLE_10.value());

    MalformedBodyException e = assertThrows(MalformedBodyException.class,
        () -> gzipJson.decode(json, PEOPLE_10.typeReference()));

    assertTrue(e.getMessage().contains("1f 8b"), e.getMessage());
    assertTrue(e.getMessage().contains("5b 7b"), e.getMessage()); // [{
  }

  @Test
  void messagePackBodyThatIsNotGzipIsMalformedAndTheMessageShowsItsFirstBytes() {
    byte[] body = plainMessagePack.encode(PEOPLE_10.value());

    MalformedBodyException e = assertThrows(MalformedBodyException.class,
        () -> gzipMessagePack.decode(body, PEOPLE_10.typeReference()));

    assertTrue(e.getMessage().contains("1f 8b"), e.getMessage());
    assertTrue(e.getMessage().contains(String.format("%02x %02x", body[0] & 0xff, body[1] & 0xff)), e.getMessage());
  }

  @ParameterizedTest(name = "cut to {0} bytes")
  @ValueSource(ints = {1, 5, 10, 11, 100, -9, -8, -4, -1})
  void truncatedGzipBodyIsTruncated(int cut) {
    byte[] body = gzipJson.encode(PEOPLE_10.value());
    byte[] truncated = Arrays.copyOf(body, cut > 0 ? cut : body.length + cut);

    assertThrows(TruncatedBodyException.class, () -> gzipJson.decode(truncated, PEOPLE_10.typeReference()));
  }

  @Test
  void gzipBodyWithCorruptCrcIsMalformed() {
    byte[] body = gzipJson.encode(PEOPLE_10.value());
    body[body.length - 8] ^= 0x01; // first byte of the CRC32

    MalformedBodyException e = assertThrows(MalformedBodyException.class,
        () -> gzipJson.decode(body, PEOPLE_10.typeReference()));
    assertTrue(e.getMessage().contains("gzip"), e.getMessage());
  }

  @Test
  void gzipBodyFollowedByGarbageIsMalformed() throws IOException {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    body.write(gzipJson.encode(PEOPLE_10.value()));
    body.write("garbage".getBytes(StandardCharsets.US_ASCII));

    assertThrows(MalformedBodyException.class, () -> gzipJson.decode(body.toByteArray(), PEOPLE_10.typeReference()));
  }

  @Test
  void gzipBodyWithCorruptLengthIsMalformed() {
    byte[] body = gzipJson.encode(PEOPLE_10.value());
    body[body.length - 4] ^= 0x01; // first byte of ISIZE

    assertThrows(MalformedBodyException.class, () -> gzipJson.decode(body, PEOPLE_10.typeReference()));
  }

  @Test
  void gzipBodyWithCorruptDeflateDataIsMalformed() {
    byte[] body = gzipJson.encode(PEOPLE_10.value());
    body[10] = (byte) 0xff; // a deflate block header with the reserved block type 3

    assertThrows(MalformedBodyException.class, () -> gzipJson.decode(body, PEOPLE_10.typeReference()));
  }

  @Test
  void emptyGzipBodyIsTruncated() {
    TruncatedBodyException e = assertThrows(TruncatedBodyException.class,
        () -> gzipJson.decode(new byte[0], PEOPLE_10.typeReference()));
    assertTrue(e.getMessage().contains("empty"), e.getMessage());
  }

  @Test
  void emptyUncompressedBodyIsTruncated() {
    assertThrows(TruncatedBodyException.class, () -> plainJson.decode(new byte[0], PEOPLE_10.typeReference()));
  }

  @Test
  void emptyMessagePackBodyIsTruncated() {
    assertThrows(TruncatedBodyException.class, () -> plainMessagePack.decode(new byte[0], PEOPLE_10.typeReference()));
  }

  @Test
  void trailingDataAfterAJsonValueIsMalformed() {
    byte[] body = "[1,2,3] [4]".getBytes(StandardCharsets.UTF_8);

    MalformedBodyException e = assertThrows(MalformedBodyException.class,
        () -> plainJson.decode(body, int[].class));
    assertTrue(e.getMessage().contains("after the value"), e.getMessage());
  }

  @Test
  void trailingGarbageAfterAJsonValueIsMalformed() {
    byte[] body = "{\"a\":1} garbage".getBytes(StandardCharsets.UTF_8);

    assertThrows(MalformedBodyException.class, () -> plainJson.decode(body, JsonNode.class));
  }

  @Test
  void trailingDataAfterAMessagePackValueIsMalformed() throws IOException {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    body.write(plainMessagePack.encode(List.of(1, 2, 3)));
    body.write(0x01);

    assertThrows(MalformedBodyException.class, () -> plainMessagePack.decode(body.toByteArray(), int[].class));
  }

  @Test
  void trailingDataInsideAGzipBodyIsMalformed() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
      gzip.write("[1,2,3] [4]".getBytes(StandardCharsets.UTF_8));
    }

    assertThrows(MalformedBodyException.class, () -> gzipJson.decode(out.toByteArray(), int[].class));
  }

  @Test
  void jsonThatIsNotTheRequestedTypeIsMalformed() {
    byte[] body = "{\"a\":1}".getBytes(StandardCharsets.UTF_8);

    assertThrows(MalformedBodyException.class, () -> plainJson.decode(body, int[].class));
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(Format.class)
  void truncatedUncompressedBodyIsTruncated(Format format) {
    Pipeline pipeline = format == Format.MSGPACK ? plainMessagePack : plainJson;
    byte[] body = pipeline.encode(PEOPLE_10.value());

    assertThrows(TruncatedBodyException.class,
        () -> pipeline.decode(Arrays.copyOf(body, body.length - 3), PEOPLE_10.typeReference()));
  }

  @Test
  void messagePackCutInHalfIsTruncated() {
    byte[] body = plainMessagePack.encode(PEOPLE_10.value());

    assertThrows(TruncatedBodyException.class,
        () -> plainMessagePack.decode(Arrays.copyOf(body, body.length / 2), PEOPLE_10.typeReference()));
  }

  @Test
  void truncatedMessagePackInsideGzipIsTruncated() throws IOException {
    byte[] messagePack = plainMessagePack.encode(PEOPLE_10.value());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
      gzip.write(messagePack, 0, messagePack.length / 2);
    }

    assertThrows(TruncatedBodyException.class,
        () -> gzipMessagePack.decode(out.toByteArray(), PEOPLE_10.typeReference()));
  }

  @Test
  void decodeFromAStreamDoesNotCloseIt() throws IOException {
    CloseRecordingInputStream in = new CloseRecordingInputStream(gzipJson.encode(PEOPLE_10.value()));

    gzipJson.decode(in, PEOPLE_10.typeReference());

    assertFalse(in.closed);
  }

  @Test
  void failedDecodeFromAStreamDoesNotCloseIt() {
    CloseRecordingInputStream in = new CloseRecordingInputStream(plainJson.encode(PEOPLE_10.value()));

    assertThrows(MalformedBodyException.class, () -> gzipJson.decode(in, PEOPLE_10.typeReference()));
    assertFalse(in.closed);
  }

  @Test
  void decodeOfAnUncompressedStreamDoesNotCloseIt() throws IOException {
    CloseRecordingInputStream in = new CloseRecordingInputStream(plainJson.encode(PEOPLE_10.value()));

    plainJson.decode(in, PEOPLE_10.typeReference());

    assertFalse(in.closed);
  }

  private static byte[] nestedArrays(int depth) {
    return ("[".repeat(depth) + "]".repeat(depth)).getBytes(StandardCharsets.UTF_8);
  }

  private static int depth(JsonNode node) {
    int depth = 0;
    for (JsonNode n = node; n != null && n.isArray(); n = n.size() > 0 ? n.get(0) : null) {
      depth++;
    }
    return depth;
  }

  private static final class CloseRecordingInputStream extends ByteArrayInputStream {
    boolean closed;

    CloseRecordingInputStream(byte[] bytes) {
      super(bytes);
    }

    @Override
    public void close() throws IOException {
      closed = true;
      super.close();
    }
  }

  @Test
  void gzipBodyToAPipelineWithoutCompressionSaysItIsGzip() throws Exception {
    try (Pipeline gzip = Pipeline.builder().compression(Compression.gzip(1)).build();
         Pipeline plain = Pipeline.builder().compression(Compression.none()).build()) {
      byte[] body = gzip.encode(PEOPLE_10.value());

      MalformedBodyException e = assertThrows(MalformedBodyException.class,
          () -> plain.decode(body, PEOPLE_10.typeReference()));
      assertEquals("body is gzip (it starts with 1f 8b) but this pipeline's compression is none", e.getMessage());
    }
  }

  /** Reads only {@code keep}; everything else is skipped by the deserializer (skipChildren). */
  @com.fasterxml.jackson.annotation.JsonIgnoreProperties(ignoreUnknown = true)
  public static final class KeepOnly {
    public int keep;
  }

  @Test
  void messagePackUnknownNestedValuesAreSkippedWhole() throws Exception {
    try (Pipeline msgpack = Pipeline.builder().format(Format.MSGPACK).compression(Compression.none()).build()) {
      byte[] body = msgpack.encode(java.util.Map.of("skip", java.util.Map.of("b", List.of(1, java.util.Map.of("c", 2))), "keep", 7));

      assertEquals(7, msgpack.decode(body, KeepOnly.class).keep);
    }
  }

  @Test
  void messagePackSkippedValueDeeperThanTheLimitIsStillRefused() throws Exception {
    Object deep = 1;
    for (int i = 0; i < 20; i++) {
      deep = List.of(deep);
    }
    try (Pipeline writer = Pipeline.builder().format(Format.MSGPACK).compression(Compression.none()).build();
         Pipeline reader = Pipeline.builder().format(Format.MSGPACK).compression(Compression.none()).maxNestingDepth(10).build()) {
      byte[] body = writer.encode(java.util.Map.of("skip", deep, "keep", 7));

      DecodeLimitExceededException e = assertThrows(DecodeLimitExceededException.class, () -> reader.decode(body, KeepOnly.class));
      assertEquals("maxNestingDepth", e.limitName());
    }
  }

  @Test
  void jsonThatLooksLikeUtf32ButIsNotIsMalformed() throws IOException {
    try (Pipeline plain = Pipeline.builder().compression(Compression.none()).build()) {
      byte[] body = {0, 0, 0, '[', (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff};

      MalformedBodyException e = assertThrows(MalformedBodyException.class, () -> plain.decode(body, Object.class));

      assertTrue(e.getMessage().startsWith("decoded body is not JSON text in any Unicode encoding"), e.getMessage());
    }
  }
}
