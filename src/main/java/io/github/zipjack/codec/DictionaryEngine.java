package io.github.zipjack.codec;

import io.github.zipjack.MalformedBodyException;
import io.github.zipjack.TruncatedBodyException;
import io.github.zipjack.WrongCodingException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;

/**
 * HTTP's dictionary-compressed codings (RFC 9842 section 4) with one raw dictionary: {@code dcz}
 * (zstd) and {@code dcb} (shared brotli). Thread-safe; each encoder and decoder it lends serves one
 * thread.
 *
 * <p>A body is a header, the coding's magic number and the dictionary's SHA-256, then the
 * compressed stream made with the dictionary as raw content:
 * <ul>
 *   <li>{@code dcz}: {@code 5E 2A 4D 18 20 00 00 00} (which zstd reads as a skippable frame of 32
 *       bytes), the hash, one zstd frame. The frames come from a {@link ZstdEngine} that loaded the
 *       dictionary once as raw content (bytes without zstd's dictionary magic, which zipjack's
 *       {@code HttpDictionary} guarantees) and pools its contexts as for plain zstd; they carry no
 *       dictionary ID, and their window is the level's, at most 8 MiB, within RFC 9842's limit of
 *       max(8 MiB, 1.25 times the dictionary).
 *   <li>{@code dcb}: {@code FF 44 43 42}, the hash, one brotli stream from a {@link BrotliEngine}
 *       that prepared the dictionary once; quality 5 to 11 (brotli ignores a dictionary below 5),
 *       window at most 16 MiB as RFC 9842 asks.
 * </ul>
 * {@link #close()} closes the inner engine.
 */
public final class DictionaryEngine implements CompressionEngine {
  /** Bytes of a dictionary's SHA-256 in a header. */
  private static final int HASH_BYTES = 32;
  private static final byte[] DCZ_MAGIC = {0x5E, 0x2A, 0x4D, 0x18, 0x20, 0x00, 0x00, 0x00};
  private static final byte[] DCB_MAGIC = {(byte) 0xFF, 0x44, 0x43, 0x42};

  private final String coding;
  private final CompressionEngine inner;
  /** The magic number and the SHA-256; never changed. */
  private final byte[] header;
  private final int magicBytes;
  private final String shortHash;

  private DictionaryEngine(String coding, byte[] magic, CompressionEngine inner, byte[] sha256) {
    this.coding = coding;
    this.inner = inner;
    this.magicBytes = magic.length;
    this.header = Arrays.copyOf(magic, magic.length + HASH_BYTES);
    System.arraycopy(sha256, 0, header, magic.length, HASH_BYTES);
    this.shortHash = HexFormat.of().formatHex(sha256, 0, 8);
  }

  /**
   * A {@code dcz} engine.
   *
   * @param config as for {@link ZstdEngine}
   * @param rawDictionary the dictionary's bytes, not starting with zstd's dictionary magic; only read
   * @param sha256 their SHA-256, 32 bytes
   * @return an engine the caller owns and closes
   * @throws IllegalArgumentException if the level is outside [1, 22], the hash is not 32 bytes, or
   *     the dictionary starts with zstd's dictionary magic
   */
  public static DictionaryEngine dcz(EngineConfig config, byte[] rawDictionary, byte[] sha256) {
    checkHash(sha256);
    if (rawDictionary.length >= 4 && (rawDictionary[0] & 0xff) == 0x37 && (rawDictionary[1] & 0xff) == 0xa4
        && (rawDictionary[2] & 0xff) == 0x30 && (rawDictionary[3] & 0xff) == 0xec) {
      throw new IllegalArgumentException("a dcz dictionary must be raw content, not a trained zstd dictionary "
          + "(it starts with 37 a4 30 ec)");
    }
    return new DictionaryEngine("dcz", DCZ_MAGIC, new ZstdEngine(config, rawDictionary, 0), sha256);
  }

  /**
   * A {@code dcb} engine.
   *
   * @param config as for {@link BrotliEngine}, quality 5 to 11
   * @param rawDictionary the dictionary's bytes; only read
   * @param sha256 their SHA-256, 32 bytes
   * @return an engine the caller owns and closes
   * @throws IllegalArgumentException if the quality is outside [5, 11] or the hash is not 32 bytes
   */
  public static DictionaryEngine dcb(EngineConfig config, byte[] rawDictionary, byte[] sha256) {
    checkHash(sha256);
    return new DictionaryEngine("dcb", DCB_MAGIC, new BrotliEngine(config, rawDictionary), sha256);
  }

  private static void checkHash(byte[] sha256) {
    if (Objects.requireNonNull(sha256, "sha256").length != HASH_BYTES) {
      throw new IllegalArgumentException("sha256 must have 32 bytes: " + sha256.length);
    }
  }

  /** {@code dcz} or {@code dcb}. */
  @Override
  public String contentEncoding() {
    return coding;
  }

  @Override
  public String implementation() {
    return coding + "(" + inner.implementation() + ", dictionary " + shortHash + ")";
  }

  /** {@return bytes of this coding's header: 40 for dcz, 36 for dcb} */
  public int headerBytes() {
    return header.length;
  }

  /** {@return the first 8 bytes of the dictionary's SHA-256 in hex} */
  public String shortHash() {
    return shortHash;
  }

  @Override
  public ContextCounter contexts() {
    return inner.contexts();
  }

  @Override
  public long lentEncoders() {
    return inner.lentEncoders();
  }

  @Override
  public long lentBlocks() {
    return inner.lentBlocks();
  }

  @Override
  public long lentDecoderSlots() {
    return inner.lentDecoderSlots();
  }

  /** Writes the header to {@code sink}, then lends the inner engine's whole-body encoder. */
  @Override
  public Encoder open(OutputStream sink) throws IOException {
    sink.write(header);
    return inner.open(sink);
  }

  /** Writes the header to {@code sink}, then lends the inner engine's streaming encoder. */
  @Override
  public Encoder openStreaming(OutputStream sink) throws IOException {
    sink.write(header);
    return inner.openStreaming(sink);
  }

  /**
   * The decoded bytes of a body made with this engine's dictionary; a body whose header names
   * another dictionary is a {@link MalformedBodyException}. See {@link #decoder(InputStream, List)}.
   */
  @Override
  public InputStream decoder(InputStream body) throws IOException {
    return decoder(body, List.of(this));
  }

  /**
   * The decoded bytes of a body in the coding of {@code engines} (all of one coding) made with the
   * dictionary of one of them: the header is read and checked here, the rest decoded by that
   * engine's strict decoder, within its maxDecodedBytes. A body shorter than the header is a
   * {@link TruncatedBodyException}, one without the coding's magic number a
   * {@link WrongCodingException}, one naming a dictionary none of the engines has a
   * {@link MalformedBodyException}. Closing the stream closes {@code body}.
   *
   * @param body the body as received, header first
   * @param engines the engines of one coding, one per dictionary offered
   * @return the decoded body; the caller closes it
   * @throws IOException if {@code body} fails, or its header is cut short or not one of theirs
   * @throws IllegalArgumentException if {@code engines} is empty or mixes codings
   */
  public static InputStream decoder(InputStream body, List<DictionaryEngine> engines) throws IOException {
    DictionaryEngine first = engines.get(0);
    for (DictionaryEngine e : engines) {
      if (!e.coding.equals(first.coding)) {
        throw new IllegalArgumentException("engines of one coding expected: " + first.coding + " and " + e.coding);
      }
    }
    byte[] read = body.readNBytes(first.header.length);
    if (read.length < first.header.length) {
      body.close();
      throw new TruncatedBodyException(first.coding + " body ends after " + read.length + " bytes, within its "
          + first.header.length + "-byte header", null);
    }
    if (!Arrays.equals(first.header, 0, first.magicBytes, read, 0, first.magicBytes)) {
      body.close();
      throw new WrongCodingException("body is not " + first.coding + ": it starts with "
          + HexFormat.ofDelimiter(" ").formatHex(read, 0, first.magicBytes) + ", " + first.coding + " with "
          + HexFormat.ofDelimiter(" ").formatHex(first.header, 0, first.magicBytes));
    }
    for (DictionaryEngine engine : engines) {
      if (Arrays.equals(engine.header, read)) {
        return engine.inner.decoder(body);
      }
    }
    body.close();
    throw new MalformedBodyException(first.coding + " body names dictionary "
        + HexFormat.of().formatHex(read, first.magicBytes, first.magicBytes + 8) + "..., which is not one of this "
        + "server's: " + engines.stream().map(DictionaryEngine::shortHash).toList());
  }

  /** Closes the inner engine: its idle contexts, and its dictionary once every lent context is back. Idempotent. */
  @Override
  public void close() {
    inner.close();
  }

  @Override
  public String toString() {
    return implementation();
  }
}
