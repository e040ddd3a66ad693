package io.github.zipjack.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;
import org.junit.jupiter.api.Test;

class DatasetGeneratorTest {
  private static final long SEED = 7L;

  @Test
  void sameSeedGivesIdenticalPeopleBytes() {
    assertArrayEquals(DatasetGenerator.toJson(DatasetGenerator.people(20, SEED)),
        DatasetGenerator.toJson(DatasetGenerator.people(20, SEED)));
  }

  @Test
  void sameSeedGivesIdenticalNumericBytes() {
    assertArrayEquals(DatasetGenerator.toJson(DatasetGenerator.numeric(4, 64, SEED)),
        DatasetGenerator.toJson(DatasetGenerator.numeric(4, 64, SEED)));
  }

  @Test
  void differentSeedGivesDifferentPeople() {
    assertFalse(Arrays.equals(DatasetGenerator.toJson(DatasetGenerator.people(20, SEED)),
        DatasetGenerator.toJson(DatasetGenerator.people(20, SEED + 1))));
  }

  @Test
  void differentSeedGivesDifferentNumericValues() {
    assertFalse(Arrays.equals(DatasetGenerator.toJson(DatasetGenerator.numeric(4, 64, SEED)),
        DatasetGenerator.toJson(DatasetGenerator.numeric(4, 64, SEED + 1))));
  }

  @Test
  void aShorterListIsThePrefixOfALongerOneWithTheSameSeed() {
    assertEquals(DatasetGenerator.people(30, SEED).subList(0, 10),
        DatasetGenerator.people(10, SEED));
  }

  @Test
  void defaultLocaleAndTimeZoneDoNotChangeTheBytes() {
    byte[] expected = DatasetGenerator.toJson(DatasetGenerator.people(20, SEED));
    Locale locale = Locale.getDefault();
    TimeZone zone = TimeZone.getDefault();
    try {
      // Turkish upper-cases i to a dotted I; Chatham is UTC+12:45.
      Locale.setDefault(Locale.forLanguageTag("tr-TR"));
      TimeZone.setDefault(TimeZone.getTimeZone("Pacific/Chatham"));
      assertArrayEquals(expected, DatasetGenerator.toJson(DatasetGenerator.people(20, SEED)));
    } finally {
      Locale.setDefault(locale);
      TimeZone.setDefault(zone);
    }
  }

  @Test
  void everyPersonIsRegisteredAtAWholeSecondInsideTheDocumentedInterval() {
    for (Person person : DatasetGenerator.people(100, SEED)) {
      assertNotNull(person.getRegistered(), person.getId());
      assertEquals(0, person.getRegistered().getNano(), person.getId());
      assertFalse(person.getRegistered().isBefore(DatasetGenerator.REGISTERED_FROM));
      assertTrue(person.getRegistered().isBefore(DatasetGenerator.REGISTERED_FROM
          .plusSeconds(DatasetGenerator.REGISTERED_SPAN_SECONDS)));
    }
  }

  @Test
  void everyPersonFollowsTheJsonGeneratorTemplate() {
    for (Person p : DatasetGenerator.people(100, SEED)) {
      String first = p.getName().getFirst().replaceAll("[^A-Za-z]", "").toLowerCase(Locale.ROOT);
      assertTrue(p.getId().matches("[0-9a-f]{24}"), p.getId());
      assertTrue(p.getBalance().matches("\\$\\d,\\d{3}\\.\\d{2}"), p.getBalance());
      assertTrue(p.getPhone().matches("\\+1 \\(\\d{3}\\) \\d{3}-\\d{4}"), p.getPhone());
      assertTrue(p.getEmail().matches(first + "\\.[a-z]+@[a-z]+\\.[a-z.]+"), p.getEmail());
      assertEquals(p.getCompany().toUpperCase(Locale.ROOT), p.getCompany());
      assertTrue(p.getAge() >= 20 && p.getAge() <= 40, p.getId());
      assertEquals(5, p.getTags().size(), p.getId());
      assertEquals(3, p.getFriends().size(), p.getId());
      assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, p.getRange());
      assertTrue(p.getGreeting().startsWith("Hello, " + p.getName().getFirst() + "! You have "));
      assertTrue(List.of("apple", "banana", "strawberry").contains(p.getFavoriteFruit()));
    }
  }

  @Test
  void aboutHasThreeToSevenSentences() {
    for (Person person : DatasetGenerator.people(100, SEED)) {
      int sentences = person.getAbout().split("\\. ?").length;
      assertTrue(sentences >= 3 && sentences <= 7, person.getAbout());
    }
  }

  @Test
  void coordinatesHaveAtMostSixDecimalsInTheJson() {
    for (Person person : DatasetGenerator.people(100, SEED)) {
      for (double degrees : new double[] {person.getLatitude(), person.getLongitude()}) {
        assertTrue(new BigDecimal(Double.toString(degrees)).scale() <= 6,
            Double.toString(degrees));
      }
    }
  }

  @Test
  void numericDatasetHasTheRequestedNumberOfSeriesAndValues() {
    NumericDataset dataset = DatasetGenerator.numeric(3, 17, SEED);
    assertEquals(3, dataset.getSeries().size());
    for (int i = 0; i < 3; i++) {
      Series series = dataset.getSeries().get(i);
      assertEquals(i, series.getId());
      assertEquals(17, series.getValues().length);
      assertEquals(0, series.getStart().getNano());
      assertTrue(series.getIntervalMillis() > 0);
    }
  }

  @Test
  void peopleSurviveAJsonRoundTrip() throws Exception {
    List<Person> people = DatasetGenerator.people(10, SEED);
    List<Person> decoded = CanonicalJson.MAPPER.readValue(DatasetGenerator.toJson(people),
        new TypeReference<List<Person>>() { });
    assertEquals(people, decoded);
  }

  @Test
  void numericValuesSurviveAJsonRoundTripBitForBit() throws Exception {
    NumericDataset dataset = DatasetGenerator.numeric(2, 512, SEED);
    assertEquals(dataset, CanonicalJson.MAPPER.readValue(DatasetGenerator.toJson(dataset),
        NumericDataset.class));
  }

  @Test
  void isActiveIsTheJsonPropertyName() {
    String json = new String(DatasetGenerator.toJson(DatasetGenerator.people(1, SEED)),
        StandardCharsets.UTF_8);
    assertTrue(json.contains("\"isActive\":"), json);
    assertFalse(json.contains("\"active\":"), json);
  }

  @Test
  void registeredIsIsoTextEvenForAMapperThatWritesDatesAsTimestamps() throws Exception {
    Person person = DatasetGenerator.people(1, SEED).get(0);
    JsonMapper timestamps = JsonMapper.builder().addModule(new JavaTimeModule()).build();
    String json = timestamps.writeValueAsString(person);
    assertTrue(json.contains("\"registered\":\"" + person.getRegistered() + "\""), json);
  }

  @Test
  void negativeCountIsRejected() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> DatasetGenerator.people(-1, SEED));
    assertEquals("count must not be negative: -1", e.getMessage());
  }
}
