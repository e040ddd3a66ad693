package io.github.zipjack.bench;

import io.github.zipjack.buffer.Segment;
import io.github.zipjack.codec.CompressionEngine;
import io.github.zipjack.codec.Encoder;
import io.github.zipjack.codec.EngineConfig;
import io.github.zipjack.codec.EngineSelection;
import io.github.zipjack.data.Datasets;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
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
 * What does streaming a large body, as the servlet filter does past its {@code maxBufferedBytes},
 * cost or save against compressing it whole? Each operation lends one encoder from a shared
 * {@link CompressionEngine}, {@code whole} ({@link CompressionEngine#open}) or {@code streaming}
 * ({@link CompressionEngine#openStreaming}), writes the JSON of the dataset to it in
 * {@value #PIECE_BYTES}-byte pieces, the writes Jackson makes to a servlet's output stream, then
 * finishes and closes it. {@code whole} is the baseline the streaming figure is divided by.
 *
 * <p>Pitfalls avoided: the dataset is serialized once in {@code @Setup}, so Jackson's time does not
 * dilute the difference between the shapes; the compressed bytes go to a {@link BlackholeSink}, which
 * keeps nothing (no growing buffer in the allocation figure) but hands every write to the Blackhole,
 * and the compressed byte count is returned, so the JIT cannot drop the work; the engine is made
 * as the filter makes its engines (16 KiB input buffers, no whole-body segment pool) and shared by
 * the threads, with a few idle encoders, so its pooled contexts are reused and no set-up is
 * measured; it is closed in {@code @TearDown}; a libdeflate codec on a JVM older than 25 fails in
 * {@code @Setup} with the reason.
 *
 * <p>What {@code whole} means: {@link CompressionEngine#open}'s encoder, which compresses a body of up
 * to 1 MiB in one call and, for zstd and brotli, goes on with a larger one in the engine's streaming
 * encoder (WholeBodyEncoder); libdeflate gathers any size whole.
 *
 * <p>What to expect, on the 1.1 MB of {@code people-100x10} (JDK 25.0.3, 2 cores): zlib lends the
 * same streaming encoder both ways, so its two rows agree within the error (a control). libdeflate
 * streamed is JDK zlib at the same level: about half as fast as libdeflate whole, and 8% larger.
 * zstd and brotli agree within the error both ways, and allocate almost nothing per body
 * ({@code -prof gc}). The dataset is the same 100 records ten times, where zstd and brotli find
 * long matches (about 37 KB out, where zlib's 32 KiB window makes 400 KB); {@code -p
 * dataset=file:...} measures a file of varied records made by the data generator instead.
 *
 * <p>Timing: whole-body zstd runs at a twentieth of its speed for the first one to six seconds of a
 * fork (seen with G1 and Parallel GC, with and without -Xms and pre-touched heap), hence 5 x 1 s of
 * warm-up.
 *
 * <p>How to run (libdeflate needs a JDK 25; {@code bench/run} picks one when installed):
 * <pre>
 * java --enable-native-access=ALL-UNNAMED -jar target/benchmarks.jar LargeBodyBenchmark -prof gc
 * java -jar target/benchmarks.jar LargeBodyBenchmark -prof gc -p codec=zstd-3,brotli-5 -p dataset=people-100
 * </pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 600, timeUnit = TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@State(Scope.Benchmark)
public class LargeBodyBenchmark {

  /** Bytes per write: Jackson's output buffer, which it hands to the response stream when full. */
  public static final int PIECE_BYTES = 8000;
  /** The {@code shape} that lends {@link CompressionEngine#open}'s encoder. */
  public static final String WHOLE = "whole";
  /** The {@code shape} that lends {@link CompressionEngine#openStreaming}'s encoder. */
  public static final String STREAMING = "streaming";
  /** Idle encoders the engine keeps: enough for a run with {@code -t 4}. */
  private static final int IDLE_ENCODERS = 4;

  @Param({"people-100x10"})
  public String dataset;

  /** An engine and its level; see {@link Codec} ({@code none} has nothing to stream). */
  @Param({"zstd-1", "brotli-4", "libdeflate-1", "zlib-1"})
  public String codec;

  /** {@value #WHOLE} or {@value #STREAMING}. */
  @Param({WHOLE, STREAMING})
  public String shape;

  /** The dataset's JSON, serialized once. */
  private byte[] body;
  private CompressionEngine engine;
  private boolean streaming;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    streaming = streaming(shape);
    engine = newEngine(Codec.parse(codec));
    body = serialize(dataset);
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    engine.close();
  }

  @Benchmark
  public long compress(BlackholeSink sink) throws IOException {
    sink.reset();
    encode(engine, streaming, body, sink);
    return sink.byteCount();
  }

  /**
   * The bytes {@link #compress} sends to its sink for {@code dataset} with {@code codec} in
   * {@code shape}, for the report. Makes and closes an engine of its own.
   *
   * @throws IllegalStateException for a codec this JVM cannot run
   */
  public static long compressedBytes(String dataset, String codec, String shape) throws IOException {
    boolean streaming = streaming(shape);
    byte[] body = serialize(dataset);
    try (CompressionEngine engine = newEngine(Codec.parse(codec))) {
      ByteArrayOutputStream sink = new ByteArrayOutputStream(body.length / 4);
      encode(engine, streaming, body, sink);
      return sink.size();
    }
  }

  /** The engine as the servlet filter makes it: 16 KiB input and deflater buffers, no segment pool. */
  private static CompressionEngine newEngine(Codec codec) {
    codec.requireAvailableHere();
    if (Codec.NONE.equals(codec.engine())) {
      throw new IllegalArgumentException("codec none has no encoder to stream with: pick an engine and level");
    }
    EngineConfig config = new EngineConfig(codec.level(), Segment.SIZE, Segment.SIZE, IDLE_ENCODERS, null,
        Long.MAX_VALUE);
    return EngineSelection.create(codec.compression(), config);
  }

  private static byte[] serialize(String dataset) throws IOException {
    return PlainMappers.json().writeValueAsBytes(Datasets.load(dataset).value());
  }

  private static boolean streaming(String shape) {
    return switch (shape) {
      case WHOLE -> false;
      case STREAMING -> true;
      default -> throw new IllegalArgumentException("shape must be " + WHOLE + " or " + STREAMING + ": " + shape);
    };
  }

  /** One body: lend, write in pieces, finish, close (which returns the encoder to the engine). */
  private static void encode(CompressionEngine engine, boolean streaming, byte[] body, OutputStream sink)
      throws IOException {
    try (Encoder encoder = streaming ? engine.openStreaming(sink) : engine.open(sink)) {
      OutputStream out = encoder.stream();
      for (int pos = 0; pos < body.length; pos += PIECE_BYTES) {
        out.write(body, pos, Math.min(PIECE_BYTES, body.length - pos));
      }
      encoder.finish();
    }
  }
}
