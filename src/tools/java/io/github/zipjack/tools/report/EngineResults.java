package io.github.zipjack.tools.report;

import io.github.zipjack.Format;
import io.github.zipjack.bench.Codec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * The figures the engine table, its chart and the targets share: zipjack's {@code encodeToBody} at
 * its default settings per workload, the code without zipjack beside it, the best of the study
 * (docs/benchmarks.md), each
 * engine's own serial ceiling, Jackson's own allocation and the compressed sizes.
 *
 * <p>"Default settings" are those of the quick suite: no accelerator, 64 KB input and deflater
 * buffers, streaming, Jackson's double writer; a result that varies one of them (such as
 * {@code accelerator=BLACKBIRD}) is a question of its own and stays in the throughput tables.
 */
final class EngineResults {

  /** Parameters at these values (or absent) make a result one of zipjack's default settings. */
  private static final Map<String, String> DEFAULTS = Map.of(
      Suite.ACCELERATOR, "NONE", "inputBufferSize", "65536", "deflaterBufferSize", "65536",
      "wholeBody", "false", "fastDoubleWriter", "false");

  private final ResultSet results;
  private final PayloadSizes sizes;

  EngineResults(ResultSet results, PayloadSizes sizes) {
    this.results = results;
    this.sizes = sizes;
  }

  /** zipjack's encodeToBody at default settings: by dataset (the bundled ones smallest first), threads, then engine and level. */
  List<JmhResult> rows() {
    List<JmhResult> rows = results.select(r -> r.className().equals(Suite.PIPELINE)
        && r.method().equals(Suite.PIPELINE_MAIN) && defaults(r) && Workload.of(r).isPresent());
    List<String> datasets = new ArrayList<>(Suite.BUNDLED_DATASETS);
    rows.forEach(r -> {
      if (!datasets.contains(r.param(Suite.DATASET))) {
        datasets.add(r.param(Suite.DATASET));
      }
    });
    rows.sort(Comparator.comparing((JmhResult r) -> datasets.indexOf(r.param(Suite.DATASET)))
        .thenComparing(r -> Workload.of(r).get().format())
        .thenComparing(JmhResult::threads)
        .thenComparing(r -> Suite.codecOrder(Workload.codecOf(r))));
    return rows;
  }

  static boolean defaults(JmhResult r) {
    for (Map.Entry<String, String> d : DEFAULTS.entrySet()) {
      String value = r.param(d.getKey());
      if (value != null && !value.equals(d.getValue())) {
        return false;
      }
    }
    return true;
  }

  Optional<JmhResult> encode(Workload w) {
    return rows().stream().filter(r -> Workload.of(r).get().equals(w)).findFirst();
  }

  /** encodeToBody with one parameter (such as the accelerator) at another value, the rest at defaults. */
  Optional<JmhResult> encodeWith(Workload w, String param, String value) {
    for (JmhResult r : results.of(Suite.PIPELINE, Suite.PIPELINE_MAIN)) {
      if (value.equals(r.param(param)) && Workload.of(r).filter(w::equals).isPresent()) {
        return Optional.of(r);
      }
    }
    return Optional.empty();
  }

  /**
   * The study's best at a zlib workload: PipelineBenchmark.studyBest on that dataset, else
   * SeedBenchmark's three optimizations together on the study's payloads.
   */
  Optional<JmhResult> studyBest(Workload w) {
    Optional<JmhResult> any = results.find(Suite.PIPELINE, Suite.PIPELINE_STUDY_BEST, w);
    return any.isPresent() ? any : results.find(Suite.SEED, Suite.SEED_ALL, w);
  }

  /** What Jackson allocates on its own per body: CeilingBenchmark.serializeOnly of the same dataset, format and threads. */
  OptionalDouble jacksonAllocation(Workload w) {
    for (JmhResult r : results.of(Suite.CEILING, Suite.SERIALIZE_ONLY)) {
      if (r.hasAllocation() && Workload.of(r).filter(s -> s.withCodec(w.codec()).equals(w)).isPresent()) {
        return OptionalDouble.of(r.allocBytesPerOp());
      }
    }
    return OptionalDouble.empty();
  }

  /**
   * Bytes per body the workload's pipeline allocates beyond Jackson alone, measured now by
   * {@link AllocationProbe}; empty when its codec cannot run in this JVM or its dataset is missing.
   */
  OptionalLong allocationBeyondJackson(Workload w) {
    Codec codec = Codec.parse(w.codec());
    if (codec.unavailableHere() != null || !sizes.loadable(w.dataset())) {
      return OptionalLong.empty();
    }
    try {
      return OptionalLong.of(AllocationProbe.bytesBeyondJackson(codec.compression(), Format.valueOf(w.format()),
          io.github.zipjack.data.Datasets.load(w.dataset()).value()));
    } catch (RuntimeException e) { // an engine whose native library did not load
      return OptionalLong.empty();
    }
  }

  /** The workload's body size, encoded now; empty when its codec cannot run in this JVM. */
  OptionalLong size(Workload w) {
    return sizes.bytesIfAvailable(w.dataset(), Format.valueOf(w.format()), w.codec());
  }

  long rawSize(Workload w) {
    return sizes.bytes(w.dataset(), Format.valueOf(w.format()), Suite.NO_COMPRESSION);
  }

  /** The size as a fraction of the uncompressed size, or NaN. */
  double sizeFraction(Workload w) {
    OptionalLong size = size(w);
    if (size.isEmpty() || !sizes.loadable(w.dataset())) {
      return Double.NaN;
    }
    return (double) size.getAsLong() / rawSize(w);
  }
}
