package io.github.zipjack.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.Accelerator;
import io.github.zipjack.Compression;
import io.github.zipjack.GzipImplementation;
import io.github.zipjack.Pipeline;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** The pipeline ParallelBodyBenchmark and ParallelDefaultsBenchmark build from their parameters. */
class ParallelBenchmarkPipelineTest {

  @Test
  void presentSettingsReachThePipeline() {
    try (Pipeline pipeline = ParallelBodyBenchmark.newPipeline("zlib-1", OptionalInt.of(2), OptionalLong.of(65_536),
        Accelerator.NONE)) {
      assertEquals(Compression.gzip(1, GzipImplementation.ZLIB), pipeline.compression());
      assertEquals(2, pipeline.compressionThreads());
      assertEquals(65_536, pipeline.parallelThresholdBytes());
    }
  }

  @Test
  void absentSettingsAreTheLibrarysDefaults() {
    try (Pipeline pipeline = ParallelBodyBenchmark.newPipeline("zstd-1", OptionalInt.empty(), OptionalLong.empty(),
        Accelerator.NONE);
        Pipeline library = Pipeline.builder().compression(Compression.zstd(1)).build()) {
      assertEquals(library.compressionThreads(), pipeline.compressionThreads());
      assertEquals(Pipeline.DEFAULT_PARALLEL_THRESHOLD_BYTES, pipeline.parallelThresholdBytes());
    }
  }

  @Test
  void theAfterburnerStateSerializesWithAfterburnerOnItsCodecAndThreads() {
    ParallelBodyBenchmark.ZipjackWithAfterburner state = new ParallelBodyBenchmark.ZipjackWithAfterburner();
    state.afterburnerCodec = "zlib-1";
    state.afterburnerThreads = "2";

    state.setUp();
    try {
      String settings = state.toString();
      assertTrue(settings.contains("accelerator=AFTERBURNER"), settings);
      assertTrue(settings.contains("compressionThreads=2"), settings);
      assertTrue(settings.contains("compression=gzip(1"), settings);
    } finally {
      state.tearDown();
    }
  }

  @Test
  void theDefaultsBenchmarkOnOneThreadLeavesItsThresholdUnset() {
    ParallelDefaultsBenchmark benchmark = new ParallelDefaultsBenchmark();
    benchmark.records = 1;
    benchmark.codec = "zlib-1";
    benchmark.threads = 1;
    benchmark.threshold = 65_536;

    benchmark.setUp(); // the builder refuses parallelThresholdBytes with compressionThreads(1)
    benchmark.tearDown();
  }

  @Test
  void compressionThreads_notANumber() {
    assertThrows(IllegalArgumentException.class, () -> ParallelBodyBenchmark.compressedBytes("people-1", "zlib-1", "two"));
  }
}
