package io.github.zipjack;

import io.github.zipjack.codec.BrotliEngine;
import io.github.zipjack.codec.CompressionEngine;
import io.github.zipjack.codec.EngineConfig;
import io.github.zipjack.codec.GzipEngine;
import io.github.zipjack.codec.IdentityEngine;
import io.github.zipjack.codec.LibdeflateGzipEngine;
import io.github.zipjack.codec.ParallelGzipEngine;
import io.github.zipjack.codec.ZstdEngine;
import java.lang.reflect.Method;

/**
 * Makes the engine that serves a {@link Compression}: picks the gzip implementation, and checks that
 * an optional codec's library is on the class path (and its native code loads) before any class that
 * links against it is touched, so that a missing jar is an {@link IllegalStateException} at
 * {@code build()} naming the Maven coordinates, never a {@link NoClassDefFoundError} later.
 */
final class EngineSelection {
  static final String ZSTD_ARTIFACT = "com.github.luben:zstd-jni";
  static final String BROTLI_ARTIFACTS =
      "com.aayushatharva.brotli4j:brotli4j and its native artifact for this platform (such as "
          + "com.aayushatharva.brotli4j:native-linux-x86_64)";

  private EngineSelection() {}

  /**
   * @throws IllegalStateException if the codec's optional library is missing or cannot load, or
   *     libdeflate was forced and cannot load; the message says why and what to add
   */
  static CompressionEngine create(Compression compression, EngineConfig config) {
    switch (compression.contentEncoding()) {
      case "identity":
        return new IdentityEngine(config.inputBufferSize(), config.maxIdleEncoders());
      case "gzip": {
        CompressionEngine serial = gzip(compression.gzipImplementation(), config);
        return config.parallelism().isParallel() ? new ParallelGzipEngine(serial, config) : serial;
      }
      case "zstd":
        requireZstd();
        ZstdDictionary dictionary = compression.dictionary();
        return dictionary == null ? new ZstdEngine(config)
            : new ZstdEngine(config, dictionary.content(), dictionary.id());
      case "br":
        requireBrotli();
        return new BrotliEngine(config);
      default:
        throw new AssertionError("unknown coding " + compression);
    }
  }

  private static CompressionEngine gzip(GzipImplementation implementation, EngineConfig config) {
    switch (implementation) {
      case ZLIB:
        return new GzipEngine(config);
      case LIBDEFLATE: {
        String reason = LibdeflateGzipEngine.unavailabilityReason();
        if (reason != null) {
          throw new IllegalStateException("GzipImplementation.LIBDEFLATE cannot serve: " + reason);
        }
        return new LibdeflateGzipEngine(config);
      }
      case AUTO:
        return LibdeflateGzipEngine.unavailabilityReason() == null
            ? new LibdeflateGzipEngine(config) : new GzipEngine(config);
      default:
        throw new AssertionError(implementation);
    }
  }

  /** zstd-jni's classes, and its native library, which its context class loads when initialized. */
  private static void requireZstd() {
    OptionalDependency.load("com.github.luben.zstd.ZstdCompressCtx", "Compression.zstd(level)", ZSTD_ARTIFACT);
  }

  private static void requireBrotli() {
    Class<?> loader = OptionalDependency.load("com.aayushatharva.brotli4j.Brotli4jLoader",
        "Compression.brotli(quality)", BROTLI_ARTIFACTS);
    try {
      Method isAvailable = loader.getMethod("isAvailable");
      if (!(Boolean) isAvailable.invoke(null)) {
        Throwable cause = (Throwable) loader.getMethod("getUnavailabilityCause").invoke(null);
        throw new IllegalStateException("Compression.brotli(quality) needs " + BROTLI_ARTIFACTS
            + ": brotli4j is on the class path but its native library did not load for "
            + System.getProperty("os.name") + " " + System.getProperty("os.arch"), cause);
      }
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("Compression.brotli(quality): this brotli4j has no Brotli4jLoader.isAvailable();"
          + " use the version zipjack was built with", e);
    }
  }
}
