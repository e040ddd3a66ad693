package io.github.zipjack.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.MalformedBodyException;
import io.github.zipjack.SystemTool;
import io.github.zipjack.TruncatedBodyException;
import io.github.zipjack.WrongCodingException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link DictionaryEngine}: dcz bodies that the system {@code zstd -d -D} decodes after the 40-byte
 * header, dcb bodies that brotli4j's own decoder, given the raw dictionary, decodes after the
 * 36-byte header, and the strict decoder that picks the dictionary by hash.
 */
class DictionaryEngineTest {
  private static final byte[] DICTIONARY = records(0, 40);
  private static final byte[] BODY = records(500, 4);

  @TempDir
  Path dir;

  static byte[] records(int from, int count) {
    StringBuilder s = new StringBuilder("[");
    for (int i = from; i < from + count; i++) {
      s.append(i == from ? "" : ",").append("{\"orderId\":").append(i).append(",\"status\":\"")
          .append(i % 2 == 0 ? "PAID" : "SHIPPED").append("\",\"customer\":{\"country\":\"DE\",\"tier\":\"gold\"}}");
    }
    return s.append(']').toString().getBytes(StandardCharsets.UTF_8);
  }

  static byte[] sha256(byte[] bytes) throws Exception {
    return MessageDigest.getInstance("SHA-256").digest(bytes);
  }

  private static DictionaryEngine engine(byte[] dictionary, int level) throws Exception {
    return DictionaryEngine.dcz(new EngineConfig(level, 0, 8192, 4, null, 1 << 24), dictionary, sha256(dictionary));
  }

  private static DictionaryEngine dcb(byte[] dictionary, int quality) throws Exception {
    return DictionaryEngine.dcb(new EngineConfig(quality, 0, 8192, 4, null, 1 << 24), dictionary, sha256(dictionary));
  }

  private static byte[] encode(CompressionEngine engine, byte[] body) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (Encoder e = engine.open(out)) {
      e.stream().write(body);
      e.finish();
    }
    return out.toByteArray();
  }

  @Test
  void bodyStartsWithTheMagicAndTheDictionaryHash() throws Exception {
    try (DictionaryEngine engine = engine(DICTIONARY, 1)) {
      byte[] body = encode(engine, BODY);
      assertEquals("5e2a4d1820000000", HexFormat.of().formatHex(body, 0, 8));
      assertArrayEquals(sha256(DICTIONARY), Arrays.copyOfRange(body, 8, 40));
    }
  }

  @Test
  void systemZstdDecodesTheFrameWithTheRawDictionary() throws Exception {
    Path dictionary = Files.write(dir.resolve("raw.dict"), DICTIONARY);
    for (int level : new int[] {1, 3, 19, 22}) {
      try (DictionaryEngine engine = engine(DICTIONARY, level)) {
        byte[] body = encode(engine, BODY);
        byte[] frame = Arrays.copyOfRange(body, engine.headerBytes(), body.length);
        assertArrayEquals(BODY, SystemTool.zstd(frame, "-d", "-D", dictionary.toString()), "level " + level);
      }
    }
  }

  @Test
  void theDictionaryHalvesTheFrameOfASimilarBody() throws Exception {
    try (DictionaryEngine engine = engine(DICTIONARY, 1); ZstdEngine plain = new ZstdEngine(
        new EngineConfig(1, 0, 8192, 4, null, 1 << 24))) {
      int zstd = encode(plain, BODY).length;
      int frame = encode(engine, BODY).length - engine.headerBytes();
      assertTrue(frame < zstd / 2, frame + " bytes of dcz frame against " + zstd + " zstd bytes");
    }
  }

  @Test
  void decoderPicksTheEngineOfTheHashAmongSeveral() throws Exception {
    byte[] other = records(9000, 30);
    try (DictionaryEngine a = engine(DICTIONARY, 1); DictionaryEngine b = engine(other, 1)) {
      byte[] body = encode(b, BODY);
      try (InputStream in = DictionaryEngine.decoder(new ByteArrayInputStream(body), List.of(a, b))) {
        assertArrayEquals(BODY, in.readAllBytes());
      }
      assertEquals(0, a.lentDecoderSlots() + b.lentDecoderSlots());
    }
  }

  @Test
  void decoderRefusesAnUnknownDictionary() throws Exception {
    try (DictionaryEngine a = engine(DICTIONARY, 1); DictionaryEngine b = engine(records(9000, 30), 1)) {
      byte[] body = encode(b, BODY);
      assertThrows(MalformedBodyException.class, () -> a.decoder(new ByteArrayInputStream(body)));
    }
  }

  @Test
  void decoderRefusesPlainZstd() throws Exception {
    try (DictionaryEngine a = engine(DICTIONARY, 1)) {
      byte[] zstd = SystemTool.zstd(BODY, "-1");
      assertThrows(WrongCodingException.class, () -> a.decoder(new ByteArrayInputStream(zstd)));
    }
  }

  @Test
  void decoderRefusesABodyCutInItsHeader() throws Exception {
    try (DictionaryEngine a = engine(DICTIONARY, 1)) {
      byte[] cut = Arrays.copyOf(encode(a, BODY), 20);
      assertThrows(TruncatedBodyException.class, () -> a.decoder(new ByteArrayInputStream(cut)));
    }
  }

  @Test
  void trainedDictionaryIsRefused() {
    byte[] trained = {0x37, (byte) 0xa4, 0x30, (byte) 0xec, 1, 0, 0, 0};
    assertThrows(IllegalArgumentException.class, () -> engine(trained, 1));
  }

  @Test
  void dcbBodyIsTheMagicTheHashAndSharedBrotliThatBrotli4jDecodes() throws Exception {
    for (int quality : new int[] {5, 11}) {
      try (DictionaryEngine engine = dcb(DICTIONARY, quality)) {
        byte[] body = encode(engine, BODY);
        assertEquals("ff444342", HexFormat.of().formatHex(body, 0, 4));
        assertArrayEquals(sha256(DICTIONARY), Arrays.copyOfRange(body, 4, 36));
        assertArrayEquals(BODY, io.github.zipjack.servlet.Decoding.brotliWithDictionary(Arrays.copyOfRange(body, 36, body.length), DICTIONARY), "quality " + quality);
        try (InputStream in = engine.decoder(new ByteArrayInputStream(body))) {
          assertArrayEquals(BODY, in.readAllBytes());
        }
      }
    }
  }

  @Test
  void dcbWithTheDictionaryIsSmallerThanWithout() throws Exception {
    try (DictionaryEngine engine = dcb(DICTIONARY, 5); BrotliEngine plain = new BrotliEngine(
        new EngineConfig(5, 0, 8192, 4, null, 1 << 24))) {
      int brotli = encode(plain, BODY).length;
      int stream = encode(engine, BODY).length - engine.headerBytes();
      assertTrue(stream < brotli / 2, stream + " bytes of dcb stream against " + brotli + " brotli bytes");
    }
  }

  @Test
  void dcbQuality_belowFive() {
    assertThrows(IllegalArgumentException.class, () -> dcb(DICTIONARY, 4));
  }
}
