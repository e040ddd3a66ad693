package io.github.zipjack.tools.tune;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * bench/tune's command line, parsed and checked. Immutable.
 *
 * @param time the time budget of the measurements
 * @param timeText the budget as written, for messages
 * @param maxSizePercent the largest compressed size accepted, % of the raw JSON; NaN when not given
 * @param report the report folder
 * @param trainDictionary where {@code --train-dictionary} writes the dictionary, or null to measure
 * @param httpDictionary {@code --http}: write the HTTP (raw content) form of the dictionary
 * @param inProcess {@code --in-process}: JMH without forks whatever the budget
 * @param help {@code -h} or {@code --help}
 * @param samples the sample paths
 */
record TuneOptions(Duration time, String timeText, double maxSizePercent, Path report, Path trainDictionary,
    boolean httpDictionary, boolean inProcess, boolean help, List<Path> samples) {

  static final String USAGE = String.join("\n",
      "usage: bench/tune [--time D] [--max-size PERCENT] [--report DIR] [--in-process] SAMPLES...",
      "       bench/tune --train-dictionary FILE [--http] SAMPLES...",
      "  SAMPLES             JSON files (one body each), JSON Lines files (.jsonl, .ndjson: one body a",
      "                      line) or folders of them",
      "  --time D            time budget of the measurements: 90s, 2m, 1m30s [3m]",
      "  --max-size PERCENT  recommend the fastest setting whose bodies are at most this % of the JSON",
      "  --report DIR        where the table (tune.md), the chart (tune.png) and JMH's log go [target/tune]",
      "  --in-process        run JMH without forks (quick, less reliable; chosen by itself when the",
      "                      budget is too short for one JVM per measurement)",
      "  --train-dictionary FILE  train a zstd dictionary on the samples and write it to FILE",
      "                      (zstd's own format: zstd -D FILE reads it), with its held-out gain;",
      "                      it takes none of the options above",
      "  --http              with --train-dictionary: write the HTTP form instead (RFC 9842 raw",
      "                      content, for HttpDictionary and dcz; the trained file's content part)");
  static final Duration DEFAULT_TIME = Duration.ofMinutes(3);
  private static final Pattern DURATION = Pattern.compile("(?:(\\d+)h)?(?:(\\d+)m(?!s))?(?:(\\d+)s)?(?:(\\d+)ms)?");

  /**
   * Parses the arguments.
   *
   * @throws BadInputException naming the option and its value, or what is missing
   */
  static TuneOptions parse(String[] args) throws BadInputException {
    Duration time = DEFAULT_TIME;
    String timeText = "3m";
    double maxSize = Double.NaN;
    Path report = Path.of("target", "tune");
    Path dictionary = null;
    boolean http = false;
    boolean inProcess = false;
    boolean help = false;
    Set<String> measuringOptions = new LinkedHashSet<>(); // given options that only a measurement uses
    List<Path> samples = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      switch (arg) {
        case "--time" -> {
          timeText = value(args, ++i, arg);
          time = duration(timeText);
          measuringOptions.add(arg);
        }
        case "--max-size" -> {
          maxSize = percent(value(args, ++i, arg));
          measuringOptions.add(arg);
        }
        case "--report" -> {
          report = Path.of(value(args, ++i, arg));
          measuringOptions.add(arg);
        }
        case "--train-dictionary" -> dictionary = Path.of(value(args, ++i, arg));
        case "--http" -> http = true;
        case "--in-process" -> {
          inProcess = true;
          measuringOptions.add(arg);
        }
        case "-h", "--help" -> help = true;
        case "--" -> {
          for (i++; i < args.length; i++) {
            samples.add(Path.of(args[i]));
          }
        }
        default -> {
          if (arg.startsWith("-")) {
            throw BadInputException.option("unknown option " + arg);
          }
          samples.add(Path.of(arg));
        }
      }
    }
    if (!help && dictionary != null && !measuringOptions.isEmpty()) {
      throw BadInputException.option("--train-dictionary takes no " + String.join(", ", measuringOptions)
          + ": training is not timed, measures only sizes and writes only its FILE; "
          + (measuringOptions.size() == 1 ? "leave it out" : "leave them out"));
    }
    if (!help && samples.isEmpty()) {
      throw BadInputException.option("no SAMPLES given: name JSON files, JSON Lines files or folders of them");
    }
    if (http && dictionary == null) {
      throw BadInputException.option("--http goes with --train-dictionary FILE: it says which form of the dictionary "
          + "to write");
    }
    return new TuneOptions(time, timeText, maxSize, report, dictionary, http, inProcess, help, List.copyOf(samples));
  }

  private static String value(String[] args, int i, String option) throws BadInputException {
    if (i >= args.length || args[i].startsWith("--")) {
      throw BadInputException.option(option + " needs a value");
    }
    return args[i];
  }

  /** {@code 90s}, {@code 2m}, {@code 1m30s}, {@code 500ms}, {@code 1h}. */
  static Duration duration(String text) throws BadInputException {
    Matcher m = DURATION.matcher(text);
    if (text.isEmpty() || !m.matches()) {
      throw BadInputException.option("--time must be a duration such as 90s, 2m or 1m30s: " + text);
    }
    Duration d = Duration.ZERO;
    long[] unitMillis = {3_600_000, 60_000, 1000, 1};
    for (int g = 1; g <= 4; g++) {
      if (m.group(g) != null) {
        d = d.plusMillis(Long.parseLong(m.group(g)) * unitMillis[g - 1]);
      }
    }
    if (d.isZero()) {
      throw BadInputException.option("--time must be positive: " + text);
    }
    return d;
  }

  /** {@code 30}, {@code 30%} or {@code 27.5}: a size in (0, 100] % of the JSON. */
  static double percent(String text) throws BadInputException {
    String number = text.endsWith("%") ? text.substring(0, text.length() - 1) : text;
    double value;
    try {
      value = Double.parseDouble(number);
    } catch (NumberFormatException e) {
      value = Double.NaN;
    }
    if (!(value > 0 && value <= 100)) {
      throw BadInputException.option("--max-size must be a percentage of the JSON in (0, 100], such as 30: " + text);
    }
    return value;
  }

  boolean hasMaxSize() {
    return !Double.isNaN(maxSizePercent);
  }
}
