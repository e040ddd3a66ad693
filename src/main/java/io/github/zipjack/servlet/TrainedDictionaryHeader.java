package io.github.zipjack.servlet;

import io.github.zipjack.codec.LittleEndian;

/**
 * Where the content of a dictionary in zstd's trained format begins (RFC 8878 section 5): after the
 * magic number and ID, the literals' Huffman table, the FSE tables of offsets, match lengths and
 * literal lengths, and three repeat offsets. Only the lengths of those parts are read here; their
 * values are zstd's business. Stateless.
 *
 * <p>The FSE tables are bit-packed with variable field widths, so their lengths come from decoding
 * the normalized counts as zstd's {@code FSE_readNCount} does: a 4-bit accuracy log, then one count
 * per symbol in as many bits as the probability still to share needs, with 2-bit repeat flags after
 * each zero count.
 */
final class TrainedDictionaryHeader {
  /** zstd's dictionary magic number, read little-endian: bytes 37 a4 30 ec. */
  static final int MAGIC = 0xEC30A437;
  /** Bytes of the magic number and the dictionary ID. */
  private static final int ID_BYTES = 8;
  /** Bytes of the three repeat offsets that end the entropy header. */
  private static final int REPEAT_OFFSET_BYTES = 12;
  /** Largest symbol and accuracy log of each FSE table, in the order the header holds them. */
  private static final int[][] FSE_TABLES = {{31, 8}, {52, 9}, {35, 9}};
  private static final String[] FSE_TABLE_NAMES = {"offset", "match length", "literal length"};

  private TrainedDictionaryHeader() {}

  /** Whether {@code bytes} start with zstd's dictionary magic number. */
  static boolean isTrained(byte[] bytes) {
    return bytes.length >= 4 && LittleEndian.readInt(bytes, 0) == MAGIC;
  }

  /**
   * The offset of the content in a trained dictionary.
   *
   * @throws IllegalArgumentException if the header is cut short or malformed; the message names the
   *     part and the offset
   */
  static int contentOffset(byte[] dictionary) {
    int at = ID_BYTES;
    at = skipHuffmanTable(dictionary, at);
    for (int t = 0; t < FSE_TABLES.length; t++) {
      at = skipFseTable(dictionary, at, FSE_TABLES[t][0], FSE_TABLES[t][1], FSE_TABLE_NAMES[t]);
    }
    at += REPEAT_OFFSET_BYTES;
    if (at > dictionary.length) {
      throw new IllegalArgumentException("trained zstd dictionary of " + dictionary.length
          + " bytes is cut short: its entropy header ends at byte " + at);
    }
    return at;
  }

  private static int skipHuffmanTable(byte[] d, int at) {
    if (at >= d.length) {
      throw new IllegalArgumentException("trained zstd dictionary of " + d.length + " bytes has no Huffman table");
    }
    int headerByte = d[at] & 0xff;
    // below 128: that many bytes of FSE-compressed weights follow; else (headerByte - 127) 4-bit weights
    int tableBytes = headerByte < 128 ? headerByte : (headerByte - 127 + 1) / 2;
    return at + 1 + tableBytes;
  }

  private static int skipFseTable(byte[] d, int start, int maxSymbol, int maxAccuracyLog, String name) {
    long pos = (long) start * 8;
    int accuracyLog = (int) (bits(d, pos) & 0xf) + 5;
    if (accuracyLog > maxAccuracyLog) {
      throw malformed(d, start, name, "accuracy log " + accuracyLog + " above " + maxAccuracyLog);
    }
    pos += 4;
    int remaining = (1 << accuracyLog) + 1;
    int threshold = 1 << accuracyLog;
    int width = accuracyLog + 1;
    int symbol = 0;
    boolean afterZero = false;
    while (remaining > 1 && symbol <= maxSymbol) {
      if (afterZero) {
        int next = symbol;
        while ((bits(d, pos) & 0xffff) == 0xffff) {
          next += 24;
          pos += 16;
        }
        while ((bits(d, pos) & 3) == 3) {
          next += 3;
          pos += 2;
        }
        next += (int) (bits(d, pos) & 3);
        pos += 2;
        if (next > maxSymbol) {
          throw malformed(d, start, name, "zero run past symbol " + maxSymbol);
        }
        symbol = next;
      }
      long b = bits(d, pos);
      int max = 2 * threshold - 1 - remaining;
      int count;
      if ((b & (threshold - 1)) < max) {
        count = (int) (b & (threshold - 1));
        pos += width - 1;
      } else {
        count = (int) (b & (2 * threshold - 1));
        if (count >= threshold) {
          count -= max;
        }
        pos += width;
      }
      count--; // -1 is a probability "less than 1"
      remaining -= Math.abs(count);
      symbol++;
      afterZero = count == 0;
      while (remaining < threshold) {
        width--;
        threshold >>= 1;
      }
    }
    if (remaining != 1 || symbol > maxSymbol + 1) {
      throw malformed(d, start, name, "its counts do not add up");
    }
    int end = (int) ((pos + 7) / 8);
    if (end > d.length) {
      throw malformed(d, start, name, "it runs past the end");
    }
    return end;
  }

  private static IllegalArgumentException malformed(byte[] d, int start, String name, String why) {
    return new IllegalArgumentException("trained zstd dictionary of " + d.length + " bytes has a malformed "
        + name + " table at byte " + start + ": " + why);
  }

  /** 25 or more bits from bit {@code pos} on, least significant first; bytes past the end read as 0. */
  private static long bits(byte[] d, long pos) {
    int at = (int) (pos >>> 3);
    long word = 0;
    for (int i = 0; i < 4; i++) {
      if (at + i < d.length) {
        word |= (long) (d[at + i] & 0xff) << (8 * i);
      }
    }
    return word >>> (pos & 7);
  }
}
