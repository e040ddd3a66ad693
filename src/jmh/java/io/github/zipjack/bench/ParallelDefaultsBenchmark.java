package io.github.zipjack.bench;

import io.github.zipjack.Accelerator;
import io.github.zipjack.Pipeline;
import io.github.zipjack.data.DatasetGenerator;
import java.io.IOException;
import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Where do the defaults of compressionThreads and parallelThresholdBytes come from, and what do
 * the blocks' engines (zlib, libdeflate) cost? One caller thread encodes one body of {@code records} generated people
 * (4,000: about 4.7 MB of JSON, people-4000) through a pipeline with {@code threads}
 * compression threads. Jackson alone and the naive zstd-jni stream with 2 workers, the baselines
 * of these figures, are {@link ParallelBodyBenchmark}'s.
 *
 * <p>Pitfalls avoided: the body goes to a {@link BlackholeSink} (nothing kept); each pipeline is
 * built once per trial and shared, so pooled contexts and blocks are reused; the machine must be
 * otherwise idle (nothing else running), since the parallel path uses every core.
 *
 * <p>How to run: {@code java -jar target/benchmarks.jar 'ParallelDefaultsBenchmark.pipeline$' -p
 * codec=zstd-1,zlib-1 -p threads=1,2}; {@code -p records=115,230,450,900 -p threshold=65536} for the
 * threshold, {@code -p codec=zlib-1,libdeflate-1,zlib-6,libdeflate-6} on Java 25 for zlib blocks
 * against libdeflate blocks.
 * What to expect on 2 cores (2 forks, 3 x 1 s warm-up, 4 x 1 s): zstd-1 about 1.5x faster on 2
 * threads than on 1 and zlib-1 about 1.8x on 4.7 MB; zlib on 2 threads (256 KiB blocks) 1.6x faster
 * than serial from 522 KB and level with it at 267 KB; zstd serial up to 640 KiB whatever the
 * threshold, then 1.1x faster at 658 KB. Figures in docs/parallel-compression.md.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@State(Scope.Benchmark)
public class ParallelDefaultsBenchmark {
  @Param({"4000"})
  public int records;

  /**
   * A {@link Codec} name: zstd-1, zlib-1 (gzip through JDK zlib), libdeflate-1, gzip-1 (AUTO: libdeflate
   * on Java 25, in libdeflate blocks past the threshold), at any level.
   */
  @Param({"zstd-1", "zlib-1"})
  public String codec;

  @Param({"1", "2"})
  public int threads;

  @Param({"262144"})
  public long threshold;

  private List<?> people;
  private Pipeline pipeline;

  @Setup
  public void setUp() {
    people = DatasetGenerator.people(records, 42);
    // parallelThresholdBytes conflicts with compressionThreads(1)
    pipeline = ParallelBodyBenchmark.newPipeline(codec, OptionalInt.of(threads),
        threads > 1 ? OptionalLong.of(threshold) : OptionalLong.empty(), Accelerator.NONE);
  }

  @TearDown
  public void tearDown() {
    pipeline.close();
  }

  @Benchmark
  public long pipeline(BlackholeSink sink) throws IOException {
    sink.reset();
    pipeline.encode(people, sink);
    return sink.byteCount();
  }
}
