package io.github.zipjack.bench;

import io.github.zipjack.Compression;
import io.github.zipjack.GzipImplementation;
import io.github.zipjack.codec.LibdeflateBinding;
import java.util.List;

/**
 * What a {@code codec} benchmark parameter names: an engine and its level in one word, as the
 * report's tables print it. {@code zlib-N} is gzip through the JDK's zlib, {@code libdeflate-N}
 * gzip through libdeflate (Java 25+), {@code gzip-N} gzip as {@code Compression.gzip(N)} chooses
 * (libdeflate where it loads, else zlib: what a user gets), {@code zstd-N} zstd-jni, {@code brotli-N} brotli4j at quality
 * N, {@code none} no compression. Immutable.
 *
 * @param engine one of {@link #ENGINES}
 * @param level the engine's own level (brotli: quality); -1 for {@code none}
 */
public record Codec(String engine, int level) {

  public static final String ZLIB = "zlib";
  public static final String LIBDEFLATE = "libdeflate";
  /** gzip with the library's default implementation ({@link GzipImplementation#AUTO}). */
  public static final String GZIP = "gzip";
  public static final String ZSTD = "zstd";
  public static final String BROTLI = "brotli";
  public static final String NONE = "none";
  /** The engines in the order tables list them. */
  public static final List<String> ENGINES = List.of(ZLIB, LIBDEFLATE, GZIP, ZSTD, BROTLI, NONE);
  /** The first Java feature release that loads aircompressor-v3's classes (major version 69). */
  public static final int LIBDEFLATE_MIN_JAVA = 25;

  /**
   * Parses {@code zlib-1}, {@code libdeflate-6}, {@code gzip-1}, {@code zstd-3}, {@code brotli-5} or
   * {@code none}.
   *
   * @throws IllegalArgumentException naming the value and what is allowed
   */
  public static Codec parse(String name) {
    if (NONE.equals(name)) {
      return new Codec(NONE, -1);
    }
    int dash = name == null ? -1 : name.lastIndexOf('-');
    if (dash > 0 && ENGINES.contains(name.substring(0, dash))) {
      try {
        Codec codec = new Codec(name.substring(0, dash), Integer.parseInt(name.substring(dash + 1)));
        codec.compression(); // validates the level with the library's own message
        return codec;
      } catch (NumberFormatException e) {
        // falls through to the message below
      }
    }
    throw new IllegalArgumentException("codec must be none or engine-level with engine one of "
        + ENGINES.subList(0, ENGINES.size() - 1) + " (zlib-1, libdeflate-6, gzip-1, zstd-3, brotli-5): "
        + name);
  }

  /** The compression a pipeline is built with for this codec. */
  public Compression compression() {
    return switch (engine) {
      case ZLIB -> Compression.gzip(level, GzipImplementation.ZLIB);
      case LIBDEFLATE -> Compression.gzip(level, GzipImplementation.LIBDEFLATE);
      case GZIP -> Compression.gzip(level);
      case ZSTD -> Compression.zstd(level);
      case BROTLI -> Compression.brotli(level);
      default -> Compression.none();
    };
  }

  /** {@code zlib-1}, or {@code none}: the parameter value this codec was parsed from. */
  public String name() {
    return NONE.equals(engine) ? NONE : engine + "-" + level;
  }

  /** Whether the body is a gzip member (zlib, libdeflate or gzip). */
  public boolean gzip() {
    return ZLIB.equals(engine) || LIBDEFLATE.equals(engine) || GZIP.equals(engine);
  }

  /** Why this codec cannot run in this JVM, or null when it can (only libdeflate has a condition). */
  public String unavailableHere() {
    int feature = Runtime.version().feature();
    if (LIBDEFLATE.equals(engine) && feature < LIBDEFLATE_MIN_JAVA) {
      return "codec " + name() + " needs Java " + LIBDEFLATE_MIN_JAVA + "+ (aircompressor-v3 is Java 25"
          + " class files) but this JVM is Java " + Runtime.version() + ": run it on a JDK 25, as"
          + " bench/run does when one is installed under /usr/lib/jvm";
    }
    if (LIBDEFLATE.equals(engine) && LibdeflateBinding.unavailabilityReason() != null) {
      return "codec " + name() + ": " + LibdeflateBinding.unavailabilityReason();
    }
    return null;
  }

  /** For {@code @Setup}: fails with {@link #unavailableHere()}'s reason. */
  public Codec requireAvailableHere() {
    String reason = unavailableHere();
    if (reason != null) {
      throw new IllegalStateException(reason);
    }
    return this;
  }

  @Override
  public String toString() {
    return name();
  }
}
