package io.github.zipjack;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.List;
import org.junit.jupiter.api.AfterAll;

/**
 * Every decode path of a pipeline, fuzzed with Jazzer: whatever bytes arrive, decoding returns a value
 * or throws a {@link ZipjackDecodeException}; never another exception, an OutOfMemoryError or a
 * hang, and it leaves nothing lent out of the pipeline's pools.
 *
 * <p>In a plain test run each method replays the inputs kept under
 * {@code src/test/resources/io/github/zipjack/PipelineDecodeFuzzTestInputs/<method>/} (seeds and
 * every input that once found a bug). {@code fuzz/run} fuzzes them for real.
 */
class PipelineDecodeFuzzTest {
  /** Small, so that the fuzzer meets the limit often and cheaply. */
  private static final long MAX_DECODED_BYTES = 64 * 1024;
  private static final int MAX_NESTING_DEPTH = 64;

  private static final Pipeline GZIP_JSON = pipeline(Format.JSON, Compression.gzip(6));
  private static final Pipeline ZSTD_JSON = pipeline(Format.JSON, Compression.zstd(3));
  private static final Pipeline BROTLI_JSON = pipeline(Format.JSON, Compression.brotli(4));
  private static final Pipeline PLAIN_JSON = pipeline(Format.JSON, Compression.none());
  private static final Pipeline PLAIN_MSGPACK = pipeline(Format.MSGPACK, Compression.none());

  private static Pipeline pipeline(Format format, Compression compression) {
    return Pipeline.builder().format(format).compression(compression).maxDecodedBytes(MAX_DECODED_BYTES)
        .maxNestingDepth(MAX_NESTING_DEPTH).build();
  }

  @AfterAll
  static void closePipelines() {
    for (Pipeline p : List.of(GZIP_JSON, ZSTD_JSON, BROTLI_JSON, PLAIN_JSON, PLAIN_MSGPACK)) {
      p.close();
    }
  }

  @FuzzTest
  void gzipBody(byte[] body) {
    decodeOrRefuse(GZIP_JSON, body);
  }

  @FuzzTest
  void zstdBody(byte[] body) {
    decodeOrRefuse(ZSTD_JSON, body);
  }

  @FuzzTest
  void brotliBody(byte[] body) {
    decodeOrRefuse(BROTLI_JSON, body);
  }

  @FuzzTest
  void jsonBody(byte[] body) {
    decodeOrRefuse(PLAIN_JSON, body);
  }

  @FuzzTest
  void messagePackBody(byte[] body) {
    decodeOrRefuse(PLAIN_MSGPACK, body);
  }

  /** Decodes {@code body} as a generic value; a decode exception is a fine answer, anything else a finding. */
  static void decodeOrRefuse(Pipeline pipeline, byte[] body) {
    try {
      pipeline.decode(body, Object.class);
    } catch (ZipjackDecodeException refused) {
      if (refused.getMessage() == null || refused.getMessage().isBlank()) {
        throw new AssertionError("a decode exception without a message", refused);
      }
    }
    PipelineResources after = pipeline.resources();
    if (!after.nothingLent()) {
      throw new AssertionError("decoding left resources lent: " + after);
    }
  }
}
