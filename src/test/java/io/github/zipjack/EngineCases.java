package io.github.zipjack;

import java.util.ArrayList;
import java.util.List;

/**
 * Every engine zipjack has, at the levels that matter, as the tests on this JVM can run them:
 * libdeflate only on Java 25+ (its binding is Java 25 class files; its own tests say so when
 * skipped on 17).
 */
final class EngineCases {
  private EngineCases() {}

  /** True where gzip through libdeflate can serve: Java 25+ with aircompressor-v3 on the class path. */
  static boolean libdeflateRuns() {
    return Runtime.version().feature() >= 25;
  }

  /** Each engine at its fastest, default-ish and smallest levels. */
  static List<Compression> allLevels() {
    List<Compression> all = new ArrayList<>();
    for (int level : new int[] {1, 6, 9}) {
      all.add(Compression.gzip(level, GzipImplementation.ZLIB));
      if (libdeflateRuns()) {
        all.add(Compression.gzip(level, GzipImplementation.LIBDEFLATE));
      }
    }
    for (int level : new int[] {1, 3, 19}) {
      all.add(Compression.zstd(level));
    }
    for (int quality : new int[] {0, 5, 11}) {
      all.add(Compression.brotli(quality));
    }
    return all;
  }

  /** One fast level per engine. */
  static List<Compression> oneLevelEach() {
    List<Compression> each = new ArrayList<>();
    each.add(Compression.gzip(1, GzipImplementation.ZLIB));
    if (libdeflateRuns()) {
      each.add(Compression.gzip(1, GzipImplementation.LIBDEFLATE));
    }
    each.add(Compression.zstd(1));
    each.add(Compression.brotli(4));
    return each;
  }
}
