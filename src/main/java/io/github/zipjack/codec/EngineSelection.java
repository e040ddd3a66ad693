package io.github.zipjack.codec;

import io.github.zipjack.Compression;
import io.github.zipjack.GzipImplementation;
import io.github.zipjack.ZstdDictionary;
import java.lang.reflect.Method;
import java.util.Objects;

/**
 * Makes the engine that serves a {@link Compression}: picks the gzip implementation, and checks that
 * an optional codec's library is on the class path (and its native code loads) before any class that
 * links against it is touched, so that a missing jar is an {@link IllegalStateException} at
 * {@code build()} naming the Maven coordinates, never a {@link NoClassDefFoundError} later.
 *
 * <p>The pipeline, the servlet filter and the HTTP client all make their engines here; it lives in
 * this package, which the module does not export, so that no exported type hands out an engine.
 */
public final class EngineSelection {
  private static final String ZSTD_ARTIFACT = "com.github.luben:zstd-jni";
  private static final String BROTLI_ARTIFACTS =
      "com.aayushatharva.brotli4j:brotli4j and its native artifact for this platform (such as "
          + "com.aayushatharva.brotli4j:native-linux-x86_64)";

  private EngineSelection() {}

  /**
   * A new engine serving {@code compression}; the caller owns it and closes it.
   *
   * @param config its level must be {@code compression}'s
   * @throws IllegalArgumentException if the config's level is not the compression's
   * @throws IllegalStateException if the codec's optional library is missing or cannot load, or
   *     libdeflate was forced and cannot load; the message says why and what to add
   */
  public static CompressionEngine create(Compression compression, EngineConfig config) {
    Objects.requireNonNull(config, "config must not be null");
    if (config.level() != compression.level()) {
      throw new IllegalArgumentException("config level " + config.level() + " differs from " + compression);
    }
    requireLibrary(compression);
    switch (compression.contentEncoding()) {
      case "identity":
        return new IdentityEngine(config.inputBufferSize(), config.maxIdleEncoders());
      case "gzip": {
        CompressionEngine serial = gzip(compression.gzipImplementation(), config);
        return config.parallelism().isParallel() ? new ParallelGzipEngine(serial, config) : serial;
      }
      case "zstd":
        ZstdDictionary dictionary = compression.dictionary();
        // A copy, once per engine: zstd loads it into tables of its own and the copy is dropped.
        if (dictionary != null) {
          return new ZstdEngine(config, dictionary.toByteArray(), dictionary.id());
        }
        return config.parallelism().isParallel() && config.level() <= ParallelZstdEngine.MAX_LEVEL
            ? new ParallelZstdEngine(new ZstdEngine(config.serially()), config) : new ZstdEngine(config);
      case "br":
        return new BrotliEngine(config);
      default:
        throw new AssertionError("unknown coding " + compression);
    }
  }

  /**
   * Checks, without making an engine, that the library {@code compression} needs is on the class
   * path and loads: zstd-jni for zstd, brotli4j for brotli, libdeflate when gzip forces it.
   *
   * @param compression what is to be served
   * @throws IllegalStateException if the library is missing or cannot load; the message says why
   *     and names the Maven coordinates to add, as {@link #create} does
   */
  public static void requireLibrary(Compression compression) {
    switch (compression.contentEncoding()) {
      case "zstd":
        requireZstd();
        break;
      case "br":
        requireBrotli();
        break;
      case "gzip":
        String reason = compression.gzipImplementation() == GzipImplementation.LIBDEFLATE
            ? LibdeflateGzipEngine.unavailabilityReason() : null;
        if (reason != null) {
          throw new IllegalStateException("GzipImplementation.LIBDEFLATE cannot serve: " + reason);
        }
        break;
      default:
        break;
    }
  }

  private static CompressionEngine gzip(GzipImplementation implementation, EngineConfig config) {
    switch (implementation) {
      case ZLIB:
        return new GzipEngine(config);
      case LIBDEFLATE:
        return new LibdeflateGzipEngine(config);
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
