package io.github.zipjack.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.zipjack.Accelerator;
import io.github.zipjack.EncodedBody;
import io.github.zipjack.Pipeline;
import io.github.zipjack.data.Datasets;
import java.io.IOException;
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
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One large body on every idle core: how long does one body of several megabytes take from value to
 * compressed bytes when compression runs on the other cores while Jackson writes, against the same
 * body on one core, against Jackson alone, and against what a user writes without zipjack?
 *
 * <p>Latency, average time per body on one caller thread (the machine otherwise idle):
 * <ul>
 * <li>{@link #jacksonAlone}: the mapper writing into a stream that keeps nothing, the floor of any
 *     encoder on one thread (S). No body costs less than S unless serialization itself is split.
 * <li>{@link #studyBestGzip}: the best gzip code of the study (docs/benchmarks.md) at level 1
 *     (Afterburner, a 64 KB BufferedOutputStream and a 64 KB deflater buffer, made per body), the
 *     figure zipjack's parallel gzip is set against.
 * <li>{@link #zstdWorkers}: the plain large-body zstd, two lines of zstd-jni: Jackson through a
 *     64 KB {@code BufferedOutputStream} into a new {@code ZstdOutputStream} at level 1 with
 *     {@code setWorkers(2)} and {@code setJobSize(512 KiB)}, libzstd's own threads compressing while
 *     Jackson writes; a new stream and a growing ByteArrayOutputStream per body, as user code has
 *     them.
 * <li>{@link #encodeToBody}: zipjack's pooled path with {@code codec} on {@code compressionThreads}
 *     threads: {@code 1} is the serial pipeline of before, {@code 2} uses the second core, and
 *     {@value #DEFAULT_THREADS} builds the pipeline without the setting, as a user gets it.
 * <li>{@link #encodeToBodyWithAfterburner}: the same with {@code Accelerator.AFTERBURNER}, the
 *     study's serializer, for {@code afterburnerCodec} (zlib-1) on {@code afterburnerThreads} (1, 2):
 *     the same Jackson on both sides, so its ratio to the study's best compares compression alone.
 * </ul>
 * Under load, {@link #encodeToBodyUnderLoad}: the same pipeline shared by two caller threads on two
 * cores, throughput. Parallel compression must not cost here: when every core already compresses a
 * body, no core is idle, and each body is compressed as with one thread by the serial engine, so the
 * default settings should match {@code compressionThreads=1} (for gzip-1 on Java 25, libdeflate: the
 * best serial engine, not JDK zlib).
 *
 * <p>Two shapes of large body: {@code people-4000} (4.7 MB of people records, mostly free text) and
 * {@code stock-16000} (4.7 MB of stock rows: short codes, small whole numbers, timestamps), cheaper to
 * serialize and costlier to compress, so that the compressor is the larger share of the work.
 *
 * <p>Pitfalls avoided: the value is made once in {@code @Setup} ({@code people-N} is generated from
 * the people seed, about 1,170 bytes of JSON a record: {@code people-4000} is 4.7 MB); pipelines
 * are built in {@code @Setup}, shared by the caller threads as a service shares them, and closed in
 * {@code @TearDown}, so worker threads and native contexts are made before measuring; zipjack's
 * bodies are written to a {@link BlackholeSink} and closed, so its pool is in its steady state;
 * every result is returned; the codec and thread count belong to the {@link Zipjack} state alone,
 * so Jackson, the study's code and the naive stream run once per dataset, not once per codec; the
 * iterations last a second, dozens of bodies of 4.5 MB, so one slow body (a GC, a worker's first
 * job) does not carry an iteration; the naive stream's ByteArrayOutputStream and copy cost about
 * 0.2 ms on 1.1 MB of output, a few percent, and are what its user pays. A brotli codec with
 * {@code compressionThreads} above 1, or a libdeflate codec before Java 25, fails in {@code @Setup}
 * with the library's reason.
 *
 * <p>What to expect on 2 cores with 4.5 MB (docs/parallel-compression.md has the measured
 * figures): Jackson alone about 7 ms; the study's best gzip-1 about 40 ms; zipjack's serial zstd-1
 * about 19 ms and the naive 2-worker stream about 12 ms. On 2 cores the floor of an overlapped
 * pipeline is about (S + C) / 2, C being compression alone: zstd-1 parallel near 1.3x Jackson alone,
 * gzip-1 (zlib) parallel about half the study's best. Below the parallel threshold (the x1 body of
 * 113 KB, one record) the default settings compress serially, so default and
 * {@code compressionThreads=1} agree within the error.
 *
 * <p>How to run (the quick suite's selection is in {@code bench/run}):
 * <pre>
 * java -jar target/benchmarks.jar 'ParallelBodyBenchmark.(jacksonAlone|studyBestGzip|zstdWorkers|encodeToBody|encodeToBodyWithAfterburner)$'
 * java -jar target/benchmarks.jar 'ParallelBodyBenchmark.encodeToBodyUnderLoad$' -p codec=gzip-1,zstd-1 \
 *   -p compressionThreads=1,default -p dataset=people-4000,stock-16000
 * java -jar target/benchmarks.jar 'ParallelBodyBenchmark.encodeToBody$' -p dataset=people-100,people-1 \
 *   -p compressionThreads=1,default -p codec=zstd-1,zlib-1
 * java -jar target/benchmarks.jar 'ParallelBodyBenchmark.(jacksonAlone|encodeToBody)$' \
 *   -p dataset=people-100,people-260,people-860,people-4000,people-17000 -p codec=zlib-1,zstd-1 -prof gc
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@State(Scope.Benchmark)
public class ParallelBodyBenchmark {

  /** The {@code compressionThreads} value that leaves the setting at the library's default. */
  public static final String DEFAULT_THREADS = "default";
  /** The study's best gzip level: 1, its advice. */
  public static final int STUDY_LEVEL = 1;
  /** libzstd workers of the plain stream: one per core of a 2-core machine. */
  public static final int NAIVE_WORKERS = 2;
  /** Job size of the plain stream, bytes: libzstd's minimum, 512 KiB. */
  public static final int NAIVE_JOB_BYTES = 512 * 1024;
  /** The plain stream's zstd level. */
  public static final int NAIVE_LEVEL = 1;

  /** A named dataset; {@code people-N} for N records of about 1,170 bytes of JSON each, {@code stock-N} of about 300. */
  @Param({"people-4000", "stock-16000"})
  public String dataset;

  private Object payload;
  private ObjectMapper mapper;
  private ObjectMapper afterburnerMapper;

  @Setup
  public void setUp() {
    payload = Datasets.load(dataset).value();
    mapper = PlainMappers.json();
    afterburnerMapper = PlainMappers.jsonWithAfterburner();
  }

  /** zipjack's pipeline for {@code codec} on {@code compressionThreads}, shared by the caller threads. */
  @State(Scope.Benchmark)
  public static class Zipjack {
    /** An engine and its level; see {@link Codec} ({@code gzip-1}: the library's default implementation). */
    @Param({"zlib-1", "zstd-1"})
    public String codec;

    /** Threads that may compress one body, or {@value #DEFAULT_THREADS}: the setting left unset. */
    @Param({"1", "2"})
    public String compressionThreads;

    private Pipeline pipeline;

    @Setup
    public void setUp() {
      pipeline = newPipeline(codec, compressionThreads);
    }

    @TearDown
    public void tearDown() {
      pipeline.close();
    }
  }

  /**
   * zipjack's pipeline with the study's serializer, {@link Accelerator#AFTERBURNER} (the module of
   * {@link #studyBestGzip}), for {@code afterburnerCodec} on {@code afterburnerThreads}. Its
   * parameters have their own names, so that a run of every codec and thread setting of
   * {@link #encodeToBody} adds only these.
   */
  @State(Scope.Benchmark)
  public static class ZipjackWithAfterburner {
    /** A {@link Codec} name. */
    @Param({"zlib-1"})
    public String afterburnerCodec;

    /** Threads that may compress one body, or {@value #DEFAULT_THREADS}. */
    @Param({"1", "2"})
    public String afterburnerThreads;

    private Pipeline pipeline;

    @Setup
    public void setUp() {
      pipeline = newPipeline(afterburnerCodec, threads(afterburnerThreads), OptionalLong.empty(),
          Accelerator.AFTERBURNER);
    }

    @TearDown
    public void tearDown() {
      pipeline.close();
    }

    /** The pipeline's settings, as {@code Pipeline.toString()} says them. */
    @Override
    public String toString() {
      return String.valueOf(pipeline);
    }
  }

  /** S: the study's mapper alone, into a stream that keeps nothing. */
  @Benchmark
  public long jacksonAlone(BlackholeSink sink) throws IOException {
    sink.reset();
    mapper.writeValue(sink, payload);
    return sink.byteCount();
  }

  /** The study's best gzip at level 1, everything made per body. */
  @Benchmark
  public byte[] studyBestGzip() throws IOException {
    return WithoutZipjack.studyGzip(afterburnerMapper, payload, STUDY_LEVEL, true, true);
  }

  /** Jackson through 64 KB of buffer into a new ZstdOutputStream at level 1 with libzstd's 2 workers and 512 KiB jobs. */
  @Benchmark
  public byte[] zstdWorkers() throws IOException {
    return WithoutZipjack.zstdStreamWithWorkers(mapper, payload, NAIVE_LEVEL, NAIVE_WORKERS, NAIVE_JOB_BYTES);
  }

  /** zipjack's pooled path: encode into segments, write them out, give them back. */
  @Benchmark
  public long encodeToBody(Zipjack zipjack, BlackholeSink sink) throws IOException {
    return encode(zipjack.pipeline, payload, sink);
  }

  /**
   * {@link #encodeToBody} serializing with Afterburner, as {@link #studyBestGzip} does: with the same
   * Jackson on both sides, the ratio of the two compares what each does with the bytes.
   */
  @Benchmark
  public long encodeToBodyWithAfterburner(ZipjackWithAfterburner zipjack, BlackholeSink sink) throws IOException {
    return encode(zipjack.pipeline, payload, sink);
  }

  /** {@link #encodeToBody} on two caller threads sharing the pipeline: bodies per second. */
  @Benchmark
  @BenchmarkMode(Mode.Throughput)
  @OutputTimeUnit(TimeUnit.SECONDS)
  @Threads(2)
  public long encodeToBodyUnderLoad(Zipjack zipjack, BlackholeSink sink) throws IOException {
    return encode(zipjack.pipeline, payload, sink);
  }

  /**
   * The bytes {@link #encodeToBody} sends for {@code dataset} with {@code codec} on
   * {@code compressionThreads}, and what serves them, for the report. Makes and closes a pipeline.
   *
   * @throws IllegalStateException for a codec this JVM cannot run
   */
  public static Compressed compressedBytes(String dataset, String codec, String compressionThreads) {
    try (Pipeline pipeline = newPipeline(codec, compressionThreads)) {
      return new Compressed(pipeline.encode(Datasets.load(dataset).value()).length, pipeline.implementation());
    }
  }

  /**
   * A body's size and what compressed it.
   *
   * @param bytes the compressed body's length
   * @param implementation {@code Pipeline.implementation()}, such as {@code gzip(1) via JDK zlib}
   */
  public record Compressed(long bytes, String implementation) {}

  private static Pipeline newPipeline(String codec, String compressionThreads) {
    return newPipeline(codec, threads(compressionThreads), OptionalLong.empty(), Accelerator.NONE);
  }

  /** A {@code compressionThreads} parameter's number, or empty for {@value #DEFAULT_THREADS}. */
  private static OptionalInt threads(String compressionThreads) {
    if (DEFAULT_THREADS.equals(compressionThreads)) {
      return OptionalInt.empty();
    }
    try {
      return OptionalInt.of(Integer.parseInt(compressionThreads));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("compressionThreads must be a number or " + DEFAULT_THREADS + ": "
          + compressionThreads, e);
    }
  }

  /**
   * The pipeline of the parallel benchmarks (this one and {@link ParallelDefaultsBenchmark}), so that
   * both measure the same pipeline for the same settings: {@code codec}, a {@link Codec} name, its
   * library loaded by {@link WithoutZipjack#prepare}; {@code compressionThreads} and
   * {@code parallelThresholdBytes} set on the builder when present, else left at the library's
   * defaults; {@code accelerator} set unless {@link Accelerator#NONE} (the default). The caller
   * closes the pipeline.
   *
   * @throws IllegalStateException for a codec this JVM cannot run
   * @throws IllegalArgumentException for a bad codec name or setting, with the library's message
   */
  static Pipeline newPipeline(String codec, OptionalInt compressionThreads, OptionalLong parallelThresholdBytes,
      Accelerator accelerator) {
    Codec parsed = Codec.parse(codec);
    WithoutZipjack.prepare(parsed);
    Pipeline.Builder builder = Pipeline.builder().compression(parsed.compression());
    if (accelerator != Accelerator.NONE) {
      builder.accelerator(accelerator);
    }
    compressionThreads.ifPresent(builder::compressionThreads);
    parallelThresholdBytes.ifPresent(builder::parallelThresholdBytes);
    return builder.build();
  }

  private static long encode(Pipeline pipeline, Object payload, BlackholeSink sink) throws IOException {
    try (EncodedBody body = pipeline.encodeToBody(payload)) {
      body.writeTo(sink);
      return body.size();
    }
  }
}
