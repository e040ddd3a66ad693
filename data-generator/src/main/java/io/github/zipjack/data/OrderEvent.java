package io.github.zipjack.data;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * One event of an order's life as a shop's services would send it to each other or to a queue:
 * about 1 KB of JSON, mostly numbers, codes and timestamps, with nested objects and arrays; the
 * second small body, unlike {@link Person} (which is mostly free text). Made by {@link OrderEvents}.
 * Immutable; the lists are unmodifiable when made by the generator.
 *
 * @param eventId unique per event, such as {@code evt-3f2a9c41-000017}
 * @param type {@code order.created}, {@code order.paid}, {@code order.packed}, {@code order.shipped}
 *     or {@code order.delivered}
 * @param occurredAt ISO-8601 in UTC, to the millisecond
 * @param sequence the event's position in its order's stream
 * @param amountsInCents every amount is a whole number of cents
 */
@JsonPropertyOrder({"eventId", "type", "schemaVersion", "occurredAt", "sequence", "orderId", "customer", "currency",
    "lines", "totals", "shipment", "payment", "amountsInCents", "tags"})
public record OrderEvent(String eventId, String type, int schemaVersion, String occurredAt, int sequence, long orderId,
    Customer customer, String currency, List<Line> lines, Totals totals, Shipment shipment, Payment payment,
    boolean amountsInCents, List<String> tags) {

  /** Who ordered. */
  @JsonPropertyOrder({"id", "tier", "country", "since", "orders"})
  public record Customer(long id, String tier, String country, String since, int orders) {}

  /** One line of the order: a product, how many, at what price. */
  @JsonPropertyOrder({"sku", "quantity", "unitPrice", "discountBps", "weightGrams", "attributes"})
  public record Line(String sku, int quantity, long unitPrice, int discountBps, int weightGrams, List<String> attributes) {}

  /** The order's sums, in cents; {@code total = subtotal - discount + tax + shipping}. */
  @JsonPropertyOrder({"subtotal", "discount", "tax", "shipping", "total", "taxRate"})
  public record Totals(long subtotal, long discount, long tax, long shipping, long total, double taxRate) {}

  /** Where and how it goes. */
  @JsonPropertyOrder({"carrier", "service", "warehouse", "postcode", "weightGrams", "dimensionsCm", "promisedBy",
      "checkpoints"})
  public record Shipment(String carrier, String service, String warehouse, String postcode, int weightGrams,
      List<Integer> dimensionsCm, String promisedBy, List<Checkpoint> checkpoints) {}

  /** A scan of the parcel on its way. */
  @JsonPropertyOrder({"at", "facility", "status", "latitude", "longitude"})
  public record Checkpoint(String at, String facility, String status, double latitude, double longitude) {}

  /** How it was paid. */
  @JsonPropertyOrder({"method", "provider", "authorizationId", "riskScore", "captured", "installments"})
  public record Payment(String method, String provider, String authorizationId, double riskScore, boolean captured,
      int installments) {}
}
