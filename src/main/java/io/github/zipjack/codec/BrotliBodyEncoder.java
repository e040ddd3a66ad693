package io.github.zipjack.codec;

import com.aayushatharva.brotli4j.encoder.Encoder.Mode;
import com.aayushatharva.brotli4j.encoder.EncoderJNI;
import io.github.zipjack.buffer.Segment;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;

/**
 * Compresses one whole body into one brotli stream with a native encoder made for that body and
 * destroyed, exactly once, before {@link #compress} returns or throws (brotli cannot reset an
 * encoder that has finished a stream). Not thread-safe; lent by {@link BrotliEngine}, which pools
 * this object and its arrays.
 *
 * <p>Choices, measured on the bundled datasets (sizes in bytes, JSON unless said):
 * <ul>
 * <li>Window: the smallest that holds the body ({@link #windowBits(long)}), as the {@code brotli}
 *     program does for a file of known size, so a 12 KB body gets a 16 KB window instead of the
 *     default 4 MB that the encoder and every decoder of it would allocate. It costs nothing in
 *     size: people-10 at quality 5 is 4,286 with its 2^14 window against 4,294 with 2^22,
 *     people-100 33,545 both ways, MessagePack numeric 111,548 against 111,482.
 * <li>Mode: {@code GENERIC}, brotli's default. {@code TEXT} gave the same bytes on every dataset, in
 *     JSON and MessagePack, at qualities 0, 1, 4, 5, 9 and 11 (brotli reads the mode only for
 *     {@code FONT}).
 * <li>The body goes to the encoder in one push (up to {@link #INPUT_CHUNK_BYTES}), like brotli4j's
 *     own one-shot call: qualities 0 and 1 compress each push on its own, so 64 KiB pushes made
 *     people-100x10 420,001 at quality 0 against 107,614 whole (people-100: 42,880 against 42,242);
 *     from quality 2 the push size makes no difference. The price is a native copy of the body for
 *     the life of the encoder, which allocates about as much again for its window anyway.
 * </ul>
 */
final class BrotliBodyEncoder extends WholeBodyEncoder {
  /** brotli's smallest window, 2^10 bytes. */
  static final int MIN_WINDOW_BITS = 10;
  /** brotli's largest window without the large-window extension, 2^24 bytes (16 MiB). */
  static final int MAX_WINDOW_BITS = 24;
  /** Bytes at the end of a window that brotli cannot reference (RFC 7932 section 9.1). */
  private static final int WINDOW_GAP_BYTES = 16;
  /** The mode every body is compressed in; see the class doc for why. */
  static final Mode MODE = Mode.GENERIC;
  /** The largest piece of body (bytes, 16 MiB: the largest window) copied into the native input buffer per push. */
  static final int INPUT_CHUNK_BYTES = 1 << MAX_WINDOW_BITS;

  private final BrotliEngine engine;
  /** 0 to 11. */
  private final int quality;
  private final Mode mode;
  private final ContextCounter contexts;
  private final NativeOutputWriter writer = new NativeOutputWriter();
  /** The engine's prepared dictionary, attached to each body's native encoder; null for none. */
  private final ByteBuffer dictionary;
  /** While {@link #compressChain} runs: the segment being read and the next byte in it. */
  private Segment cursor;
  private int cursorPos;

  BrotliBodyEncoder(BrotliEngine engine, int quality, ContextCounter contexts) {
    this(engine, quality, MODE, contexts);
  }

  /** @param mode the brotli mode; only the measurements in the tests ask for another than {@link #MODE} */
  BrotliBodyEncoder(BrotliEngine engine, int quality, Mode mode, ContextCounter contexts) {
    this.engine = engine;
    this.dictionary = engine == null ? null : engine.preparedDictionary();
    this.quality = quality;
    this.mode = mode;
    this.contexts = contexts;
  }

  /**
   * The smallest window exponent in [10, 24] whose window (minus the 16 bytes brotli cannot
   * reference) holds {@code byteCount} bytes; 24 for anything larger.
   */
  static int windowBits(long byteCount) {
    int bits = MIN_WINDOW_BITS;
    while (bits < MAX_WINDOW_BITS && (1L << bits) - WINDOW_GAP_BYTES < byteCount) {
      bits++;
    }
    return bits;
  }

  @Override
  protected void compress(byte[] body, int length, OutputStream sink) throws IOException {
    encode(body, length, sink);
  }

  /** Copies the segments straight into the native input buffer: one copy of the body instead of two. */
  @Override
  protected void compressChain(Segment head, long byteCount, OutputStream sink) throws IOException {
    cursor = head;
    cursorPos = head == null ? 0 : head.pos;
    try {
      encode(null, byteCount, sink);
    } finally {
      cursor = null;
    }
  }

  /** Compresses {@code length} bytes read from {@code array} or, when it is null, from the chain at {@link #cursor}. */
  private void encode(byte[] array, long length, OutputStream sink) throws IOException {
    try (BrotliNativeStream stream = new BrotliNativeStream((int) Math.max(1, Math.min(length, INPUT_CHUNK_BYTES)),
        quality, windowBits(length), mode, dictionary, contexts)) {
      ByteBuffer input = stream.input();
      long pos = 0;
      do {
        int n = (int) Math.min(input.capacity(), length - pos);
        input.clear();
        if (array != null) {
          input.put(array, (int) pos, n);
        } else {
          fillFromChain(input, n);
        }
        pos += n;
        stream.push(pos == length ? EncoderJNI.Operation.FINISH : EncoderJNI.Operation.PROCESS, n, writer, sink);
      } while (pos < length);
    }
  }

  /** Copies the next {@code n} bytes of the chain into {@code input}, moving the cursor on. */
  private void fillFromChain(ByteBuffer input, int n) {
    while (n > 0) {
      if (cursor == null) {
        throw new IllegalStateException("segment chain ended " + n + " bytes before its counted length");
      }
      int take = Math.min(n, cursor.limit - cursorPos);
      input.put(cursor.data, cursorPos, take);
      cursorPos += take;
      n -= take;
      if (cursorPos == cursor.limit) {
        cursor = cursor.next();
        cursorPos = cursor == null ? 0 : cursor.pos;
      }
    }
  }

  @Override
  protected void resetAndRecycle() {
    engine.recycle(this); // no native state outlives a body: nothing to reset
  }

  @Override
  protected void dispose() {
    // no native state between bodies; the arrays go with this object
  }

  /** A body past {@link #MAX_RETAINED_BYTES} goes on in the engine's streaming encoder (see WholeBodyEncoder). */
  @Override
  protected Encoder openContinuation(OutputStream sink) throws IOException {
    return engine.openStreaming(sink);
  }

  @Override
  public String toString() {
    return "brotli encoder (quality " + quality + ", " + mode + ")";
  }
}
