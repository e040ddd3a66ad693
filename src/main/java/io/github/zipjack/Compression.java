package io.github.zipjack;

import java.util.Objects;

/**
 * The content coding of a pipeline's bodies and its level. Immutable value; compare with equals.
 * Factories validate at once, so a bad level fails where it is written; whether the codec's optional
 * library is on the class path is checked by {@link Pipeline.Builder#build()}, which names the Maven
 * coordinates to add.
 *
 * <p>Which to pick (figures in docs/benchmarks.md's engine table, measured by the JMH suite): {@code zstd(1)}
 * is the fastest with output smaller than gzip level 1, for clients that accept {@code zstd};
 * {@code brotli(4..5)} makes the smallest dynamic responses; {@code gzip(1)} is what every client
 * accepts, served by libdeflate on Java 25+.
 */
public final class Compression {
  private static final Compression NONE = new Compression("identity", -1, null, null);

  /** The HTTP content-coding token. */
  private final String contentEncoding;
  /** -1 for identity; else the codec's own level. */
  private final int level;
  /** Non-null exactly for gzip. */
  private final GzipImplementation gzipImplementation;
  /** Null unless zstd with a dictionary. */
  private final ZstdDictionary dictionary;

  private Compression(String contentEncoding, int level, GzipImplementation gzipImplementation,
      ZstdDictionary dictionary) {
    this.contentEncoding = contentEncoding;
    this.level = level;
    this.gzipImplementation = gzipImplementation;
    this.dictionary = dictionary;
  }

  /** {@return no compression: the serialized bytes as they are (content coding {@code identity})} */
  public static Compression none() {
    return NONE;
  }

  /**
   * gzip (RFC 1952), through libdeflate where it can load, else the JDK's zlib
   * ({@link GzipImplementation#AUTO}).
   *
   * @param level 0 (stored, no compression) to 9 (smallest, slowest); the study (docs/benchmarks.md) found 1
   *     more than doubles throughput over zlib's default 6 for about 5 points of ratio
   * @return gzip at {@code level}
   * @throws IllegalArgumentException if the level is outside [0, 9]
   */
  public static Compression gzip(int level) {
    return gzip(level, GzipImplementation.AUTO);
  }

  /**
   * gzip (RFC 1952) through the given implementation. Both use the same level scale: 0 stores,
   * 1 is fastest, 9 smallest.
   *
   * @param level 0 (stored) to 9 (smallest, slowest)
   * @param implementation which library compresses; {@link GzipImplementation#AUTO} picks libdeflate
   *     where it loads
   * @return gzip at {@code level} through {@code implementation}
   * @throws IllegalArgumentException if the level is outside [0, 9]
   */
  public static Compression gzip(int level, GzipImplementation implementation) {
    Objects.requireNonNull(implementation, "implementation must not be null");
    checkLevel("gzip level", level, 0, 9);
    return new Compression("gzip", level, implementation, null);
  }

  /**
   * Zstandard (RFC 8878; HTTP content coding {@code zstd}, RFC 9659) through zstd-jni
   * ({@code com.github.luben:zstd-jni}, an optional dependency). Frames carry the content size when
   * the body is compressed whole, and a checksum of the content only when a pipeline asks for one
   * ({@code Pipeline.Builder.zstdChecksum}; HTTP bodies never); the window never exceeds the 8 MB that HTTP's
   * {@code zstd} coding allows, whatever the level. Accepted by Chrome and Edge 123+, Firefox 126+,
   * Safari 26+.
   *
   * @param level 1 (fastest; smaller than gzip level 1 and several times faster) to 22 (smallest,
   *     very slow); zstd's own default is 3
   * @return zstd at {@code level}, without a dictionary
   * @throws IllegalArgumentException if the level is outside [1, 22]
   */
  public static Compression zstd(int level) {
    checkLevel("zstd level", level, 1, 22);
    return new Compression("zstd", level, null, null);
  }

  /**
   * Zstandard with a dictionary, for bodies of a few KB or less that look alike (at 1 KB, zstd(1)
   * with a dictionary trained on the same kind of bodies makes them less than half the size, and is
   * as fast; docs/dictionaries.md). Frames carry the dictionary's ID; the system
   * {@code zstd -D FILE} reads and writes the same frames. A pipeline loads the dictionary into zstd
   * once, shares it among its pooled contexts and frees it on close; decoding a frame made with
   * another dictionary, or without one, fails with a {@link WrongDictionaryException} naming both IDs.
   *
   * <p>Not for HTTP: browsers decode {@code zstd} without a dictionary, so the servlet filter and
   * {@code CompressedResponses} refuse this compression.
   *
   * @param level 1 to 22, as for {@link #zstd(int)}
   * @param dictionary the dictionary every body is compressed and decoded with
   * @return zstd at {@code level} with {@code dictionary}
   * @throws IllegalArgumentException if the level is outside [1, 22]
   */
  public static Compression zstd(int level, ZstdDictionary dictionary) {
    Objects.requireNonNull(dictionary, "dictionary must not be null");
    checkLevel("zstd level", level, 1, 22);
    return new Compression("zstd", level, null, dictionary);
  }

  /**
   * Brotli (RFC 7932; HTTP content coding {@code br}) through brotli4j
   * ({@code com.aayushatharva.brotli4j:brotli4j} and its native artifact for the platform, such as
   * {@code native-linux-x86_64}; optional dependencies).
   *
   * @param quality 0 (fastest) to 11 (smallest). 11 is brotli's own default and is meant for static
   *     assets compressed once: it is tens of times slower than 5. Quality 4 to 5 suits dynamic
   *     responses: about as fast as gzip level 6, with smaller output.
   * @return brotli at {@code quality}
   * @throws IllegalArgumentException if the quality is outside [0, 11]
   */
  public static Compression brotli(int quality) {
    checkLevel("brotli quality", quality, 0, 11);
    return new Compression("br", quality, null, null);
  }

  private static void checkLevel(String name, int value, int min, int max) {
    if (value < min || value > max) {
      throw new IllegalArgumentException(name + " must be in [" + min + ", " + max + "]: " + value);
    }
  }

  /** {@return the HTTP content-coding token: {@code identity}, {@code gzip}, {@code zstd} or {@code br}} */
  public String contentEncoding() {
    return contentEncoding;
  }

  /** {@return the level (brotli: the quality), or -1 for {@link #none()}} */
  public int level() {
    return level;
  }

  /** {@return the gzip implementation asked for, or null when this is not gzip} */
  public GzipImplementation gzipImplementation() {
    return gzipImplementation;
  }

  /** {@return the zstd dictionary, or null when there is none} */
  public ZstdDictionary dictionary() {
    return dictionary;
  }

  boolean isGzip() {
    return gzipImplementation != null;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Compression)) {
      return false;
    }
    Compression c = (Compression) o;
    return c.contentEncoding.equals(contentEncoding) && c.level == level && c.gzipImplementation == gzipImplementation
        && Objects.equals(c.dictionary, dictionary);
  }

  @Override
  public int hashCode() {
    return Objects.hash(contentEncoding, level, gzipImplementation, dictionary);
  }

  /**
   * {@code none}, {@code gzip(6)}, {@code gzip(6, ZLIB)}, {@code zstd(3)},
   * {@code zstd(1, dictionary 1234567 (112640 bytes))} or {@code brotli(5)}: the factory call that
   * makes this value ({@link Pipeline#implementation()} says what serves it).
   */
  @Override
  public String toString() {
    if (this == NONE) {
      return "none";
    }
    String name = contentEncoding.equals("br") ? "brotli" : contentEncoding;
    String implementation = gzipImplementation == null || gzipImplementation == GzipImplementation.AUTO
        ? "" : ", " + gzipImplementation;
    if (dictionary != null) {
      implementation = ", " + dictionary;
    }
    return name + "(" + level + implementation + ")";
  }
}
