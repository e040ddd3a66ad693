package io.github.zipjack.tools.tune;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.zipjack.EncodedBody;
import io.github.zipjack.Pipeline;
import io.github.zipjack.ZipjackDecodeException;
import io.github.zipjack.bench.BlackholeSink;
import io.github.zipjack.bench.PlainMappers;
import io.github.zipjack.bench.WithoutZipjack;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * bench/tune's measurement: how many of the user's bodies a second one shared {@link Pipeline}
 * encodes (serializes the parsed document, then compresses, into pooled segments, as the servlet
 * filter and {@code CompressedResponses} do) or decodes back into a document, per {@link Setting}.
 * Each operation is one body; every thread walks the bodies in turn from its own starting point, so
 * all bodies weigh alike and the figure times the mean body size is the JSON throughput. The study's
 * settings ({@code study-gzip-N}) encode with its code instead: Jackson into a new level-setting
 * GZIPOutputStream per body. With {@code largeBodies}, only the bodies past the parallel threshold
 * are walked, and {@link TuneMeasurements} runs {@code encode} in {@code Mode.AverageTime} at one
 * thread: the latency of one large body with the pipeline's {@code compressionThreads}.
 *
 * <p>Run by {@link TuneCommand}, which chooses the timing from its time budget and passes the
 * samples as a JSON Lines file it wrote ({@code samples}) and the trained dictionary
 * ({@code dictionary}, empty for none); not part of bench/run's suites.
 *
 * <p>Pitfalls avoided: every body reaches a Blackhole or is returned; encoded bodies are closed, so
 * the segment pool is in its steady state; the pipeline is built in {@code @Setup} and shared by all
 * threads, as in a service; decoding reads bodies encoded in {@code @Setup}, so only decoding is
 * measured.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@State(Scope.Benchmark)
public class TuneBenchmark {

  /** The JSON Lines file of the bodies, written by {@link TuneCommand}. */
  @Param("")
  public String samples;

  /** A {@link Setting} name: {@code zstd-1}, {@code zstd-1+dict}, {@code study-gzip-6}, ... */
  @Param("zstd-1")
  public String setting;

  /** The zstd dictionary file for a {@code +dict} setting; empty otherwise. */
  @Param("")
  public String dictionary;

  /** Only the bodies over the parallel threshold ({@link Pipeline#DEFAULT_PARALLEL_THRESHOLD_BYTES}). */
  @Param("false")
  public boolean largeBodies;

  /** The pipeline's {@code compressionThreads}; 0 for zipjack's default (the processor count). */
  @Param("0")
  public int compressionThreads;

  private List<JsonNode> values;
  private byte[][] bodies;
  private Setting parsed;
  private Pipeline pipeline;
  private ObjectMapper studyMapper;

  /** Where one thread is in the bodies. */
  @State(Scope.Thread)
  public static class Cursor {
    private int next;

    @Setup
    public void setUp(ThreadParams thread, TuneBenchmark benchmark) {
      next = (int) ((long) benchmark.values.size() * thread.getThreadIndex() / thread.getThreadCount());
    }

    int next(int count) {
      int index = next;
      next = index + 1 == count ? 0 : index + 1;
      return index;
    }
  }

  @Setup
  public void setUp() throws IOException {
    parsed = Setting.parse(setting);
    parsed.codec().requireAvailableHere();
    pipeline = TunePipelines.build(parsed, dictionary.isEmpty() ? null : Path.of(dictionary), compressionThreads);
    ObjectMapper mapper = pipeline.mapperCopy();
    values = Samples.readJsonLines(Path.of(samples), mapper);
    if (largeBodies) {
      long threshold = Pipeline.DEFAULT_PARALLEL_THRESHOLD_BYTES;
      List<JsonNode> large = new ArrayList<>();
      for (JsonNode value : values) {
        if (mapper.writeValueAsBytes(value).length > threshold) {
          large.add(value);
        }
      }
      if (large.isEmpty()) {
        throw new IllegalStateException("no body over " + threshold + " bytes in " + samples);
      }
      values = large;
    }
    List<byte[]> encoded = new ArrayList<>(values.size());
    for (JsonNode value : values) {
      encoded.add(pipeline.encode(value));
    }
    bodies = encoded.toArray(new byte[0][]);
    studyMapper = PlainMappers.json();
  }

  @TearDown
  public void tearDown() {
    pipeline.close();
  }

  /** One body serialized and compressed as zipjack serves it (the study's code for its settings). */
  @Benchmark
  public long encode(Cursor cursor, BlackholeSink sink) throws IOException {
    JsonNode value = values.get(cursor.next(values.size()));
    if (parsed.study()) {
      return WithoutZipjack.studyGzip(studyMapper, value, parsed.codec().level(), false, false).length;
    }
    try (EncodedBody body = pipeline.encodeToBody(value)) {
      body.writeTo(sink);
      return body.size();
    }
  }

  /** One body decompressed and parsed back into a document. */
  @Benchmark
  public JsonNode decode(Cursor cursor) throws ZipjackDecodeException {
    return pipeline.decode(bodies[cursor.next(bodies.length)], JsonNode.class);
  }
}
