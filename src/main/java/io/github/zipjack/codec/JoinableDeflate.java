package io.github.zipjack.codec;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Turns a whole raw deflate stream (RFC 1951), such as libdeflate makes, into a piece that another
 * stream can follow: its final block loses the final flag and the piece ends on a byte boundary
 * with an empty stored block, as zlib's sync flush ends one. Pieces made so, followed by one whole
 * stream, are one deflate stream; so blocks of a body compressed apart by an engine that always
 * ends its stream (libdeflate) join into one gzip member.
 *
 * <p>The final block's place and the stream's last bit are not recorded by libdeflate, so the
 * stream is walked from its start: block headers are read and Huffman symbols decoded (nothing is
 * written out), which costs a third to a half of what libdeflate-1 took to make them. Not thread-safe:
 * an object holds the walk's tables, reused from stream to stream (one per {@link DeflateBlock}).
 */
final class JoinableDeflate {
  /** What {@link #unfinish} may append: an empty stored block, its header in a byte of its own. */
  static final int MAX_APPENDED_BYTES = 5;

  private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final int MAX_CODE_BITS = 15;
  /** Bits of a literal/length code resolved by one lookup; longer codes (rare symbols) are decoded bit by bit. */
  private static final int LITERAL_LENGTH_TABLE_BITS = 10;
  /** Bits of a distance code resolved by one lookup. */
  private static final int DISTANCE_TABLE_BITS = 10;
  private static final int LITERAL_LENGTH_SYMBOLS = 288;
  private static final int DISTANCE_SYMBOLS = 32;
  private static final int END_OF_BLOCK = 256;
  /** Extra bits of length symbols 257 to 287 (286 and 287 do not occur in valid data). */
  private static final int[] LENGTH_EXTRA_BITS = {
      0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0, -1, -1};
  /** Extra bits of distance symbols 0 to 31 (30 and 31 do not occur in valid data). */
  private static final int[] DISTANCE_EXTRA_BITS = {
      0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, -1, -1};
  /** The order in which a dynamic block lists the code lengths of its code-length code. */
  private static final int[] CODE_LENGTH_ORDER = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

  /* A table entry: bits to consume in the low 5 bits (the code and the symbol's extra bits), the kind above. */
  private static final int LITERAL = 0;
  private static final int LENGTH = 1 << 5;
  private static final int END = 2 << 5;
  private static final int KIND_MASK = 3 << 5;

  private final Walk walk = new Walk();

  /**
   * Makes {@code stream[0, length)}, one whole raw deflate stream, joinable: clears its final block's
   * flag and appends an empty stored block on a byte boundary.
   *
   * @param stream the stream, with at least {@link #MAX_APPENDED_BYTES} bytes of room after it
   * @param length the stream's bytes
   * @return the piece's length: {@code length} plus 4 or 5
   * @throws IllegalArgumentException if the bytes are not one whole deflate stream ending at
   *     {@code length}, or there is no room after it
   */
  int unfinish(byte[] stream, int length) {
    if (stream.length - length < MAX_APPENDED_BYTES) {
      throw new IllegalArgumentException("no room after the stream: " + length + " bytes in an array of "
          + stream.length + ", " + MAX_APPENDED_BYTES + " needed after them");
    }
    walk.start(stream, length);
    long finalHeaderBit = walk.toFinalBlockEnd();
    long endBit = walk.bitPosition();
    if ((endBit + 7) >>> 3 != length) {
      throw new IllegalArgumentException("the deflate stream ends at bit " + endBit + ", not in its last byte ("
          + length + " bytes)");
    }
    stream[(int) (finalHeaderBit >>> 3)] &= (byte) ~(1 << (finalHeaderBit & 7));
    int usedBits = (int) (endBit & 7);
    int end = length;
    if (usedBits != 0) {
      stream[end - 1] &= (byte) ((1 << usedBits) - 1); // the padding is the stored block's header, zero
    }
    if (usedBits == 0 || usedBits > 5) {
      stream[end++] = 0; // the header (not final, stored) and the padding to the byte boundary
    }
    stream[end++] = 0;
    stream[end++] = 0;
    stream[end++] = (byte) 0xFF;
    stream[end++] = (byte) 0xFF;
    return end;
  }

  /**
   * {@return the bit just after the final block of the deflate stream at the start of
   * {@code stream[0, length)}, counted from the first byte's lowest bit}
   *
   * @throws IllegalArgumentException if the bytes do not hold a whole deflate stream
   */
  long endBit(byte[] stream, int length) {
    walk.start(stream, length);
    walk.toFinalBlockEnd();
    return walk.bitPosition();
  }

  /** A pass over a stream: a little-endian bit reader and the current block's codes. */
  private static final class Walk {
    private byte[] in;
    private int length;
    /** Next byte to load into {@link #bits}. */
    private int next;
    private long bits;
    /** Bits of {@link #bits} not yet consumed; those above are the next bytes' or zero. */
    private int bitCount;
    /** Bytes loaded from past the end (as zeros); more than 8 means the data is cut short. */
    private int overrun;
    private final int[] literalLengthTable = new int[1 << LITERAL_LENGTH_TABLE_BITS];
    private final int[] distanceTable = new int[1 << DISTANCE_TABLE_BITS];
    private final Code literalLengthCode = new Code(LITERAL_LENGTH_SYMBOLS);
    private final Code distanceCode = new Code(DISTANCE_SYMBOLS);
    private final Code codeLengthCode = new Code(19);
    private final int[] lengths = new int[LITERAL_LENGTH_SYMBOLS + DISTANCE_SYMBOLS];
    private final int[] codeLengthLengths = new int[19];
    private final int[] lengthCount = new int[MAX_CODE_BITS + 1];
    private final int[] nextCode = new int[MAX_CODE_BITS + 2];

    /** Starts a pass over {@code in[0, length)}. */
    void start(byte[] in, int length) {
      this.in = in;
      this.length = length;
      next = 0;
      bits = 0;
      bitCount = 0;
      overrun = 0;
    }

    /** The stream's bit where the next unconsumed bit sits (past the end once overrun). */
    long bitPosition() {
      return 8L * next - bitCount;
    }

    /** Walks blocks until the final one has ended; returns the bit where its header starts. */
    long toFinalBlockEnd() {
      while (true) {
        refill();
        long headerBit = bitPosition();
        int isFinal = take(1);
        int type = take(2);
        switch (type) {
          case 0 -> skipStored();
          case 1 -> {
            fixedCodes();
            symbols();
          }
          case 2 -> {
            dynamicCodes();
            symbols();
          }
          default -> throw malformed("block type 3 at bit " + headerBit);
        }
        if (overrun > 8) {
          throw malformed("the stream is cut short");
        }
        if (isFinal == 1) {
          return headerBit;
        }
      }
    }

    /** Loads bytes until at least 56 bits are held. */
    private void refill() {
      if (next + 8 <= length) {
        bits |= (long) LONG_LE.get(in, next) << bitCount;
        next += 7 - (bitCount >>> 3);
        bitCount |= 56;
        return;
      }
      while (bitCount <= 56) {
        long b;
        if (next < length) {
          b = in[next] & 0xFF;
        } else {
          b = 0;
          overrun++;
        }
        next++;
        bits |= b << bitCount;
        bitCount += 8;
      }
    }

    /** The next {@code n} bits (at most 32, already held), consumed. */
    private int take(int n) {
      int v = (int) (bits & ((1L << n) - 1));
      bits >>>= n;
      bitCount -= n;
      return v;
    }

    private void skipStored() {
      take(bitCount & 7);
      long byteAt = bitPosition() >>> 3;
      // the held bits are dropped and the reader restarts after the block's data
      int lengthLow = byteAt + 4 <= length ? (in[(int) byteAt] & 0xFF) | (in[(int) byteAt + 1] & 0xFF) << 8 : -1;
      int complement = byteAt + 4 <= length ? (in[(int) byteAt + 2] & 0xFF) | (in[(int) byteAt + 3] & 0xFF) << 8 : -1;
      if (lengthLow < 0 || (lengthLow ^ 0xFFFF) != complement) {
        throw malformed("stored block without a valid length at byte " + byteAt);
      }
      long after = byteAt + 4 + lengthLow;
      if (after > length) {
        throw malformed("stored block of " + lengthLow + " bytes at byte " + byteAt + " runs past the end");
      }
      next = (int) after;
      bits = 0;
      bitCount = 0;
    }

    private void fixedCodes() {
      for (int s = 0; s < LITERAL_LENGTH_SYMBOLS; s++) {
        lengths[s] = s < 144 ? 8 : s < 256 ? 9 : s < 280 ? 7 : 8;
      }
      literalLengthCode.build(lengths, 0, LITERAL_LENGTH_SYMBOLS);
      fillTable(literalLengthTable, lengths, 0, LITERAL_LENGTH_SYMBOLS, true);
      for (int s = 0; s < DISTANCE_SYMBOLS; s++) {
        lengths[s] = 5;
      }
      distanceCode.build(lengths, 0, DISTANCE_SYMBOLS);
      fillTable(distanceTable, lengths, 0, DISTANCE_SYMBOLS, false);
    }

    private void dynamicCodes() {
      int literalLengthCount = take(5) + 257;
      int distanceCount = take(5) + 1;
      int codeLengthCount = take(4) + 4;
      if (literalLengthCount > 286 || distanceCount > 30) {
        throw malformed(literalLengthCount + " literal/length and " + distanceCount + " distance codes");
      }
      Arrays.fill(codeLengthLengths, 0);
      for (int i = 0; i < codeLengthCount; i++) {
        refill();
        codeLengthLengths[CODE_LENGTH_ORDER[i]] = take(3);
      }
      codeLengthCode.build(codeLengthLengths, 0, 19);
      int total = literalLengthCount + distanceCount;
      for (int i = 0; i < total; ) {
        refill();
        int symbol = codeLengthCode.decode(this);
        if (symbol < 16) {
          lengths[i++] = symbol;
          continue;
        }
        int repeat;
        int value = 0;
        if (symbol == 16) {
          if (i == 0) {
            throw malformed("a repeat of no code length");
          }
          value = lengths[i - 1];
          repeat = 3 + take(2);
        } else if (symbol == 17) {
          repeat = 3 + take(3);
        } else {
          repeat = 11 + take(7);
        }
        if (i + repeat > total) {
          throw malformed("code lengths repeated past their count");
        }
        while (repeat-- > 0) {
          lengths[i++] = value;
        }
      }
      if (lengths[END_OF_BLOCK] == 0) {
        throw malformed("a block without an end-of-block code");
      }
      literalLengthCode.build(lengths, 0, literalLengthCount);
      fillTable(literalLengthTable, lengths, 0, literalLengthCount, true);
      distanceCode.build(lengths, literalLengthCount, distanceCount);
      fillTable(distanceTable, lengths, literalLengthCount, distanceCount, false);
    }

    /**
     * Fills a lookup table of the canonical code of {@code count} symbols whose lengths start at
     * {@code lengths[offset]}: each code that fits in the table, bit-reversed as it
     * comes in the stream, owns every entry whose low bits it is; an entry of 0 sends the decoder to
     * the bit-by-bit path.
     */
    private void fillTable(int[] table, int[] lengths, int offset, int count, boolean literalLength) {
      Arrays.fill(table, 0);
      Arrays.fill(lengthCount, 0);
      for (int s = 0; s < count; s++) {
        lengthCount[lengths[offset + s]]++;
      }
      lengthCount[0] = 0;
      int code = 0;
      for (int bits = 1; bits <= MAX_CODE_BITS; bits++) {
        code = (code + lengthCount[bits - 1]) << 1;
        nextCode[bits] = code;
      }
      for (int s = 0; s < count; s++) {
        int len = lengths[offset + s];
        if (len == 0) {
          continue;
        }
        int c = nextCode[len]++;
        if (1 << len > table.length) {
          continue;
        }
        int entry = entry(s, len, literalLength);
        if (entry < 0) {
          continue; // a symbol valid data never uses: left to the bit-by-bit path, which refuses it
        }
        int reversed = Integer.reverse(c) >>> (32 - len);
        for (int i = reversed; i < table.length; i += 1 << len) {
          table[i] = entry;
        }
      }
    }

    /** The table entry of {@code symbol} with a code of {@code codeBits}, or -1 for a symbol valid data never has. */
    private static int entry(int symbol, int codeBits, boolean literalLength) {
      if (!literalLength) {
        int extra = symbol < DISTANCE_EXTRA_BITS.length ? DISTANCE_EXTRA_BITS[symbol] : -1;
        return extra < 0 ? -1 : codeBits + extra;
      }
      if (symbol < END_OF_BLOCK) {
        return LITERAL | codeBits;
      }
      if (symbol == END_OF_BLOCK) {
        return END | codeBits;
      }
      int extra = LENGTH_EXTRA_BITS[symbol - 257];
      return extra < 0 ? -1 : LENGTH | (codeBits + extra);
    }

    /**
     * Decodes the block's symbols up to and including its end-of-block code. The hot loop keeps the
     * reader's state in locals, written back only around the rare calls (a refill near the end, a
     * code longer than the table's) and at the end.
     */
    private void symbols() {
      int[] litlen = literalLengthTable;
      int[] dist = distanceTable;
      int literalLengthMask = litlen.length - 1;
      int distanceMask = dist.length - 1;
      byte[] in = this.in;
      int fastLimit = length - 8;
      int next = this.next;
      long bits = this.bits;
      int bitCount = this.bitCount;
      while (true) {
        if (bitCount < 48) {
          if (next <= fastLimit) {
            bits |= (long) LONG_LE.get(in, next) << bitCount;
            next += 7 - (bitCount >>> 3);
            bitCount |= 56;
          } else {
            this.next = next;
            this.bits = bits;
            this.bitCount = bitCount;
            refill();
            if (overrun > 8) {
              throw malformed("the stream is cut short inside a block");
            }
            next = this.next;
            bits = this.bits;
            bitCount = this.bitCount;
          }
        }
        int entry = litlen[(int) bits & literalLengthMask];
        if (entry == 0) {
          this.bits = bits;
          this.bitCount = bitCount;
          entry = slowEntry(literalLengthCode, true);
        }
        int consumed = entry & 31;
        bits >>>= consumed;
        bitCount -= consumed;
        int kind = entry & KIND_MASK;
        if (kind == LITERAL) {
          continue;
        }
        if (kind == END) {
          break;
        }
        int distanceEntry = dist[(int) bits & distanceMask];
        if (distanceEntry == 0) {
          this.bits = bits;
          this.bitCount = bitCount;
          distanceEntry = slowEntry(distanceCode, false);
        }
        bits >>>= distanceEntry;
        bitCount -= distanceEntry;
      }
      this.next = next;
      this.bits = bits;
      this.bitCount = bitCount;
    }

    /** The entry of a code longer than the table's, decoded bit by bit without consuming it. */
    private int slowEntry(Code code, boolean literalLength) {
      long saved = bits;
      int savedCount = bitCount;
      int symbol = code.decode(this);
      int codeBits = savedCount - bitCount;
      bits = saved;
      bitCount = savedCount;
      int entry = entry(symbol, codeBits, literalLength);
      if (entry <= 0) {
        throw malformed("symbol " + symbol + " is not valid " + (literalLength ? "literal/length" : "distance")
            + " code");
      }
      return entry;
    }

    private static IllegalArgumentException malformed(String what) {
      return new IllegalArgumentException("not a whole deflate stream: " + what);
    }
  }

  /** A canonical Huffman code as counts per length and symbols in code order, decoded bit by bit. */
  private static final class Code {
    private final int[] counts = new int[MAX_CODE_BITS + 1];
    /** Scratch of {@link #build}: where each length's symbols start. */
    private final int[] start = new int[MAX_CODE_BITS + 2];
    private final int[] symbols;

    Code(int maxSymbols) {
      symbols = new int[maxSymbols];
    }

    void build(int[] lengths, int offset, int count) {
      Arrays.fill(counts, 0);
      for (int s = 0; s < count; s++) {
        counts[lengths[offset + s]]++;
      }
      Arrays.fill(start, 0);
      for (int len = 1; len <= MAX_CODE_BITS; len++) {
        start[len + 1] = start[len] + counts[len];
      }
      for (int s = 0; s < count; s++) {
        int len = lengths[offset + s];
        if (len != 0) {
          symbols[start[len]++] = s;
        }
      }
    }

    /** The next symbol, its code consumed; the walk holds at least 15 bits. */
    int decode(Walk walk) {
      int code = 0;
      int first = 0;
      int index = 0;
      for (int len = 1; len <= MAX_CODE_BITS; len++) {
        code |= walk.take(1);
        int count = counts[len];
        if (code - first < count) {
          return symbols[index + code - first];
        }
        index += count;
        first = (first + count) << 1;
        code <<= 1;
      }
      throw Walk.malformed("a code that is no symbol's");
    }
  }
}
