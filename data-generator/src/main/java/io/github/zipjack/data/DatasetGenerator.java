package io.github.zipjack.data;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.UUID;
import net.datafaker.Faker;

/**
 * Makes the datasets from a seed: {@link #people(int, long)} records shaped like the
 * json-generator.com template of the study (docs/benchmarks.md), {@link #numeric(int, int, long)}
 * random-walk series, and {@link #toJson(Object)}, the canonical writer of the committed files. From the command line
 * it writes one dataset to a file; run it without arguments for the usage.
 * Thread-safe: every call uses its own {@link Random} and {@link Faker}; nothing is shared.
 *
 * <p>Deterministic: the same arguments give equal values and byte-identical JSON on every JDK from
 * 17 and in every default locale and time zone. Only {@link Random}'s specified algorithms,
 * exact double arithmetic (+, -, *, / and {@link Math#round(double)}, no transcendental
 * functions), Datafaker's US-English data and the {@link CanonicalJson} writer are used; the clock
 * is never read. Changing the order of any random draw here changes
 * every later value, so the committed files must then be regenerated (see the README).
 */
public final class DatasetGenerator {
  /** Every {@link Person#getPicture()}, as in the json-generator template. */
  static final String PICTURE = "http://placehold.it/32x32";
  /** Start of the interval {@link Person#getRegistered()} is drawn from. */
  static final Instant REGISTERED_FROM = Instant.parse("2014-01-01T00:00:00Z");
  /** Length in seconds of that interval: ten years of 365 days. */
  static final int REGISTERED_SPAN_SECONDS = 10 * 365 * 86_400;
  /** Start of the interval {@link Series#getStart()} is drawn from. */
  static final Instant SERIES_FROM = Instant.parse("2024-01-01T00:00:00Z");
  /** Length in seconds of that interval: one year of 365 days. */
  static final int SERIES_SPAN_SECONDS = 365 * 86_400;

  private static final String[] FRUITS = {"apple", "banana", "strawberry"};
  private static final long[] SERIES_INTERVALS_MILLIS = {1_000, 5_000, 15_000, 60_000};
  private static final int FRIEND_COUNT = 3;
  private static final int TAG_COUNT = 5;
  /** Datafaker adds 0 to 5 words to this. */
  private static final int ABOUT_SENTENCE_MIN_WORDS = 7;
  private static final double DEGREE_DECIMALS = 1e6;

  private DatasetGenerator() {
  }

  /**
   * Returns {@code count} new people made from {@code seed}; record {@code i} has index {@code i}.
   * The first {@code n} records of a longer list equal {@code people(n, seed)}.
   *
   * @throws IllegalArgumentException if {@code count} is negative
   */
  public static List<Person> people(int count, long seed) {
    if (count < 0) {
      throw new IllegalArgumentException("count must not be negative: " + count);
    }
    Random random = new Random(seed);
    Faker faker = new Faker(Locale.US, random);
    List<Person> people = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      people.add(person(i, random, faker));
    }
    return people;
  }

  /**
   * Returns a new dataset of {@code seriesCount} series of {@code valuesPerSeries} values each,
   * made from {@code seed}. 32 series of 512 values are about 300 KB of JSON.
   *
   * @throws IllegalArgumentException if {@code seriesCount} or {@code valuesPerSeries} is negative
   */
  public static NumericDataset numeric(int seriesCount, int valuesPerSeries, long seed) {
    if (seriesCount < 0) {
      throw new IllegalArgumentException("seriesCount must not be negative: " + seriesCount);
    }
    if (valuesPerSeries < 0) {
      throw new IllegalArgumentException(
          "valuesPerSeries must not be negative: " + valuesPerSeries);
    }
    Random random = new Random(seed);
    Faker faker = new Faker(Locale.US, random);
    List<Series> series = new ArrayList<>(seriesCount);
    for (int i = 0; i < seriesCount; i++) {
      series.add(series(i, valuesPerSeries, random, faker));
    }
    return new NumericDataset("random-walk-" + seed, series);
  }

  /**
   * Returns the canonical compact UTF-8 JSON of {@code value}, the bytes of the committed dataset
   * files: no whitespace, properties in declared order, doubles in their shortest exact form,
   * instants as ISO-8601 UTC text.
   *
   * @throws IllegalArgumentException if Jackson cannot write {@code value}
   */
  public static byte[] toJson(Object value) {
    return CanonicalJson.write(value);
  }

  /**
   * Writes one dataset to a file:
   * {@code --kind people|numeric --out FILE [--records N] [--values N] [--seed S]}. Exits with
   * status 2 and a message naming the bad value when an argument is wrong, 1 when the file
   * cannot be written.
   */
  public static void main(String[] args) {
    int status = GeneratorCommandLine.run(args, System.out, System.err);
    if (status != 0) {
      System.exit(status);
    }
  }

  private static Person person(int index, Random random, Faker faker) {
    Person person = new Person();
    byte[] objectId = new byte[12];
    random.nextBytes(objectId);
    person.setId(HexFormat.of().formatHex(objectId));
    person.setIndex(index);
    person.setGuid(randomUuid(random).toString());
    person.setActive(random.nextBoolean());
    person.setBalance(dollars(100_000 + random.nextInt(300_000)));
    person.setPicture(PICTURE);
    person.setAge(20 + random.nextInt(21));
    person.setEyeColor(EyeColor.values()[random.nextInt(EyeColor.values().length)]);
    String first = faker.name().firstName();
    String last = faker.name().lastName();
    person.setName(new Name(first, last));
    String company = faker.company().name();
    person.setCompany(company.toUpperCase(Locale.ROOT));
    person.setEmail(lettersOnly(first) + "." + lettersOnly(last) + "@" + lettersOnly(company)
        + "." + faker.internet().domainSuffix());
    person.setPhone(String.format(Locale.ROOT, "+1 (%03d) %03d-%04d",
        800 + random.nextInt(200), random.nextInt(1000), random.nextInt(10_000)));
    person.setAddress(new Address(100 + random.nextInt(9_900), faker.address().streetName(),
        faker.address().cityName(), faker.address().state(), faker.address().zipCode()));
    person.setAbout(about(3 + random.nextInt(5), faker));
    person.setRegistered(REGISTERED_FROM.plusSeconds(random.nextInt(REGISTERED_SPAN_SECONDS)));
    person.setLatitude(degrees(-90 + 180 * random.nextDouble()));
    person.setLongitude(degrees(-180 + 360 * random.nextDouble()));
    person.setTags(new ArrayList<>(faker.lorem().words(TAG_COUNT)));
    person.setRange(new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9});
    List<Friend> friends = new ArrayList<>(FRIEND_COUNT);
    for (int id = 0; id < FRIEND_COUNT; id++) {
      friends.add(new Friend(id, faker.name().firstName() + " " + faker.name().lastName()));
    }
    person.setFriends(friends);
    person.setGreeting("Hello, " + first + "! You have " + (1 + random.nextInt(10))
        + " unread messages.");
    person.setFavoriteFruit(FRUITS[random.nextInt(FRUITS.length)]);
    return person;
  }

  private static Series series(int id, int valueCount, Random random, Faker faker) {
    Series series = new Series();
    series.setId(id);
    series.setName(faker.address().cityName() + " sensor " + id);
    series.setStart(SERIES_FROM.plusSeconds(random.nextInt(SERIES_SPAN_SECONDS)));
    series.setIntervalMillis(
        SERIES_INTERVALS_MILLIS[random.nextInt(SERIES_INTERVALS_MILLIS.length)]);
    // A random walk around a level of 10 to 1000 with steps of about 1% of the level, plus
    // measurement noise a fifth of that. Only + and * on doubles: exact on every JDK.
    double level = 10 + 990 * random.nextDouble();
    double step = level / 100;
    double[] values = new double[valueCount];
    for (int i = 0; i < valueCount; i++) {
      level += step * random.nextGaussian();
      values[i] = level + step / 5 * random.nextGaussian();
    }
    series.setValues(values);
    return series;
  }

  /** {@code sentenceCount} lorem sentences of 7 to 12 words, as long as json-generator's. */
  private static String about(int sentenceCount, Faker faker) {
    StringBuilder about = new StringBuilder();
    for (int i = 0; i < sentenceCount; i++) {
      if (i > 0) {
        about.append(' ');
      }
      about.append(faker.lorem().sentence(ABOUT_SENTENCE_MIN_WORDS));
    }
    return about.toString();
  }

  /** A version 4 UUID from {@code random}, unlike {@link UUID#randomUUID()}. */
  private static UUID randomUuid(Random random) {
    long most = (random.nextLong() & ~0xF000L) | 0x4000L;
    long least = (random.nextLong() & ~(0xC000L << 48)) | (0x8000L << 48);
    return new UUID(most, least);
  }

  /** {@code "$1,034.79"} from 103479 cents. */
  private static String dollars(int cents) {
    return String.format(Locale.US, "$%,d.%02d", cents / 100, cents % 100);
  }

  /** {@code degrees} rounded to 6 decimals, so that its shortest text has at most 6. */
  private static double degrees(double degrees) {
    return Math.round(degrees * DEGREE_DECIMALS) / DEGREE_DECIMALS;
  }

  /** The ASCII letters of {@code text} in lower case: {@code "O'Kon-Hane"} gives "okonhane". */
  private static String lettersOnly(String text) {
    StringBuilder letters = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
        letters.append(Character.toLowerCase(c));
      }
    }
    return letters.toString();
  }
}
