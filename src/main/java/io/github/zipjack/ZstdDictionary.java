package io.github.zipjack;

import io.github.zipjack.codec.LittleEndian;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Objects;

/**
 * A zstd dictionary in zstd's own format, as {@code zstd --train}, zstd-jni's {@code ZstdDictTrainer}
 * and {@code bench/tune --train-dictionary} write it: the magic number 37 a4 30 ec, a dictionary ID,
 * entropy tables, then content. Give it to {@link Compression#zstd(int, ZstdDictionary)}: the
 * pipeline's frames then carry its ID, and the system {@code zstd -D FILE} reads and writes the same
 * frames. Immutable and thread-safe; it holds only bytes (a copy of those given), no native memory:
 * each pipeline built with it loads it into zstd once and frees it on close.
 *
 * <p>Checked here: the magic number and a nonzero ID (frames made with ID 0 could not be told from
 * frames made with no dictionary). Raw-content dictionaries (any bytes, no header) are refused for
 * the same reason: their frames carry no ID, so a body made with another dictionary would decode
 * to wrong bytes instead of failing. The entropy tables are checked when a pipeline loads the
 * dictionary: corrupt ones make {@link Pipeline.Builder#build()} fail with an
 * {@link IllegalArgumentException} naming the ID and size.
 *
 * <p>Dictionaries serve bodies of a few KB or less that look alike, where both ends are yours
 * (caches, queues, files, service-to-service calls); never HTTP's {@code zstd} coding, which no
 * browser decodes with a private dictionary (the servlet filter and {@code CompressedResponses}
 * refuse them; browsers get dictionary-compressed responses through RFC 9842's {@code dcz}, for
 * which the servlet package's {@code HttpDictionary} takes this file's content part). See
 * docs/dictionaries.md.
 */
public final class ZstdDictionary {
  /** zstd's dictionary magic number, read little-endian: bytes 37 a4 30 ec. */
  static final int MAGIC = 0xEC30A437;
  /** Bytes of the magic number and the ID. */
  private static final int HEADER_BYTES = 8;
  /** The largest dictionary accepted, in bytes; zstd advises about 100 KB, its trainer rarely exceeds 1 MB. */
  public static final int MAX_BYTES = 32 * 1024 * 1024;

  /** Never changed, never handed out. */
  private final byte[] content;
  private final long id;

  private ZstdDictionary(byte[] content, long id) {
    this.content = content;
    this.id = id;
  }

  /**
   * The dictionary in {@code bytes} (copied).
   *
   * @param bytes a dictionary in zstd's format; not kept, so the caller may change it afterwards
   * @return the dictionary
   * @throws IllegalArgumentException if the bytes are not a zstd dictionary: too short to hold the
   *     magic number and ID, another magic number (raw-content dictionaries included), ID 0, or more
   *     than {@link #MAX_BYTES}; the message names the size and what was found
   */
  public static ZstdDictionary of(byte[] bytes) {
    Objects.requireNonNull(bytes, "bytes must not be null");
    return parse(bytes.clone(), "zstd dictionary of " + bytes.length + " bytes");
  }

  /**
   * The dictionary in the file at {@code path}.
   *
   * @param path a file in zstd's dictionary format, at most {@link #MAX_BYTES}
   * @return the dictionary
   * @throws IOException if the file cannot be read
   * @throws IllegalArgumentException if it is not a zstd dictionary (see {@link #of(byte[])}); the
   *     message names the file and its size
   */
  public static ZstdDictionary read(Path path) throws IOException {
    Objects.requireNonNull(path, "path must not be null");
    long size = Files.size(path);
    String what = "zstd dictionary " + path + " (" + size + " bytes)";
    if (size > MAX_BYTES) {
      throw new IllegalArgumentException(what + " is larger than " + MAX_BYTES + " bytes; is it a dictionary?");
    }
    byte[] bytes;
    try (InputStream in = Files.newInputStream(path)) {
      bytes = in.readNBytes(MAX_BYTES + 1);
    }
    return parse(bytes, what);
  }

  private static ZstdDictionary parse(byte[] bytes, String what) {
    if (bytes.length > MAX_BYTES) {
      throw new IllegalArgumentException(what + " is larger than " + MAX_BYTES + " bytes; is it a dictionary?");
    }
    if (bytes.length < HEADER_BYTES) {
      throw new IllegalArgumentException(what + " is too short: a zstd dictionary starts with its magic number "
          + "(37 a4 30 ec) and a 4-byte ID");
    }
    if (LittleEndian.readInt(bytes, 0) != MAGIC) {
      throw new IllegalArgumentException(what + " is not a zstd dictionary: it starts with "
          + String.format("%02x %02x %02x %02x", bytes[0], bytes[1], bytes[2], bytes[3])
          + ", a zstd dictionary with 37 a4 30 ec (raw-content dictionaries are not accepted: their frames carry "
          + "no dictionary ID; train one with zstd --train or bench/tune --train-dictionary)");
    }
    long id = LittleEndian.readInt(bytes, 4) & 0xffffffffL;
    if (id == 0) {
      throw new IllegalArgumentException(what + " has dictionary ID 0, which frames cannot carry: "
          + "bodies made with it could not be told from bodies made without a dictionary");
    }
    return new ZstdDictionary(bytes, id);
  }

  /** {@return the dictionary's ID, unsigned 32-bit (1 to 2^32-1), which every frame made with it carries} */
  public long id() {
    return id;
  }

  /** {@return the dictionary's size in bytes} */
  public int byteCount() {
    return content.length;
  }

  /** {@return a copy of the dictionary's bytes, as a file for {@code zstd -D} would hold them} */
  public byte[] toByteArray() {
    return content.clone();
  }

  /** Equal when the bytes are equal. */
  @Override
  public boolean equals(Object o) {
    return o instanceof ZstdDictionary d && d.id == id && Arrays.equals(d.content, content);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(id);
  }

  /** {@code dictionary 1234567 (112640 bytes)}. */
  @Override
  public String toString() {
    return "dictionary " + id + " (" + content.length + " bytes)";
  }
}
