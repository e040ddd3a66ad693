package io.github.zipjack.codec;

import io.github.zipjack.buffer.StripedPool;
import java.util.zip.Deflater;

/**
 * One fixed-size block of a body that several threads deflate, with the compressor that deflates it
 * (a JDK Deflater, or libdeflate's) and the array its raw deflate goes into; pooled by
 * {@link ParallelGzipEngine} and reused from block to block. One owner at a time: the caller fills
 * {@link #input}, then exactly one thread (a worker or the caller) runs {@link #run()}, then the
 * caller reads {@link #output} once {@link #awaitDone()} returns, and gives the block back.
 *
 * <p>With zlib, the input holds up to {@link #DICTIONARY_BYTES} of the previous block's end before the
 * block's own bytes, the dictionary its Deflater is primed with (pigz's design), so that matches
 * reach back across the cut and the output is within a few bytes per block of serial zlib. libdeflate
 * takes no dictionary: its blocks start afresh, which costs about 1-2% of bytes at 256 KiB blocks
 * against serial libdeflate, and it always ends a whole stream, which {@link JoinableDeflate} then
 * reopens. Every block but the last ends with a sync flush (an empty stored block, on a byte
 * boundary), the last with the final block, so the pieces joined in order are one deflate stream.
 *
 * <p>Handed over, a block waits in its encoder's queue until one thread claims it, under the
 * encoder's lock: a worker, or the caller when it would otherwise wait ({@link ParallelGzipEncoder}).
 *
 * <p>Owns its compressor (a Deflater: about 256 KB native, ended by {@link #dispose()} once;
 * libdeflate's: freed by aircompressor's Cleaner once unreachable), made when the block is first
 * deflated: a block that only ever gathered small bodies holds none.
 */
final class DeflateBlock extends StripedPool.Node {
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
  /** Dictionary in {@code [DICTIONARY_BYTES - dictionaryLength, DICTIONARY_BYTES)}, then the block's bytes. */
  final byte[] input;
  /** Bytes of the block's own data in {@link #input}, from {@link #DICTIONARY_BYTES}. */
  int length;
  /** 0 for a body's first block and for every libdeflate block, else {@link #DICTIONARY_BYTES}. */
  int dictionaryLength;
  /** Whether this is the body's last block (ended with the final deflate block, not a sync flush). */
  boolean last;
  /** Raw deflate of the block is {@code output[0, outputLength)} once done; null until the first deflate. */
  byte[] output;
  int outputLength;
  /** Set by whichever thread compressed the block, when it failed. */
  private Throwable failure;
  /** True once {@link #run()} has ended; guarded by this. */
  private boolean done;
  /** True once the block was handed over for deflating; read and written by the caller only. */
  boolean started;
  /** True once a worker claimed the block: its owner must then wait for it before reusing it. */
  volatile boolean onWorker;

  /**
   * @param contexts counts the compressor when it is made and when it is ended
   * @param libdeflate whether libdeflate deflates the block (Java 25+ only), else JDK zlib
   */
  DeflateBlock(int level, int blockBytes, ContextCounter contexts, boolean libdeflate) {
    this.level = level;
    this.contexts = contexts;
    this.libdeflate = libdeflate;
    this.input = new byte[DICTIONARY_BYTES + blockBytes];
  }

  /** Free bytes left for the block's own data. */
  int writableBytes() {
    return input.length - DICTIONARY_BYTES - length;
  }

  /**
   * Primes this block with the last {@link #DICTIONARY_BYTES} of {@code previous}, which is full; a
   * libdeflate block takes no dictionary, and is left as it is.
   */
  void primeWith(DeflateBlock previous) {
    if (libdeflate) {
      return;
    }
    System.arraycopy(previous.input, previous.input.length - DICTIONARY_BYTES, input, 0, DICTIONARY_BYTES);
    dictionaryLength = DICTIONARY_BYTES;
  }

  /**
   * Deflates the block into {@link #output}; records a failure instead of throwing it. Run by
   * whichever thread claimed the block: a worker or the caller.
   */
  void run() {
    try {
      deflate();
    } catch (RuntimeException | Error e) {
      synchronized (this) {
        failure = e;
      }
    } finally {
      synchronized (this) {
        done = true;
        notifyAll();
      }
    }
  }

  private void deflate() {
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

  /**
   * Waits until {@link #run()} has ended, if a worker claimed the block; the caller's thread only.
   *
   * @return the failure of the compression, or null
   */
  synchronized Throwable awaitDone() {
    boolean interrupted = false;
    while (onWorker && !done) {
      try {
        wait();
      } catch (InterruptedException e) {
        interrupted = true; // a block in a worker's hands must not be reused: keep waiting, then restore
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    return failure;
  }

  /** Whether {@link #run()} has ended (without waiting). */
  synchronized boolean isDone() {
    return done;
  }

  /** Readies the block for another body or block; only when no thread runs it. */
  void reset() {
    if (deflater != null) {
      deflater.reset();
    }
    length = 0;
    dictionaryLength = 0;
    last = false;
    outputLength = 0;
    failure = null;
    done = false;
    started = false;
    onWorker = false;
  }

  /**
   * Ends the Deflater, or lets go of libdeflate's compressor (aircompressor's Cleaner frees it; never
   * free it here), if one was made, and counts it released.
   */
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
