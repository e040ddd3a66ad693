package io.github.zipjack.codec;

import io.github.zipjack.buffer.SegmentOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;

/**
 * Writes compressed output that a native compressor left in a direct buffer (zstd's output buffer,
 * brotli's output view) to a sink: straight into the segments when the sink is a
 * {@link SegmentOutputStream}, else through a heap array made at the first such write and kept.
 * Not thread-safe; each encoder owns one.
 */
final class NativeOutputWriter {
  /** The largest piece (bytes) copied through the heap array per write to the sink. */
  static final int CHUNK_BYTES = 64 * 1024;

  /** Null until the first write to a sink that is not a SegmentOutputStream. */
  private byte[] scratch;

  /** Writes the remaining bytes of {@code output} to {@code sink}; {@code output} is left empty. */
  void write(ByteBuffer output, OutputStream sink) throws IOException {
    if (sink instanceof SegmentOutputStream segments) {
      segments.write(output);
      return;
    }
    if (scratch == null) {
      scratch = new byte[CHUNK_BYTES];
    }
    while (output.hasRemaining()) {
      int n = Math.min(output.remaining(), scratch.length);
      output.get(scratch, 0, n);
      sink.write(scratch, 0, n);
    }
  }
}
