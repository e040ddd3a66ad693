package io.github.zipjack.codec;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Zstandard (RFC 8878; HTTP content coding {@code zstd}, RFC 9659) through zstd-jni. Thread-safe;
 * each encoder and decoder it lends serves one thread. Users pick it with
 * {@code Compression.zstd(level)}, and {@code EngineSelection} makes it only once zstd-jni's native
 * library has loaded.
 *
 * <p>Encoding: {@link #open} gathers each body whole and compresses it in one call into one frame
 * with its content size and a window of at most 8 MB ({@link ZstdBodyEncoder}).
 * {@link #openStreaming} compresses a body of unknown size as it is written, into one frame with no
 * content size and the same window cap, writing each block to the sink as zstd makes
 * it; it holds at most 128 KiB of input plus the level's window (512 KiB at level 1, 2 MiB at 3, at
 * most 8 MiB) and one block ({@link ZstdStreamEncoder}). Both compress with a pooled
 * {@code ZstdCompressCtx} ({@link ZstdContext}) reused from body to body. Frames end with a checksum of
 * their content only when {@link EngineConfig#zstdChecksum()} asks for one. Decoding: a strict stream
 * ({@link ZstdDecoderStream}) with a pooled {@code ZstdDecompressCtx} and its direct buffers, which
 * refuses frames whose window or content size exceeds {@code maxDecodedBytes} before decoding them.
 *
 * <p>The three pools (whole-body encoders, streaming encoders, decoders) each keep at most
 * {@code maxIdleEncoders} idle contexts; {@link #contexts()} counts every context made and freed. An
 * idle decoder holds its context (zstd's tables, plus the buffers for the window of a recent frame,
 * which zstd keeps for reuse; the window is never more than maxDecodedBytes or 128 MiB) and 96 KiB
 * of direct buffers; an idle whole-body encoder holds its context (sized by the level and the
 * largest body it compressed) and up to {@link WholeBodyEncoder#MAX_RETAINED_BYTES} each of body and
 * output arrays; an idle streaming encoder holds its context (with the level's window) and 256 KiB
 * of direct buffers. {@link #close()} frees the idle ones; contexts lent out are freed when their
 * encoder or decoder is closed.
 *
 * <p>With a dictionary, it is loaded once ({@link ZstdLoadedDictionary}: the compression tables for
 * the level and the decompression tables) and referenced by every context; frames carry its ID, and
 * decoders refuse frames that name another or none with a
 * {@link io.github.zipjack.WrongDictionaryException}.
 *
 * <p>Several threads ({@link Parallelism}; at level 1 without a dictionary, {@link ParallelZstdEngine}
 * serves large bodies instead, in frames on zipjack's workers, with this engine serial behind it): a
 * body of {@link #open} past {@link #continuationBytes()}
 * and every body of {@link #openStreaming} is compressed by libzstd's own worker threads, in jobs of
 * {@link #JOB_BYTES}: one, plus as many as the {@link CompressionWorkers} budget has free up to the
 * thread count less one, and as many cores as are idle (see {@link #workersFor}); with no core idle,
 * serially, as with one thread. The caller gets control back as soon as zstd has copied its
 * input into a job, so serializing overlaps compressing. The output is one ordinary frame, the same
 * for any worker count of 1 or more; a body given whole ({@code writeChain} then {@code finish}, as
 * the servlet filter does) declares its content size. A context that has used workers keeps their
 * threads, blocked, until it is freed (the pool drops it or the engine closes).
 */
public final class ZstdEngine extends PooledEngine<ZstdBodyEncoder, ZstdDecoderStream.DecoderSlot> {
  /** The largest window (log2 of bytes) HTTP's {@code zstd} coding allows: 8 MiB (RFC 9659). */
  static final int HTTP_MAX_WINDOW_LOG = 23;
  /**
   * Bytes of input per libzstd worker job when a body is compressed on several threads: libzstd's
   * smallest job, chosen by measurement (docs/parallel-compression.md) over its default of four
   * windows (2 MiB at level 1), which would leave a 4.5 MB body in too few jobs to share.
   */
  static final int JOB_BYTES = 512 * 1024;
  /**
   * Bytes past which a body is worth libzstd's workers, whatever lower threshold is set: one job and a
   * quarter (640 KiB). A job is handed to a worker only once it is full, so the first job's
   * compression overlaps only what is serialized after it, and a body of one job and a little more
   * would pay the hand-over for nothing (measured in docs/parallel-compression.md, "Why 256 KiB").
   */
  static final int MIN_PARALLEL_BYTES = JOB_BYTES + JOB_BYTES / 4;

  private final int level;
  private final boolean checksum;
  private final long maxDecodedBytes;
  /** Null without a dictionary; the engine's reference is released by {@link #closeNative()}. */
  private final ZstdLoadedDictionary dictionary;
  /** Set by the first {@link #closeNative()}. */
  private final AtomicBoolean dictionaryReleased = new AtomicBoolean();
  private final Parallelism parallelism;

  /**
   * A zstd engine without a dictionary.
   *
   * @param config its level is zstd's, 1 to 22; maxIdleEncoders bounds the idle compression
   *     contexts and, separately, the idle decompression contexts; maxDecodedBytes bounds the window
   *     and declared content size of frames that decoders accept
   * @throws IllegalArgumentException if the level is outside [1, 22]
   */
  public ZstdEngine(EngineConfig config) {
    this(config, null, 0);
  }

  /**
   * An engine whose frames are compressed with a dictionary and carry its ID, and whose decoders
   * accept only frames that name it. The dictionary is loaded here, once, and shared by every
   * context; freed when the engine is closed and the last lent context is back.
   *
   * @param config the level and pool sizes
   * @param dictionary a zstd-format dictionary (null for none), only read
   * @param dictionaryId its ID, nonzero when there is a dictionary
   * @throws IllegalArgumentException if the level is outside [1, 22], or zstd cannot load the
   *     dictionary (corrupt entropy tables); the message names its ID and size
   */
  public ZstdEngine(EngineConfig config, byte[] dictionary, long dictionaryId) {
    super(config.maxIdleEncoders());
    int level = config.level();
    if (level < 1 || level > 22) {
      throw new IllegalArgumentException("zstd level must be in [1, 22]: " + level);
    }
    this.level = level;
    this.checksum = config.zstdChecksum();
    this.maxDecodedBytes = config.maxDecodedBytes();
    this.parallelism = config.parallelism();
    this.dictionary = dictionary == null ? null : new ZstdLoadedDictionary(dictionary, dictionaryId, level, contexts);
  }

  /** Whether frames end with a checksum of their content. */
  boolean checksum() {
    return checksum;
  }

  /** The loaded dictionary contexts reference, or null. */
  ZstdLoadedDictionary dictionary() {
    return dictionary;
  }

  /** Releases the engine's reference to the dictionary; contexts still lent out keep theirs. */
  @Override
  void closeNative() {
    if (dictionary != null && !dictionaryReleased.getAndSet(true)) {
      dictionary.release();
    }
  }

  /**
   * Body bytes past which a body of {@link #open} goes on in a streaming encoder: the parallel
   * threshold (at least {@link #MIN_PARALLEL_BYTES}, as a body of about one job gains nothing from
   * workers) when bodies may be compressed on several threads, else
   * {@link WholeBodyEncoder#MAX_RETAINED_BYTES}.
   */
  long continuationBytes() {
    return parallelism.isParallel()
        ? Math.min(WholeBodyEncoder.MAX_RETAINED_BYTES, Math.max(parallelism.thresholdBytes(), MIN_PARALLEL_BYTES))
        : WholeBodyEncoder.MAX_RETAINED_BYTES;
  }

  /**
   * A streaming encoder for the rest of a body of {@link #open}, whose frame declares
   * {@code knownBodyBytes} as its content size unless that is -1; on the caller's thread alone when
   * {@code serial} (the body found no core idle at the parallel threshold).
   */
  Encoder openContinuation(OutputStream sink, long knownBodyBytes, boolean serial) throws IOException {
    ZstdStreamEncoder encoder = (ZstdStreamEncoder) openStreamingRest(sink);
    if (serial) {
      encoder.withoutWorkers();
    }
    if (knownBodyBytes >= 0) {
      encoder.pledgeContentSize(knownBodyBytes);
    }
    return encoder;
  }

  /** Counts the callers of bodies that may go parallel, in the workers they would take from. */
  @Override
  CompressionWorkers callerCount() {
    return parallelism.isParallel() ? parallelism.workers() : null;
  }

  /**
   * Worker permits for one streamed body: up to {@code compressionThreads - 1}, as many as the
   * budget has free and cores are idle ({@link CompressionWorkers#tryAcquireIdle(int)}) when bodies
   * may be compressed on several threads, else 0. The body runs on one libzstd worker more than it
   * holds permits (see {@link #workersFor}); the encoder gives them back with {@link #releaseWorkers}.
   */
  int acquireWorkers() {
    return parallelism.isParallel() ? parallelism.workers().tryAcquireIdle(parallelism.threads() - 1) : 0;
  }

  /**
   * libzstd workers for a body holding {@code permits}: 0 (serial, on the caller's thread) with none,
   * else one more than the permits, the caller serializing while they compress. With every core busy
   * a body gets no permit and is compressed as with one thread: a libzstd worker would only take its
   * core from another caller, and hand-overs cost. libzstd's frame with one worker or more is the
   * same bytes, with none it differs: a large body's bytes depend on whether a core was idle when it
   * passed the threshold (both decode to the same content).
   */
  int workersFor(int permits) {
    return permits > 0 ? permits + 1 : 0;
  }

  void releaseWorkers(int permits) {
    if (permits > 0) {
      parallelism.workers().release(permits);
    }
  }

  /** Counts its context itself, and releases it in {@link ZstdBodyEncoder#dispose()}. */
  @Override
  ZstdBodyEncoder newEncoder() {
    return new ZstdBodyEncoder(this, level, contexts);
  }

  /** Counts its context itself, and releases it in {@link ZstdStreamEncoder#dispose()}. */
  @Override
  ZstdStreamEncoder newStreamingEncoder() {
    return new ZstdStreamEncoder(this, level, contexts);
  }

  @Override
  ZstdDecoderStream.DecoderSlot newDecoderSlot() {
    return new ZstdDecoderStream.DecoderSlot(contexts, dictionary);
  }

  @Override
  void disposeDecoderSlot(ZstdDecoderStream.DecoderSlot slot) {
    slot.dispose();
  }

  @Override
  public String contentEncoding() {
    return "zstd";
  }

  /** {@return the compression level, 1 to 22} */
  public int level() {
    return level;
  }

  @Override
  public String implementation() {
    return dictionary == null ? "zstd(" + level + ") via zstd-jni"
        : "zstd(" + level + ", dictionary " + dictionary.id() + ") via zstd-jni";
  }

  /**
   * A strict zstd reader over {@code body}: anything but zstd frames is a
   * {@link io.github.zipjack.MalformedBodyException} naming what the body starts with, corrupt data
   * or a bad checksum one with the offset, an early end (or an empty body) a
   * {@link io.github.zipjack.TruncatedBodyException}, and a frame whose window or content size
   * exceeds maxDecodedBytes a {@link io.github.zipjack.DecodeLimitExceededException}. Closing it
   * returns its context to the pool and closes {@code body}.
   */
  @Override
  public InputStream decoder(InputStream body) {
    return new ZstdDecoderStream(body, decoderSlots, maxDecodedBytes);
  }
}
