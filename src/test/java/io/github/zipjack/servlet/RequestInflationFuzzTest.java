package io.github.zipjack.servlet;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.zipjack.ZipjackDecodeException;
import io.github.zipjack.codec.BrotliEngine;
import io.github.zipjack.codec.CompressionEngine;
import io.github.zipjack.codec.EngineConfig;
import io.github.zipjack.codec.GzipEngine;
import io.github.zipjack.codec.ZstdEngine;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.AfterAll;

/**
 * The filter's request inflation, fuzzed with Jazzer: a request body in any of the codings, whatever
 * its bytes, reads to its end or fails with a {@link ZipjackDecodeException} (which the filter turns
 * into 400 or 413), never anything else, never more than the limit, and gives its decoder back.
 */
class RequestInflationFuzzTest {
  private static final long MAX_INFLATED_BYTES = 64 * 1024;
  private static final long MAX_RATIO = 20;
  private static final EngineConfig CONFIG = new EngineConfig(1, 0, 1024, 2, null, Long.MAX_VALUE);
  private static final List<CompressionEngine> ENGINES = List.of(new GzipEngine(CONFIG), new ZstdEngine(CONFIG),
      new BrotliEngine(CONFIG));

  @AfterAll
  static void closeEngines() {
    ENGINES.forEach(CompressionEngine::close);
  }

  @FuzzTest
  void inflatedRequestBody(FuzzedDataProvider data) throws IOException {
    CompressionEngine engine = ENGINES.get(data.consumeInt(0, ENGINES.size() - 1));
    byte[] body = data.consumeRemainingAsBytes();
    long inflated = 0;
    try (InflatingInputStream in = new InflatingInputStream(new ByteArrayInputStream(body), engine,
        MAX_INFLATED_BYTES, MAX_RATIO)) {
      byte[] buffer = new byte[4096];
      for (int n; (n = in.read(buffer, 0, buffer.length)) >= 0; ) {
        inflated += n;
      }
    } catch (ZipjackDecodeException refused) {
      // 400 or 413: a fine answer to bytes from a stranger
    }
    if (inflated > MAX_INFLATED_BYTES) {
      throw new AssertionError("read " + inflated + " bytes past maxInflatedBytes " + MAX_INFLATED_BYTES);
    }
    if (engine.lentDecoderSlots() != 0) {
      throw new AssertionError(engine + " still lends " + engine.lentDecoderSlots() + " decoders");
    }
  }
}
