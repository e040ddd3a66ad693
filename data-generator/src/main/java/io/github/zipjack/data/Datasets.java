package io.github.zipjack.data;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The named datasets of the tests and benchmarks, and the seeds they were generated from.
 * Thread-safe: {@link #load(String)} may be called from any thread. Each name is loaded once
 * and cached for the life of the class (two racing first calls may both read, but both get the
 * same {@link Dataset}); the values are shared and must not be changed.
 *
 * <p>The datasets, read from committed resources beside this class (never generated at run time,
 * so Datafaker is not needed to load them), except the larger {@code people-N}:
 * <ul>
 * <li>{@code people-100}: {@code people-100.json}, {@code DatasetGenerator.people(100,
 *     PEOPLE_SEED)}; the x1 of the study (docs/benchmarks.md).
 * <li>{@code people-1}, {@code people-10}: the first 1 and 10 records of people-100, which are
 *     also what {@code people(1 or 10, PEOPLE_SEED)} makes; no file of their own.
 * <li>{@code people-100x10}: the same 100 objects ten times over, one list of 1,000 references;
 *     the study's x10. Its repeats sit 114 KB apart, so compressors with a larger window (zstd)
 *     find whole copies and look better than on real data.
 * <li>{@code people-N} for any other positive N: the first N records of people-100 when N is
 *     below 100; else {@code DatasetGenerator.people(N, PEOPLE_SEED)}, generated on first load
 *     (about 0.6 s for 4,000 records, 4.7 MB of JSON; needs Datafaker), whose first 100 records
 *     are people-100's. About 1,170 bytes of JSON a record: the bodies of any size the
 *     benchmarks of large bodies need.
 * <li>{@code numeric}: {@code numeric.json}, {@code DatasetGenerator.numeric(32, 512,
 *     NUMERIC_SEED)}, about 300 KB of full-precision doubles.
 * <li>{@code orders-1}, {@code orders-100}: the first 1 and 100 events of
 *     {@code OrderEvents.events(count, ORDERS_SEED)}, order events of about 1 KB each (numbers,
 *     codes, timestamps, nested arrays): small bodies not shaped like people. Made at run time,
 *     without Datafaker; events 100 and on are others of the same kind (for training a dictionary).
 * <li>{@code orders-N} for any positive N: {@code OrderEvents.events(N, ORDERS_SEED)}; {@code
 *     orders-4500} is about 4.7 MB, the large body of a third shape (nested line items, amounts,
 *     codes and timestamps).
 * <li>{@code stock-N} for any positive N: the first N rows of {@code StockLevels.rows(N,
 *     STOCK_SEED)}, a warehouse's stock report (short codes, small whole numbers, timestamps) of about
 *     300 bytes of JSON a row, made at run time without Datafaker: {@code stock-16000} is about
 *     4.7 MB, as large as people-4000. The large body of another shape than people: cheaper to serialize, and costlier to
 *     compress, than the same bytes of people.
 * <li>{@code file:PATH}: any JSON file of your own, read as a {@code JsonNode} tree
 *     ({@code file:/abs/data.json}, {@code file:///abs/data.json} or {@code file:relative.json}).
 *     Its {@code rawJson()} is the tree written back compactly, so numbers may be spelled
 *     differently from the file.
 * </ul>
 */
public final class Datasets {
  /** Seed of {@code people-100.json} and so of every people dataset. */
  public static final long PEOPLE_SEED = 42L;
  /** Number of records in {@code people-100.json}. */
  public static final int PEOPLE_COUNT = 100;
  /** Seed of {@code numeric.json}. */
  public static final long NUMERIC_SEED = 4242L;
  /** Number of series in {@code numeric.json}. */
  public static final int NUMERIC_SERIES_COUNT = 32;
  /** Number of values in each series of {@code numeric.json}. */
  public static final int NUMERIC_VALUES_PER_SERIES = 512;
  /** Seed of the orders datasets. */
  public static final long ORDERS_SEED = 2026L;
  /** Seed of the stock datasets. */
  public static final long STOCK_SEED = 1717L;
  /** Prefix of {@code stock-N}, N stock rows of the stock seed. */
  public static final String STOCK_PREFIX = "stock-";
  /** Prefix of a name that loads a JSON file of your own as a {@code JsonNode}. */
  public static final String FILE_PREFIX = "file:";
  /** Prefix of {@code orders-N}, N order events of the orders seed. */
  public static final String ORDERS_PREFIX = "orders-";
  /** Prefix of {@code people-N}, N records of the people seed. */
  public static final String PEOPLE_PREFIX = "people-";

  /** The built-in dataset names: the people datasets smallest first, then numeric, then orders. */
  public static final List<String> NAMES =
      List.of("people-1", "people-10", "people-100", "people-100x10", "numeric", "orders-1", "orders-100");

  /** Resource file of people-100, relative to this class. */
  static final String PEOPLE_RESOURCE = "people-100.json";
  /** Resource file of numeric, relative to this class. */
  static final String NUMERIC_RESOURCE = "numeric.json";

  private static final TypeReference<List<Person>> PEOPLE_TYPE = new TypeReference<>() { };
  private static final TypeReference<List<OrderEvent>> ORDERS_TYPE = new TypeReference<>() { };
  private static final TypeReference<List<StockLevel>> STOCK_TYPE = new TypeReference<>() { };
  private static final TypeReference<NumericDataset> NUMERIC_TYPE = new TypeReference<>() { };
  private static final TypeReference<JsonNode> TREE_TYPE = new TypeReference<>() { };

  /** Loaded datasets by name; a value is never replaced once present. */
  private static final ConcurrentHashMap<String, Dataset> CACHE = new ConcurrentHashMap<>();

  private Datasets() {
  }

  /**
   * Returns the dataset called {@code name}: one of {@link #NAMES}, {@code people-N}, or
   * {@code file:} and a path.
   *
   * @throws IllegalArgumentException if the name is unknown, or a {@code file:} does not hold
   *     one JSON value
   * @throws UncheckedIOException if a {@code file:} cannot be read
   */
  public static Dataset load(String name) {
    if (name == null) {
      throw new NullPointerException("dataset name must not be null; known: " + NAMES);
    }
    Dataset cached = CACHE.get(name);
    if (cached != null) {
      return cached;
    }
    // Built outside the map: people-10 loads people-100, and computeIfAbsent forbids
    // recursive updates.
    Dataset loaded = build(name);
    Dataset raced = CACHE.putIfAbsent(name, loaded);
    return raced != null ? raced : loaded;
  }

  private static Dataset build(String name) {
    switch (name) {
      case "people-100" -> {
        byte[] json = resource(PEOPLE_RESOURCE);
        return new Dataset(name, List.copyOf(read(json, PEOPLE_TYPE, name)), PEOPLE_TYPE,
            json);
      }
      case "people-1" -> {
        return people(name, firstPeople(1));
      }
      case "people-10" -> {
        return people(name, firstPeople(10));
      }
      case "people-100x10" -> {
        List<Person> once = firstPeople(PEOPLE_COUNT);
        List<Person> tenTimes = new ArrayList<>(10 * once.size());
        for (int i = 0; i < 10; i++) {
          tenTimes.addAll(once);
        }
        return people(name, tenTimes);
      }
      case "orders-1" -> {
        return orders(name, 1);
      }
      case "orders-100" -> {
        return orders(name, 100);
      }
      case "numeric" -> {
        byte[] json = resource(NUMERIC_RESOURCE);
        return new Dataset(name, read(json, NUMERIC_TYPE, name), NUMERIC_TYPE, json);
      }
      default -> {
        if (name.startsWith(FILE_PREFIX)) {
          return file(name);
        }
        int stockRows = count(name, STOCK_PREFIX);
        if (stockRows > 0) {
          return stock(name, stockRows);
        }
        int events = count(name, ORDERS_PREFIX);
        if (events > 0) {
          return orders(name, events);
        }
        int count = count(name, PEOPLE_PREFIX);
        if (count > 0) {
          return people(name, count < PEOPLE_COUNT ? firstPeople(count)
              : DatasetGenerator.people(count, PEOPLE_SEED));
        }
        throw new IllegalArgumentException("unknown dataset: " + name + "; known: "
            + String.join(", ", NAMES) + ", " + PEOPLE_PREFIX + "N for N records, " + STOCK_PREFIX
            + "N for N stock rows, " + ORDERS_PREFIX + "N for N order events, or " + FILE_PREFIX
            + "/path/to/file.json");
      }
    }
  }

  /** N of {@code <prefix>N} (digits only, no sign or leading zero), or 0 for any other name. */
  private static int count(String name, String prefix) {
    String digits = name.startsWith(prefix) ? name.substring(prefix.length()) : "";
    if (digits.isEmpty() || digits.length() > 9 || digits.charAt(0) == '0'
        || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
      return 0;
    }
    return Integer.parseInt(digits);
  }

  @SuppressWarnings("unchecked")
  private static List<Person> firstPeople(int count) {
    return ((List<Person>) load("people-100").value()).subList(0, count);
  }

  private static Dataset people(String name, List<Person> people) {
    List<Person> copy = List.copyOf(people);
    return new Dataset(name, copy, PEOPLE_TYPE, CanonicalJson.write(copy));
  }

  private static Dataset orders(String name, int count) {
    List<OrderEvent> events = OrderEvents.events(count, ORDERS_SEED);
    return new Dataset(name, events, ORDERS_TYPE, CanonicalJson.write(events));
  }

  private static Dataset stock(String name, int rows) {
    List<StockLevel> levels = StockLevels.rows(rows, STOCK_SEED);
    return new Dataset(name, levels, STOCK_TYPE, CanonicalJson.write(levels));
  }

  private static Dataset file(String name) {
    Path path = filePath(name);
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(path);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read dataset " + name + " (" + path + ")", e);
    }
    JsonNode tree = read(bytes, TREE_TYPE, name);
    if (tree == null || tree.isMissingNode()) {
      throw new IllegalArgumentException("dataset " + name + " holds no JSON value");
    }
    return new Dataset(name, tree, TREE_TYPE, CanonicalJson.write(tree));
  }

  /** {@code file:///a/b} as a URI; {@code file:/a/b} and {@code file:a/b} as plain paths. */
  private static Path filePath(String name) {
    String rest = name.substring(FILE_PREFIX.length());
    try {
      return rest.startsWith("//") ? Path.of(URI.create(name)) : Path.of(rest);
    } catch (IllegalArgumentException e) {
      // Also catches InvalidPathException, a subclass.
      throw new IllegalArgumentException("not a file path: " + name, e);
    }
  }

  private static <T> T read(byte[] json, TypeReference<T> type, String name) {
    try {
      return CanonicalJson.MAPPER.readValue(json, type);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("dataset " + name + " is not valid JSON for "
          + type.getType().getTypeName() + ": " + e.getOriginalMessage(), e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read dataset " + name, e);
    }
  }

  private static byte[] resource(String resource) {
    try (InputStream in = Datasets.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("resource missing from the class path: "
            + Datasets.class.getPackageName().replace('.', '/') + "/" + resource);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read resource " + resource, e);
    }
  }
}
