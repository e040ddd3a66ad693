package io.github.zipjack.codec;

import io.github.zipjack.SystemTool;
import java.io.IOException;
import java.nio.file.Path;

/** brotli's streaming encoder ({@link BrotliStreamEncoder}): the contract, with a native encoder per body. */
class BrotliStreamingTest extends StreamingEncoderContract {
  @Override
  CompressionEngine newEngine() {
    return new BrotliEngine(new EngineConfig(4, 0, 0, 4, null, Long.MAX_VALUE));
  }

  @Override
  byte[] decodeWithSystemTool(byte[] body, Path dir) throws IOException, InterruptedException {
    return SystemTool.run(body, "brotli", "brotli", "-dc");
  }

  @Override
  boolean nativeEncoderPerBody() {
    return true;
  }
}
