package io.github.zipjack.tools.tune;

import io.github.zipjack.Compression;
import io.github.zipjack.Pipeline;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * bench/tune's inputs for other commands (bench/compare): its setting names, its sample formats and
 * its durations, checked as bench/tune checks them, each failure an {@link IllegalArgumentException}
 * whose message is the one line to print. Stateless.
 */
public final class TuneInputs {
  /** The benchmark that measures a setting's encoding of the samples. */
  public static final String ENCODE_BENCHMARK = TuneBenchmark.class.getName() + ".encode";

  private TuneInputs() {}

  /**
   * The setting's name as bench/tune writes it ({@code zstd-1}, {@code study-gzip-6}); a setting with
   * a trained dictionary is refused, since it needs training first.
   *
   * @throws IllegalArgumentException naming the setting and why
   */
  public static String setting(String name) {
    Setting setting;
    try {
      setting = Setting.parse(name);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("unknown setting " + name + ": " + e.getMessage()
          + " (settings are named as bench/tune names them: zlib-1, libdeflate-6, zstd-3, brotli-4, none,"
          + " study-gzip-1; docs/tuning.md)", e);
    }
    if (setting.dictionary()) {
      throw new IllegalArgumentException("unknown setting " + name + ": a dictionary setting needs training; compare"
          + " the dictionary with bench/tune");
    }
    String unavailable = setting.codec().unavailableHere();
    if (unavailable != null) {
      throw new IllegalArgumentException("setting " + name + " cannot run on this JDK: " + unavailable);
    }
    return setting.name();
  }

  /**
   * Reads the samples (JSON files, JSON Lines files, folders of them) and writes their bodies, one a
   * line, to {@code jsonLines}, for the benchmark's JVMs.
   *
   * @return how many bodies
   * @throws IllegalArgumentException naming the file (and line) of the first problem, or that there are none
   * @throws IOException if {@code jsonLines} cannot be written
   */
  public static int writeSamples(List<Path> paths, Path jsonLines) throws IOException {
    try (Pipeline plain = Pipeline.builder().compression(Compression.none()).build()) {
      Samples samples = Samples.read(paths, jsonLines.toAbsolutePath().getParent(), plain.mapperCopy());
      samples.writeJsonLines(jsonLines, plain.mapperCopy());
      return samples.values().size();
    } catch (BadInputException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  /**
   * {@code 90s}, {@code 2m}, {@code 1m30s}.
   *
   * @throws IllegalArgumentException naming {@code option} and the text
   */
  public static Duration duration(String option, String text) {
    try {
      return TuneOptions.duration(text);
    } catch (BadInputException e) {
      throw new IllegalArgumentException(e.getMessage().replace("--time", option), e);
    }
  }
}
