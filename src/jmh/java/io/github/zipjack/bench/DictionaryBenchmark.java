package io.github.zipjack.bench;

import io.github.zipjack.Compression;
import io.github.zipjack.EncodedBody;
import io.github.zipjack.Pipeline;
import io.github.zipjack.ZipjackDecodeException;
import io.github.zipjack.data.Dataset;
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

/**
 * zstd dictionaries on small bodies: for a body of about 1 KB (one person, one order event), is
 * zstd(1) with a dictionary trained on other bodies of the same kind at most half the size of
 * zstd(1) without one, and at least as fast to encode and to decode? Small, similar bodies are what
 * caches, queues and service-to-service calls carry; without a dictionary every codec leaves them
 * at 60 to 70% of their size, because a frame of 1 KB has no history to match against.
 *
 * <p>{@link #encode} is the pipeline's pooled path (serialize and compress into segments, write
 * them to a sink that keeps nothing); {@link #decode} decompresses and deserializes the body that
 * pipeline made. {@code dictionary=none} is {@code Compression.zstd(1)};
 * {@code dictionary=trained} is {@code Compression.zstd(1, dictionary)} with the dictionary of
 * {@link DictionaryTraining}: trained in {@code @Setup} on 1,000 bodies of the same kind that are
 * not the measured one (other people of another seed; order events 100 to 1,099). The compressed
 * sizes are exact, so the report computes them ({@link DictionaryTraining#sizes}) instead of
 * measuring them.
 *
 * <p>Pitfalls avoided: training on the measured body would flatter the dictionary (its body would
 * be in the dictionary word for word); the dictionary is loaded once by the pipeline in
 * {@code @Setup}, as an application would, not per call; every result reaches a Blackhole.
 *
 * <p>What to expect: with the dictionary, people-1 about 0.5× the size (its names, addresses and
 * text vary from record to record), orders-1 about 0.35× (its keys, codes and structure repeat);
 * encode and decode at least as fast, since zstd has less to write and to read.
 *
 * <pre>
 * java -jar target/benchmarks.jar DictionaryBenchmark -prof gc
 * </pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 600, timeUnit = TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@State(Scope.Thread)
public class DictionaryBenchmark {

  @Param({"people-1", "orders-1"})
  public String dataset;

  /** {@code none}: zstd(1); {@code trained}: zstd(1) with a dictionary trained on other bodies. */
  @Param({"none", "trained"})
  public String dictionary;

  private Object value;
  private Dataset loaded;
  private Pipeline pipeline;
  private byte[] body;

  @Setup
  public void setUp() throws ZipjackDecodeException {
    loaded = Datasets.load(dataset);
    value = loaded.value();
    Compression compression = switch (dictionary) {
      case "none" -> Compression.zstd(1);
      case "trained" -> Compression.zstd(1, DictionaryTraining.train(dataset));
      default -> throw new IllegalArgumentException("dictionary must be none or trained: " + dictionary);
    };
    pipeline = Pipeline.builder().compression(compression).build();
    body = pipeline.encode(value);
    if (!value.equals(pipeline.decode(body, loaded.typeReference()))) {
      throw new IllegalStateException(pipeline + " does not give back " + dataset);
    }
  }

  @TearDown
  public void tearDown() {
    pipeline.close();
  }

  /** Serialize and compress one body into pooled segments, write it out, give the segments back. */
  @Benchmark
  public long encode(BlackholeSink sink) throws IOException {
    try (EncodedBody encoded = pipeline.encodeToBody(value)) {
      encoded.writeTo(sink);
      return encoded.size();
    }
  }

  /**
   * Decompress and deserialize the body this pipeline made. Jackson's deserializers reach full speed
   * only after about 8 s here (measured: 1,000 ops/s in the first second, the plateau from the
   * eighth), so this method warms up longer than encode.
   */
  @Benchmark
  @Warmup(iterations = 8, time = 1)
  public Object decode() throws ZipjackDecodeException {
    return pipeline.decode(body, loaded.typeReference());
  }
}
