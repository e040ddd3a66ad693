package io.github.zipjack.codec;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * One content coding (identity, gzip through zlib or libdeflate, zstd, brotli) with the native state
 * it pools.
 *
 * <p>Thread-safe: many threads {@link #open(OutputStream)} encoders at once; each encoder serves one
 * thread. Two shapes fit behind {@link Encoder}: a streaming encoder compresses as the serializer
 * writes (the JDK Deflater), a whole-body encoder gathers the serialized bytes and compresses them
 * once in {@link Encoder#finish()} ({@link WholeBodyEncoder}). {@link #open(OutputStream)} lends
 * whichever serves bodies of known, moderate size best; {@link #openStreaming(OutputStream)} always
 * lends a streaming one. {@link #close()} releases every pooled
 * native resource; encoders and decoders still lent out release theirs when they are closed.
 */
public interface CompressionEngine extends AutoCloseable {

  /** {@return the HTTP content-coding token: {@code identity}, {@code gzip}, {@code zstd}, {@code br}} */
  String contentEncoding();

  /**
   * {@return what serves this coding, for humans} {@code gzip(1) via libdeflate},
   * {@code gzip(6) via JDK zlib}, {@code zstd(3) via zstd-jni}, {@code brotli(5) via brotli4j},
   * {@code none}.
   */
  String implementation();

  /** {@return the native contexts this engine made and released} See {@link ContextCounter}. */
  ContextCounter contexts();

  /**
   * {@return encoders lent by {@link #open(OutputStream)} and {@link #openStreaming(OutputStream)}
   * and not yet closed} Exact only when no thread is busy.
   */
  long lentEncoders();

  /**
   * {@return blocks of bodies compressed on several threads (each an input and output array with
   * its Deflater) out of their pool} Exact only when no thread is busy; 0 for engines that compress
   * every body on its caller's thread.
   */
  default long lentBlocks() {
    return 0;
  }

  /**
   * {@return decoder state (an Inflater, a zstd context, an input array) held by decoder streams
   * not yet closed} Exact only when no thread is busy.
   */
  long lentDecoderSlots();

  /**
   * Lends an encoder whose output goes to {@code sink}; the caller closes it. It may gather the
   * whole body before compressing it (zstd, brotli and libdeflate do), which suits bodies whose size
   * the caller bounds: a pipeline's values, a filter's buffered responses.
   *
   * @param sink where the compressed body goes; never closed by the encoder
   * @return an encoder, used by one thread at a time
   * @throws IOException if starting the format in {@code sink} fails
   */
  Encoder open(OutputStream sink) throws IOException;

  /**
   * Lends an encoder that compresses as it is written: it hands compressed output to {@code sink}
   * before the body ends, and holds at most a bounded number of body bytes, stated in each engine's
   * class doc (its input buffer and the compressor's window, for example). For bodies of unknown and
   * possibly large size, such as a response streamed past the servlet filter's buffering limit. The
   * caller finishes and closes it as any {@link Encoder}; a close without finish abandons the body.
   * By default the encoder of {@link #open(OutputStream)}, for engines whose encoders stream already.
   *
   * @param sink where the compressed body goes; never closed by the encoder
   * @return an encoder, used by one thread at a time
   * @throws IOException if starting the format in {@code sink} fails
   */
  default Encoder openStreaming(OutputStream sink) throws IOException {
    return open(sink);
  }

  /**
   * A stream of the decoded bytes of {@code body}. Closing it releases the decoder's native state
   * and closes {@code body}. Data problems surface as {@link io.github.zipjack.ZipjackDecodeException}s.
   *
   * @param body the compressed bytes
   * @return the decoded bytes; the caller closes the stream
   * @throws IOException if {@code body} fails or its start is not this coding
   */
  InputStream decoder(InputStream body) throws IOException;

  /**
   * The most bytes a body may decode to and still be decoded in one call by {@link #decodeWhole}:
   * 8 MiB. A one-call decode holds all of its output, where a streamed one holds a buffer.
   */
  int MAX_WHOLE_DECODED_BYTES = 8 << 20;

  /**
   * {@return whether {@link #decodeWhole} can decode some bodies in one call} False by default:
   * such an engine's bodies are only ever streamed through {@link #decoder(InputStream)}.
   */
  default boolean decodesWhole() {
    return false;
  }

  /**
   * Decodes a whole body held in memory in one call, into {@code into}'s decoded array, which grows
   * to the body when shorter and is otherwise reused: the decoded body is
   * {@code into.decoded()[0, returned)}. Returns -1 when this engine does not decode this body that
   * way: the caller then streams it through {@link #decoder(InputStream)}, which also says what is
   * wrong with a body that is malformed. Returns -1, and decodes nothing, for a body that would decode
   * to more than {@code maxDecodedBytes}. Thread-safe; {@code body} is not changed, {@code into} is
   * one caller's.
   *
   * @param body the array holding the compressed body
   * @param offset where the body starts
   * @param length the body's length
   * @param maxDecodedBytes the most bytes the result may hold
   * @param into the holder whose decoded array receives the body
   * @return the decoded bytes' count, or -1
   */
  default int decodeWhole(byte[] body, int offset, int length, long maxDecodedBytes, WholeBodyArrays into) {
    return -1;
  }

  /** Releases pooled native state. Idempotent. */
  @Override
  void close();
}
