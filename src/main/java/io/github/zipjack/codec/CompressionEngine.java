package io.github.zipjack.codec;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * One content coding (identity, gzip through zlib or libdeflate, zstd, brotli) with the native state
 * it pools. Internal API.
 *
 * <p>Thread-safe: many threads {@link #open(OutputStream)} encoders at once; each encoder serves one
 * thread. Two shapes fit behind {@link Encoder}: a streaming engine compresses as the serializer
 * writes (the JDK Deflater), a whole-body engine gathers the serialized bytes and compresses them
 * once in {@link Encoder#finish()} ({@link WholeBodyEncoder}). {@link #close()} releases every pooled
 * native resource; encoders and decoders still lent out release theirs when they are closed.
 */
public interface CompressionEngine extends AutoCloseable {

  /** The HTTP content-coding token: {@code identity}, {@code gzip}, {@code zstd}, {@code br}. */
  String contentEncoding();

  /**
   * What serves this coding, for humans: {@code gzip(1) via libdeflate}, {@code gzip(6) via JDK zlib},
   * {@code zstd(3) via zstd-jni}, {@code brotli(5) via brotli4j}, {@code none}.
   */
  String implementation();

  /** The native contexts this engine made and released; see {@link ContextCounter}. */
  ContextCounter contexts();

  /** Encoders lent by {@link #open(OutputStream)} and not yet closed; exact only when no thread is busy. */
  long lentEncoders();

  /**
   * Decoder state (an Inflater, a zstd context, an input array) held by decoder streams not yet
   * closed; exact only when no thread is busy.
   */
  long lentDecoderSlots();

  /** Lends an encoder whose output goes to {@code sink}; the caller closes it. */
  Encoder open(OutputStream sink) throws IOException;

  /**
   * A stream of the decoded bytes of {@code body}. Closing it releases the decoder's native state
   * and closes {@code body}. Data problems surface as {@link io.github.zipjack.ZipjackDecodeException}s.
   */
  InputStream decoder(InputStream body) throws IOException;

  /** Releases pooled native state. Idempotent. */
  @Override
  void close();
}
