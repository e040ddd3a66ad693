package io.github.zipjack.codec;

import io.github.zipjack.buffer.StripedPool;
import java.io.InputStream;
import java.util.Objects;

/**
 * Decodes zstd frames made with one raw-content dictionary (the dictionary's bytes as history, as
 * RFC 9842's {@code dcz} coding uses them), through the same strict {@link ZstdDecoderStream} as
 * {@link ZstdEngine}: the same checks, exceptions and limits. The dictionary is loaded into zstd once
 * and shared by the pooled contexts. Needs zstd-jni on the class path.
 *
 * <p>Thread-safe: many threads decode at once, each with its own stream. {@link #close()} frees the
 * idle contexts and the dictionary; streams still open keep theirs until they are closed.
 */
public final class RawDictionaryZstdDecoding implements AutoCloseable {
  private final ContextCounter contexts = new ContextCounter();
  private final ZstdLoadedDictionary dictionary;
  private final StripedPool<ZstdDecoderStream.DecoderSlot> slots;
  private final long maxDecodedBytes;
  private boolean closed;

  /**
   * Decoding of zstd frames made with a raw-content dictionary.
   *
   * @param content the dictionary's bytes, used as raw content whatever they start with; not kept
   * @param maxDecodedBytes frames that declare a larger window or content size are refused
   * @param maxIdleContexts contexts kept idle for reuse, at least 0
   */
  public RawDictionaryZstdDecoding(byte[] content, long maxDecodedBytes, int maxIdleContexts) {
    Objects.requireNonNull(content, "content");
    if (maxDecodedBytes < 1) {
      throw new IllegalArgumentException("maxDecodedBytes must be positive: " + maxDecodedBytes);
    }
    this.maxDecodedBytes = maxDecodedBytes;
    this.dictionary = ZstdLoadedDictionary.rawForDecoding(content, contexts);
    this.slots = new StripedPool<>(maxIdleContexts, () -> new ZstdDecoderStream.DecoderSlot(contexts, dictionary),
        ZstdDecoderStream.DecoderSlot::dispose);
  }

  /**
   * A stream of the decoded bytes of the zstd frames in {@code body}; closing it returns its context
   * and closes {@code body}. Data problems surface as {@link io.github.zipjack.ZipjackDecodeException}s.
   *
   * @param body zstd frames made with the dictionary
   * @return the decoded bytes; the caller closes the stream
   * @throws IllegalStateException if this decoding is closed
   */
  public InputStream decoder(InputStream body) {
    synchronized (this) {
      if (closed) {
        throw new IllegalStateException("raw-dictionary zstd decoding is closed");
      }
    }
    return new ZstdDecoderStream(body, slots, maxDecodedBytes);
  }

  /** {@return the native contexts (and the dictionary's tables, counted as one) made and released} */
  public ContextCounter contexts() {
    return contexts;
  }

  /** Frees idle contexts and the decoding's reference to the dictionary. Idempotent. */
  @Override
  public void close() {
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
    }
    slots.close();
    dictionary.release();
  }
}
