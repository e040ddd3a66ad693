package io.github.zipjack.codec;

import java.util.zip.Deflater;

/**
 * A block of a gzip body that several threads deflate ({@link ParallelGzipEngine}), with its
 * compressor (a JDK Deflater, or libdeflate's), made when the block is first deflated: a block that
 * only ever gathered small bodies holds none.
 *
 * <p>With zlib, the input holds up to {@link #DICTIONARY_BYTES} of the previous block's end before the
 * block's own bytes, the dictionary its Deflater is primed with (pigz's design), so that matches
 * reach back across the cut and the output is within a few bytes per block of serial zlib. libdeflate
 * takes no dictionary: its blocks start afresh, which costs about 1-2% of bytes at 256 KiB blocks
 * against serial libdeflate, and it always ends a whole stream, which {@link JoinableDeflate} then
 * reopens. Every block but the last ends with a sync flush (an empty stored block, on a byte
 * boundary), the last with the final block, so the pieces joined in order are one deflate stream.
 *
 * <p>Owns its compressor (a Deflater: about 256 KB native, ended by {@link #dispose()} once;
 * libdeflate's: freed by aircompressor's Cleaner once unreachable).
 */
final class DeflateBlock extends ParallelBlock {
  /** Bytes of the previous block a block's Deflater is primed with: deflate's whole window. */
  static final int DICTIONARY_BYTES = 32 * 1024;

  private final int level;
  private final ContextCounter contexts;
  /** Whether libdeflate deflates this block; else JDK zlib. */
  private final boolean libdeflate;
  /** Made at the first deflate, so that a block that only gathers a small body holds no native state. */
  private Deflater deflater;
  /** libdeflate's compressor, typed Object because zipjack cannot name it; made at the first deflate. */
  private Object libdeflateCompressor;
  /** Reopens this block's libdeflate stream; made with the compressor. */
  private JoinableDeflate joinable;
  /** 0 for a body's first block and for every libdeflate block, else {@link #DICTIONARY_BYTES}. */
  int dictionaryLength;

  /**
   * @param contexts counts the compressor when it is made and when it is ended
   * @param libdeflate whether libdeflate deflates the block (Java 25+ only), else JDK zlib
   */
  DeflateBlock(int level, int blockBytes, ContextCounter contexts, boolean libdeflate) {
    super(DICTIONARY_BYTES, blockBytes);
    this.level = level;
    this.contexts = contexts;
    this.libdeflate = libdeflate;
  }

  /**
   * Primes this block with the last {@link #DICTIONARY_BYTES} of {@code previous}'s data, of which
   * it holds at least that many; a libdeflate block takes no dictionary, and is left as it is.
   */
  @Override
  void primeWith(ParallelBlock previous) {
    if (libdeflate) {
      return;
    }
    System.arraycopy(previous.input, dictionaryStart(previous), input, 0, DICTIONARY_BYTES);
    dictionaryLength = DICTIONARY_BYTES;
  }

  /**
   * Where in {@code block}'s input the last {@link #DICTIONARY_BYTES} of its data start: what a
   * stream continuing it is primed with. The block holds at least that many bytes of data.
   */
  static int dictionaryStart(ParallelBlock block) {
    return block.dataOffset() + block.length - DICTIONARY_BYTES;
  }

  @Override
  void compress() {
    if (libdeflate) {
      deflateWithLibdeflate();
      return;
    }
    if (deflater == null) {
      deflater = new Deflater(level, true);
      contexts.created();
      output = new byte[input.length - DICTIONARY_BYTES + (input.length >> 3) + 64];
    }
    if (dictionaryLength > 0) {
      deflater.setDictionary(input, DICTIONARY_BYTES - dictionaryLength, dictionaryLength);
    }
    deflater.setInput(input, DICTIONARY_BYTES, length);
    outputLength = 0;
    if (last) {
      deflater.finish();
      while (!deflater.finished()) {
        growOutputIfFull();
        outputLength += deflater.deflate(output, outputLength, output.length - outputLength);
      }
      return;
    }
    while (true) { // a sync flush is complete when it leaves room in the output (Deflater.deflate's contract)
      growOutputIfFull();
      int room = output.length - outputLength;
      int n = deflater.deflate(output, outputLength, room, Deflater.SYNC_FLUSH);
      outputLength += n;
      if (n < room) {
        return;
      }
    }
  }

  /** The block as one whole libdeflate stream, reopened unless it is the body's last. */
  private void deflateWithLibdeflate() {
    if (libdeflateCompressor == null) {
      libdeflateCompressor = LibdeflateBinding.newCompressor(level);
      joinable = new JoinableDeflate();
      contexts.created();
      output = new byte[LibdeflateBinding.maxCompressedLength(libdeflateCompressor, input.length - DICTIONARY_BYTES)
          + JoinableDeflate.MAX_APPENDED_BYTES];
    }
    outputLength = LibdeflateBinding.compress(libdeflateCompressor, input, DICTIONARY_BYTES, length, output, 0,
        output.length - JoinableDeflate.MAX_APPENDED_BYTES);
    if (!last) {
      outputLength = joinable.unfinish(output, outputLength);
    }
  }

  private void growOutputIfFull() {
    if (outputLength == output.length) {
      output = java.util.Arrays.copyOf(output, output.length * 2);
    }
  }

  @Override
  void resetCompressor() {
    if (deflater != null) {
      deflater.reset();
    }
    dictionaryLength = 0;
  }

  /**
   * Ends the Deflater, or lets go of libdeflate's compressor (aircompressor's Cleaner frees it; never
   * free it here), if one was made, and counts it released.
   */
  @Override
  void dispose() {
    if (deflater != null) {
      deflater.end();
      deflater = null;
      contexts.released();
    }
    if (libdeflateCompressor != null) {
      libdeflateCompressor = null;
      contexts.released();
    }
  }
}
