package io.github.zipjack.codec;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;

/**
 * An encoder for a native streaming compressor that reads its input from a direct buffer (zstd's
 * streaming API, brotli's JNI wrapper): writes are copied straight into that buffer, which is handed
 * to the compressor each time it fills, so the body is never gathered on the heap. Not thread-safe;
 * lent by its engine's {@code openStreaming}.
 */
abstract class DirectInputEncoder extends Encoder {
  /** Copies compressed output from the compressor's direct buffers to {@link #sink}. */
  final NativeOutputWriter writer = new NativeOutputWriter();
  /** The body's sink; null between bodies. */
  OutputStream sink;

  DirectInputEncoder() {
    super(0); // the direct input buffer gathers the writes
  }

  /** The buffer writes go into; body bytes not yet compressed are {@code [0, position)}. */
  abstract ByteBuffer input();

  /** Compresses the full {@link #input()}, writes what the compressor makes to the sink, and clears it. */
  abstract void compressFullInput() throws IOException;

  @Override
  protected final void consume(byte[] bytes, int offset, int length) throws IOException {
    ByteBuffer input = input();
    while (length > 0) {
      int n = Math.min(length, input.remaining());
      input.put(bytes, offset, n);
      offset += n;
      length -= n;
      if (!input.hasRemaining()) {
        compressFullInput();
      }
    }
  }
}
