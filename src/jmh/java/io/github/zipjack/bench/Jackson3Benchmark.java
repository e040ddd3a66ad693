package io.github.zipjack.bench;

import io.github.zipjack.EncodedBody;
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
import tools.jackson.databind.json.JsonMapper;

/**
 * Jackson 3 against Jackson 2 in the same pipeline: does a pipeline built on a Jackson 3
 * {@code JsonMapper} (what Spring Boot 4 services have) serialize and compress as fast as one on a
 * Jackson 2 {@code ObjectMapper}, and how close does it come to its own serial ceiling?
 *
 * <p>{@link #encodeToBody} is the pipeline's pooled path, as in {@link PipelineBenchmark};
 * {@link #serializeOnly} is the {@code jackson} generation's mapper alone, writing into a stream that
 * keeps nothing (S); {@link #compressOnly} is the engine alone on the body that mapper wrote,
 * serialized beforehand (C). The serial ceiling of a pipeline is 1 / (1/S + 1/C): a pipeline at 0.9
 * of it or more spends almost nothing beyond Jackson and the compressor. Both mappers are plain: a
 * Jackson 3 {@code JsonMapper} as built, and a Jackson 2 {@code ObjectMapper} with java.time support
 * and ISO dates ({@link PlainMappers}), which Jackson 3 has built in; both write the same bytes.
 *
 * <p>Pitfalls avoided: the codec is a parameter of a nested state that only encodeToBody and
 * compressOnly use, so serializeOnly runs once per dataset and generation, not once per codec;
 * every result reaches a Blackhole; pipelines are built in {@code @Setup} and closed in
 * {@code @TearDown}.
 *
 * <p>What to expect: Jackson 3 within a few percent of Jackson 2 on every engine (the two share the
 * same generator design); each engine at 0.9 of its ceiling or more.
 *
 * <pre>
 * java -jar target/benchmarks.jar Jackson3Benchmark -p codec=zlib-1,zstd-1,brotli-4 -prof gc
 * </pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 600, timeUnit = TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@State(Scope.Thread)
public class Jackson3Benchmark {

  @Param({"people-100"})
  public String dataset;

  /** Which Jackson serializes: {@code 2} (com.fasterxml.jackson) or {@code 3} (tools.jackson). */
  @Param({"2", "3"})
  public int jackson;

  private Object payload;
  private com.fasterxml.jackson.databind.ObjectWriter jackson2;
  private tools.jackson.databind.ObjectWriter jackson3;
  private byte[] serialized;

  @Setup
  public void setUp() throws IOException {
    payload = Datasets.load(dataset).value();
    if (jackson == 3) {
      jackson3 = JsonMapper.builder().build().writer();
      serialized = jackson3.writeValueAsBytes(payload);
    } else if (jackson == 2) {
      jackson2 = PlainMappers.of(io.github.zipjack.Format.JSON).writer();
      serialized = jackson2.writeValueAsBytes(payload);
    } else {
      throw new IllegalStateException("jackson must be 2 or 3: " + jackson);
    }
  }

  /** The engine, with its own pipeline on this generation's mapper and its compressor for C. */
  @State(Scope.Thread)
  public static class Engine {
    /** An engine and its level; see {@link Codec}. */
    @Param({"zlib-1", "zstd-1", "brotli-4"})
    public String codec;

    private Pipeline pipeline;
    private ReadyBytesCompressor compressor;

    @Setup
    public void setUp(Jackson3Benchmark benchmark) {
      Codec parsed = Codec.parse(codec).requireAvailableHere();
      Pipeline.Builder builder = Pipeline.builder().compression(parsed.compression());
      if (benchmark.jackson == 3) {
        builder.jackson3Mapper(JsonMapper.builder().build());
      }
      pipeline = builder.build();
      compressor = ReadyBytesCompressor.of(parsed, benchmark.serialized.length);
    }

    @TearDown
    public void tearDown() {
      pipeline.close();
      compressor.close();
    }
  }

  /** The pipeline's pooled path: serialize and compress into segments, write them out, give them back. */
  @Benchmark
  public long encodeToBody(Engine engine, BlackholeSink sink) throws IOException {
    try (EncodedBody body = engine.pipeline.encodeToBody(payload)) {
      body.writeTo(sink);
      return body.size();
    }
  }

  /** S: this generation's mapper alone. */
  @Benchmark
  public long serializeOnly(BlackholeSink sink) throws IOException {
    sink.reset();
    if (jackson3 != null) {
      jackson3.writeValue(sink, payload);
    } else {
      jackson2.writeValue(sink, payload);
    }
    return sink.byteCount();
  }

  /** C: the engine alone on the bytes this generation's mapper wrote. */
  @Benchmark
  @Warmup(iterations = 1, time = 1) // native code: nothing for the JIT to learn
  public long compressOnly(Engine engine) throws IOException {
    return engine.compressor.compress(serialized);
  }
}
