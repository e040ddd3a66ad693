package io.github.zipjack.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.zipjack.Compression;
import io.github.zipjack.Pipeline;
import io.github.zipjack.client.CompressedHttpClient;
import io.github.zipjack.client.DictionarySettings;
import io.github.zipjack.servlet.CompressionSettings;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;

/**
 * A bad value of a setting gets the same message from {@code Pipeline.Builder}, from
 * {@code CompressionSettings.Builder}, from the filter's init parameter (after
 * {@code init parameter name="value": }) and from the Spring property (as what is allowed): the
 * setting, the value and its range. The same holds for the HTTP client: its builders
 * ({@code CompressedHttpClient.Builder}, {@code DictionarySettings.Builder}, the pipeline's
 * {@code maxDecodedBytes}) and the {@code zipjack.client.*} properties. Each test is one of the drifts the settings had before they
 * were defined once.
 */
class SameMessageEverywhereTest {

  @Test
  void encoderPoolSizeAbove1024IsRefusedEverywhere() {
    String message = "encoderPoolSize must be in [0, 1024]: 2000";

    assertEquals(message, builderMessage(() -> Pipeline.builder().encoderPoolSize(2000)));
    assertEquals(message, builderMessage(() -> CompressionSettings.builder().encoderPoolSize(2000)));
    assertEquals("init parameter encoderPoolSize=\"2000\": " + message, initParameterMessage("encoderPoolSize", "2000"));
    assertEquals(message, propertyMessage(p -> p.setEncoderPoolSize(2000), "zipjack.compression.encoder-pool-size"));
  }

  @Test
  void segmentPoolAbove1GiBIsRefusedEverywhere() {
    String message = "segmentPoolBytes must be in [0, 1073741824] (0 = no pooling): 2147483648";

    assertEquals(message, builderMessage(() -> Pipeline.builder().segmentPoolBytes(2L << 30)));
    assertEquals(message, builderMessage(() -> CompressionSettings.builder().segmentPoolBytes(2L << 30)));
    assertEquals("init parameter segmentPoolBytes=\"2GiB\": " + message, initParameterMessage("segmentPoolBytes", "2GiB"));
    assertEquals(message, propertyMessage(p -> p.setSegmentPoolSize(DataSize.ofGigabytes(2)),
        "zipjack.compression.segment-pool-size"));
  }

  @Test
  void zeroCompressionThreadsIsRefusedEverywhere() {
    String message = "compressionThreads must be in [1, 256] (1 = serial): 0";

    assertEquals(message, builderMessage(() -> Pipeline.builder().compressionThreads(0)));
    assertEquals(message, builderMessage(() -> CompressionSettings.builder().compressionThreads(0)));
    assertEquals("init parameter compressionThreads=\"0\": " + message, initParameterMessage("compressionThreads", "0"));
    assertEquals(message, propertyMessage(p -> p.setCompressionThreads(0), "zipjack.compression.compression-threads"));
  }

  @Test
  void parallelThresholdOf2GiBIsRefusedEverywhere() {
    String message = "parallelThresholdBytes must be in [0, 2147483647]: 2147483648";

    assertEquals(message, builderMessage(() -> Pipeline.builder().parallelThresholdBytes(2L << 30)));
    assertEquals(message, builderMessage(() -> CompressionSettings.builder().parallelThresholdBytes(2L << 30)));
    assertEquals("init parameter parallelThresholdBytes=\"2GiB\": " + message,
        initParameterMessage("parallelThresholdBytes", "2GiB"));
    assertEquals(message, propertyMessage(p -> p.setParallelThreshold(DataSize.ofGigabytes(2)),
        "zipjack.compression.parallel-threshold"));
  }

  @Test
  void negativeMinBodySizeIsRefusedWithTheBuildersMessage() {
    String message = "minBodyBytes must be >= 0: -1";

    assertEquals(message, builderMessage(() -> CompressionSettings.builder().minBodyBytes(-1)));
    assertEquals(message, propertyMessage(p -> p.setMinBodySize(DataSize.ofBytes(-1)),
        "zipjack.compression.min-body-size"));
  }

  @Test
  void zeroInflationRatioIsRefusedEverywhere() {
    String message = "maxInflationRatio must be in [1, 2147483647]: 0";

    assertEquals(message, builderMessage(() -> CompressionSettings.builder().maxInflationRatio(0)));
    assertEquals("init parameter maxInflationRatio=\"0\": " + message, initParameterMessage("maxInflationRatio", "0"));
    assertEquals(message, propertyMessage(p -> p.setMaxInflationRatio(0), "zipjack.compression.max-inflation-ratio"));
  }

  @Test
  void negativeFlushGraceIsRefusedWithTheBuildersMessage() {
    String message = "flushGraceMillis must be in [0, 60000]: -5";

    assertEquals(message, builderMessage(() -> CompressionSettings.builder().flushGraceMillis(-5)));
    assertEquals(message, propertyMessage(p -> p.setFlushGrace(Duration.ofMillis(-5)), "zipjack.compression.flush-grace"));
  }

  @Test
  void zeroMaxDecodedSizeIsRefusedByTheClientWithThePipelinesMessage() {
    String message = "maxDecodedBytes must be >= 1: 0";

    assertEquals(message, builderMessage(() -> Pipeline.builder().maxDecodedBytes(0)));
    assertEquals(message, clientPropertyMessage(p -> p.setMaxDecodedSize(DataSize.ofBytes(0)),
        "zipjack.client.max-decoded-size"));
  }

  @Test
  void clientCodingListedTwiceIsRefusedEverywhere() {
    String message = "codings lists gzip twice";

    try (Pipeline pipeline = Pipeline.builder().build()) {
      assertEquals(message, builderMessage(() -> CompressedHttpClient.builder(HttpClient.newHttpClient(), pipeline)
          .codings("gzip", "GZIP")));
    }
    assertEquals(message, clientPropertyMessage(p -> p.setCodings(List.of("gzip", "gzip")), "zipjack.client.codings"));
  }

  @Test
  void negativeRequestCompressionMinSizeIsRefusedEverywhere() {
    String message = "minBytes must be >= 0: -1";

    try (Pipeline pipeline = Pipeline.builder().build()) {
      assertEquals(message, builderMessage(() -> CompressedHttpClient.builder(HttpClient.newHttpClient(), pipeline)
          .compressRequests(Compression.gzip(1), -1)));
    }
    assertEquals(message, clientPropertyMessage(p -> {
      p.setCompressRequests(true);
      p.setCompressRequestsMinSize(DataSize.ofBytes(-1));
    }, "zipjack.client.compress-requests-min-size"));
  }

  @Test
  void gzipRequestLevel12IsRefusedWithTheCompressionsMessage() {
    String message = "gzip level must be in [0, 9]: 12";

    assertEquals(message, builderMessage(() -> Compression.gzip(12)));
    assertEquals(message, clientPropertyMessage(p -> {
      p.setCompressRequests(true);
      p.setRequestLevel(12);
    }, "zipjack.client.request-level"));
  }

  @Test
  void zeroDictionaryCountIsRefusedEverywhere() {
    String message = "maxCount must be in [1, 1000]: 0";

    assertEquals(message, builderMessage(() -> DictionarySettings.builder().maxCount(0)));
    assertEquals(message, clientPropertyMessage(p -> {
      p.getDictionaries().setMaxCount(0);
    }, "zipjack.client.dictionaries.max-count"));
  }

  @Test
  void dictionariesWithoutZstdAreRefusedAlikeByTheClientAndTheInterceptor() {
    DictionarySettings dictionaries = DictionarySettings.builder().build();
    String message = "dictionaries need the zstd coding (dcz is zstd with a dictionary), which codings [gzip] leave out";

    try (Pipeline pipeline = Pipeline.builder().compression(Compression.none()).build()) {
      assertEquals(message, assertThrows(IllegalStateException.class, () -> CompressedHttpClient
          .builder(HttpClient.newHttpClient(), pipeline).codings("gzip").dictionaries(dictionaries).build()).getMessage());
    }
    assertEquals(message, assertThrows(IllegalStateException.class,
        () -> DecodingClientInterceptor.builder().codings("gzip").dictionaries(dictionaries).build()).getMessage());
  }

  @Test
  void dictionaryBytesAbove1GiBAreRefusedEverywhere() {
    String message = "maxBytes must be in [1, 1073741824]: 2147483648";

    assertEquals(message, builderMessage(() -> DictionarySettings.builder().maxBytes(2L << 30)));
    assertEquals(message, clientPropertyMessage(p -> {
      p.getDictionaries().setMaxSize(DataSize.ofGigabytes(2));
    }, "zipjack.client.dictionaries.max-size"));
  }

  private static String builderMessage(Runnable setter) {
    return assertThrows(IllegalArgumentException.class, setter::run).getMessage();
  }

  private static String initParameterMessage(String name, String value) {
    return assertThrows(IllegalArgumentException.class,
        () -> CompressionSettings.fromInitParameters(Map.of(name, value)::get)).getMessage();
  }

  /** What the client property's failure says is allowed, after checking that it names the property. */
  private static String clientPropertyMessage(Consumer<ZipjackClientProperties> setter, String property) {
    ZipjackClientProperties p = new ZipjackClientProperties();
    setter.accept(p);
    InvalidZipjackPropertyException e = assertThrows(InvalidZipjackPropertyException.class,
        () -> ClientPropertySettings.interceptor(p, false).close());
    assertEquals(property, e.property());
    return e.allowed();
  }

  /** What the property's failure says is allowed, after checking that it names the property. */
  private static String propertyMessage(Consumer<ZipjackCompressionProperties> setter, String property) {
    ZipjackCompressionProperties p = new ZipjackCompressionProperties();
    setter.accept(p);
    InvalidZipjackPropertyException e = assertThrows(InvalidZipjackPropertyException.class,
        () -> PropertySettings.from(p));
    assertEquals(property, e.property());
    return e.allowed();
  }
}
