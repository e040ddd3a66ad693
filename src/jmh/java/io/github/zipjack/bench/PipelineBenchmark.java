package io.github.zipjack.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.zipjack.Accelerator;
import io.github.zipjack.Compression;
import io.github.zipjack.EncodedBody;
import io.github.zipjack.Format;
import io.github.zipjack.Pipeline;
import io.github.zipjack.data.Datasets;
import java.io.IOException;
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
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * zipjack's pipeline across its engines and settings: how fast does one shared {@link Pipeline}
 * turn a value into a compressed body, for each engine and level ({@code codec}: {@code zlib-1},
 * {@code libdeflate-1}, {@code zstd-1}, {@code brotli-5}, ... see {@link Codec}), format,
 * accelerator and buffer size, on payloads from one record to the x10 of the study
 * (docs/benchmarks.md)?
 *
 * <p>Three ways out, as a server would use them: {@link #encodeToBody} (pooled segments, size
 * known before writing: a Content-Length response), {@link #encodeToByteArray} (one new array),
 * and {@link #encodeToStream} (streamed to the socket as it is made). The "socket" is a
 * {@link BlackholeSink}. Beside them, the code a user writes without zipjack, on the same payload
 * and codec: {@link #classicStream} (zlib: the study's baseline; zstd: Jackson into a new
 * {@code ZstdOutputStream} per body; brotli: into a new brotli4j {@code BrotliOutputStream} per
 * body; libdeflate: {@code writeValueAsBytes} then one libdeflate call) and {@link #studyBest}
 * (the study's best: Afterburner, a 64 KB BufferedOutputStream and a 64 KB deflater buffer, all
 * made per call; zlib codecs only), so that zipjack and the classic code can be compared on
 * payloads the study did not measure, such as one record.
 *
 * <p>Pitfalls avoided: every body reaches a Blackhole or is returned; bodies are closed, so the
 * segment pool is in its steady state and the allocation figure (run with {@code -prof gc}) shows
 * what pooling saves against {@link SeedBenchmark}; the pipeline is built in {@code @Setup} and
 * shared by all threads, as in a service, and closed in {@code @TearDown}; {@code zlib-N} forces
 * the JDK's zlib, so the figure does not depend on which JDK runs the fork; a libdeflate codec on
 * a JVM older than 25, or {@code studyBest} with another engine than zlib, fails in
 * {@code @Setup} with the reason instead of measuring something else.
 *
 * <p>What to expect: with JDK zlib, throughput near the serial ceiling of {@link CeilingBenchmark}
 * (zlib is the wall) and so near the study's own figures, with a fraction of its allocation;
 * libdeflate about twice zlib at level 1 and zstd 1 more than that, both with smaller output;
 * brotli 5 about as fast as zlib 6 with smaller output; every engine close to its own ceiling
 * (the report checks each against its targets); on small payloads a lead over the classic code,
 * which sets up a compressor and its buffers on every call. {@code deflaterBufferSize} only
 * matters to {@link #encodeToStream} with zlib: bodies in memory are compressed straight into
 * segments.
 *
 * <p>Timing: one-record payloads keep getting faster for about 6 s on a 2-core machine (the JIT
 * has the whole pipeline to compile), hence 5 x 1 s of warm-up.
 *
 * <p>How to run (libdeflate codecs need a JDK 25; {@code bench/run} picks one when installed). The
 * defaults are every engine on the study's x1 and on one record, JSON, no accelerator, zipjack's
 * default buffers; {@code bench/run} runs a chosen subset, {@code bench/run --full} the questions
 * one at a time. For example:
 * <pre>
 * java -jar target/benchmarks.jar 'PipelineBenchmark.encodeToBody$' -prof gc -p dataset=people-100 \
 *   -p codec=zlib-1,libdeflate-1,zstd-1,zstd-3,brotli-4,brotli-5
 * java -jar target/benchmarks.jar 'PipelineBenchmark.(encodeToBody|classicStream)$' -p codec=zstd-1 -p dataset=people-100
 * java -jar target/benchmarks.jar 'PipelineBenchmark.studyBest$' -p codec=zlib-1,zlib-6 -p dataset=people-1
 * java -jar target/benchmarks.jar 'PipelineBenchmark.encodeToBody$' -p codec=zstd-1 -p accelerator=NONE,BLACKBIRD
 * </pre>
 * The whole matrix ({@code -p format=JSON,MSGPACK -p inputBufferSize=0,8192,65536
 * -p deflaterBufferSize=512,8192,65536 -p accelerator=NONE,AFTERBURNER,BLACKBIRD} on every dataset
 * and codec) takes days. With {@code codec=none} the deflater buffer does not apply and is not set.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 600, timeUnit = TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@State(Scope.Benchmark)
public class PipelineBenchmark {

  @Param({"people-1", "people-100"})
  public String dataset;

  @Param({"JSON"})
  public Format format;

  /** An engine and its level, or {@code none}; see {@link Codec}. */
  @Param({"zlib-1", "zlib-6", "libdeflate-1", "libdeflate-6", "zstd-1", "zstd-3", "brotli-4", "brotli-5", "none"})
  public String codec;

  @Param({"NONE"})
  public Accelerator accelerator;

  /** Bytes; 0 = Jackson writes straight into the compressor. */
  @Param({"65536"})
  public int inputBufferSize;

  /** Bytes. */
  @Param({"65536"})
  public int deflaterBufferSize;

  /**
   * true: {@code compressWholeBody}, serialize the whole body into segments, then deflate it in one
   * pass (the input buffer is then not used and not set).
   */
  @Param({"false"})
  public boolean wholeBody;

  /** true: Jackson's Schubfach double writer (JSON only); matters on the numeric dataset, on JDK 17. */
  @Param({"false"})
  public boolean fastDoubleWriter;

  private Object payload;
  private Pipeline pipeline;
  /** For {@link #classicStream}: a mapper as a user would make it, without zipjack. */
  private ObjectMapper plainMapper;
  /** For {@link #studyBest}: the study's mapper with Afterburner. */
  private ObjectMapper afterburnerMapper;
  private Codec parsedCodec;

  @Setup
  public void setUp(BenchmarkParams params) {
    parsedCodec = Codec.parse(codec).requireAvailableHere();
    if (params.getBenchmark().endsWith("." + STUDY_BEST) && !Codec.ZLIB.equals(parsedCodec.engine())) {
      throw new IllegalStateException(STUDY_BEST + " is the study's JDK zlib code: run it with codec=zlib-N, not "
          + codec);
    }
    WithoutZipjack.prepare(parsedCodec);
    payload = Datasets.load(dataset).value();
    plainMapper = PlainMappers.of(format);
    afterburnerMapper = format == Format.JSON ? PlainMappers.jsonWithAfterburner() : plainMapper;
    Compression compression = parsedCodec.compression();
    Pipeline.Builder builder = Pipeline.builder()
        .format(format)
        .compression(compression)
        .accelerator(accelerator);
    if (fastDoubleWriter) {
      builder.fastDoubleWriter(true);
    }
    if (wholeBody) {
      builder.compressWholeBody(true);
    } else {
      builder.inputBufferSize(inputBufferSize);
    }
    if (parsedCodec.gzip()) {
      builder.deflaterBufferSize(deflaterBufferSize);
    }
    pipeline = builder.build();
  }

  @TearDown
  public void tearDown() {
    pipeline.close();
  }

  /** The pooled path: encode into segments, write them out, give them back. */
  @Benchmark
  public long encodeToBody(BlackholeSink sink) throws IOException {
    try (EncodedBody body = pipeline.encodeToBody(payload)) {
      body.writeTo(sink);
      return body.size();
    }
  }

  @Benchmark
  public byte[] encodeToByteArray() {
    return pipeline.encode(payload);
  }

  /** Streaming: no length known in advance, nothing held beyond the pipeline's buffers. */
  @Benchmark
  public long encodeToStream(BlackholeSink sink) throws IOException {
    sink.reset();
    pipeline.encode(payload, sink);
    return sink.byteCount();
  }

  /**
   * What a user writes without zipjack for this codec, everything made per call, a plain mapper:
   * zlib, the study's baseline (a new ByteArrayOutputStream and {@code LeveledGzipOutputStream},
   * so a new Deflater, default buffers); zstd, a new {@code ZstdOutputStream}; brotli, a new
   * {@code BrotliOutputStream}; libdeflate, {@code writeValueAsBytes} then one call of a new
   * compressor; none, a ByteArrayOutputStream. The accelerator and buffer parameters do not apply.
   */
  @Benchmark
  @Warmup(iterations = 3, time = 1) // as SeedBenchmark: nothing of zipjack's to compile
  public byte[] classicStream() throws IOException {
    int level = parsedCodec.level();
    return switch (parsedCodec.engine()) {
      case Codec.ZLIB -> WithoutZipjack.studyGzip(plainMapper, payload, level, false, false);
      case Codec.LIBDEFLATE -> WithoutZipjack.libdeflateOneCall(plainMapper, payload, level);
      case Codec.ZSTD -> WithoutZipjack.zstdStream(plainMapper, payload, level);
      case Codec.BROTLI -> WithoutZipjack.brotliStream(plainMapper, payload, level);
      default -> WithoutZipjack.uncompressed(plainMapper, payload);
    };
  }

  /**
   * The study's best on this payload and zlib level: Afterburner, a 64 KB BufferedOutputStream and
   * a 64 KB deflater buffer, all made per call, as {@code SeedBenchmark.afterburner_deflaterBuffer_bufferedInput}
   * does on the study's two payloads. zlib codecs only.
   */
  @Benchmark
  @Warmup(iterations = 3, time = 1)
  public byte[] studyBest() throws IOException {
    return WithoutZipjack.studyGzip(afterburnerMapper, payload, parsedCodec.level(), true, true);
  }

  /** The method name {@link #setUp} checks: {@link #studyBest} runs only with a zlib codec. */
  static final String STUDY_BEST = "studyBest";
}
