package io.github.zipjack.tools.report;

import java.util.Locale;

/**
 * How the report writes numbers: thousands separated by commas, as many decimals as the magnitude
 * deserves, and {@link MarkdownTable#NONE} for a figure that was not measured.
 */
public final class Figures {

  private Figures() {}

  /** A throughput: no decimals from 100 up, three significant digits below. */
  public static String opsPerSecond(double value) {
    if (Double.isNaN(value)) {
      return MarkdownTable.NONE;
    }
    if (Math.abs(value) >= 100) {
      return String.format(Locale.ROOT, "%,.0f", value);
    }
    if (Math.abs(value) >= 10) {
      return String.format(Locale.ROOT, "%.1f", value);
    }
    return String.format(Locale.ROOT, "%.2f", value);
  }

  /** A score with JMH's error, {@code 1,234 ± 56}; the error is left out when JMH could not compute it. */
  public static String withError(double score, double error) {
    String text = opsPerSecond(score);
    return Double.isNaN(error) ? text : text + " ± " + opsPerSecond(error);
  }

  /**
   * A time with its error, both with the decimals of three significant digits of the time:
   * {@code 40.5 ± 1.3}, {@code 7.20 ± 0.21}, {@code 0.0108 ± 0.0002}.
   */
  static String timeWithError(double value, double error) {
    if (Double.isNaN(value)) {
      return MarkdownTable.NONE;
    }
    int decimals = Math.abs(value) >= 100 || value == 0
        ? 0 : Math.max(0, 2 - (int) Math.floor(Math.log10(Math.abs(value))));
    String text = String.format(Locale.ROOT, "%,." + decimals + "f", value);
    return Double.isNaN(error) ? text : text + String.format(Locale.ROOT, " ± %,." + decimals + "f", error);
  }

  /** A ratio of two throughputs: {@code 2.41×}. */
  static String ratio(double value) {
    return Double.isNaN(value) ? MarkdownTable.NONE : String.format(Locale.ROOT, "%.2f×", value);
  }

  /** A whole number of bytes: {@code 110,312}. */
  static String bytes(double value) {
    return Double.isNaN(value) ? MarkdownTable.NONE : String.format(Locale.ROOT, "%,.0f", value);
  }

  /** Bytes in KiB with one decimal: {@code 114.3}. */
  static String kib(long bytes) {
    return String.format(Locale.ROOT, "%,.1f", bytes / 1024.0);
  }

  /** A part of a whole in percent with one decimal: {@code 30.1%}. */
  static String percent(long part, long whole) {
    return String.format(Locale.ROOT, "%.1f%%", 100.0 * part / whole);
  }
}
