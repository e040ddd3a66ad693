package io.github.zipjack.tools.tune;

import io.github.zipjack.Compression;
import io.github.zipjack.Pipeline;
import io.github.zipjack.ZstdDictionary;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/** The pipeline a {@link Setting} is measured with: zipjack's defaults but for the compression. */
final class TunePipelines {
  private TunePipelines() {}

  /** As {@link #build(Setting, Path, int)} with zipjack's default {@code compressionThreads}. */
  static Pipeline build(Setting setting, Path dictionary) {
    return build(setting, dictionary, 0);
  }

  /**
   * A new pipeline for the setting (the caller closes it); for the study's settings one without
   * compression, used only for its mapper.
   *
   * @param dictionary the zstd dictionary file of a {@code +dict} setting, else ignored
   * @param compressionThreads the pipeline's {@code compressionThreads}; 0 for zipjack's default
   * @throws UncheckedIOException if the dictionary cannot be read
   */
  static Pipeline build(Setting setting, Path dictionary, int compressionThreads) {
    Compression compression;
    if (setting.study()) {
      compression = Compression.none();
    } else if (setting.dictionary()) {
      try {
        compression = Compression.zstd(setting.codec().level(), ZstdDictionary.read(dictionary));
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read the dictionary " + dictionary, e);
      }
    } else {
      compression = setting.codec().compression();
    }
    Pipeline.Builder builder = Pipeline.builder().compression(compression);
    if (compressionThreads > 0) {
      builder.compressionThreads(compressionThreads);
    }
    return builder.build();
  }
}
