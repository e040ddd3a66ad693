package io.github.zipjack.bench;

import io.github.zipjack.Compression;
import io.github.zipjack.EncodedBody;
import io.github.zipjack.Pipeline;
import io.github.zipjack.buffer.Segment;
import io.github.zipjack.buffer.SegmentOutputStream;
import io.github.zipjack.buffer.SegmentPool;
import io.github.zipjack.codec.DictionaryEngine;
import io.github.zipjack.codec.Encoder;
import io.github.zipjack.codec.EngineConfig;
import io.github.zipjack.data.Datasets;
import io.github.zipjack.servlet.HttpDictionary;
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
 * RFC 9842's {@code dcz} on one record, as {@code CompressedResponses} and the Spring converter
 * make it: is serializing one record and compressing it with an HTTP dictionary at least as fast as
 * serializing and compressing it with plain zstd(1)? {@code coding=zstd} is the zstd(1) pipeline's
 * pooled path (serialize and compress into segments); {@code coding=dcz} serializes with the
 * identity pipeline straight into a {@link DictionaryEngine}'s encoder (the 40-byte header and one
 * zstd(1) frame with the raw dictionary) writing pooled segments, as the helper does. Both make one
 * pass over the body and write it to a sink that keeps nothing.
 *
 * <p>The dictionary is the HTTP form (content part) of {@link DictionaryTraining}'s, trained in
 * {@code @Setup} on 1,000 other records of the same kind, never the measured one, and loaded once,
 * as a server does at start-up. Pitfalls avoided: no per-call hashing or dictionary loading; every
 * body reaches the Blackhole through the sink.
 *
 * <p>What to expect: dcz about as fast as zstd(1): it has less to write with the history, but
 * searches the dictionary's tables beside the body's own for each match; bytes allocated per
 * operation close to zstd's (the segments are pooled).
 *
 * <pre>
 * java -jar target/benchmarks.jar DczEncodeBenchmark -prof gc
 * </pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 600, timeUnit = TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@State(Scope.Thread)
public class DczEncodeBenchmark {

  @Param({"people-1", "orders-1"})
  public String dataset;

  /** {@code zstd}: zstd(1) without a dictionary; {@code dcz}: zstd(1) with the HTTP dictionary. */
  @Param({"zstd", "dcz"})
  public String coding;

  private Object value;
  private Pipeline pipeline;
  private DictionaryEngine dcz;
  private SegmentPool pool;

  @Setup
  public void setUp() {
    value = Datasets.load(dataset).value();
    // Trained for both codings: training serializes 1,000 records, and both forks must have run the
    // same code before measuring, or the JIT's profiles of Jackson differ between them.
    byte[] trained = DictionaryTraining.train(dataset).toByteArray();
    switch (coding) {
      case "zstd" -> pipeline = Pipeline.builder().compression(Compression.zstd(1)).build();
      case "dcz" -> {
        pipeline = Pipeline.builder().compression(Compression.none()).build();
        HttpDictionary dictionary = HttpDictionary.builder(trained).match("/*").build();
        dcz = DictionaryEngine.dcz(new EngineConfig(1, Segment.SIZE, Segment.SIZE, 4, null, 1 << 24),
            dictionary.toByteArray(), dictionary.sha256());
        pool = new SegmentPool(1 << 20);
      }
      default -> throw new IllegalArgumentException("coding must be zstd or dcz: " + coding);
    }
  }

  @TearDown
  public void tearDown() {
    pipeline.close();
    if (dcz != null) {
      dcz.close();
      pool.close();
    }
  }

  /** One record serialized and compressed into pooled segments, written out, the segments given back. */
  @Benchmark
  public long encode(BlackholeSink sink) throws IOException {
    if (dcz == null) {
      try (EncodedBody encoded = pipeline.encodeToBody(value)) {
        encoded.writeTo(sink);
        return encoded.size();
      }
    }
    try (SegmentOutputStream compressed = new SegmentOutputStream(pool)) {
      try (Encoder encoder = dcz.open(compressed)) {
        pipeline.encode(value, encoder.stream());
        encoder.finish();
      }
      for (Segment s = compressed.head(); s != null; s = s.next()) {
        sink.write(s.data, s.pos, s.readableBytes());
      }
      return compressed.size();
    }
  }
}
