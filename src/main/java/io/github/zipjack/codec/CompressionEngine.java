package io.github.zipjack.codec;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * One content coding (identity, gzip; later zstd, brotli) with the native state it pools.
 *
 * <p>Thread-safe: many threads {@link #open(OutputStream)} encoders at once; each encoder serves one
 * thread. Two shapes fit behind {@link Encoder}: a streaming engine compresses as the serializer
 * writes (the JDK Deflater), a whole-body engine gathers the serialized bytes in segments and
 * compresses them once in {@link Encoder#finish()} (libdeflate-style APIs). {@link #close()} ends
 * every pooled native resource; encoders still lent out end theirs when they are closed.
 */
public interface CompressionEngine extends AutoCloseable {

  /** The HTTP content-coding token: {@code identity}, {@code gzip}. */
  String contentEncoding();

  /** Lends an encoder whose output goes to {@code sink}; the caller closes it. */
  Encoder open(OutputStream sink) throws IOException;

  /**
   * A stream of the decoded bytes of {@code body}. Closing it releases the decoder's native state
   * and closes {@code body}. Data problems surface as {@link io.github.zipjack.ZipjackDecodeException}s.
   */
  InputStream decoder(InputStream body) throws IOException;

  /** Ends pooled native state. Idempotent. */
  @Override
  void close();
}
