package io.github.zipjack.data;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Makes {@link OrderEvent}s from a seed and an index, without Datafaker: event {@code i} of seed
 * {@code s} is the same on every JVM and independent of the others, so a benchmark can measure
 * event 0 and train a dictionary on events 1 to n. Stateless; thread-safe.
 */
public final class OrderEvents {
  private static final String[] TYPES = {"order.created", "order.paid", "order.packed", "order.shipped",
      "order.delivered"};
  private static final String[] TIERS = {"standard", "silver", "gold", "business"};
  private static final String[] COUNTRIES = {"DE", "FR", "NL", "JP", "US", "GB", "ES", "IT", "PL", "SE"};
  private static final String[] CURRENCIES = {"EUR", "EUR", "EUR", "JPY", "USD", "GBP", "EUR", "EUR", "PLN", "SEK"};
  private static final String[] CATEGORIES = {"BOOK", "TOYS", "HOME", "ELEC", "GARD", "FOOD", "SPRT", "CLTH"};
  private static final String[] ATTRIBUTES = {"color:black", "color:white", "color:red", "size:S", "size:M", "size:L",
      "gift-wrap", "fragile", "bulky", "eco-pack", "express-eligible", "returnable"};
  private static final String[] CARRIERS = {"DHL", "UPS", "DPD", "GLS", "PostNL", "Yamato", "FedEx"};
  private static final String[] SERVICES = {"standard", "express", "economy", "same-day"};
  private static final String[] WAREHOUSES = {"FRA-2", "AMS-1", "WAW-3", "NRT-1", "EWR-4", "MAD-1"};
  private static final String[] STATUSES = {"picked-up", "in-transit", "sorted", "out-for-delivery", "delivered"};
  private static final String[] METHODS = {"card", "card", "paypal", "sepa-debit", "konbini", "apple-pay"};
  private static final String[] PROVIDERS = {"adyen", "stripe", "worldpay", "paypal"};
  private static final String[] TAGS = {"first-order", "repeat", "promo:SPRING25", "b2b", "marketplace", "priority",
      "split-shipment", "prepaid"};
  /** Events fall in 2026, from this instant on. */
  private static final Instant START = Instant.parse("2026-01-01T00:00:00Z");

  private OrderEvents() {
  }

  /** Events {@code 0} to {@code count - 1} of {@code seed}, as an unmodifiable list. */
  public static List<OrderEvent> events(int count, long seed) {
    List<OrderEvent> events = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      events.add(event(i, seed));
    }
    return List.copyOf(events);
  }

  /** Event {@code index} of {@code seed}: the same values wherever and whenever it is made. */
  public static OrderEvent event(int index, long seed) {
    SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + index);
    int stage = random.nextInt(TYPES.length);
    Instant created = START.plusMillis(random.nextLong(365L * 24 * 3600 * 1000));
    Instant occurred = created.plus(stage * (2 + random.nextInt(20)), ChronoUnit.HOURS)
        .plusMillis(random.nextInt(3_600_000));
    int country = random.nextInt(COUNTRIES.length);
    OrderEvent.Customer customer = new OrderEvent.Customer(100_000 + random.nextInt(900_000), pick(random, TIERS),
        COUNTRIES[country], created.minus(random.nextInt(2000), ChronoUnit.DAYS).truncatedTo(ChronoUnit.DAYS).toString(),
        1 + random.nextInt(80));

    List<OrderEvent.Line> lines = new ArrayList<>();
    int lineCount = 1 + random.nextInt(4);
    long subtotal = 0;
    long discount = 0;
    int weight = 0;
    for (int i = 0; i < lineCount; i++) {
      int quantity = 1 + random.nextInt(random.nextInt(10) == 0 ? 12 : 3);
      long unitPrice = 199 + random.nextInt(25_000);
      int discountBps = random.nextInt(3) == 0 ? 500 * (1 + random.nextInt(6)) : 0;
      int lineWeight = 50 + random.nextInt(3000);
      List<String> attributes = new ArrayList<>();
      for (int a = random.nextInt(4); a > 0; a--) {
        attributes.add(pick(random, ATTRIBUTES));
      }
      lines.add(new OrderEvent.Line(pick(random, CATEGORIES) + "-" + (10_000 + random.nextInt(90_000)) + "-"
          + (char) ('A' + random.nextInt(26)), quantity, unitPrice, discountBps, lineWeight, List.copyOf(attributes)));
      subtotal += quantity * unitPrice;
      discount += quantity * unitPrice * discountBps / 10_000;
      weight += quantity * lineWeight;
    }
    double taxRate = new double[] {0.19, 0.2, 0.21, 0.1, 0.0725, 0.2, 0.21, 0.22, 0.23, 0.25}[country];
    long tax = Math.round((subtotal - discount) * taxRate);
    long shipping = subtotal > 5_000 ? 0 : 495;

    List<OrderEvent.Checkpoint> checkpoints = new ArrayList<>();
    for (int c = 0; c < Math.max(0, stage - 2) * (1 + random.nextInt(2)); c++) {
      checkpoints.add(new OrderEvent.Checkpoint(created.plus(24L * (c + 1), ChronoUnit.HOURS)
          .plusSeconds(random.nextInt(3600)).toString(), pick(random, WAREHOUSES) + "-HUB", STATUSES[Math.min(c, 4)],
          round(35 + random.nextDouble() * 25, 5), round(-10 + random.nextDouble() * 150, 5)));
    }
    OrderEvent.Shipment shipment = new OrderEvent.Shipment(pick(random, CARRIERS), pick(random, SERVICES),
        pick(random, WAREHOUSES), String.format(Locale.ROOT, "%05d", random.nextInt(100_000)), weight,
        List.of(10 + random.nextInt(60), 10 + random.nextInt(40), 2 + random.nextInt(30)),
        created.plus(2 + random.nextInt(5), ChronoUnit.DAYS).truncatedTo(ChronoUnit.DAYS).toString(),
        List.copyOf(checkpoints));
    OrderEvent.Payment payment = new OrderEvent.Payment(pick(random, METHODS), pick(random, PROVIDERS),
        "auth_" + Long.toHexString(random.nextLong() & 0xffffffffffffL), round(random.nextDouble(), 4), stage >= 1,
        random.nextInt(8) == 0 ? 3 : 1);

    List<String> tags = new ArrayList<>();
    for (int t = random.nextInt(3); t > 0; t--) {
      tags.add(pick(random, TAGS));
    }
    long orderId = 7_000_000_000L + random.nextInt(1_000_000_000);
    return new OrderEvent(String.format(Locale.ROOT, "evt-%08x-%06d", random.nextInt() & 0x7fffffff, index), TYPES[stage], 3,
        occurred.truncatedTo(ChronoUnit.MILLIS).toString(), stage + 1, orderId, customer, CURRENCIES[country],
        List.copyOf(lines), new OrderEvent.Totals(subtotal, discount, tax, shipping,
            subtotal - discount + tax + shipping, taxRate), shipment, payment, true, List.copyOf(tags));
  }

  private static String pick(SplittableRandom random, String[] values) {
    return values[random.nextInt(values.length)];
  }

  /** {@code value} rounded to {@code digits} decimals, so the JSON holds short, exact decimals. */
  private static double round(double value, int digits) {
    double scale = Math.pow(10, digits);
    return Math.round(value * scale) / scale;
  }
}
