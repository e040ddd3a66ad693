package io.github.zipjack;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.Zstd;
import io.github.zipjack.data.Datasets;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ZstdDictionary} takes zstd-format dictionaries only, checks them where they are made (or,
 * for corrupt tables, where a pipeline loads them) with messages naming the file or size, and is
 * an immutable value.
 */
class ZstdDictionaryTest {
  @TempDir
  Path dir;

  @Test
  void trainingIsDeterministic() {
    assertArrayEquals(TestDictionaries.trainBytes(Datasets.ORDERS_SEED), TestDictionaries.trainBytes(Datasets.ORDERS_SEED));
  }

  @Test
  void idIsTheOneZstdReadsFromTheDictionary() {
    ZstdDictionary dictionary = TestDictionaries.orders();

    assertEquals(Zstd.getDictIdFromDict(dictionary.toByteArray()), dictionary.id());
    assertTrue(dictionary.id() > 0, dictionary.toString());
  }

  @Test
  void readGivesTheSameDictionaryAsOf() throws IOException {
    Path file = dir.resolve("orders.dict");
    Files.write(file, TestDictionaries.orders().toByteArray());

    assertEquals(TestDictionaries.orders(), ZstdDictionary.read(file));
  }

  @Test
  void ofCopiesItsInput() {
    byte[] bytes = TestDictionaries.orders().toByteArray();
    ZstdDictionary dictionary = ZstdDictionary.of(bytes);
    Arrays.fill(bytes, 8, bytes.length, (byte) 0);

    assertEquals(TestDictionaries.orders(), dictionary);
  }

  @Test
  void toByteArrayIsACopy() {
    ZstdDictionary dictionary = TestDictionaries.orders();
    dictionary.toByteArray()[20] ^= 1;

    assertArrayEquals(TestDictionaries.trainBytes(Datasets.ORDERS_SEED), dictionary.toByteArray());
  }

  @Test
  void dictionariesOfOtherSamplesHaveOtherIds() {
    assertNotEquals(TestDictionaries.orders().id(), TestDictionaries.ordersOtherSeed().id());
  }

  @Test
  void byteCountAndToStringGiveTheSizeAndId() {
    ZstdDictionary dictionary = TestDictionaries.orders();

    assertEquals(TestDictionaries.orders().toByteArray().length, dictionary.byteCount());
    assertEquals("dictionary " + dictionary.id() + " (" + dictionary.byteCount() + " bytes)", dictionary.toString());
  }

  @Test
  void of_rawContent() {
    byte[] raw = "{\"type\":\"order.created\",\"currency\":\"EUR\"}".getBytes(StandardCharsets.UTF_8);

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ZstdDictionary.of(raw));

    assertEquals("zstd dictionary of 41 bytes is not a zstd dictionary: it starts with 7b 22 74 79, a zstd dictionary "
        + "with 37 a4 30 ec (raw-content dictionaries are not accepted: their frames carry no dictionary ID; train one "
        + "with zstd --train or bench/tune --train-dictionary)", e.getMessage());
  }

  @Test
  void of_tooShort() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ZstdDictionary.of(new byte[] {0x37, (byte) 0xa4, 0x30, (byte) 0xec, 1}));

    assertTrue(e.getMessage().startsWith("zstd dictionary of 5 bytes is too short"), e.getMessage());
  }

  @Test
  void of_idZero() {
    byte[] bytes = TestDictionaries.orders().toByteArray();
    Arrays.fill(bytes, 4, 8, (byte) 0);

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ZstdDictionary.of(bytes));

    assertTrue(e.getMessage().contains("has dictionary ID 0"), e.getMessage());
  }

  @Test
  void read_notADictionaryNamesTheFileAndSize() throws IOException {
    Path file = dir.resolve("people.json");
    Files.write(file, Datasets.load("people-1").rawJson());

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ZstdDictionary.read(file));

    assertTrue(e.getMessage().startsWith("zstd dictionary " + file + " (" + Files.size(file) + " bytes) is not a zstd "
        + "dictionary"), e.getMessage());
  }

  @Test
  void read_missingFileIsAnIOException() {
    assertThrows(IOException.class, () -> ZstdDictionary.read(dir.resolve("absent.dict")));
  }

  @Test
  void corruptTablesFailAtBuildNamingTheIdAndSize() {
    byte[] bytes = TestDictionaries.orders().toByteArray();
    Arrays.fill(bytes, 8, 200, (byte) 0xff); // the entropy tables follow the magic number and ID
    ZstdDictionary corrupt = ZstdDictionary.of(bytes);
    Pipeline.Builder builder = Pipeline.builder().compression(Compression.zstd(1, corrupt));

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, builder::build);

    assertTrue(e.getMessage().startsWith("zstd dictionary " + corrupt.id() + " (" + bytes.length + " bytes) is corrupt"),
        e.getMessage());
  }

  @Test
  void zstdWithDictionary_levelTooHigh() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Compression.zstd(23, TestDictionaries.orders()));

    assertEquals("zstd level must be in [1, 22]: 23", e.getMessage());
  }

  @Test
  void zstdWithDictionary_nullDictionary() {
    assertThrows(NullPointerException.class, () -> Compression.zstd(1, null));
  }

  @Test
  void compressionWithDictionaryNamesItAndDiffersFromPlainZstd() {
    ZstdDictionary dictionary = TestDictionaries.orders();
    Compression compression = Compression.zstd(1, dictionary);

    assertEquals("zstd(1, " + dictionary + ")", compression.toString());
    assertEquals("zstd", compression.contentEncoding());
    assertNotEquals(Compression.zstd(1), compression);
    assertEquals(Compression.zstd(1, ZstdDictionary.of(dictionary.toByteArray())), compression);
  }
}
