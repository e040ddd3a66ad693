package io.github.zipjack.codec;

import com.aayushatharva.brotli4j.decoder.DecoderJNI;
import io.github.zipjack.MalformedBodyException;
import io.github.zipjack.TrailingDataException;
import io.github.zipjack.TruncatedBodyException;
import io.github.zipjack.WrongCodingException;
import io.github.zipjack.buffer.StripedPool;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * Decodes one brotli stream (RFC 7932) with a native decoder made at the first read, strictly: an
 * empty body or one that ends inside the stream is a {@link TruncatedBodyException}; data the decoder
 * rejects, and any byte after the end of the stream, a {@link MalformedBodyException} that says
 * where. Brotli has no magic number, so a body that is not brotli at all fails as corrupt, and the
 * message names its first bytes. The source's own I/O errors pass through. Not thread-safe.
 *
 * <p>Output comes in pieces no larger than each read asks for; the rest waits in the decoder's ring
 * buffer (at most the stream's window, 16 MiB), so a bomb costs no more than that before the
 * pipeline's limit stops it.
 *
 * <p>The native decoder is destroyed exactly once: at the end of the stream, when decoding fails, or
 * in {@link #close()}, which also returns the input array to its pool and closes the source.
 */
final class BrotliDecoderStream extends InputStream {
  /** Compressed bytes (64 KiB) read from the source, and handed to the decoder, at a time. */
  static final int INPUT_BUFFER_BYTES = 64 * 1024;
  /** How many of a body's first bytes a message about a body that is not brotli shows. */
  private static final int SHOWN_BYTES = 4;

  /** What a decoder stream borrows: the array it reads the source into, reused across bodies. */
  static final class InputSlot extends StripedPool.Node {
    final byte[] buffer = new byte[INPUT_BUFFER_BYTES];
  }

  private final InputStream in;
  private final StripedPool<InputSlot> pool;
  private final ContextCounter contexts;
  /** The raw dictionary attached to each native decoder; null for none. */
  private final ByteBuffer dictionary;
  /** Null once closed. */
  private InputSlot slot;
  /** Null before the first read and once destroyed. */
  private DecoderJNI.Wrapper decoder;
  private boolean started;
  /** True after the end of the stream and the end of the source. */
  private boolean eof;
  /** Set when a read failed (bad data, the source's error); later reads fail with it as the cause. */
  private Exception failure;
  /** Whether the decoder's last call was a push: only then does NEEDS_MORE_INPUT mean that it needs input. */
  private boolean lastCallWasPush;
  /** Compressed bytes read from the source and pushed so far. */
  private long inputBytes;
  /** Offset in the body of the chunk pushed last. */
  private long chunkStart;
  /** Decoded bytes returned so far. */
  private long outputBytes;
  /** The body's first bytes, for messages; {@code first[0, firstLength)}. */
  private final byte[] first = new byte[SHOWN_BYTES];
  private int firstLength;
  private final byte[] one = new byte[1];

  BrotliDecoderStream(InputStream in, StripedPool<InputSlot> pool, ContextCounter contexts) {
    this(in, pool, null, contexts);
  }

  /** @param dictionary the raw dictionary the stream was made with (a direct buffer that outlives this stream), or null */
  BrotliDecoderStream(InputStream in, StripedPool<InputSlot> pool, ByteBuffer dictionary, ContextCounter contexts) {
    this.dictionary = dictionary;
    this.in = Objects.requireNonNull(in, "in");
    this.pool = pool;
    this.contexts = contexts;
    this.slot = pool.take();
  }

  @Override
  public int read() throws IOException {
    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, b.length);
    if (slot == null) {
      throw new IOException("brotli decoder stream is closed");
    }
    if (failure != null) {
      throw new IOException("brotli decoder stream failed earlier: " + failure.getMessage(), failure);
    }
    if (len == 0) {
      return 0;
    }
    try {
      return decode(b, off, len);
    } catch (IOException | RuntimeException e) {
      failure = e;
      destroyDecoder(); // the native memory goes now, not when the caller gets round to close()
      throw e;
    }
  }

  private int decode(byte[] b, int off, int len) throws IOException {
    if (eof) {
      return -1;
    }
    if (!started) {
      start();
    }
    while (true) {
      int n;
      switch (decoder.getStatus()) {
        case NEEDS_MORE_OUTPUT:
          n = pull(b, off, len);
          if (n > 0) {
            return n;
          }
          break;
        case NEEDS_MORE_INPUT:
          if (decoder.hasOutput()) {
            n = pull(b, off, len); // hand out what is ready before waiting for more input
            if (n > 0) {
              return n;
            }
          } else if (!lastCallWasPush) {
            push(0); // a pull emptied the ring buffer; the decoder may go on without input
          } else if (!fill()) {
            throw new TruncatedBodyException("brotli body is truncated: it ends inside its brotli stream, after "
                + byteCount(inputBytes) + " (" + outputBytes + " decoded)" + firstBytesHint(), null);
          }
          break;
        case OK:
          push(0);
          break;
        case DONE:
          end();
          return -1;
        default: // ERROR
          throw rejected();
      }
    }
  }

  /** Reads the first chunk: an empty body fails before any native state is made. */
  private void start() throws IOException {
    started = true;
    int n = readSource();
    if (n < 0) {
      throw new TruncatedBodyException("body is empty; expected a brotli stream", null);
    }
    firstLength = Math.min(n, SHOWN_BYTES);
    System.arraycopy(slot.buffer, 0, first, 0, firstLength);
    decoder = new DecoderJNI.Wrapper(INPUT_BUFFER_BYTES);
    contexts.created();
    if (dictionary != null && !decoder.attachDictionary(dictionary)) {
      throw new IOException("brotli decoder could not attach its dictionary");
    }
    pushChunk(n);
  }

  /** Reads the next chunk and pushes it; false at the end of the source. */
  private boolean fill() throws IOException {
    int n = readSource();
    if (n < 0) {
      return false;
    }
    pushChunk(n);
    return true;
  }

  private void pushChunk(int n) {
    ByteBuffer input = decoder.getInputBuffer();
    input.clear();
    input.put(slot.buffer, 0, n);
    chunkStart = inputBytes;
    inputBytes += n;
    push(n);
  }

  private void push(int n) {
    decoder.push(n);
    lastCallWasPush = true;
  }

  private int pull(byte[] b, int off, int len) {
    ByteBuffer output = decoder.pull(len);
    lastCallWasPush = false;
    int n = output.remaining();
    output.get(b, off, n);
    outputBytes += n;
    return n;
  }

  /** The stream ended exactly at the end of the input pushed so far: the source must end too. */
  private void end() throws IOException {
    destroyDecoder();
    int n = readSource();
    if (n > 0) {
      throw new TrailingDataException("brotli body has data after the end of its brotli stream: "
          + hex(slot.buffer, Math.min(n, SHOWN_BYTES)) + (n > SHOWN_BYTES ? " ..." : "") + " at byte " + inputBytes);
    }
    eof = true;
  }

  /** What the decoder's ERROR means here: after a pull, data after the stream; after a push, bad data. */
  private MalformedBodyException rejected() {
    if (!lastCallWasPush) {
      return new TrailingDataException("brotli body has data after the end of its brotli stream, which ends"
          + (chunkStart == 0 ? "" : " after byte " + chunkStart) + " before byte " + inputBytes + " ("
          + byteCount(outputBytes) + " decoded)");
    }
    if (chunkStart == 0 && outputBytes == 0) {
      return new WrongCodingException("body is not brotli, or is corrupt in its first " + byteCount(inputBytes)
          + ": it starts with " + hex(first, firstLength) + BodyStart.describe(first[0] & 0xff));
    }
    return new MalformedBodyException("brotli body is corrupt between byte " + chunkStart + " and byte "
        + inputBytes + ", after " + byteCount(outputBytes) + " decoded: the decoder rejects it there"
        + " (or its brotli stream ends there and other data follows)");
  }

  /** For a truncation before any output: the first bytes, since a body that is not brotli can end this way. */
  private String firstBytesHint() {
    return outputBytes > 0 ? "" : "; it starts with " + hex(first, firstLength) + BodyStart.describe(first[0] & 0xff);
  }

  /** Reads up to a chunk from the source into the input array; -1 at its end. */
  private int readSource() throws IOException {
    int n;
    do {
      n = in.read(slot.buffer, 0, slot.buffer.length);
    } while (n == 0);
    return n;
  }

  private void destroyDecoder() {
    DecoderJNI.Wrapper d = decoder;
    if (d != null) {
      decoder = null;
      d.destroy();
      contexts.released();
    }
  }

  private static String byteCount(long n) {
    return n == 1 ? "1 byte" : n + " bytes";
  }

  private static String hex(byte[] bytes, int length) {
    StringBuilder s = new StringBuilder(length * 3);
    for (int i = 0; i < length; i++) {
      s.append(i == 0 ? "" : " ").append(String.format("%02x", bytes[i] & 0xff));
    }
    return s.toString();
  }

  /** Destroys the native decoder if it is still alive, returns the input array and closes the source. Idempotent. */
  @Override
  public void close() throws IOException {
    InputSlot s = slot;
    if (s == null) {
      return;
    }
    slot = null;
    try {
      destroyDecoder();
    } finally {
      pool.recycle(s);
      in.close();
    }
  }
}
