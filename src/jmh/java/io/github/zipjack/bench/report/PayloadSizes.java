package io.github.zipjack.bench.report;

import io.github.zipjack.Compression;
import io.github.zipjack.Format;
import io.github.zipjack.Pipeline;
import io.github.zipjack.data.Datasets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Encoded sizes of the datasets, measured by encoding them with zipjack's pipeline, so the size
 * tables are facts about the bundled data and the library rather than numbers carried over from
 * a benchmark run.
 *
 * <p>Sizes are computed on first request and kept. Not thread-safe. Holds one pipeline per format
 * and level; {@link #close()} closes them.
 */
final class PayloadSizes implements AutoCloseable {

  /** The compression levels a size table covers: none, then gzip 0 to 9. */
  static final List<String> LEVELS =
      List.of(Suite.NO_COMPRESSION, "0", "1", "2", "3", "4", "5", "6", "7", "8", "9");

  private record Key(String dataset, Format format, String level) {}

  private record Setting(Format format, String level) {}

  private final Map<Key, Long> sizes = new HashMap<>();
  private final Map<Setting, Pipeline> pipelines = new HashMap<>();

  /**
   * The bytes of {@code dataset} encoded in {@code format} at {@code level}.
   *
   * @param level {@code "none"} or a gzip level {@code "0"} to {@code "9"}
   * @throws IllegalArgumentException for an unknown dataset or level
   */
  long bytes(String dataset, Format format, String level) {
    Key key = new Key(dataset, format, level);
    Long known = sizes.get(key);
    if (known != null) {
      return known;
    }
    Object value = Datasets.load(dataset).value();
    long size = pipeline(format, level).encode(value).length;
    sizes.put(key, size);
    return size;
  }

  /** The plain JSON size: the unit the report's MB/s figures count. */
  long jsonBytes(String dataset) {
    return bytes(dataset, Format.JSON, Suite.NO_COMPRESSION);
  }

  /** Whether a benchmark's dataset name can be measured here (built-in names and {@code file:} names). */
  static boolean measurable(String dataset) {
    return Datasets.NAMES.contains(dataset) || dataset.startsWith(Datasets.FILE_PREFIX);
  }

  /**
   * Whether a dataset can be loaded and encoded on this machine: a {@code file:} dataset of the
   * benchmark run may be missing where the report is written.
   */
  boolean loadable(String dataset) {
    if (!measurable(dataset)) {
      return false;
    }
    try {
      jsonBytes(dataset);
      return true;
    } catch (RuntimeException e) {
      return false;
    }
  }

  private Pipeline pipeline(Format format, String level) {
    return pipelines.computeIfAbsent(new Setting(format, level),
        s -> Pipeline.builder().format(s.format()).compression(compression(s.level())).build());
  }

  /** The compression a level parameter stands for: {@code "none"} or a gzip level. */
  static Compression compression(String level) {
    if (Suite.NO_COMPRESSION.equals(level)) {
      return Compression.none();
    }
    try {
      return Compression.gzip(Integer.parseInt(level));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("level must be none or 0 to 9: " + level, e);
    }
  }

  @Override
  public void close() {
    pipelines.values().forEach(Pipeline::close);
    pipelines.clear();
  }
}
