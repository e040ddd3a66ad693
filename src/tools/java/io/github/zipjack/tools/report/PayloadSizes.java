package io.github.zipjack.tools.report;

import io.github.zipjack.Format;
import io.github.zipjack.Pipeline;
import io.github.zipjack.bench.Codec;
import io.github.zipjack.data.Datasets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Encoded sizes of the datasets, measured by encoding them with zipjack's pipeline, so the size
 * tables are facts about the bundled data and the library rather than numbers carried over from
 * a benchmark run. Codecs are named as the benchmarks name them ({@link Codec}); {@code zlib-N}
 * forces the JDK's zlib, so the tables of the study (docs/benchmarks.md) come out the same on every
 * JDK.
 *
 * <p>Sizes are computed on first request and kept. A bundled dataset's sizes are kept for the JVM,
 * shared by every instance: the same library encoding the same bundled value gives the same bytes, so
 * a process that writes several reports (the report tests write dozens) encodes each once. Any other
 * dataset's sizes ({@code file:} ones above all, as a file may change between reports) are kept by
 * this instance only. Not thread-safe (the shared sizes are). Holds one pipeline per format and codec;
 * {@link #close()} closes them.
 */
final class PayloadSizes implements AutoCloseable {

  /** The gzip levels a size table covers, through the JDK's zlib: zlib-0 to zlib-9. */
  static final List<String> ZLIB_LEVELS = List.of("zlib-0", "zlib-1", "zlib-2", "zlib-3", "zlib-4",
      "zlib-5", "zlib-6", "zlib-7", "zlib-8", "zlib-9");

  private record Key(String dataset, Format format, String codec) {}

  private record Setting(Format format, String codec) {}

  /** Sizes of bundled datasets measured in this JVM, by any instance: they do not change. */
  private static final Map<Key, Long> BUNDLED_SIZES = new ConcurrentHashMap<>();

  /** Sizes of the other datasets ({@code file:} ones, {@code people-N}) measured by this instance. */
  private final Map<Key, Long> sizes = new HashMap<>();
  private final Map<Setting, Pipeline> pipelines = new HashMap<>();

  /**
   * The bytes of {@code dataset} encoded in {@code format} with {@code codec}.
   *
   * @param codec {@code "none"} or a codec such as {@code "zlib-6"}
   * @throws IllegalArgumentException for an unknown dataset or codec
   * @throws IllegalStateException for a codec this JVM cannot run (libdeflate before Java 25)
   */
  long bytes(String dataset, Format format, String codec) {
    Key key = new Key(dataset, format, codec);
    Map<Key, Long> kept = Datasets.NAMES.contains(dataset) ? BUNDLED_SIZES : sizes;
    Long known = kept.get(key);
    if (known != null) {
      return known;
    }
    Object value = Datasets.load(dataset).value();
    long size = pipeline(format, codec).encode(value).length;
    kept.put(key, size);
    return size;
  }

  /** {@link #bytes}, or empty when the codec cannot run here or the dataset cannot be loaded. */
  OptionalLong bytesIfAvailable(String dataset, Format format, String codec) {
    try {
      if (Codec.parse(codec).unavailableHere() != null || !loadable(dataset)) {
        return OptionalLong.empty();
      }
      return OptionalLong.of(bytes(dataset, format, codec));
    } catch (RuntimeException e) { // an engine whose native library did not load
      return OptionalLong.empty();
    }
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

  private Pipeline pipeline(Format format, String codec) {
    Setting setting = new Setting(format, codec);
    Pipeline pipeline = pipelines.get(setting);
    if (pipeline == null) {
      Codec parsed = Codec.parse(codec).requireAvailableHere();
      // One thread: the serial stream's sizes, the same on every machine (past parallelThresholdBytes
      // the default, one thread per core, cuts gzip into blocks and adds a few bytes a block).
      pipeline = Pipeline.builder().format(format).compression(parsed.compression()).compressionThreads(1).build();
      pipelines.put(setting, pipeline);
    }
    return pipeline;
  }

  @Override
  public void close() {
    pipelines.values().forEach(Pipeline::close);
    pipelines.clear();
  }
}
