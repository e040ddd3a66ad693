package io.github.zipjack.tools.tune;

import io.github.zipjack.bench.Codec;
import java.util.ArrayList;
import java.util.List;

/**
 * One way of sending the samples that bench/tune measures: a zipjack {@link Codec} ({@code zlib-1},
 * {@code libdeflate-6}, {@code zstd-1}, {@code brotli-4}, ...), zstd with a dictionary trained on
 * the samples ({@code zstd-1+dict}), or the study's code ({@code study-gzip-1}: Jackson into a new
 * level-setting GZIPOutputStream per body, default buffers). Its name is the benchmark's
 * {@code setting} parameter. Immutable.
 *
 * @param codec the engine and level
 * @param dictionary whether zstd uses the trained dictionary
 * @param study whether this is the study's GZIPOutputStream code rather than a zipjack pipeline
 */
record Setting(Codec codec, boolean dictionary, boolean study) {
  static final String DICTIONARY_SUFFIX = "+dict";
  static final String STUDY_PREFIX = "study-gzip-";

  /** The zipjack settings that matter: a fast and a small level per engine (docs/tuning.md). */
  static final List<String> ZIPJACK_DEFAULTS =
      List.of("zlib-1", "zlib-6", "libdeflate-1", "libdeflate-6", "zstd-1", "zstd-3", "brotli-4", "brotli-5");
  /** The study's two levels, marked on the chart. */
  static final List<String> STUDY_DEFAULTS = List.of(STUDY_PREFIX + 1, STUDY_PREFIX + 6);

  /**
   * Parses a name as {@link #name()} writes it.
   *
   * @throws IllegalArgumentException naming the value
   */
  static Setting parse(String name) {
    if (name.startsWith(STUDY_PREFIX)) {
      return new Setting(Codec.parse("zlib-" + name.substring(STUDY_PREFIX.length())), false, true);
    }
    if (name.endsWith(DICTIONARY_SUFFIX)) {
      Codec codec = Codec.parse(name.substring(0, name.length() - DICTIONARY_SUFFIX.length()));
      if (!Codec.ZSTD.equals(codec.engine())) {
        throw new IllegalArgumentException("only zstd takes a dictionary: " + name);
      }
      return new Setting(codec, true, false);
    }
    return new Setting(Codec.parse(name), false, false);
  }

  /**
   * The settings measured here, in table order: the zipjack defaults that can run in this JVM,
   * {@code zstd-1+dict} when asked for, then the study's.
   */
  static List<Setting> defaults(boolean withDictionary) {
    List<Setting> settings = new ArrayList<>();
    for (String name : ZIPJACK_DEFAULTS) {
      Setting setting = parse(name);
      if (setting.codec.unavailableHere() == null) {
        settings.add(setting);
      }
    }
    if (withDictionary) {
      settings.add(parse("zstd-1" + DICTIONARY_SUFFIX));
    }
    STUDY_DEFAULTS.forEach(name -> settings.add(parse(name)));
    return settings;
  }

  /** {@code zstd-1}, {@code zstd-1+dict} or {@code study-gzip-6}. */
  String name() {
    if (study) {
      return STUDY_PREFIX + codec.level();
    }
    return codec.name() + (dictionary ? DICTIONARY_SUFFIX : "");
  }

  /**
   * The {@code Compression} factory call that makes this setting in a pipeline, as a user writes
   * it; null for the study's code.
   *
   * @param dictionaryFile the dictionary file a {@code +dict} setting names
   */
  String compressionCall(String dictionaryFile) {
    if (study) {
      return null;
    }
    int level = codec.level();
    return switch (codec.engine()) {
      case Codec.ZLIB -> "Compression.gzip(" + level + ", GzipImplementation.ZLIB)";
      case Codec.LIBDEFLATE -> "Compression.gzip(" + level + ")";
      case Codec.ZSTD -> dictionary
          ? "Compression.zstd(" + level + ", ZstdDictionary.read(Path.of(\"" + dictionaryFile + "\")))"
          : "Compression.zstd(" + level + ")";
      case Codec.BROTLI -> "Compression.brotli(" + level + ")";
      default -> "Compression.none()";
    };
  }

  /**
   * The servlet filter's {@code codings} value with this setting first and gzip level 1 after it
   * for clients that do not take it; null when the filter cannot serve it (a private dictionary: no
   * browser has it; the study's code).
   */
  String codings() {
    if (study || dictionary) {
      return null;
    }
    int level = codec.level();
    return switch (codec.engine()) {
      case Codec.ZLIB -> "gzip(" + level + ", ZLIB)";
      case Codec.LIBDEFLATE -> "gzip(" + level + ")";
      case Codec.ZSTD -> "zstd(" + level + "), gzip(1)";
      case Codec.BROTLI -> "brotli(" + level + "), gzip(1)";
      default -> null;
    };
  }

  @Override
  public String toString() {
    return name();
  }
}
