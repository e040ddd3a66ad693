package io.github.zipjack.servlet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.Compression;
import io.github.zipjack.GzipImplementation;
import io.github.zipjack.Pipeline;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link CompressionSettings}: defaults, validation messages, init parameters, MIME matching. */
class CompressionSettingsTest {

  private static String message(Runnable r) {
    return assertThrows(IllegalArgumentException.class, r::run).getMessage();
  }

  private static CompressionSettings fromParameters(Map<String, String> parameters) {
    return CompressionSettings.fromInitParameters(parameters::get);
  }

  @Test
  void defaultsPreferZstdThenGzipThenBrotli() {
    assertEquals(List.of(Compression.zstd(1), Compression.gzip(1), Compression.brotli(4)),
        CompressionSettings.defaults().codings());
  }

  @Test
  void defaultCodingsAreOptional() {
    assertFalse(CompressionSettings.defaults().codingsRequired());
  }

  @Test
  void explicitCodingsAreRequired() {
    assertTrue(CompressionSettings.builder().codings(Compression.gzip(1)).build().codingsRequired());
  }

  @Test
  void defaultPreferenceIsTokens() {
    assertEquals(List.of("zstd", "gzip", "br"), CompressionSettings.defaults().preference());
  }

  @Test
  void defaultSizes() {
    CompressionSettings s = CompressionSettings.defaults();
    assertEquals(List.of(1024L, 8L << 20, 8L << 20, 32L, 16L << 20, 100L),
        List.of(s.minBodyBytes(), s.maxBufferedBytes(), s.segmentPoolBytes(), (long) s.encoderPoolSize(),
            s.maxInflatedRequestBytes(), (long) s.maxInflationRatio()));
  }

  @Test
  void codings_empty() {
    assertEquals("codings must not be empty", message(() -> CompressionSettings.builder().codings()));
  }

  @Test
  void codings_none() {
    assertEquals("codings must not contain none(): identity is always offered",
        message(() -> CompressionSettings.builder().codings(Compression.gzip(1), Compression.none())));
  }

  @Test
  void codings_duplicate() {
    assertEquals("codings lists gzip twice: [gzip(1), gzip(6)]",
        message(() -> CompressionSettings.builder().codings(Compression.gzip(1), Compression.gzip(6))));
  }

  @Test
  void minBodyBytes_negative() {
    assertEquals("minBodyBytes must be >= 0: -1", message(() -> CompressionSettings.builder().minBodyBytes(-1)));
  }

  @Test
  void maxBufferedBytes_negative() {
    assertEquals("maxBufferedBytes must be >= 0: -5", message(() -> CompressionSettings.builder().maxBufferedBytes(-5)));
  }

  @Test
  void segmentPoolBytes_negative() {
    assertEquals("segmentPoolBytes must be in [0, 1073741824] (0 = no pooling): -1", message(() -> CompressionSettings.builder().segmentPoolBytes(-1)));
  }

  @Test
  void encoderPoolSize_negative() {
    assertEquals("encoderPoolSize must be in [0, 1024]: -2", message(() -> CompressionSettings.builder().encoderPoolSize(-2)));
  }

  @Test
  void maxInflatedRequestBytes_zero() {
    assertEquals("maxInflatedRequestBytes must be >= 1: 0",
        message(() -> CompressionSettings.builder().maxInflatedRequestBytes(0)));
  }

  @Test
  void maxInflationRatio_zero() {
    assertEquals("maxInflationRatio must be in [1, 2147483647]: 0",
        message(() -> CompressionSettings.builder().maxInflationRatio(0)));
  }

  @Test
  void mimeTypes_withoutSlash() {
    assertEquals("mimeTypes entries must be type/subtype, type/* or type/*+suffix: \"json\"",
        message(() -> CompressionSettings.builder().mimeTypes("json")));
  }

  @Test
  void mimeTypes_withParameters() {
    assertEquals("mimeTypes entries must be type/subtype, type/* or type/*+suffix: \"text/html; charset=utf-8\"",
        message(() -> CompressionSettings.builder().mimeTypes("text/html; charset=utf-8")));
  }

  @Test
  void minBodyBytes_aboveMaxBufferedBytes() {
    assertEquals("minBodyBytes (2048) must not exceed maxBufferedBytes (1024): bodies between them would stream compressed",
        message(() -> CompressionSettings.builder().minBodyBytes(2048).maxBufferedBytes(1024).build()));
  }

  @Test
  void buildLeavesTheBuilderUnchanged() {
    CompressionSettings.Builder b = CompressionSettings.builder().minBodyBytes(10);
    b.build();
    assertEquals(10, b.maxBufferedBytes(100).build().minBodyBytes());
  }

  @Test
  void jsonIsCompressible() {
    assertTrue(CompressionSettings.defaults().isCompressible("application/json"));
  }

  @Test
  void jsonWithCharsetAndCaseIsCompressible() {
    assertTrue(CompressionSettings.defaults().isCompressible("Application/JSON; charset=UTF-8"));
  }

  @Test
  void problemJsonIsCompressibleBySuffix() {
    assertTrue(CompressionSettings.defaults().isCompressible("application/problem+json"));
  }

  @Test
  void everyMessagePackTypeIsCompressible() {
    CompressionSettings s = CompressionSettings.defaults();
    assertTrue(s.isCompressible("application/msgpack") && s.isCompressible("application/x-msgpack")
        && s.isCompressible("application/vnd.msgpack"));
  }

  @Test
  void textIsCompressible() {
    assertTrue(CompressionSettings.defaults().isCompressible("text/html;charset=ISO-8859-1"));
  }

  @Test
  void svgIsCompressible() {
    assertTrue(CompressionSettings.defaults().isCompressible("image/svg+xml"));
  }

  @Test
  void javascriptIsCompressible() {
    assertTrue(CompressionSettings.defaults().isCompressible("application/javascript"));
  }

  @Test
  void pngIsNotCompressible() {
    assertFalse(CompressionSettings.defaults().isCompressible("image/png"));
  }

  @Test
  void missingContentTypeIsNotCompressible() {
    assertFalse(CompressionSettings.defaults().isCompressible(null));
  }

  @Test
  void bareSuffixIsNotASubtype() {
    assertFalse(CompressionSettings.defaults().isCompressible("application/+json"));
  }

  @Test
  void mimeTypesReplaceTheDefaults() {
    assertFalse(CompressionSettings.builder().mimeTypes("application/json").build().isCompressible("text/plain"));
  }

  @Test
  void initParametersSetCodingsInOrder() {
    assertEquals(List.of(Compression.brotli(5), Compression.gzip(6, GzipImplementation.ZLIB), Compression.zstd(3)),
        fromParameters(Map.of("codings", "br(5), gzip(6, ZLIB) ,zstd(3)")).codings());
  }

  @Test
  void initParameterCodingWithoutLevelTakesTheDefaultLevel() {
    assertEquals(List.of(Compression.gzip(1), Compression.brotli(4)),
        fromParameters(Map.of("codings", "gzip, brotli")).codings());
  }

  @Test
  void initParameterByteCountsTakeUnits() {
    CompressionSettings s = fromParameters(Map.of("minBodyBytes", "2KiB", "maxBufferedBytes", "16MiB"));
    assertEquals(List.of(2048L, 16L << 20), List.of(s.minBodyBytes(), s.maxBufferedBytes()));
  }

  @Test
  void initParameterMimeTypesAreCommaSeparated() {
    assertEquals(List.of("application/json", "text/csv"),
        fromParameters(Map.of("mimeTypes", "application/json , text/csv")).mimeTypes());
  }

  @Test
  void initParameterInflateRequestsFalse() {
    assertFalse(fromParameters(Map.of("inflateRequests", "false")).inflateRequests());
  }

  @Test
  void initParameter_badByteCount() {
    assertEquals("init parameter minBodyBytes=\"1k\": minBodyBytes must be a byte size such as 1024, 64KiB or 8MiB: \"1k\"",
        message(() -> fromParameters(Map.of("minBodyBytes", "1k"))));
  }

  @Test
  void initParameter_levelOutOfRange() {
    assertEquals("init parameter codings=\"gzip(12)\": gzip level must be in [0, 9]: 12",
        message(() -> fromParameters(Map.of("codings", "gzip(12)"))));
  }

  @Test
  void initParameter_unknownCoding() {
    assertEquals("init parameter codings=\"deflate\": codings must look like zstd(1), gzip(1), brotli(4)",
        message(() -> fromParameters(Map.of("codings", "deflate"))));
  }

  @Test
  void initParameter_badBoolean() {
    assertEquals("init parameter inflateRequests=\"yes\": inflateRequests must be true or false: \"yes\"",
        message(() -> fromParameters(Map.of("inflateRequests", "yes"))));
  }

  @Test
  void initParameter_invalidRatio() {
    assertEquals("init parameter maxInflationRatio=\"0\": maxInflationRatio must be in [1, 2147483647]: 0",
        message(() -> fromParameters(Map.of("maxInflationRatio", "0"))));
  }

  @Test
  void flushGraceIs20MillisByDefault() {
    assertEquals(20, CompressionSettings.defaults().flushGraceMillis());
  }

  @Test
  void initParameterFlushGraceMillisZero() {
    assertEquals(0, fromParameters(Map.of("flushGraceMillis", "0")).flushGraceMillis());
  }

  @Test
  void compressionThreads_zero() {
    assertEquals("compressionThreads must be in [1, 256] (1 = serial): 0",
        message(() -> CompressionSettings.builder().compressionThreads(0)));
  }

  @Test
  void compressionThreads_tooHigh() {
    assertEquals("compressionThreads must be in [1, 256] (1 = serial): 257",
        message(() -> CompressionSettings.builder().compressionThreads(257)));
  }

  @Test
  void compressionThreadsIsTheProcessorCountByDefault() {
    assertEquals(Math.min(256, Runtime.getRuntime().availableProcessors()),
        CompressionSettings.defaults().compressionThreads());
  }

  @Test
  void parallelThresholdBytesIsThePipelinesDefaultByDefault() {
    assertEquals(Pipeline.DEFAULT_PARALLEL_THRESHOLD_BYTES, CompressionSettings.defaults().parallelThresholdBytes());
  }

  @Test
  void parallelThresholdBytes_negative() {
    assertEquals("parallelThresholdBytes must be in [0, 2147483647]: -1",
        message(() -> CompressionSettings.builder().parallelThresholdBytes(-1)));
  }

  @Test
  void parallelSettingsComeFromInitParameters() {
    CompressionSettings settings = fromParameters(Map.of("compressionThreads", "3", "parallelThresholdBytes", "1MiB"));

    assertEquals(3, settings.compressionThreads());
    assertEquals(1 << 20, settings.parallelThresholdBytes());
    assertEquals(3, settings.parallelism().threads());
  }

  @Test
  void oneCompressionThreadIsSerial() {
    assertFalse(fromParameters(Map.of("compressionThreads", "1")).parallelism().isParallel());
  }

  @Test
  void compressionThreads_notANumber() {
    assertEquals("init parameter compressionThreads=\"four\": compressionThreads must be a whole number in [1, 256] (1 = serial): \"four\"",
        message(() -> fromParameters(Map.of("compressionThreads", "four"))));
  }

  @Test
  void flushGraceMillis_negative() {
    assertEquals("flushGraceMillis must be in [0, 60000]: -1",
        message(() -> CompressionSettings.builder().flushGraceMillis(-1)));
  }

  @Test
  void flushGraceMillis_tooHigh() {
    assertEquals("flushGraceMillis must be in [0, 60000]: 60001",
        message(() -> CompressionSettings.builder().flushGraceMillis(60_001)));
  }

  @Test
  void initParameterFlushGraceMillis_notANumber() {
    assertEquals("init parameter flushGraceMillis=\"20ms\": flushGraceMillis must be a whole number of milliseconds in [0, 60000]: \"20ms\"",
        message(() -> fromParameters(Map.of("flushGraceMillis", "20ms"))));
  }

  @Test
  void toStringShowsTheSettings() {
    assertTrue(CompressionSettings.defaults().toString().startsWith(
        "CompressionSettings[codings=[zstd(1), gzip(1), brotli(4)] (when their libraries load), minBodyBytes=1024,"));
  }

  @Test
  void dictionaryPath_endsWithASlash() {
    CompressionSettings.Builder b = CompressionSettings.builder();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> b.dictionaryPath("/dictionaries/"));
    assertTrue(e.getMessage().contains("\"/dictionaries/\""), e.getMessage());
  }

  @Test
  void dictionaryPath_dotDotSegment() {
    CompressionSettings.Builder b = CompressionSettings.builder();
    assertThrows(IllegalArgumentException.class, () -> b.dictionaryPath("/a/../b"));
  }

  @Test
  void dictionaries_sameBytesTwice() {
    HttpDictionary a = HttpDictionary.builder(new byte[] {1, 2, 3}).match("/a/*").build();
    HttpDictionary b = HttpDictionary.builder(new byte[] {1, 2, 3}).match("/b/*").build();
    CompressionSettings.Builder builder = CompressionSettings.builder();
    assertThrows(IllegalArgumentException.class, () -> builder.dictionaries(a, b));
  }

  @Test
  void dictionariesAreKeptInOrderWithTheirPath() {
    HttpDictionary a = HttpDictionary.builder(new byte[] {1, 2, 3}).match("/a/*").build();
    HttpDictionary b = HttpDictionary.builder(new byte[] {4, 5, 6}).match("/b/*").build();
    CompressionSettings settings = CompressionSettings.builder().dictionaries(b, a).dictionaryPath("/d").build();
    assertEquals(List.of(b, a), settings.dictionaries());
    assertEquals("/d", settings.dictionaryPath());
  }

  @Test
  void encoderPoolSize_tooLarge() {
    assertEquals("encoderPoolSize must be in [0, 1024]: 1025",
        message(() -> CompressionSettings.builder().encoderPoolSize(1025)));
  }

  @Test
  void segmentPoolBytes_tooLarge() {
    assertEquals("segmentPoolBytes must be in [0, 1073741824] (0 = no pooling): 1073741825",
        message(() -> CompressionSettings.builder().segmentPoolBytes((1L << 30) + 1)));
  }

  @Test
  void initParameterEncoderPoolSize_byteSize() {
    assertEquals("init parameter encoderPoolSize=\"8MiB\": encoderPoolSize must be a whole number in [0, 1024]: \"8MiB\"",
        message(() -> fromParameters(Map.of("encoderPoolSize", "8MiB"))));
  }

  @Test
  void initParameterMaxInflationRatio_byteSize() {
    assertEquals("init parameter maxInflationRatio=\"1KiB\": maxInflationRatio must be a whole number in "
        + "[1, 2147483647]: \"1KiB\"", message(() -> fromParameters(Map.of("maxInflationRatio", "1KiB"))));
  }

  @Test
  void initParameterEncoderPoolSize_moreDigitsThanALong() {
    assertEquals("init parameter encoderPoolSize=\"99999999999999999999\": encoderPoolSize must be in [0, 1024]: "
        + "99999999999999999999", message(() -> fromParameters(Map.of("encoderPoolSize", "99999999999999999999"))));
  }

  @Test
  void initParameterSegmentPoolBytes_aboveTheCap() {
    assertEquals("init parameter segmentPoolBytes=\"2GiB\": segmentPoolBytes must be in [0, 1073741824] "
        + "(0 = no pooling): 2147483648", message(() -> fromParameters(Map.of("segmentPoolBytes", "2GiB"))));
  }

  @Test
  void minBodyBytes_setTwice() {
    CompressionSettings.Builder b = CompressionSettings.builder().minBodyBytes(2048);
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> b.minBodyBytes(4096));
    assertEquals("minBodyBytes was already set to 2048", e.getMessage());
  }

  @Test
  void codings_setTwice() {
    CompressionSettings.Builder b = CompressionSettings.builder().codings("gzip(1)");
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> b.codings(Compression.zstd(1)));
    assertEquals("codings was already set to [gzip(1)]", e.getMessage());
  }

  @Test
  void minBodyBytes_rejectedValueLeavesItUnset() {
    CompressionSettings.Builder b = CompressionSettings.builder();
    assertThrows(IllegalArgumentException.class, () -> b.minBodyBytes(-1));
    assertEquals(10, b.minBodyBytes(10).build().minBodyBytes());
  }

  @Test
  void everyInitParameterHasItsParser() {
    assertEquals(CompressionSettings.INIT_PARAMETER_NAMES, CompressionSettings.INIT_PARAMETERS.keySet());
  }
}
