package io.github.zipjack.tools.report;

import java.util.List;
import java.util.Locale;

/**
 * One row of the paired headline, as bench/run's paired rounds on one JDK write it (a line of
 * tab-separated values) and {@link PairedHeadlineSection} reads it: a configuration's throughput and
 * its ratio to the study's best measured in the same rounds, with the ratio's 95% interval. Immutable.
 *
 * @param jdk the JDK's version, {@code 17.0.13}
 * @param name {@code study best (zlib-1)}, a codec ({@code zstd-1}) or the A/A row
 * @param kind what the row is
 * @param opsPerSecond the geometric mean over the rounds
 * @param ratio throughput over the study's best's, the geometric mean of the rounds' ratios (1 for the reference)
 * @param low the interval's lower end (NaN for the reference)
 * @param high the interval's upper end (NaN for the reference)
 * @param rounds how many rounds
 * @param settled whether the interval is within ±5%
 * @param verdict what the interval lets one say ("12% faster [8%, 16%]", "tie within ±5%", ...)
 * @param unsettledNote for an unsettled ratio, "±7.1% after 6 rounds; about 5 more rounds would reach
 *     ±5%", else empty
 */
public record HeadlineRow(String jdk, String name, Kind kind, double opsPerSecond, double ratio, double low,
    double high, int rounds, boolean settled, String verdict, String unsettledNote) {

  /** Each engine at its default level (the servlet filter's: gzip 1, zstd 1, brotli 4), and no compression. */
  public static final List<String> DEFAULT_CODECS = List.of("zlib-1", "libdeflate-1", "zstd-1", "brotli-4", "none");
  /** The name of the study's best row, at gzip level 1. */
  public static final String STUDY_BEST = "study best (zlib-1)";
  /** The name of the A/A row: the study's best against a second copy of itself. */
  public static final String A_A = "study best, A/A";

  /** The reference, an engine, or the reference against a second copy of itself. */
  public enum Kind { REFERENCE, ENGINE, A_A }

  /** The row as one line of tab-separated values, without a line break. */
  public String toTsv() {
    return String.join("\t", jdk, name, kind.name(), number(opsPerSecond), number(ratio), number(low), number(high),
        Integer.toString(rounds), Boolean.toString(settled), verdict, unsettledNote);
  }

  /**
   * Parses {@link #toTsv()}'s form.
   *
   * @throws IllegalArgumentException naming the line
   */
  public static HeadlineRow parse(String line) {
    String[] cells = line.split("\t", -1);
    if (cells.length != 11) {
      throw new IllegalArgumentException("a headline row has 11 tab-separated cells: " + line);
    }
    try {
      return new HeadlineRow(cells[0], cells[1], Kind.valueOf(cells[2]), Double.parseDouble(cells[3]),
          Double.parseDouble(cells[4]), Double.parseDouble(cells[5]), Double.parseDouble(cells[6]),
          Integer.parseInt(cells[7]), Boolean.parseBoolean(cells[8]), cells[9], cells[10]);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("not a headline row (" + e.getMessage() + "): " + line, e);
    }
  }

  private static String number(double value) {
    return String.format(Locale.ROOT, "%.6g", value);
  }
}
