package io.github.zipjack.codec;

import java.io.InputStream;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Zstandard (RFC 8878; HTTP content coding {@code zstd}, RFC 9659) through zstd-jni. Thread-safe;
 * each encoder and decoder it lends serves one thread. Internal API; users pick it with
 * {@code Compression.zstd(level)}, and {@code EngineSelection} makes it only once zstd-jni's native
 * library has loaded.
 *
 * <p>Encoding: {@link #open} gathers each body whole and compresses it in one call into one frame
 * with its content size, a checksum and a window of at most 8 MB ({@link ZstdBodyEncoder}).
 * {@link #openStreaming} compresses a body of unknown size as it is written, into one frame with a
 * checksum, no content size and the same window cap, writing each block to the sink as zstd makes
 * it; it holds at most 128 KiB of input plus the level's window (512 KiB at level 1, 2 MiB at 3, at
 * most 8 MiB) and one block ({@link ZstdStreamEncoder}). Both compress with a pooled
 * {@code ZstdCompressCtx} ({@link ZstdContext}) reused from body to body. Decoding: a strict stream
 * ({@link ZstdDecoderStream}) with a pooled {@code ZstdDecompressCtx} and its direct buffers, which
 * refuses frames whose window or content size exceeds {@code maxDecodedBytes} before decoding them.
 *
 * <p>The three pools (whole-body encoders, streaming encoders, decoders) each keep at most
 * {@code maxIdleEncoders} idle contexts; {@link #contexts()} counts every context made and freed. An
 * idle decoder holds its context (zstd's tables, plus the buffers for the window of a recent frame,
 * which zstd keeps for reuse; the window is never more than maxDecodedBytes or 128 MiB) and 96 KiB
 * of direct buffers; an idle whole-body encoder holds its context (sized by the level and the
 * largest body it compressed) and up to {@link WholeBodyEncoder#MAX_RETAINED_BYTES} each of body and
 * output arrays; an idle streaming encoder holds its context (with the level's window) and 256 KiB
 * of direct buffers. {@link #close()} frees the idle ones; contexts lent out are freed when their
 * encoder or decoder is closed.
 *
 * <p>With a dictionary, it is loaded once ({@link ZstdLoadedDictionary}: the compression tables for
 * the level and the decompression tables) and referenced by every context; frames carry its ID, and
 * decoders refuse frames that name another or none with a
 * {@link io.github.zipjack.WrongDictionaryException}.
 */
public final class ZstdEngine extends PooledEngine<ZstdBodyEncoder, ZstdDecoderStream.DecoderSlot> {
  /** The largest window (log2 of bytes) HTTP's {@code zstd} coding allows: 8 MiB (RFC 9659). */
  static final int HTTP_MAX_WINDOW_LOG = 23;

  private final int level;
  private final long maxDecodedBytes;
  /** Null without a dictionary; the engine's reference is released by {@link #closeNative()}. */
  private final ZstdLoadedDictionary dictionary;
  /** Set by the first {@link #closeNative()}. */
  private final AtomicBoolean dictionaryReleased = new AtomicBoolean();

  /**
   * @param config its level is zstd's, 1 to 22; maxIdleEncoders bounds the idle compression
   *     contexts and, separately, the idle decompression contexts; maxDecodedBytes bounds the window
   *     and declared content size of frames that decoders accept
   * @throws IllegalArgumentException if the level is outside [1, 22]
   */
  public ZstdEngine(EngineConfig config) {
    this(config, null, 0);
  }

  /**
   * An engine whose frames are compressed with a dictionary and carry its ID, and whose decoders
   * accept only frames that name it. The dictionary is loaded here, once, and shared by every
   * context; freed when the engine is closed and the last lent context is back.
   *
   * @param dictionary a zstd-format dictionary (null for none), only read
   * @param dictionaryId its ID, nonzero when there is a dictionary
   * @throws IllegalArgumentException if the level is outside [1, 22], or zstd cannot load the
   *     dictionary (corrupt entropy tables); the message names its ID and size
   */
  public ZstdEngine(EngineConfig config, byte[] dictionary, long dictionaryId) {
    super(config.maxIdleEncoders());
    int level = config.level();
    if (level < 1 || level > 22) {
      throw new IllegalArgumentException("zstd level must be in [1, 22]: " + level);
    }
    this.level = level;
    this.maxDecodedBytes = config.maxDecodedBytes();
    this.dictionary = dictionary == null ? null : new ZstdLoadedDictionary(dictionary, dictionaryId, level, contexts);
  }

  /** The loaded dictionary contexts reference, or null. */
  ZstdLoadedDictionary dictionary() {
    return dictionary;
  }

  /** Releases the engine's reference to the dictionary; contexts still lent out keep theirs. */
  @Override
  void closeNative() {
    if (dictionary != null && !dictionaryReleased.getAndSet(true)) {
      dictionary.release();
    }
  }

  /** Counts its context itself, and releases it in {@link ZstdBodyEncoder#dispose()}. */
  @Override
  ZstdBodyEncoder newEncoder() {
    return new ZstdBodyEncoder(this, level, contexts);
  }

  /** Counts its context itself, and releases it in {@link ZstdStreamEncoder#dispose()}. */
  @Override
  ZstdStreamEncoder newStreamingEncoder() {
    return new ZstdStreamEncoder(this, level, contexts);
  }

  @Override
  ZstdDecoderStream.DecoderSlot newDecoderSlot() {
    return new ZstdDecoderStream.DecoderSlot(contexts, dictionary);
  }

  @Override
  void disposeDecoderSlot(ZstdDecoderStream.DecoderSlot slot) {
    slot.dispose();
  }

  @Override
  public String contentEncoding() {
    return "zstd";
  }

  /** The compression level, 1 to 22. */
  public int level() {
    return level;
  }

  @Override
  public String implementation() {
    return dictionary == null ? "zstd(" + level + ") via zstd-jni"
        : "zstd(" + level + ", dictionary " + dictionary.id() + ") via zstd-jni";
  }

  /**
   * A strict zstd reader over {@code body}: anything but zstd frames is a
   * {@link io.github.zipjack.MalformedBodyException} naming what the body starts with, corrupt data
   * or a bad checksum one with the offset, an early end (or an empty body) a
   * {@link io.github.zipjack.TruncatedBodyException}, and a frame whose window or content size
   * exceeds maxDecodedBytes a {@link io.github.zipjack.DecodeLimitExceededException}. Closing it
   * returns its context to the pool and closes {@code body}.
   */
  @Override
  public InputStream decoder(InputStream body) {
    return new ZstdDecoderStream(body, decoderSlots, maxDecodedBytes);
  }
}
