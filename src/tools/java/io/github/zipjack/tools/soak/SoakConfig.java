package io.github.zipjack.tools.soak;

import java.time.Duration;

/**
 * The soak's settings, parsed from its command line and validated: {@code --duration 10m --warmup 1m
 * --threads 50 --interval 5s}. Immutable.
 */
record SoakConfig(Duration duration, Duration warmup, int threads, Duration interval) {
  static final String USAGE = "usage: SoakMain [--duration 10m] [--warmup 1m] [--threads 50] [--interval 5s]"
      + " (durations: 500ms, 30s, 10m, 1h)";

  SoakConfig {
    if (threads < 1 || threads > 1000) {
      throw new IllegalArgumentException("--threads must be in [1, 1000]: " + threads);
    }
    if (!warmup.isNegative() && warmup.compareTo(duration) >= 0) {
      throw new IllegalArgumentException("--warmup (" + warmup + ") must be shorter than --duration (" + duration + ")");
    }
    if (interval.toMillis() < 100) {
      throw new IllegalArgumentException("--interval must be at least 100ms: " + interval);
    }
  }

  static SoakConfig parse(String... args) {
    Duration duration = Duration.ofMinutes(10);
    Duration warmup = Duration.ofMinutes(1);
    int threads = 50;
    Duration interval = Duration.ofSeconds(5);
    for (int i = 0; i < args.length; i += 2) {
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException(args[i] + " needs a value; " + USAGE);
      }
      String value = args[i + 1];
      switch (args[i]) {
        case "--duration" -> duration = duration(value);
        case "--warmup" -> warmup = duration(value);
        case "--threads" -> threads = integer("--threads", value);
        case "--interval" -> interval = duration(value);
        default -> throw new IllegalArgumentException("unknown option " + args[i] + "; " + USAGE);
      }
    }
    return new SoakConfig(duration, warmup, threads, interval);
  }

  /** {@code 500ms}, {@code 30s}, {@code 10m}, {@code 1h}. */
  static Duration duration(String text) {
    try {
      if (text.endsWith("ms")) {
        return Duration.ofMillis(Long.parseLong(text.substring(0, text.length() - 2)));
      }
      long n = Long.parseLong(text.substring(0, text.length() - 1));
      switch (text.charAt(text.length() - 1)) {
        case 's': return Duration.ofSeconds(n);
        case 'm': return Duration.ofMinutes(n);
        case 'h': return Duration.ofHours(n);
        default: break;
      }
    } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
      // fall through to the explanation
    }
    throw new IllegalArgumentException("not a duration such as 500ms, 30s, 10m or 1h: " + text);
  }

  private static int integer(String option, String text) {
    try {
      return Integer.parseInt(text);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(option + " is not a whole number: " + text);
    }
  }
}
