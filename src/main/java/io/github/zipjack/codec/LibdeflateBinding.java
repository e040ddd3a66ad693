package io.github.zipjack.codec;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * aircompressor-v3's {@code DeflateNativeCompressor} (libdeflate through the FFM API), reached through
 * method handles only: its classes are Java 25 class files, and zipjack is compiled for Java 17, so no
 * class of zipjack names it. The handles sit in {@code static final} fields, which the JIT treats as
 * constants and inlines through {@code invokeExact}. Stateless and thread-safe; each compressor object
 * it makes serves one thread at a time. Public for the benchmarks' peer that calls libdeflate
 * without zipjack.
 *
 * <p>This class must be initialized only on Java 25+ ({@link LibdeflateGzipEngine#unavailabilityReason()}
 * checks the version first); its initializer loads aircompressor's classes and the bundled native
 * library, and records in {@link #UNAVAILABILITY_REASON} why that failed rather than throwing.
 */
public final class LibdeflateBinding {
  /** The Maven coordinates, with the version zipjack was built and tested with. */
  static final String ARTIFACT = "io.airlift:aircompressor-v3:3.14";
  private static final String COMPRESSOR_CLASS = "io.airlift.compress.v3.deflate.DeflateNativeCompressor";
  private static final String DECOMPRESSOR_CLASS = "io.airlift.compress.v3.deflate.DeflateNativeDecompressor";
  /** What aircompressor throws for data libdeflate refuses or an output array too small for it. */
  private static final String MALFORMED_INPUT_CLASS = "io.airlift.compress.v3.MalformedInputException";

  /** Null when the handles below work; else why they do not, for humans. */
  static final String UNAVAILABILITY_REASON;
  /** {@code new DeflateNativeCompressor(level)} as {@code (int)Object}; null when unavailable. */
  private static final MethodHandle NEW_COMPRESSOR;
  /** {@code maxCompressedLength(int)} as {@code (Object, int)int}; null when unavailable. */
  private static final MethodHandle MAX_COMPRESSED_LENGTH;
  /** {@code compress(byte[], int, int, byte[], int, int)} as {@code (Object, byte[], ...)int}; null when unavailable. */
  private static final MethodHandle COMPRESS;
  /** {@code new DeflateNativeDecompressor()} as {@code ()Object}; null when libdeflate cannot decompress here. */
  private static final MethodHandle NEW_DECOMPRESSOR;
  /** {@code decompress(byte[], int, int, byte[], int, int)} as {@code (Object, byte[], ...)int}; null likewise. */
  private static final MethodHandle DECOMPRESS;

  static {
    MethodHandle newCompressor = null;
    MethodHandle maxCompressedLength = null;
    MethodHandle compress = null;
    MethodHandle newDecompressor = null;
    MethodHandle decompress = null;
    String reason;
    try {
      Class<?> type = Class.forName(COMPRESSOR_CLASS, true, LibdeflateBinding.class.getClassLoader());
      MethodHandles.Lookup lookup = MethodHandles.publicLookup();
      newCompressor = lookup.findConstructor(type, MethodType.methodType(void.class, int.class))
          .asType(MethodType.methodType(Object.class, int.class));
      maxCompressedLength = lookup.findVirtual(type, "maxCompressedLength",
              MethodType.methodType(int.class, int.class))
          .asType(MethodType.methodType(int.class, Object.class, int.class));
      compress = lookup.findVirtual(type, "compress", MethodType.methodType(int.class,
              byte[].class, int.class, int.class, byte[].class, int.class, int.class))
          .asType(MethodType.methodType(int.class, Object.class,
              byte[].class, int.class, int.class, byte[].class, int.class, int.class));
      MethodHandle isEnabled = lookup.findStatic(type, "isEnabled", MethodType.methodType(boolean.class));
      reason = (boolean) isEnabled.invokeExact() ? null : nativeFailure(newCompressor);
      if (reason == null) {
        Class<?> decompressor = Class.forName(DECOMPRESSOR_CLASS, true, LibdeflateBinding.class.getClassLoader());
        newDecompressor = lookup.findConstructor(decompressor, MethodType.methodType(void.class))
            .asType(MethodType.methodType(Object.class));
        decompress = lookup.findVirtual(decompressor, "decompress", MethodType.methodType(int.class,
                byte[].class, int.class, int.class, byte[].class, int.class, int.class))
            .asType(MethodType.methodType(int.class, Object.class,
                byte[].class, int.class, int.class, byte[].class, int.class, int.class));
      }
    } catch (ClassNotFoundException e) {
      reason = "io.airlift:aircompressor-v3 is not on the class path: add " + ARTIFACT
          + ", an optional dependency of zipjack";
    } catch (NoSuchMethodException | IllegalAccessException e) {
      reason = "this aircompressor-v3 lacks DeflateNativeCompressor's API that zipjack calls (" + e.getMessage()
          + "); use " + ARTIFACT;
    } catch (Throwable e) { // LinkageError, or a restricted-method refusal from the FFM API
      reason = "aircompressor-v3 is on the class path but its bundled libdeflate did not load on "
          + platform() + ": " + describe(e);
    }
    UNAVAILABILITY_REASON = reason;
    if (reason != null) {
      newCompressor = maxCompressedLength = compress = newDecompressor = decompress = null;
    }
    NEW_COMPRESSOR = newCompressor;
    MAX_COMPRESSED_LENGTH = maxCompressedLength;
    COMPRESS = compress;
    NEW_DECOMPRESSOR = newDecompressor;
    DECOMPRESS = decompress;
  }

  private LibdeflateBinding() {}

  /**
   * {@return null when libdeflate can be called; else why not} Call it only on Java 25+:
   * initializing this class loads aircompressor-v3's classes.
   */
  public static String unavailabilityReason() {
    return UNAVAILABILITY_REASON;
  }

  /**
   * A new compressor at {@code level} (0 stores, 1 fastest, 12 smallest; zipjack uses 0 to 9). Its
   * native memory is freed by aircompressor's own Cleaner once the object is unreachable: there is no
   * explicit free, and zipjack must never try one.
   *
   * @param level 0 to 12
   * @return the compressor, used by one thread at a time
   */
  public static Object newCompressor(int level) {
    try {
      return (Object) NEW_COMPRESSOR.invokeExact(level);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException("DeflateNativeCompressor(" + level + ") failed", e);
    }
  }

  /**
   * {@return the most bytes of raw deflate that {@code length} input bytes can become}
   *
   * @param compressor from {@link #newCompressor(int)}
   * @param length input bytes
   */
  public static int maxCompressedLength(Object compressor, int length) {
    try {
      return (int) MAX_COMPRESSED_LENGTH.invokeExact(compressor, length);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException("maxCompressedLength failed", e);
    }
  }

  /**
   * Raw deflate (RFC 1951) of {@code input[inputOffset, +inputLength)} into {@code output} at
   * {@code outputOffset}; the arrays are passed to libdeflate in place, without a copy.
   *
   * @param compressor from {@link #newCompressor(int)}, not used by another thread meanwhile
   * @param input the input array
   * @param inputOffset where the input starts
   * @param inputLength input bytes
   * @param output the output array
   * @param outputOffset where the output starts
   * @param maxOutputLength room in {@code output}
   * @return the compressed length
   * @throws IllegalArgumentException if it does not fit in {@code maxOutputLength} bytes (it always
   *     does in {@link #maxCompressedLength(Object, int)})
   */
  public static int compress(Object compressor, byte[] input, int inputOffset, int inputLength, byte[] output,
      int outputOffset, int maxOutputLength) {
    try {
      return (int) COMPRESS.invokeExact(compressor, input, inputOffset, inputLength, output, outputOffset,
          maxOutputLength);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException("libdeflate compress failed", e);
    }
  }

  /**
   * A new decompressor: raw deflate (RFC 1951) in one call, the whole input and an output array
   * that must hold all of it. Its native memory is freed by aircompressor's Cleaner once the object
   * is unreachable.
   *
   * @return the decompressor, used by one thread at a time
   */
  static Object newDecompressor() {
    try {
      return (Object) NEW_DECOMPRESSOR.invokeExact();
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException("DeflateNativeDecompressor() failed", e);
    }
  }

  /**
   * Inflates the raw deflate stream at the start of {@code input[inputOffset, +inputLength)} into
   * {@code output}, in place. libdeflate does not report how much input the stream took, so bytes
   * after its end are not examined: the caller checks what it decoded (gzip's CRC-32 and size).
   *
   * @param decompressor from {@link #newDecompressor()}, not used by another thread meanwhile
   * @param input the input array
   * @param inputOffset where the deflate stream starts
   * @param inputLength bytes it may take
   * @param output the output array
   * @param outputOffset where the output goes
   * @param maxOutputLength the most bytes the output may take
   * @return bytes decoded, or -1 if the data is not valid deflate or decodes to more than
   *     {@code maxOutputLength} bytes
   */
  static int decompress(Object decompressor, byte[] input, int inputOffset, int inputLength, byte[] output,
      int outputOffset, int maxOutputLength) {
    try {
      return (int) DECOMPRESS.invokeExact(decompressor, input, inputOffset, inputLength, output, outputOffset,
          maxOutputLength);
    } catch (RuntimeException e) {
      if (e.getClass().getName().equals(MALFORMED_INPUT_CLASS)) {
        return -1;
      }
      throw e;
    } catch (Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException("DeflateNativeDecompressor.decompress failed", e);
    }
  }

  /** {@return whether {@link #newDecompressor()} and {@link #decompress} can be called} */
  static boolean decompresses() {
    return DECOMPRESS != null;
  }

  /** Why the native library did not load: the constructor rethrows the LinkageError aircompressor kept. */
  private static String nativeFailure(MethodHandle newCompressor) {
    try {
      Object unexpected = (Object) newCompressor.invokeExact(1);
      return "DeflateNativeCompressor.isEnabled() is false, yet a compressor was made: " + unexpected;
    } catch (Throwable e) {
      return "aircompressor-v3 is on the class path but its bundled libdeflate did not load on " + platform()
          + ": " + describe(e);
    }
  }

  private static String platform() {
    return System.getProperty("os.name") + " " + System.getProperty("os.arch");
  }

  /** The throwable and its causes, one after the other: the root cause is what says why. */
  private static String describe(Throwable e) {
    StringBuilder text = new StringBuilder(e.toString());
    Throwable cause = e.getCause();
    for (int depth = 0; cause != null && depth < 5; depth++, cause = cause.getCause()) {
      text.append("; caused by ").append(cause);
    }
    return text.toString();
  }
}
