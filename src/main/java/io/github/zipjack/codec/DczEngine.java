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
 * HTTP's dictionary-compressed zstd ({@code dcz}, RFC 9842 section 4) with one raw dictionary.
 * Thread-safe; each encoder and decoder it lends serves one thread. Internal API.
 *
 * <p>A body is the 40-byte header ({@code 5E 2A 4D 18 20 00 00 00}, which zstd reads as a
 * skippable frame of 32 bytes, then the dictionary's SHA-256) and one zstd frame made with the
 * dictionary as raw content. The frames come from a {@link ZstdEngine} that loaded the dictionary
 * once as raw content (bytes without zstd's dictionary magic, which zipjack's {@code HttpDictionary}
 * guarantees) and pools its contexts as it does for plain zstd; they carry no dictionary ID, and
 * their window is the level's, at most 8 MiB, within RFC 9842's limit of max(8 MiB, 1.25 times the
 * dictionary). {@link #close()} closes that engine.
 */
public final class DczEngine implements CompressionEngine {
  /** Bytes of a dcz body's header. */
  public static final int HEADER_BYTES = 40;
  /** The header's first 8 bytes: a skippable frame's magic number and its length, 32. */
  private static final byte[] MAGIC = {0x5E, 0x2A, 0x4D, 0x18, 0x20, 0x00, 0x00, 0x00};

  private final ZstdEngine zstd;
  /** MAGIC and the SHA-256; never changed. */
  private final byte[] header;
  private final String shortHash;

  /**
   * @param config as for {@link ZstdEngine}
   * @param rawDictionary the dictionary's bytes, not starting with zstd's dictionary magic; only read
   * @param sha256 their SHA-256, 32 bytes
   * @throws IllegalArgumentException if the level is outside [1, 22], the hash is not 32 bytes, or
   *     the dictionary starts with zstd's dictionary magic
   */
  public DczEngine(EngineConfig config, byte[] rawDictionary, byte[] sha256) {
    Objects.requireNonNull(rawDictionary, "rawDictionary");
    if (Objects.requireNonNull(sha256, "sha256").length != 32) {
      throw new IllegalArgumentException("sha256 must have 32 bytes: " + sha256.length);
    }
    if (rawDictionary.length >= 4 && (rawDictionary[0] & 0xff) == 0x37 && (rawDictionary[1] & 0xff) == 0xa4
        && (rawDictionary[2] & 0xff) == 0x30 && (rawDictionary[3] & 0xff) == 0xec) {
      throw new IllegalArgumentException("a dcz dictionary must be raw content, not a trained zstd dictionary "
          + "(it starts with 37 a4 30 ec)");
    }
    this.header = Arrays.copyOf(MAGIC, HEADER_BYTES);
    System.arraycopy(sha256, 0, header, MAGIC.length, 32);
    this.shortHash = HexFormat.of().formatHex(sha256, 0, 8);
    this.zstd = new ZstdEngine(config, rawDictionary, 0);
  }

  @Override
  public String contentEncoding() {
    return "dcz";
  }

  @Override
  public String implementation() {
    return "dcz(zstd(" + zstd.level() + "), dictionary " + shortHash + ") via zstd-jni";
  }

  /** The first 8 bytes of the dictionary's SHA-256 in hex. */
  public String shortHash() {
    return shortHash;
  }

  /** Whether {@code header[offset, offset + 40)} is a dcz header naming this engine's dictionary. */
  public boolean isHeaderOf(byte[] bytes, int offset) {
    return Arrays.equals(header, 0, HEADER_BYTES, bytes, offset, offset + HEADER_BYTES);
  }

  @Override
  public ContextCounter contexts() {
    return zstd.contexts();
  }

  @Override
  public long lentEncoders() {
    return zstd.lentEncoders();
  }

  @Override
  public long lentBlocks() {
    return zstd.lentBlocks();
  }

  @Override
  public long lentDecoderSlots() {
    return zstd.lentDecoderSlots();
  }

  /** Writes the header to {@code sink}, then lends zstd's whole-body encoder for the frame. */
  @Override
  public Encoder open(OutputStream sink) throws IOException {
    sink.write(header);
    return zstd.open(sink);
  }

  /** Writes the header to {@code sink}, then lends zstd's streaming encoder for the frame. */
  @Override
  public Encoder openStreaming(OutputStream sink) throws IOException {
    sink.write(header);
    return zstd.openStreaming(sink);
  }

  /**
   * The decoded bytes of a dcz body made with this engine's dictionary; a body whose header names
   * another dictionary is a {@link MalformedBodyException}. See {@link #decoder(InputStream, List)}.
   */
  @Override
  public InputStream decoder(InputStream body) throws IOException {
    return decoder(body, List.of(this));
  }

  /**
   * The decoded bytes of a dcz body made with the dictionary of one of {@code engines}: the header
   * is read and checked here, the frame decoded by that engine's zstd decoder (strict, limited by
   * its maxDecodedBytes). A body shorter than the header is a {@link TruncatedBodyException}, one
   * that does not start with the dcz magic a {@link WrongCodingException}, one naming a dictionary
   * none of the engines has a {@link MalformedBodyException}. Closing the stream closes {@code body}.
   */
  public static InputStream decoder(InputStream body, List<DczEngine> engines) throws IOException {
    byte[] read = body.readNBytes(HEADER_BYTES);
    if (read.length < HEADER_BYTES) {
      body.close();
      throw new TruncatedBodyException("dcz body ends after " + read.length + " bytes, within its "
          + HEADER_BYTES + "-byte header", null);
    }
    if (!Arrays.equals(MAGIC, 0, MAGIC.length, read, 0, MAGIC.length)) {
      body.close();
      throw new WrongCodingException("body is not dcz: it starts with "
          + HexFormat.ofDelimiter(" ").formatHex(read, 0, MAGIC.length) + ", dcz with 5e 2a 4d 18 20 00 00 00");
    }
    for (DczEngine engine : engines) {
      if (engine.isHeaderOf(read, 0)) {
        return engine.zstd.decoder(body);
      }
    }
    body.close();
    throw new MalformedBodyException("dcz body names dictionary " + HexFormat.of().formatHex(read, 8, 16)
        + "..., which is not one of this server's: " + engines.stream().map(DczEngine::shortHash).toList());
  }

  /** Closes the zstd engine: its idle contexts, and its dictionary once every lent context is back. Idempotent. */
  @Override
  public void close() {
    zstd.close();
  }

  @Override
  public String toString() {
    return implementation();
  }
}
