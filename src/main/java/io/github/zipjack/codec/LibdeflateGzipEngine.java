package io.github.zipjack.codec;

import io.github.zipjack.buffer.StripedPool;
import java.util.zip.CRC32;

/**
 * gzip (RFC 1952) through libdeflate, the engine of {@code GzipImplementation.LIBDEFLATE} (and of
 * {@code AUTO} where it can load). Thread-safe. Users pick it with
 * {@code Compression.gzip(level)}.
 *
 * <p>Each body is serialized whole into a reused array, then compressed by one call to a pooled
 * libdeflate compressor straight into the encoder's output array, framed as one gzip member with the
 * same header as the zlib engine's, and written to the sink in one write. A body held whole in
 * memory is decoded by one call to a pooled libdeflate decompressor where {@link #decodeWhole} can;
 * streamed bodies, and those it declines, by the same strict JDK gzip reader as the zlib engine's,
 * with pooled Inflaters.
 *
 * <p>libdeflate has no streaming API, so {@link #openStreaming} (bodies of unknown size, such as
 * those streamed past the servlet filter's buffering limit) lends JDK zlib encoders at the same
 * level instead: the gzip format is the same, the body is deflated as it is written, and each
 * encoder holds at most its input buffer of body bytes plus zlib's 32 KiB window. They are pooled
 * apart from the libdeflate compressors; {@link #contexts()}, {@link #lentEncoders()} and
 * {@link #close()} cover both.
 *
 * <p>libdeflate comes from {@code io.airlift:aircompressor-v3} (an optional dependency), which binds it
 * with the FFM API and whose classes are Java 25 class files: zipjack reaches them through method
 * handles only after checking the Java version, so this class loads on Java 17, where
 * {@link #unavailabilityReason()} explains why it cannot serve.
 *
 * <p><b>Native access.</b> aircompressor loads libdeflate with restricted FFM methods, so the JVM
 * asks for native access to the class path (checked on Temurin 25.0.3):
 * <ul>
 *   <li>Without a flag, it works, and the first pipeline that loads libdeflate ({@code AUTO} or
 *       {@code LIBDEFLATE}) makes the JVM print once to stderr:
 *       <pre>
 * WARNING: A restricted method in java.lang.foreign.SymbolLookup has been called
 * WARNING: java.lang.foreign.SymbolLookup::libraryLookup has been called by io.airlift.compress.v3.internal.NativeLoader in an unnamed module (file:.../aircompressor-v3-3.8.jar)
 * WARNING: Use --enable-native-access=ALL-UNNAMED to avoid a warning for callers in this module
 * WARNING: Restricted methods will be blocked in a future release unless native access is enabled</pre>
 *   <li>With {@code --enable-native-access=ALL-UNNAMED} (or {@code Enable-Native-Access: ALL-UNNAMED}
 *       in an executable jar's manifest), it works silently. Java 17 accepts this flag too, so one
 *       command line serves both.
 *   <li>With {@code --illegal-native-access=deny} and no {@code --enable-native-access}, the library
 *       does not load (an {@code IllegalCallerException} inside aircompressor): {@code AUTO} quietly
 *       falls back to zlib, and {@code LIBDEFLATE} fails at {@code build()} with
 *       {@link #unavailabilityReason()}, which quotes "Illegal native access from an unnamed module".
 *       {@code --illegal-native-access=allow} works silently.
 * </ul>
 *
 * <p><b>Native memory.</b> Each compressor holds native memory. aircompressor 3.8 has no explicit
 * free: a compressor's memory is freed by aircompressor's own {@link java.lang.ref.Cleaner} after it
 * becomes unreachable. So "released" here, and in {@link #contexts()}, means that the pool dropped the
 * compressor (a full pool, or {@link #close()}); the memory goes back when the garbage collector next
 * finds it. zipjack never frees it itself, which would be a double free.
 */
public final class LibdeflateGzipEngine extends GzipDecodingEngine<LibdeflateGzipEncoder> {
  private final int level;
  /**
   * One-call decoders, each counted as a native context; their memory is freed by aircompressor's
   * Cleaner once the pool drops them.
   */
  private final StripedPool<WholeDecoder> wholeDecoders;

  /**
   * A gzip engine through libdeflate.
   *
   * @param config the level (0 to 9) and the pool size (idle encoders, and as many idle Inflaters);
   *     the buffer sizes apply only to the zlib encoders of {@link #openStreaming}, and the whole-body
   *     pool not at all: libdeflate always compresses whole bodies
   * @throws IllegalStateException if libdeflate cannot serve here; the message says why
   */
  public LibdeflateGzipEngine(EngineConfig config) {
    super(config.maxIdleEncoders(), config.level(), config.inputBufferSize(), config.deflaterBufferSize());
    String reason = unavailabilityReason();
    if (reason != null) {
      throw new IllegalStateException("gzip via libdeflate cannot serve: " + reason);
    }
    int level = config.level();
    if (level < 0 || level > 9) {
      throw new IllegalArgumentException("gzip level must be in [0, 9]: " + level);
    }
    this.level = level;
    this.wholeDecoders = new StripedPool<>(config.maxIdleEncoders(), this::newWholeDecoder, d -> contexts.released());
  }

  private WholeDecoder newWholeDecoder() {
    WholeDecoder decoder = new WholeDecoder();
    contexts.created();
    return decoder;
  }

  @Override
  LibdeflateGzipEncoder newEncoder() {
    LibdeflateGzipEncoder encoder = new LibdeflateGzipEncoder(this::recycle, level);
    contexts.created();
    return encoder;
  }

  /** Counts the compressor released; aircompressor's Cleaner frees its memory. */
  @Override
  void disposeEncoder(LibdeflateGzipEncoder encoder) {
    encoder.dispose();
    contexts.released();
  }

  /**
   * {@return null when libdeflate can serve in this JVM; else why not, in a sentence for humans} The
   * running Java is older than 25, {@code io.airlift:aircompressor-v3} is not on the class path, or
   * its bundled native library did not load on this OS and architecture (with the cause). Computed
   * once. Thread-safe.
   */
  public static String unavailabilityReason() {
    return Availability.REASON;
  }

  /** {@return the compression level, 0 to 9} */
  public int level() {
    return level;
  }

  @Override
  public String implementation() {
    return "gzip(" + level + ") via libdeflate";
  }

  /**
   * Inflates a body held whole in one libdeflate call ({@link #decodeWhole}), checking the CRC-32 and
   * size of what it made against the trailer; where libdeflate cannot decompress here, in one zlib
   * call instead. libdeflate does not say where the deflate data ended, so bytes between that end and
   * the trailer are not examined; the decoded content is the one the trailer's CRC-32 vouches for.
   */
  @Override
  boolean inflateWhole(byte[] body, int start, int trailer, byte[] decoded, int size) {
    if (!LibdeflateBinding.decompresses()) {
      return super.inflateWhole(body, start, trailer, decoded, size);
    }
    WholeDecoder decoder = wholeDecoders.take();
    try {
      int made = LibdeflateBinding.decompress(decoder.decompressor, body, start, trailer - start, decoded, 0, size);
      return GzipFraming.matchesTrailer(body, trailer, decoded, made, decoder.crc);
    } finally {
      wholeDecoders.recycle(decoder);
    }
  }

  @Override
  void closeNative() {
    wholeDecoders.close();
  }

  /** A libdeflate decompressor and a CRC-32, used by one thread at a time. */
  private static final class WholeDecoder extends StripedPool.Node {
    final Object decompressor = LibdeflateBinding.newDecompressor();
    final CRC32 crc = new CRC32();
  }


  /** Computes the reason on first use; checks the Java version before any aircompressor class is loaded. */
  private static final class Availability {
    static final String REASON = compute();

    private static String compute() {
      if (Runtime.version().feature() < 25) {
        return "libdeflate needs Java 25+ (aircompressor-v3's classes are Java 25 class files); this JVM is"
            + " running " + System.getProperty("java.version");
      }
      return LibdeflateBinding.UNAVAILABILITY_REASON;
    }
  }
}
