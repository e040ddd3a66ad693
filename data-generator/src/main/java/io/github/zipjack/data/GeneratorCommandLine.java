package io.github.zipjack.data;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * The command line of {@link DatasetGenerator#main(String[])}: parses the arguments, generates the
 * dataset and writes it. Separate from {@code main} so that tests can run it without exiting.
 * Thread-safe: {@link #run} keeps its state in locals.
 */
final class GeneratorCommandLine {
  /** Exit status for a wrong argument. */
  static final int USAGE_ERROR = 2;
  /** Exit status when the output file cannot be written. */
  static final int IO_ERROR = 1;
  /** Default rows of {@code --kind stock}: the benchmarks' {@code stock-16000}. */
  static final int STOCK_ROWS = 16_000;

  static final String USAGE = String.join(System.lineSeparator(),
      "usage: java -cp target/benchmarks.jar io.github.zipjack.data.DatasetGenerator \\",
      "         --kind people|stock|numeric --out FILE [--records N] [--values N] [--seed S]",
      "  --kind     people: a JSON array of N Person records",
      "             stock: a JSON array of N StockLevel rows (default " + STOCK_ROWS + ": 4.7 MB)",
      "             numeric: a NumericDataset object of N series",
      "  --out      the file to write, compact UTF-8 JSON (parent directories are created)",
      "  --records  N >= 1: people (default " + Datasets.PEOPLE_COUNT + ") or series (default "
          + Datasets.NUMERIC_SERIES_COUNT + ")",
      "  --values   values per series, numeric only (default "
          + Datasets.NUMERIC_VALUES_PER_SERIES + ")",
      "  --seed     any long (default: the seed of the committed file, "
          + Datasets.PEOPLE_SEED + " for people, " + Datasets.NUMERIC_SEED
          + " for numeric; " + Datasets.STOCK_SEED + ", stock-N's, for stock)",
      "With the defaults it rewrites people-100.json or numeric.json byte for byte.");

  private GeneratorCommandLine() {
  }

  /**
   * Runs the command; returns the exit status: 0 on success (a line on {@code out}),
   * {@link #USAGE_ERROR} or {@link #IO_ERROR} with a message on {@code err}.
   */
  static int run(String[] args, PrintStream out, PrintStream err) {
    String kind = null;
    String outFile = null;
    Integer records = null;
    Integer values = null;
    Long seed = null;
    try {
      for (int i = 0; i < args.length; i++) {
        String option = args[i];
        if (option.equals("--help") || option.equals("-h")) {
          out.println(USAGE);
          return 0;
        }
        if (i + 1 == args.length) {
          throw new IllegalArgumentException(option.startsWith("--")
              ? "missing value for " + option : "unexpected argument: " + option);
        }
        String value = args[++i];
        switch (option) {
          case "--kind" -> kind = kind(value);
          case "--out" -> outFile = value;
          case "--records" -> records = positiveInt(option, value);
          case "--values" -> values = positiveInt(option, value);
          case "--seed" -> seed = seed(value);
          default -> throw new IllegalArgumentException("unknown option: " + option);
        }
      }
      if (kind == null) {
        throw new IllegalArgumentException("--kind is required");
      }
      if (outFile == null) {
        throw new IllegalArgumentException("--out is required");
      }
      if (values != null && !kind.equals("numeric")) {
        throw new IllegalArgumentException("--values is only for --kind numeric: " + values);
      }
      Path path = path(outFile);
      byte[] json = switch (kind) {
        case "people" -> DatasetGenerator.toJson(DatasetGenerator.people(
            orElse(records, Datasets.PEOPLE_COUNT),
            orElse(seed, Datasets.PEOPLE_SEED)));
        case "stock" -> DatasetGenerator.toJson(StockLevels.rows(
            orElse(records, STOCK_ROWS),
            orElse(seed, Datasets.STOCK_SEED)));
        default -> DatasetGenerator.toJson(DatasetGenerator.numeric(
            orElse(records, Datasets.NUMERIC_SERIES_COUNT),
            orElse(values, Datasets.NUMERIC_VALUES_PER_SERIES),
            orElse(seed, Datasets.NUMERIC_SEED)));
      };
      return write(path, json, out, err);
    } catch (IllegalArgumentException e) {
      err.println("error: " + e.getMessage());
      err.println(USAGE);
      return USAGE_ERROR;
    }
  }

  private static int write(Path path, byte[] json, PrintStream out, PrintStream err) {
    try {
      Path parent = path.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      Files.write(path, json);
    } catch (IOException e) {
      err.println("error: cannot write " + path + ": " + e);
      return IO_ERROR;
    }
    out.println("wrote " + json.length + " bytes to " + path);
    return 0;
  }

  private static String kind(String value) {
    if (!value.equals("people") && !value.equals("stock") && !value.equals("numeric")) {
      throw new IllegalArgumentException("--kind must be people, stock or numeric: " + value);
    }
    return value;
  }

  private static int positiveInt(String option, String value) {
    int number;
    try {
      number = Integer.parseInt(value);
    } catch (NumberFormatException e) {
      number = 0;
    }
    if (number < 1) {
      throw new IllegalArgumentException(
          option + " must be an integer in [1, " + Integer.MAX_VALUE + "]: " + value);
    }
    return number;
  }

  private static long seed(String value) {
    try {
      return Long.parseLong(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--seed must be a long integer: " + value, e);
    }
  }

  private static Path path(String value) {
    try {
      return Path.of(value);
    } catch (InvalidPathException e) {
      throw new IllegalArgumentException("--out is not a valid path: " + value, e);
    }
  }

  private static <T> T orElse(T value, T fallback) {
    return value != null ? value : fallback;
  }
}
