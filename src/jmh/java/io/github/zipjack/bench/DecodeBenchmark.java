package io.github.zipjack.bench;

import com.fasterxml.jackson.core.type.TypeReference;
import io.github.zipjack.Format;
import io.github.zipjack.Pipeline;
import io.github.zipjack.ZipjackDecodeException;
import io.github.zipjack.data.Dataset;
import io.github.zipjack.data.Datasets;
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
 * The way back: how fast does a shared {@link Pipeline} decompress and deserialize a body into
 * objects, per format and compression? A client, or a service reading compressed requests, pays
 * this side.
 *
 * <p>Pitfalls avoided: the body is encoded once in {@code @Setup} with the same pipeline, so only
 * decoding is measured; the decoded value is returned; decoding runs with the pipeline's safety
 * limits on (maximum decoded size, nesting depth), as a user's would.
 *
 * <p>What to expect: inflate is several times faster than deflate, so Jackson's parsing and object
 * building dominate and decompression costs a modest share over {@code codec=none}; MessagePack saves
 * number parsing, which shows most on the numeric dataset.
 *
 * <p>How to run:
 * <pre>
 * java -jar target/benchmarks.jar DecodeBenchmark -prof gc
 * java -jar target/benchmarks.jar DecodeBenchmark -p dataset=people-1,people-100,numeric -p codec=none,zlib-6,zstd-1,brotli-5
 * </pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 600, timeUnit = TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@State(Scope.Benchmark)
public class DecodeBenchmark {

  @Param({"people-100"})
  public String dataset;

  @Param({"JSON", "MSGPACK"})
  public Format format;

  /** The body's compression: an engine and level such as {@code zlib-6} or {@code zstd-1}, or {@code none}; see {@link Codec}. */
  @Param({"zlib-6"})
  public String codec;

  private Pipeline pipeline;
  private byte[] body;
  private TypeReference<?> type;

  @Setup
  public void setUp() {
    Dataset data = Datasets.load(dataset);
    pipeline = Pipeline.builder()
        .format(format)
        .compression(Codec.parse(codec).requireAvailableHere().compression())
        .build();
    body = pipeline.encode(data.value());
    type = data.typeReference();
  }

  @TearDown
  public void tearDown() {
    pipeline.close();
  }

  @Benchmark
  public Object decode() throws ZipjackDecodeException {
    return pipeline.decode(body, type);
  }
}
