package io.github.zipjack.bench.tune;

import io.github.zipjack.Compression;
import io.github.zipjack.Pipeline;
import java.nio.file.Path;

/** The pipeline a {@link Setting} is measured with: zipjack's defaults but for the compression. */
final class TunePipelines {
  private TunePipelines() {}

  /** Whether this zipjack can compress with a zstd dictionary (ZstdDictionary). */
  static boolean dictionarySupported() {
    return false;
  }

  /**
   * A new pipeline for the setting (the caller closes it); for the study's settings one without
   * compression, used only for its mapper.
   *
   * @param dictionary the zstd dictionary file of a {@code +dict} setting, else ignored
   */
  static Pipeline build(Setting setting, Path dictionary) {
    Compression compression = setting.study() ? Compression.none() : setting.codec().compression();
    if (setting.dictionary()) {
      throw new IllegalStateException("zstd with a dictionary needs ZstdDictionary: " + setting + " " + dictionary);
    }
    return Pipeline.builder().compression(compression).build();
  }
}
