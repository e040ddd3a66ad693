package io.github.zipjack.codec;

import com.aayushatharva.brotli4j.encoder.Encoder.Mode;
import com.aayushatharva.brotli4j.encoder.EncoderJNI;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;

/**
 * One native brotli encoder for one body, through brotli4j's JNI wrapper: the caller fills
 * {@link #input()}, {@link #push pushes} it, and the compressed output goes to a sink before push
 * returns. Made per body because brotli cannot reset an encoder that has ended a stream; counted in
 * {@link ContextCounter#created()} when made and released when {@link #close()} (idempotent)
 * destroys it. Not thread-safe; owned by the encoder that made it.
 */
final class BrotliNativeStream implements AutoCloseable {
  private final EncoderJNI.Wrapper encoder;
  private final ContextCounter contexts;
  /** 0 to 11, for error messages. */
  private final int quality;
  /** Body bytes pushed so far, for error messages. */
  private long bodyBytes;
  private boolean closed;

  /**
   * @param inputBytes capacity of the native input buffer: the most body bytes one push takes
   * @param windowBits log2 of the window, 10 to 24
   * @param dictionary a prepared raw dictionary the stream is compressed with (its direct buffer
   *     must outlive the stream), or null for none
   * @throws IOException if brotli cannot make the encoder or attach the dictionary
   */
  BrotliNativeStream(int inputBytes, int quality, int windowBits, Mode mode, ByteBuffer dictionary,
      ContextCounter contexts) throws IOException {
    this.encoder = new EncoderJNI.Wrapper(inputBytes, quality, windowBits, mode);
    this.contexts = contexts;
    this.quality = quality;
    contexts.created();
    if (dictionary != null && !encoder.attachDictionary(dictionary)) {
      close();
      throw new IOException("brotli encoder (quality " + quality + ") could not attach its dictionary");
    }
  }

  /** The native input buffer; {@link #push} compresses its first bytes. */
  ByteBuffer input() {
    return encoder.getInputBuffer();
  }

  /**
   * Compresses the first {@code byteCount} bytes of {@link #input()} with {@code operation} and
   * writes the output brotli makes to {@code sink} until it has taken them all and, for
   * {@code FINISH}, ended the stream. The input buffer may be refilled afterwards.
   */
  void push(EncoderJNI.Operation operation, int byteCount, NativeOutputWriter writer, OutputStream sink)
      throws IOException {
    encoder.push(operation, byteCount);
    bodyBytes += byteCount;
    while (true) {
      if (!encoder.isSuccess()) {
        throw new IOException("brotli encoder (quality " + quality + ") failed after " + bodyBytes + " body bytes");
      }
      if (encoder.hasMoreOutput()) {
        writer.write(encoder.pull(), sink);
      } else if (encoder.hasRemainingInput()
          || (operation == EncoderJNI.Operation.FINISH && !encoder.isFinished())) {
        encoder.push(operation, 0);
      } else {
        return;
      }
    }
  }

  /** Destroys the native encoder; idempotent. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    encoder.destroy();
    contexts.released();
  }
}
