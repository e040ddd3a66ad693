package io.github.zipjack.bench;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * aircompressor-v3's {@code DeflateNativeCompressor} (libdeflate through the FFM API) for the
 * benchmarks that call libdeflate without zipjack. Its classes are Java 25 class files and this
 * suite is compiled for Java 17, so it is reached through method handles held in static final
 * fields (constants to the JIT, so {@code invokeExact} inlines). zipjack's own binding is
 * package-private in its codec package, hence this second, smaller one.
 *
 * <p>Initialize only on Java 25+ (check {@link Codec#requireAvailableHere()} first); the initializer
 * throws ExceptionInInitializerError naming the cause when aircompressor cannot be loaded. A
 * compressor object serves one thread at a time; aircompressor frees its native memory with a
 * Cleaner, so there is nothing to close.
 */
final class LibdeflateCalls {

  private static final String COMPRESSOR_CLASS = "io.airlift.compress.v3.deflate.DeflateNativeCompressor";
  /** {@code new DeflateNativeCompressor(int)} as {@code (int)Object}. */
  private static final MethodHandle NEW_COMPRESSOR;
  /** {@code maxCompressedLength(int)} as {@code (Object, int)int}. */
  private static final MethodHandle MAX_COMPRESSED_LENGTH;
  /** {@code compress(byte[], int, int, byte[], int, int)}: raw deflate, as {@code (Object, ...)int}. */
  private static final MethodHandle COMPRESS;

  static {
    try {
      Class<?> type = Class.forName(COMPRESSOR_CLASS, true, LibdeflateCalls.class.getClassLoader());
      MethodHandles.Lookup lookup = MethodHandles.publicLookup();
      NEW_COMPRESSOR = lookup.findConstructor(type, MethodType.methodType(void.class, int.class))
          .asType(MethodType.methodType(Object.class, int.class));
      MAX_COMPRESSED_LENGTH = lookup.findVirtual(type, "maxCompressedLength", MethodType.methodType(int.class, int.class))
          .asType(MethodType.methodType(int.class, Object.class, int.class));
      COMPRESS = lookup.findVirtual(type, "compress", MethodType.methodType(int.class,
              byte[].class, int.class, int.class, byte[].class, int.class, int.class))
          .asType(MethodType.methodType(int.class, Object.class,
              byte[].class, int.class, int.class, byte[].class, int.class, int.class));
    } catch (ReflectiveOperationException | LinkageError e) {
      throw new ExceptionInInitializerError(new IllegalStateException(
          COMPRESSOR_CLASS + " (io.airlift:aircompressor-v3, Java 25+) could not be bound: " + e, e));
    }
  }

  private LibdeflateCalls() {}

  /** A new compressor at a libdeflate level (1 fastest to 12 smallest). */
  static Object newCompressor(int level) {
    try {
      return (Object) NEW_COMPRESSOR.invokeExact(level);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException(e);
    }
  }

  static int maxCompressedLength(Object compressor, int inputLength) {
    try {
      return (int) MAX_COMPRESSED_LENGTH.invokeExact(compressor, inputLength);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException(e);
    }
  }

  /** Raw deflate of {@code input[inputOffset, +inputLength)} into {@code output} at {@code outputOffset}; returns its length. */
  static int compress(Object compressor, byte[] input, int inputOffset, int inputLength,
      byte[] output, int outputOffset, int maxOutputLength) {
    try {
      return (int) COMPRESS.invokeExact(compressor, input, inputOffset, inputLength,
          output, outputOffset, maxOutputLength);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException(e);
    }
  }
}
