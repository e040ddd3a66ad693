package io.github.zipjack.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * The study zipjack starts from (docs/benchmarks.md), as it was: how fast does a web service turn
 * 100 records (x1) or the same 100 records ten times (x10) into a gzip body, and what do the
 * compression level, Afterburner, a 64 KB deflater buffer and a 64 KB BufferedOutputStream change?
 *
 * <p>Every call does what the study's service did: a new ByteArrayOutputStream, a new
 * {@code LeveledGzipOutputStream} (so a new Deflater with its native memory), optionally a
 * BufferedOutputStream in front of it, {@code mapper.writeValue}, close, {@code toByteArray()}.
 * The eight methods are the baseline and every combination of the three optimizations. The
 * mappers are made once and shared by all threads, like a service's.
 *
 * <p>Pitfalls avoided: the body is returned, so the JIT cannot drop the work; the payload is built
 * in {@code @Setup}, outside the measurement; mapper set-up and serializer warm-up are outside the
 * measurement too, as they are in a long-running service.
 *
 * <p>What to expect: the study found that level 1 more than doubles the throughput of level 6 and
 * that each optimization adds 1-3% (all three about 5%). With JDK zlib as the wall (see
 * {@link CeilingBenchmark}) the optimizations can only move the figure within the noise, and the
 * 64 KB buffers allocated per call show up in the bytes allocated per operation. Every
 * other figure in the report is divided by {@link #baseline()} of the same payload, level and
 * threads.
 *
 * <p>Timing: 3 x 1 s of warm-up is where x1 reaches its plateau on a 2-core machine (deflate is
 * native code; the JIT has only Jackson to compile); 5 x 0.6 s of measurement give JMH five samples
 * for its error.
 *
 * <p>The quick suite ({@code bench/run}) runs only {@link #baseline()} and the study's best,
 * {@link #afterburner_deflaterBuffer_bufferedInput()}; the full suite runs all eight.
 *
 * <p>How to run (add {@code -prof gc} for bytes allocated per call; {@code -t 50} is the study's
 * own thread count):
 * <pre>
 * java -jar target/benchmarks.jar SeedBenchmark -prof gc
 * java -jar target/benchmarks.jar SeedBenchmark -t 50 -f 3 -wi 5 -i 10 -w 2s -r 2s
 * </pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 600, timeUnit = TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@State(Scope.Benchmark)
public class SeedBenchmark {

  /** 1 = people-100 (about 114 KiB of JSON), 10 = the same 100 records ten times. */
  @Param({"1", "10"})
  public int numCopies;

  @Param({"1", "6"})
  public int compressionLevel;

  private Object payload;
  private ObjectMapper plain;
  private ObjectMapper afterburner;

  @Setup
  public void setUp() throws IOException {
    payload = Datasets.load(numCopies == 1 ? "people-100" : "people-100x10").value();
    plain = PlainMappers.json();
    afterburner = PlainMappers.jsonWithAfterburner();
  }

  /** The study's starting point: default buffers (Jackson's 8,000 bytes in, 512 bytes out). */
  @Benchmark
  public byte[] baseline() throws IOException {
    return WithoutZipjack.studyGzip(plain, payload, compressionLevel, false, false);
  }

  @Benchmark
  public byte[] afterburner() throws IOException {
    return encode(afterburner, false, false);
  }

  @Benchmark
  public byte[] deflaterBuffer() throws IOException {
    return encode(plain, true, false);
  }

  @Benchmark
  public byte[] bufferedInput() throws IOException {
    return encode(plain, false, true);
  }

  @Benchmark
  public byte[] afterburner_deflaterBuffer() throws IOException {
    return encode(afterburner, true, false);
  }

  @Benchmark
  public byte[] afterburner_bufferedInput() throws IOException {
    return encode(afterburner, false, true);
  }

  @Benchmark
  public byte[] deflaterBuffer_bufferedInput() throws IOException {
    return encode(plain, true, true);
  }

  /** All three of the study's optimizations together. */
  @Benchmark
  public byte[] afterburner_deflaterBuffer_bufferedInput() throws IOException {
    return encode(afterburner, true, true);
  }

  /**
   * @param bigDeflaterBuffer a 64 KB DeflaterOutputStream buffer instead of 512 bytes
   * @param bufferedInput a 64 KB BufferedOutputStream between Jackson and the gzip stream
   */
  private byte[] encode(ObjectMapper mapper, boolean bigDeflaterBuffer, boolean bufferedInput)
      throws IOException {
    return WithoutZipjack.studyGzip(mapper, payload, compressionLevel, bigDeflaterBuffer, bufferedInput);
  }
}
