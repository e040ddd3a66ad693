package io.github.zipjack;

/**
 * Which deflate implementation makes a pipeline's gzip bodies. Every choice writes one standard
 * RFC 1952 member that any gzip reader decodes; they differ in speed and, slightly, in size.
 * {@link Pipeline#implementation()} says which one serves.
 */
public enum GzipImplementation {
  /**
   * libdeflate when it can load (Java 25+, {@code io.airlift:aircompressor-v3} on the class path,
   * a bundled native library for the platform), else the JDK's zlib. The default.
   */
  AUTO,
  /** The JDK's {@link java.util.zip.Deflater} (zlib), streaming as the serializer writes. Any Java 17+. */
  ZLIB,
  /**
   * libdeflate through aircompressor-v3's FFM binding: the whole body is serialized into reusable
   * memory and compressed in one call, about twice as fast as zlib at level 1 with smaller output.
   * Needs Java 25+ and {@code io.airlift:aircompressor-v3}; {@link Pipeline.Builder#build()} fails with
   * the reason when it cannot load.
   */
  LIBDEFLATE
}
