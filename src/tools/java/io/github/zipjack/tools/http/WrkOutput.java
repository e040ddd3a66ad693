package io.github.zipjack.tools.http;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The figures of one wrk run, read from what {@code wrk --latency} prints: requests per second,
 * the 50th and 99th latency percentiles (microseconds), the request count and the failures (socket
 * errors plus non-2xx/3xx responses). Immutable.
 *
 * @param requestsPerSecond wrk's {@code Requests/sec}
 * @param p50Micros the {@code 50%} line of the latency distribution, in microseconds
 * @param p99Micros the {@code 99%} line, in microseconds
 * @param requests the {@code N requests in T} count
 * @param errors socket errors (connect, read, write, timeout) plus non-2xx or 3xx responses
 */
record WrkOutput(double requestsPerSecond, double p50Micros, double p99Micros, long requests,
    long errors) {

  private static final Pattern REQUESTS_PER_SECOND =
      Pattern.compile("(?m)^Requests/sec:\\s+([0-9.]+)\\s*$");
  private static final Pattern REQUESTS = Pattern.compile("(?m)^\\s*([0-9]+) requests in ");
  private static final Pattern SOCKET_ERRORS = Pattern.compile(
      "(?m)^\\s*Socket errors: connect ([0-9]+), read ([0-9]+), write ([0-9]+), timeout ([0-9]+)");
  private static final Pattern NON_2XX = Pattern.compile("(?m)^\\s*Non-2xx or 3xx responses: ([0-9]+)");

  /**
   * Reads wrk's output.
   *
   * @throws IllegalArgumentException naming what is missing when the text is not the output of a
   *     finished {@code wrk --latency} run
   */
  static WrkOutput parse(String text) {
    double perSecond = Double.parseDouble(required(REQUESTS_PER_SECOND, text, "Requests/sec"));
    double p50 = percentile(text, "50");
    double p99 = percentile(text, "99");
    long requests = Long.parseLong(required(REQUESTS, text, "N requests in"));
    long errors = 0;
    Matcher socket = SOCKET_ERRORS.matcher(text);
    if (socket.find()) {
      for (int group = 1; group <= 4; group++) {
        errors += Long.parseLong(socket.group(group));
      }
    }
    Matcher non2xx = NON_2XX.matcher(text);
    if (non2xx.find()) {
      errors += Long.parseLong(non2xx.group(1));
    }
    return new WrkOutput(perSecond, p50, p99, requests, errors);
  }

  /** The latency at a percentile line of "Latency Distribution" ({@code "     99%    5.05ms"}). */
  private static double percentile(String text, String percent) {
    if (!text.contains("Latency Distribution")) {
      throw new IllegalArgumentException(
          "no Latency Distribution in wrk's output (run wrk with --latency):\n" + text);
    }
    Pattern line = Pattern.compile("(?m)^\\s*" + percent + "(?:\\.0+)?%\\s+([0-9.]+)(us|ms|s|m|h)\\s*$");
    Matcher m = line.matcher(text);
    if (!m.find()) {
      throw new IllegalArgumentException("no " + percent + "% latency in wrk's output:\n" + text);
    }
    return toMicros(Double.parseDouble(m.group(1)), m.group(2));
  }

  /** wrk's time units (its {@code units.c}: us, ms, s, m, h) in microseconds. */
  static double toMicros(double value, String unit) {
    return switch (unit) {
      case "us" -> value;
      case "ms" -> value * 1_000;
      case "s" -> value * 1_000_000;
      case "m" -> value * 60_000_000;
      case "h" -> value * 3_600_000_000.0;
      default -> throw new IllegalArgumentException("unknown wrk time unit: " + unit);
    };
  }

  private static String required(Pattern pattern, String text, String what) {
    Matcher m = pattern.matcher(text);
    if (!m.find()) {
      throw new IllegalArgumentException("no " + what + " in wrk's output:\n" + text);
    }
    return m.group(1);
  }
}
