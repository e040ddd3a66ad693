package io.github.zipjack.codec;

import com.github.luben.zstd.ZstdDictCompress;
import com.github.luben.zstd.ZstdDictContentType;
import com.github.luben.zstd.ZstdDictDecompress;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A zstd dictionary loaded once for one engine: the compression tables for its level and the
 * decompression tables, which every pooled context of the engine references instead of loading its
 * own copy. Thread-safe: zstd's loaded dictionaries are read-only once made.
 *
 * <p>Reference-counted, because a context lent out when the engine closes may still be compressing
 * with it: the engine holds one reference and each context one; the tables are freed when the last
 * is released. Counted in the engine's {@link ContextCounter} as one native context.
 */
final class ZstdLoadedDictionary {
  private final long id;
  private final ZstdDictCompress compressTables;
  private final ZstdDictDecompress decompressTables;
  private final ContextCounter contexts;
  /** The engine's reference plus one per context; the tables are freed when it reaches 0. */
  private final AtomicInteger references = new AtomicInteger(1);

  /**
   * Loads {@code dictionary} for compression at {@code level} and for decompression.
   *
   * @throws IllegalArgumentException if zstd cannot load it (corrupt entropy tables); the message
   *     names the ID and size
   */
  ZstdLoadedDictionary(byte[] dictionary, long id, int level, ContextCounter contexts) {
    this.id = id;
    this.contexts = contexts;
    ZstdDictCompress compress = null;
    try {
      compress = new ZstdDictCompress(dictionary, level);
      this.decompressTables = new ZstdDictDecompress(dictionary);
    } catch (RuntimeException e) {
      if (compress != null) {
        compress.close();
      }
      throw new IllegalArgumentException("zstd dictionary " + id + " (" + dictionary.length
          + " bytes) is corrupt: zstd cannot load it (" + e.getMessage() + ")", e);
    }
    this.compressTables = compress;
    contexts.created();
  }

  /** Decompression tables only, for {@link #rawForDecoding}. */
  private ZstdLoadedDictionary(ZstdDictDecompress decompressTables, ContextCounter contexts) {
    this.id = 0;
    this.contexts = contexts;
    this.compressTables = null;
    this.decompressTables = decompressTables;
    contexts.created();
  }

  /**
   * {@code content} as a raw-content dictionary for decoding only (ID 0, the ID raw dictionaries
   * give their frames): loaded as history whatever its first bytes, even zstd's dictionary magic,
   * which the other constructor would parse as a trained dictionary. RFC 9842's dictionaries are
   * raw content.
   */
  static ZstdLoadedDictionary rawForDecoding(byte[] content, ContextCounter contexts) {
    return new ZstdLoadedDictionary(new ZstdDictDecompress(content, ZstdDictContentType.RAW_CONTENT), contexts);
  }

  /** The dictionary's ID, which frames made with it carry. */
  long id() {
    return id;
  }

  /** Takes a reference for a context, which gives it back with {@link #release()}. */
  ZstdLoadedDictionary retain() {
    if (references.getAndIncrement() <= 0) {
      references.decrementAndGet();
      throw new IllegalStateException("zstd dictionary " + id + " is already freed");
    }
    return this;
  }

  ZstdDictCompress compressTables() {
    return compressTables;
  }

  ZstdDictDecompress decompressTables() {
    return decompressTables;
  }

  /** Gives back one reference; the last frees the tables. Each holder calls it exactly once. */
  void release() {
    if (references.decrementAndGet() == 0) {
      if (compressTables != null) {
        compressTables.close();
      }
      decompressTables.close();
      contexts.released();
    }
  }
}
