package io.github.zipjack.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatasetsTest {
  private static final int KIB = 1024;

  @TempDir
  Path dir;

  @Test
  void committedPeopleFileIsWhatTheGeneratorMakesForItsSeed() throws IOException {
    assertArrayEquals(DatasetGenerator.toJson(
            DatasetGenerator.people(Datasets.PEOPLE_COUNT, Datasets.PEOPLE_SEED)),
        resource(Datasets.PEOPLE_RESOURCE));
  }

  @Test
  void committedNumericFileIsWhatTheGeneratorMakesForItsSeed() throws IOException {
    assertArrayEquals(DatasetGenerator.toJson(DatasetGenerator.numeric(
            Datasets.NUMERIC_SERIES_COUNT, Datasets.NUMERIC_VALUES_PER_SERIES,
            Datasets.NUMERIC_SEED)),
        resource(Datasets.NUMERIC_RESOURCE));
  }

  @Test
  void people100IsBetween105And125KiB() {
    int length = Datasets.load("people-100").rawJsonLength();
    assertTrue(length >= 105 * KIB && length <= 125 * KIB, length + " bytes");
  }

  @Test
  void people100DeflatesTo27To33PercentAtLevel6() {
    double percent = deflatedPercent(Datasets.load("people-100").rawJson(), 6);
    assertTrue(percent >= 27 && percent <= 33, percent + "%");
  }

  @Test
  void people100DeflatesTo32To38PercentAtLevel1() {
    double percent = deflatedPercent(Datasets.load("people-100").rawJson(), 1);
    assertTrue(percent >= 32 && percent <= 38, percent + "%");
  }

  @Test
  void people100x10IsTheSameHundredObjectsTenTimesOver() {
    List<?> once = (List<?>) Datasets.load("people-100").value();
    List<?> tenTimes = (List<?>) Datasets.load("people-100x10").value();
    assertEquals(1000, tenTimes.size());
    for (int i = 0; i < tenTimes.size(); i++) {
      assertSame(once.get(i % 100), tenTimes.get(i), "element " + i);
    }
  }

  @Test
  void people1AndPeople10AreTheFirstRecordsOfPeople100() {
    List<?> hundred = (List<?>) Datasets.load("people-100").value();
    assertEquals(hundred.subList(0, 1), Datasets.load("people-1").value());
    assertEquals(hundred.subList(0, 10), Datasets.load("people-10").value());
  }

  @Test
  void people10RawJsonIsWhatTheGeneratorMakesForTenRecords() {
    assertArrayEquals(DatasetGenerator.toJson(DatasetGenerator.people(10, Datasets.PEOPLE_SEED)),
        Datasets.load("people-10").rawJson());
  }

  @Test
  void numericHas32SeriesOf512ValuesInAbout300KB() {
    Dataset dataset = Datasets.load("numeric");
    NumericDataset numeric = (NumericDataset) dataset.value();
    assertEquals(32, numeric.getSeries().size());
    numeric.getSeries().forEach(series -> assertEquals(512, series.getValues().length));
    assertTrue(dataset.rawJsonLength() > 250_000 && dataset.rawJsonLength() < 350_000,
        dataset.rawJsonLength() + " bytes");
  }

  @Test
  void everyLoadedPersonHasARegisteredInstant() {
    for (Object person : (List<?>) Datasets.load("people-100").value()) {
      assertTrue(((Person) person).getRegistered() != null, person.toString());
    }
  }

  @Test
  void everyNamedDatasetDecodesBackToItsValue() throws IOException {
    for (String name : Datasets.NAMES) {
      Dataset dataset = Datasets.load(name);
      Object decoded = CanonicalJson.MAPPER.readValue(dataset.rawJson(),
          CanonicalJson.MAPPER.constructType(dataset.type()));
      assertEquals(dataset.value(), decoded, name);
    }
  }

  @Test
  void loadingANameTwiceGivesTheSameCachedDataset() {
    assertSame(Datasets.load("people-10"), Datasets.load("people-10"));
  }

  @Test
  void rawJsonIsAFreshCopyEachTime() {
    Dataset dataset = Datasets.load("people-1");
    assertNotSame(dataset.rawJson(), dataset.rawJson());
  }

  @Test
  void unknownNameIsRejectedWithTheKnownNames() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Datasets.load("persons-7"));
    assertEquals("unknown dataset: persons-7; known: people-1, people-10, people-100, "
        + "people-100x10, numeric, orders-1, orders-100, people-N for N records, stock-N for N stock rows, "
        + "orders-N for N order events, or file:/path/to/file.json", e.getMessage());
  }

  @Test
  void ordersOfAnyCountAreTheOrderEventsOfTheOrdersSeed() {
    Dataset dataset = Datasets.load("orders-250");
    assertEquals(OrderEvents.events(250, Datasets.ORDERS_SEED), dataset.value());
    assertArrayEquals(CanonicalJson.write(dataset.value()), dataset.rawJson());
  }

  @Test
  void stockRowsAreTheSameOnEveryLoadAndDecodeBack() throws IOException {
    Dataset dataset = Datasets.load("stock-500");
    List<StockLevel> rows = StockLevels.rows(500, Datasets.STOCK_SEED);
    assertEquals(rows, dataset.value());
    assertEquals(rows, CanonicalJson.MAPPER.readValue(dataset.rawJson(),
        CanonicalJson.MAPPER.constructType(dataset.type())));
  }

  @Test
  void stockNIsAPrefixOfTheLargerStockDatasets() {
    List<?> small = (List<?>) Datasets.load("stock-10").value();
    List<?> large = (List<?>) Datasets.load("stock-1000").value();
    assertEquals(small, large.subList(0, 10));
  }

  @Test
  void stockRowsAreAboutThreeHundredBytesOfShortCodesAndWholeNumbers() {
    byte[] json = Datasets.load("stock-1000").rawJson();
    assertTrue(json.length > 260_000 && json.length < 340_000, "bytes: " + json.length);
    String text = new String(json, StandardCharsets.UTF_8);
    assertFalse(text.matches("(?s).*\\d\\.\\d.*"), "no fractions in the stock rows");
  }

  @Test
  void stockWithAZeroSignOrLeadingZeroIsUnknown() {
    for (String name : List.of("stock-0", "stock--5", "stock-007", "stock-")) {
      assertThrows(IllegalArgumentException.class, () -> Datasets.load(name), name);
    }
  }

  @Test
  void peopleWithAZeroSignOrLeadingZeroIsUnknown() {
    for (String name : List.of("people-0", "people--5", "people-+5", "people-007", "people-", "people-1x")) {
      assertThrows(IllegalArgumentException.class, () -> Datasets.load(name), name);
    }
  }

  @Test
  void peopleBelowAHundredAreTheFirstRecordsOfPeople100() {
    List<?> hundred = (List<?>) Datasets.load("people-100").value();
    assertEquals(hundred.subList(0, 7), Datasets.load("people-7").value());
  }

  @Test
  void peopleAboveAHundredAreGeneratedFromTheSeedAndBeginWithPeople100() {
    Dataset dataset = Datasets.load("people-150");
    List<?> people = (List<?>) dataset.value();
    assertEquals(150, people.size());
    assertEquals(Datasets.load("people-100").value(), people.subList(0, 100));
    assertArrayEquals(DatasetGenerator.toJson(DatasetGenerator.people(150, Datasets.PEOPLE_SEED)),
        dataset.rawJson());
    assertEquals("people-150", dataset.name());
  }

  @Test
  void fileDatasetLoadsAsAJsonNodeTree() throws IOException {
    Path file = dir.resolve("mine.json");
    Files.writeString(file, "{ \"orders\": [ {\"id\": 1, \"total\": 9.5} ] }");
    Dataset dataset = Datasets.load("file:" + file);
    JsonNode tree = (JsonNode) dataset.value();
    assertEquals(9.5, tree.path("orders").path(0).path("total").doubleValue());
    assertEquals(JsonNode.class, dataset.type());
    assertEquals("{\"orders\":[{\"id\":1,\"total\":9.5}]}",
        new String(dataset.rawJson(), StandardCharsets.UTF_8));
  }

  @Test
  void fileDatasetAcceptsAFileUri() throws IOException {
    Path file = dir.resolve("uri.json");
    Files.writeString(file, "[1,2,3]");
    assertEquals(3, ((JsonNode) Datasets.load(file.toUri().toString()).value()).size());
  }

  @Test
  void fileDatasetThatIsNotJsonIsRejected() throws IOException {
    Path file = dir.resolve("broken.json");
    Files.writeString(file, "{\"a\": ");
    assertThrows(IllegalArgumentException.class, () -> Datasets.load("file:" + file));
  }

  @Test
  void missingFileDatasetFailsWithItsName() {
    String name = "file:" + dir.resolve("absent.json");
    UncheckedIOException e = assertThrows(UncheckedIOException.class,
        () -> Datasets.load(name));
    assertTrue(e.getMessage().contains(name), e.getMessage());
  }

  private static byte[] resource(String name) throws IOException {
    try (InputStream in = Datasets.class.getResourceAsStream(name)) {
      return in.readAllBytes();
    }
  }

  private static double deflatedPercent(byte[] raw, int level) {
    Deflater deflater = new Deflater(level);
    try {
      deflater.setInput(raw);
      deflater.finish();
      byte[] out = new byte[raw.length + 64];
      int length = 0;
      while (!deflater.finished()) {
        length += deflater.deflate(out, length, out.length - length);
      }
      return 100.0 * length / raw.length;
    } finally {
      deflater.end();
    }
  }
}
