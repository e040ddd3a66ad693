package io.github.zipjack.codec;

import io.github.zipjack.SystemGzip;
import io.github.zipjack.buffer.SegmentPool;
import java.io.IOException;
import java.nio.file.Path;

/**
 * gzip through JDK zlib set to gather whole bodies (a whole-body pool): {@code openStreaming} still
 * lends encoders that deflate as they are written, from a pool of their own.
 */
class WholeBodyZlibGzipStreamingTest extends StreamingEncoderContract {
  @Override
  CompressionEngine newEngine() {
    return new GzipEngine(new EngineConfig(6, 8192, 8192, 4, new SegmentPool(1024 * 1024), Long.MAX_VALUE));
  }

  @Override
  byte[] decodeWithSystemTool(byte[] body, Path dir) throws IOException, InterruptedException {
    return SystemGzip.decompress(body, dir);
  }
}
