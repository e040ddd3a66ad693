package io.github.zipjack.data;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Makes {@link StockLevel} rows from a seed and an index, without Datafaker: row {@code i} of seed
 * {@code s} is the same on every JVM and independent of the others. Stateless; thread-safe.
 */
public final class StockLevels {
  private static final String[] CATEGORIES = {"BOOK", "TOYS", "HOME", "ELEC", "GARD", "FOOD", "SPRT", "CLTH", "AUTO",
      "PETS", "BABY", "TOOL"};
  private static final String[] WAREHOUSES = {"FRA-2", "AMS-1", "WAW-3", "NRT-1", "EWR-4", "MAD-1", "LYS-2", "MXP-1"};
  private static final String[] STATUSES = {"active", "active", "active", "active", "low", "low", "blocked",
      "discontinued", "inbound"};
  private static final String[] FLAGS = {"fragile", "bulky", "hazmat", "cold-chain", "high-value", "oversize",
      "returns", "serialized"};
  /** Letters and digits of a supplier's reference. */
  private static final String REFERENCE_CHARS = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789";
  /** Rows were last changed in the 400 days from this instant on. */
  private static final Instant FIRST_UPDATE = Instant.parse("2025-01-01T00:00:00Z");

  private StockLevels() {
  }

  /** Rows {@code 0} to {@code count - 1} of {@code seed}, as an unmodifiable list. */
  public static List<StockLevel> rows(int count, long seed) {
    List<StockLevel> rows = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      rows.add(row(i, seed));
    }
    return List.copyOf(rows);
  }

  /** Row {@code index} of {@code seed}: the same values wherever and whenever it is made. */
  public static StockLevel row(int index, long seed) {
    SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + index);
    String sku = CATEGORIES[random.nextInt(CATEGORIES.length)] + "-" + (10_000 + random.nextInt(90_000)) + "-"
        + (char) ('A' + random.nextInt(26));
    String bin = (char) ('A' + random.nextInt(8)) + "-" + twoDigits(1 + random.nextInt(40)) + "-"
        + twoDigits(1 + random.nextInt(12));
    int onHand = random.nextInt(8) == 0 ? 0 : random.nextInt(random.nextInt(10) == 0 ? 5000 : 400);
    int reserved = onHand == 0 ? 0 : random.nextInt(Math.min(onHand, 50) + 1);
    List<String> flags = new ArrayList<>(2);
    for (int f = random.nextInt(4) == 0 ? 1 + random.nextInt(2) : 0; f > 0; f--) {
      flags.add(FLAGS[random.nextInt(FLAGS.length)]);
    }
    long gtin = 4_000_000_000_000L + random.nextLong(1_000_000_000_000L);
    String lot = String.format(Locale.ROOT, "%012x", random.nextLong(1L << 48));
    char[] ref = new char[10];
    for (int c = 0; c < ref.length; c++) {
      ref[c] = REFERENCE_CHARS.charAt(random.nextInt(REFERENCE_CHARS.length()));
    }
    String epc = String.format(Locale.ROOT, "3034%04x%016x", random.nextInt(1 << 16), random.nextLong());
    return new StockLevel(sku, gtin, lot, new String(ref), WAREHOUSES[random.nextInt(WAREHOUSES.length)], bin, onHand, reserved,
        5 * (1 + random.nextInt(40)), 49 + random.nextInt(60_000), STATUSES[random.nextInt(STATUSES.length)],
        FIRST_UPDATE.plusSeconds(random.nextInt(400 * 86_400)).toString(), epc, List.copyOf(flags));
  }

  private static String twoDigits(int value) {
    return value < 10 ? "0" + value : Integer.toString(value);
  }
}
