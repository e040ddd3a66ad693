package io.github.zipjack.codec;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdException;
import io.github.zipjack.ChecksumMismatchException;
import io.github.zipjack.DecodeLimitExceededException;
import io.github.zipjack.MalformedBodyException;
import io.github.zipjack.TrailingDataException;
import io.github.zipjack.TruncatedBodyException;
import io.github.zipjack.WrongCodingException;
import io.github.zipjack.WrongDictionaryException;
import io.github.zipjack.ZipjackDecodeException;
import io.github.zipjack.buffer.StripedPool;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Objects;

/**
 * Decodes zstd frames (RFC 8878) with a pooled {@link ZstdDecompressCtx}, strictly: the body must
 * start with a frame; frames may follow one another (the zstd program writes one per input, and
 * skippable frames are allowed), but after the last one comes the end of input, nothing else. Each
 * frame's header is read here first, and a frame whose window or declared content size exceeds
 * {@code maxDecodedBytes} is refused before zstd sees it, so a hostile header cannot make the
 * decoder allocate its window. Data problems are {@link ZipjackDecodeException}s that say where;
 * the source's own I/O errors pass through. Not thread-safe.
 *
 * <p>{@link #close()} resets the context, returns it to its pool (once) and closes the source.
 *
 * <p>Longer than most types here: besides driving zstd, it frames the body itself (magic numbers,
 * skippable frames, header checks, what may follow a frame) so that each failure gets its own
 * exception and message, which zstd's single error code per call cannot give.
 */
final class ZstdDecoderStream extends InputStream {
  /**
   * The largest window zstd's decoder accepts by default ({@code ZSTD_WINDOWLOG_LIMIT_DEFAULT},
   * 2^27 bytes); zstd-jni's context offers no way to raise it. Larger windows are refused here,
   * with a clear exception, when {@code maxDecodedBytes} is larger still.
   */
  static final long MAX_WINDOW_BYTES = 1L << 27;
  /** The limit's name in exceptions for windows above {@link #MAX_WINDOW_BYTES}. */
  static final String WINDOW_LIMIT_NAME = "zstd decoder window";

  /** What a decoder borrows: a context and its direct buffers, reused across bodies. */
  static final class DecoderSlot extends StripedPool.Node {
    /** Bytes of compressed input held at once; more than any frame header. */
    static final int INPUT_BYTES = 32 * 1024;
    /** Bytes decoded per call into zstd; one zstd block is at most 128 KiB. */
    static final int OUTPUT_BYTES = 64 * 1024;

    private final ContextCounter contexts;
    /** Null without a dictionary; one reference held until {@link #dispose()}. */
    private final ZstdLoadedDictionary dictionary;
    final ZstdDecompressCtx ctx;
    /** Little-endian, as zstd's header fields are. */
    final ByteBuffer input = ByteBuffer.allocateDirect(INPUT_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    final ByteBuffer output = ByteBuffer.allocateDirect(OUTPUT_BYTES);
    /** Where the source's bytes land before they are copied into {@link #input}. */
    final byte[] transfer = new byte[INPUT_BYTES];
    private boolean disposed;

    /** @param dictionary null for none */
    DecoderSlot(ContextCounter contexts, ZstdLoadedDictionary dictionary) {
      this.contexts = contexts;
      this.ctx = new ZstdDecompressCtx();
      contexts.created();
      this.dictionary = dictionary == null ? null : dictionary.retain();
      try {
        referenceDictionary();
      } catch (RuntimeException e) {
        dispose();
        throw e;
      }
    }

    /** The ID of the dictionary frames must name, 0 for none. */
    long dictionaryId() {
      return dictionary == null ? 0 : dictionary.id();
    }

    /** Resets the context, which forgets its dictionary, and references the dictionary again. */
    void reset() {
      ctx.reset();
      referenceDictionary();
    }

    private void referenceDictionary() {
      if (dictionary != null) {
        ctx.loadDict(dictionary.decompressTables());
      }
    }

    /** Frees the context; idempotent. */
    void dispose() {
      if (disposed) {
        return;
      }
      disposed = true;
      ctx.close();
      contexts.released();
      if (dictionary != null) {
        dictionary.release();
      }
    }
  }

  private final InputStream in;
  private final StripedPool<DecoderSlot> pool;
  private final long maxDecodedBytes;
  /** Null once closed. */
  private DecoderSlot slot;
  private final ZstdDecompressCtx ctx;
  /** Unread compressed bytes are {@code input[position, limit)}. */
  private final ByteBuffer input;
  /** Decoded bytes not yet read are {@code output[position, limit)}. */
  private final ByteBuffer output;
  private final byte[] transfer;
  private final byte[] one = new byte[1];
  /** Compressed bytes read from the source before {@code input[0]}. */
  private long inputStart;
  /** zstd frames started so far; the current one's number while {@link #inFrame}. */
  private int frames;
  /** Zstd and skippable frames started so far. */
  private int allFrames;
  /** Where the current (or last) frame starts in the body. */
  private long frameStart;
  private boolean inFrame;
  private boolean eof;

  /**
   * @param maxDecodedBytes frames that declare a larger window or content size are refused
   */
  ZstdDecoderStream(InputStream in, StripedPool<DecoderSlot> pool, long maxDecodedBytes) {
    this.in = Objects.requireNonNull(in, "in");
    this.pool = pool;
    this.maxDecodedBytes = maxDecodedBytes;
    this.slot = pool.take();
    this.ctx = slot.ctx;
    this.input = slot.input;
    this.output = slot.output;
    this.transfer = slot.transfer;
    input.clear().limit(0);
    output.clear().limit(0);
  }

  @Override
  public int read() throws IOException {
    if (slot != null && output.hasRemaining()) {
      return output.get() & 0xff;
    }
    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, b.length);
    if (slot == null) {
      throw new IOException("stream is closed");
    }
    if (len == 0) {
      return 0;
    }
    while (true) {
      if (output.hasRemaining()) {
        int n = Math.min(len, output.remaining());
        output.get(b, off, n);
        return n;
      }
      if (eof) {
        return -1;
      }
      if (!inFrame) {
        if (!startFrame()) {
          eof = true;
        }
        continue;
      }
      decodeSome();
    }
  }

  /** Lets zstd decode what input there is into the emptied output buffer, reading more as it needs. */
  private void decodeSome() throws IOException {
    output.clear();
    int before = input.position();
    boolean frameDone;
    try {
      frameDone = ctx.decompressDirectByteBufferStream(output, input);
    } catch (ZstdException e) {
      // zstd does not say where; the fault is in the bytes it has been given, which end at limit
      output.limit(0);
      String where = "zstd body is corrupt: frame " + frames + " (from byte " + frameStart + ") fails at or before byte "
          + (inputStart + input.limit()) + ": " + e.getMessage();
      if (Zstd.getErrorCode(e.getErrorCode()) == Zstd.errChecksumWrong()) { // getErrorCode() is the raw size_t result
        throw new ChecksumMismatchException(where, e);
      }
      throw new MalformedBodyException(where, e);
    }
    output.flip();
    if (frameDone) {
      inFrame = false;
    } else if (!output.hasRemaining() && (!input.hasRemaining() || input.position() == before) && !fill()) {
      throw new TruncatedBodyException("zstd body is truncated: it ends inside frame " + frames + " (from byte "
          + frameStart + "), after " + offset() + " bytes", null);
    }
  }

  /**
   * Reads and checks the next frame's header, leaving it unconsumed for zstd (a skippable frame is
   * skipped here). False at a clean end of input after at least one frame.
   */
  private boolean startFrame() throws IOException {
    frameStart = offset();
    int available = ensure(ZstdFrameHeader.MAGIC_BYTES);
    if (available == 0) {
      if (allFrames == 0) {
        throw new TruncatedBodyException("body is empty; expected a zstd frame (28 b5 2f fd)", null);
      }
      return false;
    }
    int pos = input.position();
    int magic = available < ZstdFrameHeader.MAGIC_BYTES ? 0 : input.getInt(pos);
    if (magic == ZstdFrameHeader.MAGIC) {
      startZstdFrame();
      return true;
    }
    if ((magic & ZstdFrameHeader.SKIPPABLE_MAGIC_MASK) == ZstdFrameHeader.SKIPPABLE_MAGIC) {
      skipSkippableFrame();
      return true;
    }
    byte[] found = new byte[available];
    input.get(pos, found);
    if (isMagicPrefix(found)) {
      throw new TruncatedBodyException("zstd body is truncated: it ends inside the magic number of frame "
          + (allFrames + 1) + ", after " + (frameStart + available) + " bytes", null);
    }
    String hex = BodyStart.hex(found, 0, available);
    if (allFrames == 0) {
      throw new WrongCodingException("body is not zstd: it starts with " + hex + ", zstd starts with 28 b5 2f fd"
          + BodyStart.describe(found[0] & 0xff));
    }
    throw new TrailingDataException("body has data after its zstd frame" + (allFrames > 1 ? "s" : "") + ": " + hex
        + " at byte " + frameStart + ", where only the end or another frame (28 b5 2f fd) may follow");
  }

  /** Checks the header of the zstd frame at the input's position; ensure() may compact the buffer. */
  private void startZstdFrame() throws IOException {
    int number = frames + 1;
    if (ensure(ZstdFrameHeader.MAGIC_BYTES + 1) < ZstdFrameHeader.MAGIC_BYTES + 1) {
      throw truncatedHeader(number);
    }
    int headerBytes = ZstdFrameHeader.headerBytes(input.get(input.position() + ZstdFrameHeader.MAGIC_BYTES) & 0xff);
    if (ensure(headerBytes) < headerBytes) {
      throw truncatedHeader(number);
    }
    ZstdFrameHeader header = ZstdFrameHeader.parse(input, input.position(), frameStart);
    String frame = "zstd frame " + number + " (from byte " + frameStart + ")";
    checkDictionary(header.dictionaryId(), frame);
    if (header.windowBytes() > maxDecodedBytes) {
      throw new DecodeLimitExceededException("maxDecodedBytes", maxDecodedBytes, frame + " declares a window of "
          + header.windowBytes() + " bytes, more than maxDecodedBytes (" + maxDecodedBytes + "); refused before decoding",
          null);
    }
    if (header.contentBytes() > maxDecodedBytes) {
      throw new DecodeLimitExceededException("maxDecodedBytes", maxDecodedBytes, frame + " declares "
          + header.contentBytes() + " bytes of content, more than maxDecodedBytes (" + maxDecodedBytes
          + "); refused before decoding", null);
    }
    if (header.windowBytes() > MAX_WINDOW_BYTES) {
      throw new DecodeLimitExceededException(WINDOW_LIMIT_NAME, MAX_WINDOW_BYTES, frame + " declares a window of "
          + header.windowBytes() + " bytes, more than the " + MAX_WINDOW_BYTES + " zstd's decoder accepts"
          + " (HTTP's zstd coding allows 8 MB)", null);
    }
    frames = number;
    allFrames++;
    inFrame = true;
  }

  /**
   * Refuses a frame that names another dictionary than the slot's: with no dictionary, any; with
   * one, any other, and none (a frame made without a dictionary, or by {@code zstd --no-dictID},
   * which zstd would decode against the dictionary's history and could get wrong).
   */
  private void checkDictionary(long frameId, String frame) throws WrongDictionaryException {
    long expected = slot.dictionaryId();
    if (frameId == expected) {
      return;
    }
    String message;
    if (expected == 0) {
      message = frame + " needs dictionary " + frameId + ", but this pipeline has no dictionary"
          + " (HTTP's zstd coding uses none; a pipeline with Compression.zstd(level, dictionary) decodes it)";
    } else if (frameId == 0) {
      message = frame + " names no dictionary (dictionary ID 0), but this pipeline decodes with dictionary "
          + expected + "; it was made without a dictionary, or without writing the ID (zstd --no-dictID)";
    } else {
      message = frame + " needs dictionary " + frameId + ", but this pipeline decodes with dictionary " + expected;
    }
    throw new WrongDictionaryException(message, frameId, expected);
  }

  private void skipSkippableFrame() throws IOException {
    if (ensure(ZstdFrameHeader.SKIPPABLE_HEADER_BYTES) < ZstdFrameHeader.SKIPPABLE_HEADER_BYTES) {
      throw truncatedHeader(allFrames + 1);
    }
    int pos = input.position();
    long remaining = ZstdFrameHeader.readLe(input, pos + ZstdFrameHeader.MAGIC_BYTES, 4);
    input.position(pos + ZstdFrameHeader.SKIPPABLE_HEADER_BYTES);
    while (remaining > 0) {
      if (!input.hasRemaining() && !fill()) {
        throw new TruncatedBodyException("zstd body is truncated: it ends inside skippable frame " + (allFrames + 1)
            + " (from byte " + frameStart + "), after " + offset() + " bytes", null);
      }
      int n = (int) Math.min(remaining, input.remaining());
      input.position(input.position() + n);
      remaining -= n;
    }
    allFrames++;
  }

  private TruncatedBodyException truncatedHeader(int number) {
    return new TruncatedBodyException("zstd body is truncated: it ends inside the header of frame " + number
        + " (from byte " + frameStart + "), after " + (offset() + input.remaining()) + " bytes", null);
  }

  /** True if {@code found} (fewer than 4 bytes) could begin a zstd or skippable frame. */
  private static boolean isMagicPrefix(byte[] found) {
    boolean zstd = true;
    boolean skippable = found.length < 4;
    for (int i = 0; i < found.length; i++) {
      int b = found[i] & 0xff;
      zstd &= b == (ZstdFrameHeader.MAGIC >>> (8 * i) & 0xff);
      int skippableByte = ZstdFrameHeader.SKIPPABLE_MAGIC >>> (8 * i) & 0xff;
      skippable &= i == 0 ? (b & 0xf0) == skippableByte : b == skippableByte;
    }
    return found.length < 4 && (zstd || skippable);
  }

  /**
   * Reads until {@code count} unread bytes are in the input buffer or the source ends; returns how
   * many there are, up to {@code count}.
   */
  private int ensure(int count) throws IOException {
    while (input.remaining() < count) {
      if (!fill()) {
        break;
      }
    }
    return Math.min(count, input.remaining());
  }

  /** Appends source bytes after the unread input; false at the end of the source. */
  private boolean fill() throws IOException {
    inputStart += input.position();
    input.compact();
    int room = input.remaining();
    if (room == 0) {
      input.flip();
      throw new IllegalStateException("zstd input buffer is full; zstd consumed nothing");
    }
    int n;
    do {
      n = in.read(transfer, 0, Math.min(room, transfer.length));
    } while (n == 0);
    if (n > 0) {
      input.put(transfer, 0, n);
    }
    input.flip();
    return n > 0;
  }

  /** Compressed bytes consumed so far (by zstd or by skipping). */
  private long offset() {
    return inputStart + input.position();
  }

  /** Resets the context, returns it to the pool and closes the source. Idempotent. */
  @Override
  public void close() throws IOException {
    DecoderSlot s = slot;
    if (s == null) {
      return;
    }
    slot = null;
    output.limit(0);
    try {
      s.reset();
    } catch (RuntimeException e) {
      s.dispose(); // a context that cannot be reset must not serve another body
      in.close();
      return;
    }
    pool.recycle(s);
    in.close();
  }
}
