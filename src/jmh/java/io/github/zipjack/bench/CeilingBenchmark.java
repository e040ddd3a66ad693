package io.github.zipjack.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.zipjack.Format;
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
 * The limits: how fast is each step alone? {@link #serializeOnly} is Jackson writing into a stream
 * that keeps nothing (S); {@link #compressOnly} is one engine alone on the pre-serialized bytes
 * with its context made once and reused for every call, plus what its body format needs (gzip's
 * CRC-32, zstd's checksum) (C); {@link #copyOnly} is a plain copy of the same bytes, the floor of
 * any step that touches them. A thread that serializes and then compresses cannot beat
 * 1/(1/S + 1/C): the report divides every encode result by the ceiling of its own engine and level.
 *
 * <p>Pitfalls avoided: state is per thread (a compression context serves one thread at a time),
 * so with {@code -t 2} each thread has its own and the figure is the sum over threads, comparable
 * to the other benchmarks'; all output reaches a Blackhole or is returned; contexts are reset, not
 * re-made (brotli excepted: it cannot reset a finished encoder, and zipjack cannot either), so no
 * set-up cost hides in C; they are freed in {@code @TearDown}; a libdeflate codec on a JVM older
 * than 25 fails in {@code @Setup} with the reason.
 *
 * <p>What to expect: on the 100 records of the study (docs/benchmarks.md), JDK zlib's C several
 * times below S at level 6 and
 * still below it at level 1: zlib, not Jackson, is the wall, so its ceiling sits close to C.
 * libdeflate 1 about twice zlib 1, zstd 1 faster than Jackson itself, brotli 5 about zlib 6
 * (docs/engines.md). A copy is two orders of magnitude faster than any. The codec belongs to
 * the {@link Compressor} state alone, so serializeOnly and copyOnly run once per dataset and
 * format, not once per codec.
 *
 * <p>How to run:
 * <pre>
 * java -jar target/benchmarks.jar CeilingBenchmark -prof gc
 * java -jar target/benchmarks.jar CeilingBenchmark.compressOnly -p codec=zlib-1,zlib-6,zstd-1,zstd-3,brotli-4,brotli-5 -p format=JSON,MSGPACK
 * </pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 600, timeUnit = TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@State(Scope.Thread)
public class CeilingBenchmark {

  @Param({"people-1", "people-10", "people-100", "people-100x10"})
  public String dataset;

  @Param({"JSON"})
  public Format format;

  private Object payload;
  private ObjectMapper mapper;
  /** The payload serialized once, in setUp. */
  private byte[] serialized;
  private byte[] copy;

  @Setup
  public void setUp() throws IOException {
    payload = Datasets.load(dataset).value();
    mapper = PlainMappers.of(format);
    serialized = mapper.writeValueAsBytes(payload);
    copy = new byte[serialized.length];
  }

  /**
   * The compressor of one thread, with the codec as its own parameter: only {@link #compressOnly}
   * uses this state, so JMH runs serializeOnly and copyOnly once per dataset and format rather than
   * once per codec too.
   */
  @State(Scope.Thread)
  public static class Compressor {

    /** An engine and its level, such as {@code zlib-1} or {@code zstd-3}; see {@link Codec} ({@code none} has no C). */
    @Param({"zlib-1", "zlib-6", "libdeflate-1", "libdeflate-6", "zstd-1", "zstd-3", "brotli-4", "brotli-5"})
    public String codec;

    private ReadyBytesCompressor compressor;

    @Setup
    public void setUp(CeilingBenchmark benchmark) {
      compressor = ReadyBytesCompressor.of(Codec.parse(codec), benchmark.serialized.length);
    }

    @TearDown
    public void tearDown() {
      compressor.close();
    }
  }

  /** S: serialization alone, into a stream that hands everything to a Blackhole. */
  @Benchmark
  public long serializeOnly(BlackholeSink sink) throws IOException {
    sink.reset();
    mapper.writeValue(sink, payload);
    return sink.byteCount();
  }

  /** C: compress the serialized bytes with the reused context. */
  @Benchmark
  @Warmup(iterations = 1, time = 1) // native code: nothing for the JIT to learn
  public long compressOnly(Compressor compressor) throws IOException {
    return compressor.compressor.compress(serialized);
  }

  @Benchmark
  @Warmup(iterations = 1, time = 1) // an intrinsic: nothing for the JIT to learn
  public byte[] copyOnly() {
    System.arraycopy(serialized, 0, copy, 0, serialized.length);
    return copy;
  }
}
