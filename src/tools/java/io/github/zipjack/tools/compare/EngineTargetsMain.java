package io.github.zipjack.tools.compare;

import io.github.zipjack.bench.Codec;
import io.github.zipjack.tools.compare.TargetRounds.Target;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The engines' speed targets on this JDK, judged by paired rounds (each round a fresh JVM per
 * configuration, their turns interleaved: {@link JvmRounds}), in JSON at one thread unless said:
 * <ul>
 * <li>on x1 (people-100): libdeflate-1 (Java 25) at least 1.7x the study's best at level 1, zstd-1
 *     at least 2.2x, and 1.2x a new ZstdOutputStream per body; brotli-5 at least the study's best at
 *     level 6; zlib-1 and zlib-6 at least the study's best at their level; each engine and level at
 *     least 0.95x (zlib) or 0.9x (the others) of its serial ceiling, {@code 1 / (1/S + 1/C)} from
 *     serializing alone (S) and compressing the serialized bytes alone (C), taken turn by turn; four
 *     engines on 2 threads at least 1.8x their 1 thread;
 * <li>on one record (people-1): four engines at least the study's best at the level each stands
 *     for (level 6 for brotli, else 1).
 * </ul>
 * A verdict "holds" only when the whole 95% interval is on the target's side. Sizes and allocation,
 * exact, stay in the report's engine section.
 *
 * <pre>
 * java -cp target/benchmarks.jar io.github.zipjack.tools.compare.EngineTargetsMain SECONDS_PER_DATASET OUT.md [DATASET...]
 * </pre>
 *
 * Exits with 2 on bad arguments, 1 when a round fails.
 */
public final class EngineTargetsMain {
  static final String PIPELINE = "io.github.zipjack.bench.PipelineBenchmark.";
  static final String CEILING = "io.github.zipjack.bench.CeilingBenchmark.";
  static final String X1 = "people-100";
  static final String ONE_RECORD = "people-1";
  static final List<String> DATASETS = List.of(X1, ONE_RECORD);
  /** Every engine and level of the quick suite. */
  static final List<String> CODECS =
      List.of("zlib-1", "zlib-6", "libdeflate-1", "libdeflate-6", "zstd-1", "zstd-3", "brotli-4", "brotli-5");
  /** The engines measured on 2 threads and on one record. */
  static final List<String> FOUR_CODECS = List.of("zlib-1", "libdeflate-1", "zstd-1", "brotli-5");
  static final String STUDY_L1 = "study best L1";
  static final String STUDY_L6 = "study best L6";
  static final String CLASSIC_ZSTD = "new ZstdOutputStream per body";
  static final String SERIALIZE = "serialize only";
  /**
   * Per round: 2 warm-up turns of 600 ms a configuration (x1 is warm after about 3 s of one
   * configuration alone, and the turns of two dozen configurations take a minute), then 5 measured
   * turns of 200 ms, in slices of 20 ms.
   */
  static final InterleavedTurns TURNS = new InterleavedTurns(2, 5, 600, 200, InterleavedTurns.DEFAULT_SLICE_MILLIS);
  static final int MAX_ROUNDS = 30;

  private EngineTargetsMain() {}

  public static void main(String[] args) throws IOException {
    TargetRounds.Arguments arguments = TargetRounds.Arguments.parse("EngineTargetsMain", args, DATASETS);
    List<String> codecs = CODECS.stream().filter(c -> Codec.parse(c).unavailableHere() == null).toList();
    List<TargetRounds.TargetSet> sets = new ArrayList<>();
    for (String dataset : arguments.sets()) {
      sets.add(new TargetRounds.TargetSet(dataset, configurations(dataset, codecs),
          dataset.equals(X1) ? ceilings(codecs) : List.of(), targets(dataset, codecs)));
    }
    TargetRounds.runAndReport("Engine targets", "dataset", sets, TURNS, arguments.budget(), MAX_ROUNDS,
        arguments.out(), "engine-rounds", dataset -> List.of());
  }

  /** What the rounds on {@code dataset} measure, by name. */
  static List<JmhConfiguration> configurations(String dataset, List<String> codecs) {
    List<JmhConfiguration> all = new ArrayList<>();
    all.add(pipeline(STUDY_L1, "studyBest", dataset, "zlib-1", 1));
    all.add(pipeline(STUDY_L6, "studyBest", dataset, "zlib-6", 1));
    if (dataset.equals(ONE_RECORD)) {
      fourOf(codecs).forEach(codec -> all.add(pipeline(codec, "encodeToBody", dataset, codec, 1)));
      return all;
    }
    for (String codec : codecs) {
      all.add(pipeline(codec, "encodeToBody", dataset, codec, 1));
      all.add(new JmhConfiguration(codec + " compress only", CEILING + "compressOnly",
          Map.of("dataset", dataset, "format", "JSON", "codec", codec)));
    }
    fourOf(codecs).forEach(codec -> all.add(pipeline(codec + " 2 threads", "encodeToBody", dataset, codec, 2)));
    all.add(pipeline(CLASSIC_ZSTD, "classicStream", dataset, "zstd-1", 1));
    all.add(new JmhConfiguration(SERIALIZE, CEILING + "serializeOnly", Map.of("dataset", dataset, "format", "JSON")));
    return all;
  }

  /** Each engine's serial ceiling, turn by turn: serializing, then compressing, on one thread. */
  static List<DerivedConfiguration> ceilings(List<String> codecs) {
    return codecs.stream().map(codec -> new DerivedConfiguration(codec + " ceiling", SERIALIZE,
        codec + " compress only", (s, c) -> 1 / (1 / s + 1 / c))).toList();
  }

  /** The targets on {@code dataset}, as ratios of throughputs. */
  static List<Target> targets(String dataset, List<String> codecs) {
    List<Target> targets = new ArrayList<>();
    if (dataset.equals(ONE_RECORD)) {
      for (String codec : fourOf(codecs)) {
        String study = codec.startsWith(Codec.BROTLI) ? STUDY_L6 : STUDY_L1;
        targets.add(Target.throughputAtLeast(codec + " × " + study, codec, study, 1.0));
      }
      return targets;
    }
    if (codecs.contains("libdeflate-1")) {
      targets.add(Target.throughputAtLeast("libdeflate-1 × " + STUDY_L1, "libdeflate-1", STUDY_L1, 1.7));
    }
    targets.add(Target.throughputAtLeast("zstd-1 × " + STUDY_L1, "zstd-1", STUDY_L1, 2.2));
    targets.add(Target.throughputAtLeast("zstd-1 × " + CLASSIC_ZSTD, "zstd-1", CLASSIC_ZSTD, 1.2));
    targets.add(Target.throughputAtLeast("brotli-5 × " + STUDY_L6, "brotli-5", STUDY_L6, 1.0));
    targets.add(Target.throughputAtLeast("zlib-1 × " + STUDY_L1, "zlib-1", STUDY_L1, 1.0));
    targets.add(Target.throughputAtLeast("zlib-6 × " + STUDY_L6, "zlib-6", STUDY_L6, 1.0));
    for (String codec : codecs) {
      targets.add(Target.throughputAtLeast(codec + " × own serial ceiling", codec, codec + " ceiling",
          codec.startsWith(Codec.ZLIB) ? 0.95 : 0.9));
    }
    for (String codec : fourOf(codecs)) {
      targets.add(Target.throughputAtLeast(codec + " 2 threads × 1 thread", codec + " 2 threads", codec, 1.8));
    }
    return targets;
  }

  private static List<String> fourOf(List<String> codecs) {
    return FOUR_CODECS.stream().filter(codecs::contains).toList();
  }

  private static JmhConfiguration pipeline(String name, String method, String dataset, String codec, int threads) {
    Map<String, String> params = new LinkedHashMap<>(Map.of("dataset", dataset, "format", "JSON", "codec", codec));
    if (threads != 1) {
      params.put(JmhConfiguration.THREADS, Integer.toString(threads));
    }
    return new JmhConfiguration(name, PIPELINE + method, params);
  }
}
