package io.github.zipjack.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.zipjack.Accelerator;
import io.github.zipjack.Compression;
import io.github.zipjack.EncodedBody;
import io.github.zipjack.Format;
import io.github.zipjack.Pipeline;
import io.github.zipjack.codec.LeveledGzipOutputStream;
import io.github.zipjack.data.Datasets;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
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
 * zipjack's pipeline across its settings: how fast does one shared {@link Pipeline} turn a value
 * into a compressed body, for each format, gzip level, accelerator and buffer size, on payloads
 * from one record to the study's x10?
 *
 * <p>Three ways out, as a server would use them: {@link #encodeToBody} (pooled segments, size
 * known before writing: a Content-Length response), {@link #encodeToByteArray} (one new array),
 * and {@link #encodeToStream} (streamed to the socket as it is made). The "socket" is a
 * {@link BlackholeSink}. Beside them, {@link #classicStream} does what the study's baseline does
 * (a new ByteArrayOutputStream and gzip stream per call, a plain ObjectMapper) on the same payload,
 * so that zipjack and the classic code can be compared on payloads the study did not measure, such
 * as one record.
 *
 * <p>Pitfalls avoided: every body reaches a Blackhole or is returned; bodies are closed, so the
 * segment pool is in its steady state and the allocation figure (run with {@code -prof gc}) shows
 * what pooling saves against {@link SeedBenchmark}; the pipeline is built in {@code @Setup} and
 * shared by all threads, as in a service, and closed in {@code @TearDown}.
 *
 * <p>What to expect: on the study's payloads, throughput near the serial ceiling of
 * {@link CeilingBenchmark} (zlib is the wall) and so near the study's own figures, with about a
 * third of the study's allocation per call; level 1 well over twice level 6; on small payloads a
 * lead over {@link #classicStream}, which sets up a Deflater and its buffers on every call. {@code deflaterBufferSize}
 * only matters to {@link #encodeToStream}: bodies in memory are deflated straight into segments.
 *
 * <p>Timing: one-record payloads keep getting faster for about 6 s on a 2-core machine (the JIT
 * has the whole pipeline to compile), hence 5 x 1 s of warm-up.
 *
 * <p>How to run. The defaults are the quick suite's subset (JSON, no accelerator, zipjack's
 * default buffers, levels 1 and 6, the four people payloads). The whole matrix is 2,700 parameter
 * combinations times four methods, days; {@code bench/run --full} runs a subset of it
 * question by question. The whole matrix:
 * <pre>
 * java -jar target/benchmarks.jar PipelineBenchmark -prof gc \
 *   -p dataset=people-1,people-10,people-100,people-100x10,numeric -p format=JSON,MSGPACK \
 *   -p level=none,1,2,3,4,5,6,7,8,9 -p inputBufferSize=0,8192,65536 \
 *   -p deflaterBufferSize=512,8192,65536 -p accelerator=NONE,AFTERBURNER,BLACKBIRD
 * </pre>
 * A question at a time is quicker, for example the accelerators on the study's payload:
 * {@code PipelineBenchmark.encodeToBody -p dataset=people-100 -p accelerator=NONE,AFTERBURNER,BLACKBIRD}.
 * With {@code level=none} the deflater buffer does not apply and is not set.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 600, timeUnit = TimeUnit.MILLISECONDS)
@Fork(1)
@State(Scope.Benchmark)
public class PipelineBenchmark {

  @Param({"people-1", "people-10", "people-100", "people-100x10"})
  public String dataset;

  @Param({"JSON"})
  public Format format;

  /** A gzip level 0 to 9, or {@code none}. */
  @Param({"1", "6"})
  public String level;

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
  private Compression compression;

  @Setup
  public void setUp() {
    payload = Datasets.load(dataset).value();
    plainMapper = PlainMappers.of(format);
    compression = compression(level);
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
    if (!compression.equals(Compression.none())) {
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
   * The study's baseline on this payload, format and level: a new ByteArrayOutputStream and
   * {@link LeveledGzipOutputStream} (so a new Deflater) per call, default buffers, a plain mapper.
   * The accelerator and buffer parameters do not apply to it.
   */
  @Benchmark
  @Warmup(iterations = 3, time = 1) // as SeedBenchmark: nothing of zipjack's to compile
  public byte[] classicStream() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    if (compression.equals(Compression.none())) {
      plainMapper.writeValue(bytes, payload);
    } else {
      try (OutputStream gzip = new LeveledGzipOutputStream(bytes, compression.level())) {
        plainMapper.writeValue(gzip, payload);
      }
    }
    return bytes.toByteArray();
  }

  /** The compression a {@code level} parameter stands for: {@code none} or a gzip level. */
  static Compression compression(String level) {
    return "none".equals(level) ? Compression.none() : Compression.gzip(Integer.parseInt(level));
  }
}
