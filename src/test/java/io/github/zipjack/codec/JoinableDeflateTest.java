package io.github.zipjack.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.GzipMember;
import io.github.zipjack.WordText;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Whole deflate streams reopened and joined: pieces compressed apart, every one but the last
 * reopened, inflate in one pass to the pieces' bytes in order, with nothing left over; on stored,
 * fixed-code and dynamic-code blocks (zlib at levels 0 to 9, Huffman-only and filtered), every
 * count of padding bits at the end, and libdeflate's streams on Java 25.
 */
class JoinableDeflateTest {
  /** JSON-like text, random bytes (stored blocks), one byte repeated, nothing: each block's kinds. */
  static Stream<Arguments> contents() {
    Random random = new Random(7);
    byte[] noise = new byte[300_000];
    random.nextBytes(noise);
    byte[] words = WordText.of(400_000, 3);
    byte[] same = new byte[200_000];
    Arrays.fill(same, (byte) 'a');
    return Stream.of(Arguments.of("words", words), Arguments.of("noise", noise), Arguments.of("one byte", same));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("contents")
  void zlibStreamsOfEveryLevelAndStrategyJoinIntoOne(String name, byte[] content) {
    for (int level = 0; level <= 9; level++) {
      for (int strategy : new int[] {Deflater.DEFAULT_STRATEGY, Deflater.FILTERED, Deflater.HUFFMAN_ONLY}) {
        int l = level;
        assertJoins(content, 64 * 1024 + 17, (bytes, length) -> zlib(bytes, length, l, strategy));
      }
    }
  }

  @Test
  void streamsEndingAtEveryBitOfTheirLastByteJoin() {
    boolean[] seen = new boolean[8];
    Random random = new Random(3);
    for (int i = 0; i < 400; i++) {
      byte[] piece = new byte[1 + random.nextInt(200)];
      for (int j = 0; j < piece.length; j++) {
        piece[j] = (byte) ('a' + random.nextInt(1 + i % 26));
      }
      byte[] stream = zlib(piece, piece.length, 1 + i % 9, Deflater.DEFAULT_STRATEGY);
      seen[endBitInLastByte(stream)] = true;
      assertJoins(concat(piece, piece), piece.length, (bytes, length) -> zlib(bytes, length, 1 + length % 9,
          Deflater.DEFAULT_STRATEGY));
    }
    for (int bits = 0; bits < 8; bits++) {
      assertTrue(seen[bits], "no stream ended with " + bits + " bits used in its last byte");
    }
  }

  @Test
  void anEmptyStreamJoins() {
    byte[] tail = "after".getBytes(StandardCharsets.US_ASCII);
    byte[] empty = zlib(new byte[0], 0, 6, Deflater.DEFAULT_STRATEGY);
    byte[] piece = Arrays.copyOf(empty, empty.length + JoinableDeflate.MAX_APPENDED_BYTES);
    int length = new JoinableDeflate().unfinish(piece, empty.length);
    byte[] last = zlib(tail, tail.length, 6, Deflater.DEFAULT_STRATEGY);

    assertArrayEquals(tail, inflateAll(concat(Arrays.copyOf(piece, length), last)));
  }

  @Test
  @EnabledForJreRange(min = JRE.JAVA_25, disabledReason = "libdeflate (aircompressor-v3) loads on Java 25 only")
  void libdeflateStreamsOfEveryLevelJoinIntoOne() {
    byte[] words = WordText.of(600_000, 5);
    byte[] noise = new byte[100_000];
    new Random(11).nextBytes(noise);
    for (byte[] content : List.of(words, noise, concat(words, noise))) {
      for (int level = 0; level <= 12; level++) {
        Object compressor = LibdeflateBinding.newCompressor(level);
        assertJoins(content, 256 * 1024, (bytes, length) -> {
          byte[] out = new byte[LibdeflateBinding.maxCompressedLength(compressor, length)];
          int n = LibdeflateBinding.compress(compressor, bytes, 0, length, out, 0, out.length);
          return Arrays.copyOf(out, n);
        });
      }
    }
  }

  @Test
  void aStreamCutShortIsRefusedWithWhatIsWrong() {
    byte[] words = WordText.of(50_000, 1);
    byte[] stream = zlib(words, words.length, 6, Deflater.DEFAULT_STRATEGY);
    byte[] cut = Arrays.copyOf(stream, stream.length / 2 + JoinableDeflate.MAX_APPENDED_BYTES);

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new JoinableDeflate().unfinish(cut, stream.length / 2));
    assertTrue(e.getMessage().startsWith("not a whole deflate stream"), e.getMessage());
  }

  @Test
  void bytesAfterTheStreamAreRefused() {
    byte[] stream = zlib(new byte[] {1, 2, 3}, 3, 6, Deflater.DEFAULT_STRATEGY);
    byte[] longer = Arrays.copyOf(stream, stream.length + 3 + JoinableDeflate.MAX_APPENDED_BYTES);

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new JoinableDeflate().unfinish(longer, stream.length + 3));
    assertTrue(e.getMessage().contains("not in its last byte (" + (stream.length + 3) + " bytes)"), e.getMessage());
  }

  @Test
  void aStreamWithoutRoomAfterItIsRefused() {
    byte[] stream = zlib(new byte[] {1, 2, 3}, 3, 6, Deflater.DEFAULT_STRATEGY);

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new JoinableDeflate().unfinish(stream, stream.length));
    assertEquals("no room after the stream: " + stream.length + " bytes in an array of " + stream.length + ", 5"
        + " needed after them", e.getMessage());
  }

  /**
   * Cuts {@code content} into pieces of {@code pieceBytes}, compresses each as a whole stream,
   * reopens all but the last, and checks that the joined stream inflates to {@code content}.
   */
  private static void assertJoins(byte[] content, int pieceBytes, BiFunction<byte[], Integer, byte[]> compress) {
    ByteArrayOutputStream joined = new ByteArrayOutputStream();
    List<Integer> cuts = new ArrayList<>();
    JoinableDeflate joinable = new JoinableDeflate(); // one for every piece, as a block reuses its own
    for (int off = 0; off < content.length || off == 0; off += pieceBytes) {
      int length = Math.min(pieceBytes, content.length - off);
      byte[] piece = Arrays.copyOfRange(content, off, off + length);
      byte[] stream = compress.apply(piece, length);
      if (off + length < content.length) {
        byte[] room = Arrays.copyOf(stream, stream.length + JoinableDeflate.MAX_APPENDED_BYTES);
        int reopened = joinable.unfinish(room, stream.length);
        assertTrue(reopened == stream.length + 4 || reopened == stream.length + 5,
            reopened + " after " + stream.length);
        joined.write(room, 0, reopened);
      } else {
        joined.write(stream, 0, stream.length);
      }
      cuts.add(off);
      if (length == 0) {
        break;
      }
    }
    assertArrayEquals(content, inflateAll(joined.toByteArray()), "pieces cut at " + cuts);
  }

  /** Inflates one raw deflate stream that must take every byte given. */
  private static byte[] inflateAll(byte[] stream) {
    GzipMember.RawDeflate inflated = GzipMember.RawDeflate.inflate(stream, 0);
    assertEquals(0, inflated.bytesAfter(), "bytes after the final block");
    return inflated.data();
  }

  private static byte[] zlib(byte[] bytes, int length, int level, int strategy) {
    Deflater deflater = new Deflater(level, true);
    try {
      deflater.setStrategy(strategy);
      deflater.setInput(bytes, 0, length);
      deflater.finish();
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      byte[] chunk = new byte[64 * 1024];
      while (!deflater.finished()) {
        out.write(chunk, 0, deflater.deflate(chunk));
      }
      return out.toByteArray();
    } finally {
      deflater.end();
    }
  }

  /** Bits of the stream's last byte its data uses, 0 when it ends on a byte boundary. */
  private static int endBitInLastByte(byte[] stream) {
    return (int) (new JoinableDeflate().endBit(stream, stream.length) & 7);
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] joined = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, joined, a.length, b.length);
    return joined;
  }
}
