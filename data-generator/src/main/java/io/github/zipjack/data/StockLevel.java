package io.github.zipjack.data;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * One row of a warehouse's stock report, as an inventory service returns thousands of them in one
 * response: short codes, small whole numbers and dates, no free text and no fractions. Its JSON is
 * cheap to write and harder to compress than {@link Person}'s (about 300 bytes a row, few long
 * repeats), so a large body of it spends more time compressing than serializing. Made by
 * {@link StockLevels}. Immutable; the list is unmodifiable when made by the generator.
 *
 * @param sku the product, such as {@code ELEC-48213-K}
 * @param gtin its 13-digit barcode number, such as {@code 4006381333931}
 * @param lot the production lot on the shelf, 12 hex digits
 * @param supplierRef the supplier's reference for the delivery, 10 letters and digits
 * @param warehouse the site, such as {@code FRA-2}
 * @param bin the shelf within the site, such as {@code C-14-03}
 * @param onHand units on the shelf
 * @param reserved units promised to open orders, at most {@code onHand}
 * @param reorderPoint the level below which the product is ordered again
 * @param unitCostCents the purchase price of one unit, in cents
 * @param status {@code active}, {@code low}, {@code blocked}, {@code discontinued} or {@code inbound}
 * @param updatedAt when the row last changed, ISO-8601 in UTC to the second
 * @param epc the RFID tag of the shelf's carrier, 24 hex digits (an EPC)
 * @param flags handling flags, none to two
 */
@JsonPropertyOrder({"sku", "gtin", "lot", "supplierRef", "warehouse", "bin", "onHand", "reserved", "reorderPoint", "unitCostCents",
    "status", "updatedAt", "epc", "flags"})
public record StockLevel(String sku, long gtin, String lot, String supplierRef, String warehouse, String bin, int onHand, int reserved,
    int reorderPoint, int unitCostCents, String status, String updatedAt, String epc, List<String> flags) {}
