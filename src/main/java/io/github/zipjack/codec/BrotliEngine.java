package io.github.zipjack.codec;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.encoder.Encoder;
import java.nio.ByteBuffer;
import java.io.InputStream;

/**
 * Brotli (RFC 7932, content coding {@code br}) through brotli4j's JNI wrappers. Thread-safe; each
 * encoder and decoder it lends serves one thread. Users pick it with
 * {@code Compression.brotli(quality)}, and {@code EngineSelection} makes it only once brotli4j's
 * native library has loaded.
 *
 * <p>Native state is per body: brotli's C encoder and decoder cannot be reset once a stream has
 * ended, and brotli4j 1.24 offers nothing better (its JNI has create, push, pull and destroy only;
 * its one-shot {@code Encoder.compress} makes an instance per call too). So each body compresses
 * with its own native encoder (sized to the body when compressed whole), destroyed when the body
 * ends or is abandoned; each decoder stream makes a native decoder at its first read and destroys
 * it at the end of the stream or on close, whichever comes first. {@link #contexts()} counts every one of them, so after every body
 * is finished {@code live()} is 0. What is pooled and reused: the encoders with their body and
 * output arrays ({@link WholeBodyEncoder}), the streaming encoders with their output arrays, and
 * the decoders' 64 KiB input arrays.
 *
 * <p>{@link #open} compresses bodies whole ({@link BrotliBodyEncoder}), with the smallest window that
 * holds the body, in brotli's {@code GENERIC} mode; see that class for the measurements behind both.
 * {@link #openStreaming} compresses a body of unknown size as it is written
 * ({@link BrotliStreamEncoder}), with brotli's default 4 MiB window, in the same mode at the same
 * quality, flushed once per MiB of input, so its output trails the body by at most 1 MiB; it holds
 * at most that 1 MiB plus brotli's 8 MiB ring buffer of body bytes. Decoding is strict ({@link BrotliDecoderStream}) and needs at most the stream's window (16 MiB
 * for the largest, what any brotli decoder needs) plus 64 KiB of native memory, whatever the body
 * decodes to.
 */
public final class BrotliEngine extends PooledEngine<BrotliBodyEncoder, BrotliDecoderStream.InputSlot> {
  /** The lowest quality at which brotli uses an attached dictionary; below it brotli ignores one. */
  public static final int MIN_DICTIONARY_QUALITY = 5;

  private final int quality;
  /** The raw dictionary for decoders, a direct buffer; null without one. */
  private final ByteBuffer rawDictionary;
  /** The dictionary prepared once for encoders, a direct buffer; null without one. */
  private final ByteBuffer preparedDictionary;

  /**
   * A brotli engine without a dictionary.
   *
   * @param config its level is the brotli quality, 0 to 11; its maxIdleEncoders bounds the idle
   *     encoders and the idle decoder input arrays kept for reuse (no native memory is kept idle)
   * @throws IllegalArgumentException if the quality is outside [0, 11]
   * @throws UnsatisfiedLinkError if brotli4j's native library cannot load ({@code EngineSelection}
   *     checks that first and explains)
   */
  public BrotliEngine(EngineConfig config) {
    super(config.maxIdleEncoders());
    int level = config.level();
    if (level < 0 || level > 11) {
      throw new IllegalArgumentException("brotli quality must be in [0, 11]: " + level);
    }
    Brotli4jLoader.ensureAvailability(); // loads the native library once; brotli4j's JNI classes do not
    this.quality = level;
    this.rawDictionary = null;
    this.preparedDictionary = null;
  }

  /**
   * An engine whose streams are compressed with {@code rawDictionary} as raw (LZ77) content and
   * whose decoders decode with it: shared brotli, as RFC 9842's {@code dcb} needs. The dictionary is
   * copied into native memory and prepared once, here; the heap and direct buffers go with the
   * engine.
   *
   * @param config the quality and pool sizes
   * @param rawDictionary the dictionary's bytes; copied
   * @throws IllegalArgumentException if the quality is outside [5, 11] (brotli ignores a dictionary
   *     below 5) or the dictionary is empty
   */
  public BrotliEngine(EngineConfig config, byte[] rawDictionary) {
    super(config.maxIdleEncoders());
    int level = config.level();
    if (level < MIN_DICTIONARY_QUALITY || level > 11) {
      throw new IllegalArgumentException("brotli quality with a dictionary must be in [" + MIN_DICTIONARY_QUALITY
          + ", 11] (brotli ignores a dictionary below " + MIN_DICTIONARY_QUALITY + "): " + level);
    }
    if (rawDictionary.length == 0) {
      throw new IllegalArgumentException("brotli dictionary must not be empty");
    }
    Brotli4jLoader.ensureAvailability();
    this.quality = level;
    ByteBuffer raw = ByteBuffer.allocateDirect(rawDictionary.length);
    raw.put(rawDictionary).flip();
    this.rawDictionary = raw;
    this.preparedDictionary = Encoder.prepareDictionary(raw, 0).getData();
  }

  /** The prepared dictionary native encoders attach, or null. */
  ByteBuffer preparedDictionary() {
    return preparedDictionary;
  }

  /** Its native encoder is made, counted and destroyed per body, inside the encoder. */
  @Override
  BrotliBodyEncoder newEncoder() {
    return new BrotliBodyEncoder(this, quality, contexts);
  }

  /** Its native encoder is made, counted and destroyed per body, inside the encoder. */
  @Override
  BrotliStreamEncoder newStreamingEncoder() {
    return new BrotliStreamEncoder(this, quality, contexts);
  }

  /** A reusable input array; the native decoder is per body, counted by the decoder stream. */
  @Override
  BrotliDecoderStream.InputSlot newDecoderSlot() {
    return new BrotliDecoderStream.InputSlot();
  }

  @Override
  void disposeDecoderSlot(BrotliDecoderStream.InputSlot slot) {
    // heap only: nothing to release
  }

  @Override
  public String contentEncoding() {
    return "br";
  }

  /** {@return the brotli quality, 0 to 11} */
  public int quality() {
    return quality;
  }

  @Override
  public String implementation() {
    return "brotli(" + quality + (rawDictionary == null ? "" : ", dictionary") + ") via brotli4j";
  }

  /**
   * A strict brotli reader over {@code body}: corrupt data and bytes after the brotli stream are
   * {@link io.github.zipjack.MalformedBodyException}s, an early end (or an empty body) a
   * {@link io.github.zipjack.TruncatedBodyException}. Its output comes in bounded pieces, so the
   * pipeline's decode limit stops a bomb early. Closing it destroys its native decoder and closes
   * {@code body}.
   */
  @Override
  public InputStream decoder(InputStream body) {
    return new BrotliDecoderStream(body, decoderSlots, rawDictionary, contexts);
  }

}
