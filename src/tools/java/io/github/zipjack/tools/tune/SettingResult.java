package io.github.zipjack.tools.tune;

/**
 * What bench/tune found for one {@link Setting}: the compressed size, exact, and four throughputs
 * with JMH's error (99.9% confidence interval half-width), in MB/s of JSON, any of them null when not
 * measured (the study's code is only encoded, at one thread; one core leaves out "all cores").
 * Immutable.
 *
 * @param setting what was measured
 * @param sizePercent the bodies' compressed size, % of their JSON
 * @param encodeOne encoding, one thread
 * @param encodeAll encoding, one thread per core
 * @param decodeOne decoding, one thread
 * @param decodeAll decoding, one thread per core
 */
record SettingResult(Setting setting, double sizePercent, Figure encodeOne, Figure encodeAll, Figure decodeOne,
    Figure decodeAll) {

  /**
   * A throughput and JMH's error, in MB/s (10^6 bytes of JSON a second).
   *
   * @param value the mean
   * @param error JMH's error; NaN when JMH could not compute one
   */
  record Figure(double value, double error) {
    /** {@code 412 ± 12}, with as many decimals as the value needs. */
    String format() {
      String digits = value >= 100 ? "%.0f" : value >= 10 ? "%.1f" : "%.2f";
      return String.format(java.util.Locale.ROOT, digits, value)
          + (Double.isNaN(error) ? "" : String.format(java.util.Locale.ROOT, " ± " + digits, error));
    }
  }

  /** The figure bench/tune ranks by: encoding at one thread (CPU time per body). */
  double speed() {
    return encodeOne == null ? Double.NaN : encodeOne.value();
  }

}
