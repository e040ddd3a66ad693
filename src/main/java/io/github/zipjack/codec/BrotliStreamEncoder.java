package io.github.zipjack.codec;

import com.aayushatharva.brotli4j.encoder.EncoderJNI;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;

/**
 * Compresses a body of unknown size into one brotli stream as it is written, with a native encoder
 * made for that body ({@link BrotliNativeStream}) and destroyed, exactly once, when the stream ends
 * or the body is abandoned. Not thread-safe; lent by {@link BrotliEngine#openStreaming}, which pools
 * this object (and its output array; no native state outlives a body).
 *
 * <p>Window {@link #WINDOW_BITS} (brotli's default, 4 MiB), mode {@link BrotliBodyEncoder#MODE}.
 * Each full input buffer ({@link #INPUT_BYTES}) is pushed with {@code FLUSH}, so brotli ends a
 * meta-block and writes everything it has made before the next byte is taken: output trails the
 * body by at most one input buffer. Without it, from quality 4 brotli merges input into meta-blocks
 * of up to 8 MiB (twice the window) before writing any; flushing once per MiB cost under 0.05% in
 * size on 24 MiB of JSON at qualities 1 to 9 (256 KiB flushes cost 8% at quality 4). Body bytes
 * held at any time: at most the input buffer plus brotli's ring buffer of twice the window, 9 MiB.
 */
final class BrotliStreamEncoder extends DirectInputEncoder {
  /** brotli's default window: 2^22 bytes, what its command-line tool uses for large inputs. */
  static final int WINDOW_BITS = 22;
  /**
   * Bytes of the native input buffer, pushed and flushed at a time: large enough that neither the
   * flushes nor qualities 0 and 1, which compress each push on its own, cost ratio.
   */
  static final int INPUT_BYTES = 1024 * 1024;

  private final BrotliEngine engine;
  /** 0 to 11. */
  private final int quality;
  private final ContextCounter contexts;
  /** The body's native encoder; null between bodies. */
  private BrotliNativeStream stream;
  /** Its input buffer; body bytes not yet pushed are {@code [0, position)}. */
  private ByteBuffer input;

  BrotliStreamEncoder(BrotliEngine engine, int quality, ContextCounter contexts) {
    this.engine = engine;
    this.quality = quality;
    this.contexts = contexts;
  }

  @Override
  protected void begin(OutputStream sink) throws IOException {
    stream = new BrotliNativeStream(INPUT_BYTES, quality, WINDOW_BITS, BrotliBodyEncoder.MODE,
        engine.preparedDictionary(), contexts);
    input = stream.input();
    input.clear();
    this.sink = sink;
  }

  @Override
  ByteBuffer input() {
    return input;
  }

  @Override
  void compressFullInput() throws IOException {
    push(EncoderJNI.Operation.FLUSH);
  }

  @Override
  protected void finishStream() throws IOException {
    push(EncoderJNI.Operation.FINISH);
    endBody(); // the stream is complete: free the native encoder now, not at close
  }

  private void push(EncoderJNI.Operation operation) throws IOException {
    int n = input.position();
    stream.push(operation, n, writer, sink);
    input.clear();
  }

  /** Destroys the body's native encoder, if any; the finish or the close that comes first does. */
  private void endBody() {
    if (stream != null) {
      stream.close();
      stream = null;
      input = null;
    }
  }

  @Override
  protected void release() {
    endBody();
    sink = null;
    engine.recycleStreaming(this);
  }

  @Override
  protected void dispose() {
    // no native state between bodies; the output array goes with this object
  }

  @Override
  public String toString() {
    return "brotli streaming encoder (quality " + quality + ")";
  }
}
