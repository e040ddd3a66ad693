package io.github.zipjack.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.zipjack.Format;
import io.github.zipjack.data.Datasets;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
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
 * that keeps nothing (S); {@link #compressOnly} is the JDK's zlib deflating the pre-serialized bytes
 * with one Deflater reused for every call, plus the CRC-32 gzip needs (C); {@link #copyOnly} is a
 * plain copy of the same bytes, the floor of any step that touches them. A thread that serializes
 * and then compresses cannot beat 1/(1/S + 1/C): the report divides every encode result by it.
 *
 * <p>Pitfalls avoided: state is per thread (a Deflater serves one thread at a time), so with
 * {@code -t 2} each thread has its own and the figure is the sum over threads, comparable to the
 * other benchmarks'; all output reaches a Blackhole or is returned; the Deflater is reset, not
 * re-made, so no set-up cost hides in C; it is ended in {@code @TearDown}.
 *
 * <p>What to expect: on the study's 100 records, C several times below S at level 6 and still below
 * it at level 1: zlib, not Jackson, is the wall, so the ceiling sits close to C. A copy is two
 * orders of magnitude faster than either. The level belongs to the {@link Compressor} state alone,
 * so serializeOnly and copyOnly run once per dataset and format, not once per level.
 *
 * <p>How to run:
 * <pre>
 * java -jar target/benchmarks.jar CeilingBenchmark -prof gc
 * java -jar target/benchmarks.jar CeilingBenchmark.compressOnly -p level=1,2,3,4,5,6,7,8,9 -p format=JSON,MSGPACK
 * </pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 600, timeUnit = TimeUnit.MILLISECONDS)
@Fork(1)
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
   * The compressor of one thread, with the level as its own parameter: only {@link #compressOnly}
   * uses this state, so JMH runs serializeOnly and copyOnly once per dataset and format rather than
   * once per level too.
   */
  @State(Scope.Thread)
  public static class Compressor {

    /** The buffer zlib deflates into, in bytes; reused, so its size only sets the number of calls. */
    static final int OUTPUT_BYTES = 64 * 1024;

    /** A gzip level, 0 to 9. */
    @Param({"1", "6"})
    public int level;

    private Deflater deflater;
    private final CRC32 crc = new CRC32();
    private final byte[] output = new byte[OUTPUT_BYTES];

    @Setup
    public void setUp() {
      deflater = new Deflater(level, true); // raw deflate, as inside a gzip member
    }

    @TearDown
    public void tearDown() {
      deflater.end();
    }

    /** Deflates {@code input} completely with the reused Deflater and computes its CRC-32. */
    long compress(byte[] input) {
      crc.reset();
      crc.update(input, 0, input.length);
      deflater.reset();
      deflater.setInput(input);
      deflater.finish();
      long total = 0;
      while (!deflater.finished()) {
        total += deflater.deflate(output);
      }
      return total + crc.getValue();
    }
  }

  /** S: serialization alone, into a stream that hands everything to a Blackhole. */
  @Benchmark
  public long serializeOnly(BlackholeSink sink) throws IOException {
    sink.reset();
    mapper.writeValue(sink, payload);
    return sink.byteCount();
  }

  /** C: deflate the serialized bytes with the reused Deflater, and their CRC-32. */
  @Benchmark
  @Warmup(iterations = 1, time = 1) // native zlib: nothing for the JIT to learn
  public long compressOnly(Compressor compressor) {
    return compressor.compress(serialized);
  }

  @Benchmark
  @Warmup(iterations = 1, time = 1) // an intrinsic: nothing for the JIT to learn
  public byte[] copyOnly() {
    System.arraycopy(serialized, 0, copy, 0, serialized.length);
    return copy;
  }
}
