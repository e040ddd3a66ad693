package io.github.zipjack.codec;

import io.github.zipjack.SystemGzip;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;

/**
 * gzip through libdeflate on Java 25+: libdeflate has no streaming API, so {@code openStreaming}
 * lends JDK zlib encoders at the same level, counted and closed with the engine's own.
 */
@EnabledForJreRange(min = JRE.JAVA_25,
    disabledReason = "libdeflate comes from aircompressor-v3, whose classes are Java 25 class files")
class LibdeflateGzipStreamingTest extends StreamingEncoderContract {
  @Override
  CompressionEngine newEngine() {
    return new LibdeflateGzipEngine(new EngineConfig(6, 8192, 8192, 4, null, Long.MAX_VALUE));
  }

  @Override
  byte[] decodeWithSystemTool(byte[] body, Path dir) throws IOException, InterruptedException {
    return SystemGzip.decompress(body, dir);
  }
}
