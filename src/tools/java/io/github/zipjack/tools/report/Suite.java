package io.github.zipjack.tools.report;

import io.github.zipjack.bench.Codec;
import java.util.List;

/**
 * The names under which zipjack's benchmarks, their methods and parameters appear in JMH results.
 * The report finds the study's baseline and the ceiling through them; a renamed benchmark must be
 * renamed here too (the report's tests read a recorded result file and catch the mismatch).
 */
final class Suite {

  static final String SEED = "SeedBenchmark";
  static final String PIPELINE = "PipelineBenchmark";
  static final String CEILING = "CeilingBenchmark";
  static final String DECODE = "DecodeBenchmark";
  static final String LARGE_BODY = "LargeBodyBenchmark";
  /** The order of the report's sections; other benchmark classes follow in name order. */
  static final List<String> CLASS_ORDER = List.of(SEED, PIPELINE, CEILING, DECODE, LARGE_BODY);

  static final String SEED_BASELINE = "baseline";
  /** The study's three optimizations together: Afterburner, 64 KB deflater buffer, 64 KB BufferedOutputStream. */
  static final String SEED_ALL = "afterburner_deflaterBuffer_bufferedInput";
  static final String SERIALIZE_ONLY = "serializeOnly";
  static final String COMPRESS_ONLY = "compressOnly";
  static final String COPY_ONLY = "copyOnly";
  /** The pipeline method the charts and the key table follow: the pooled path a server uses. */
  static final String PIPELINE_MAIN = "encodeToBody";
  /**
   * PipelineBenchmark's code without zipjack for the codec, on any dataset: the study's baseline for
   * zlib, a new ZstdOutputStream or BrotliOutputStream per body, writeValueAsBytes + one libdeflate call.
   */
  static final String PIPELINE_CLASSIC = "classicStream";
  /** PipelineBenchmark's copy of the study's best (zlib codecs), on any dataset. */
  static final String PIPELINE_STUDY_BEST = "studyBest";
  /** LargeBodyBenchmark's one method: compress serialized bytes in the encoder its {@link #SHAPE} lends. */
  static final String LARGE_BODY_COMPRESS = "compress";

  static final String NUM_COPIES = "numCopies";
  static final String COMPRESSION_LEVEL = "compressionLevel";
  static final String DATASET = "dataset";
  static final String FORMAT = "format";
  /** An engine and level, such as "zlib-1" or "zstd-3" (see {@link Codec}), or {@link #NO_COMPRESSION}. */
  static final String CODEC = "codec";
  /** Results written before the engines: a gzip level "0" to "9" (the JDK's zlib), or {@link #NO_COMPRESSION}. */
  static final String LEVEL = "level";
  static final String ACCELERATOR = "accelerator";
  /** LargeBodyBenchmark's encoder: {@code whole} or {@code streaming}. */
  static final String SHAPE = "shape";
  static final String NO_COMPRESSION = "none";
  static final String JSON = "JSON";

  /** The study's payloads: numCopies 1 is 100 records, 10 is the same 100 records ten times. */
  static final String STUDY_X1 = "people-100";
  static final String STUDY_X10 = "people-100x10";
  /** The datasets the report measures sizes of, smallest first. */
  static final List<String> BUNDLED_DATASETS =
      List.of("people-1", "people-10", STUDY_X1, STUDY_X10, "numeric");

  /** The people dataset of one record: the small-body targets. */
  static final String ONE_RECORD = "people-1";
  /** The codecs of the study's two levels, zlib 1 (its advice) and zlib 6 (gzip's default). */
  static final String STUDY_LEVEL_1 = Codec.ZLIB + "-1";
  static final String STUDY_LEVEL_6 = Codec.ZLIB + "-6";

  private Suite() {}

  /**
   * A key that sorts codecs as tables list them: by engine (zlib, libdeflate, zstd, brotli, none),
   * then by level; an unknown name last.
   */
  static String codecOrder(String codec) {
    try {
      Codec c = Codec.parse(codec);
      return String.format("%d-%03d", Codec.ENGINES.indexOf(c.engine()), c.level() + 1);
    } catch (IllegalArgumentException e) {
      return "9-" + codec;
    }
  }

  /** The dataset a SeedBenchmark numCopies value stands for, or null for a value the study did not use. */
  static String studyDataset(String numCopies) {
    return switch (numCopies) {
      case "1" -> STUDY_X1;
      case "10" -> STUDY_X10;
      default -> null;
    };
  }

  /**
   * Whether a benchmark class serializes and compresses, so that the encode baseline and ceiling
   * apply: not DecodeBenchmark (the other direction), not LargeBodyBenchmark (compression alone).
   */
  static boolean encodes(String className) {
    return !DECODE.equals(className) && !LARGE_BODY.equals(className);
  }
}
