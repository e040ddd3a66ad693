package io.github.zipjack.codec;

import io.github.zipjack.SystemGzip;
import java.io.IOException;
import java.nio.file.Path;

/** gzip through JDK zlib, whose encoders stream already: {@code openStreaming} lends them. */
class ZlibGzipStreamingTest extends StreamingEncoderContract {
  @Override
  CompressionEngine newEngine() {
    return new GzipEngine(new EngineConfig(6, 8192, 8192, 4, null, Long.MAX_VALUE));
  }

  @Override
  byte[] decodeWithSystemTool(byte[] body, Path dir) throws IOException, InterruptedException {
    return SystemGzip.decompress(body, dir);
  }
}
