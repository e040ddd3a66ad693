package io.github.zipjack.spring;

import io.github.zipjack.servlet.CompressionSettings;
import io.github.zipjack.servlet.HttpDictionary;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.core.io.ResourceLoader;
import org.springframework.util.unit.DataSize;

/**
 * Turns bound {@link ZipjackCompressionProperties} into the filter's {@link CompressionSettings},
 * each property through the setter that validates it, so that a refused value is reported under its
 * property name. Runs once at start-up.
 */
final class PropertySettings {
  private static final String PREFIX = "zipjack.compression.";

  private PropertySettings() {}

  /** The settings with no dictionaries (a dictionary's location needs a resource loader). */
  static CompressionSettings from(ZipjackCompressionProperties p) {
    return from(p, null);
  }

  /**
   * @param resources reads the dictionaries' locations; null when none are configured
   * @throws InvalidZipjackPropertyException naming the first property whose value is refused
   */
  static CompressionSettings from(ZipjackCompressionProperties p, ResourceLoader resources) {
    CompressionSettings.Builder b = CompressionSettings.builder();
    if (p.getCodings() != null) {
      set("codings", p.getCodings(), b, x -> x.codings(p.getCodings()));
    }
    set("min-body-size", p.getMinBodySize(), b, x -> x.minBodyBytes(bytes(p.getMinBodySize())));
    set("max-buffered-size", p.getMaxBufferedSize(), b, x -> x.maxBufferedBytes(bytes(p.getMaxBufferedSize())));
    if (!p.getMimeTypes().isEmpty()) {
      set("mime-types", String.join(",", p.getMimeTypes()), b,
          x -> x.mimeTypes(p.getMimeTypes().toArray(new String[0])));
    }
    set("segment-pool-size", p.getSegmentPoolSize(), b, x -> x.segmentPoolBytes(bytes(p.getSegmentPoolSize())));
    set("encoder-pool-size", p.getEncoderPoolSize(), b, x -> x.encoderPoolSize(p.getEncoderPoolSize()));
    b.inflateRequests(p.isInflateRequests());
    set("max-inflated-request-size", p.getMaxInflatedRequestSize(), b,
        x -> x.maxInflatedRequestBytes(bytes(p.getMaxInflatedRequestSize())));
    set("max-inflation-ratio", p.getMaxInflationRatio(), b, x -> x.maxInflationRatio(p.getMaxInflationRatio()));
    set("flush-grace", p.getFlushGrace(), b, x -> x.flushGraceMillis(millis(p.getFlushGrace())));
    if (p.getCompressionThreads() != null) {
      set("compression-threads", p.getCompressionThreads(), b, x -> x.compressionThreads(p.getCompressionThreads()));
    }
    set("parallel-threshold", p.getParallelThreshold(), b,
        x -> x.parallelThresholdBytes(bytes(p.getParallelThreshold())));
    set("dictionary-path", p.getDictionaryPath(), b, x -> x.dictionaryPath(p.getDictionaryPath()));
    List<HttpDictionary> dictionaries = new ArrayList<>();
    for (int i = 0; i < p.getDictionaries().size(); i++) {
      dictionaries.add(dictionary(p.getDictionaries().get(i), "dictionaries[" + i + "].", resources));
    }
    set("dictionaries", dictionaries, b, x -> x.dictionaries(dictionaries.toArray(new HttpDictionary[0])));
    try {
      return b.build();
    } catch (IllegalArgumentException e) {
      // the only combination checked: min-body-size against max-buffered-size
      throw new InvalidZipjackPropertyException(PREFIX + "min-body-size", String.valueOf(p.getMinBodySize()),
          "it must not exceed " + PREFIX + "max-buffered-size (" + p.getMaxBufferedSize() + ")", e);
    }
  }

  private static HttpDictionary dictionary(ZipjackCompressionProperties.Dictionary d, String property,
      ResourceLoader resources) {
    String location = d.getLocation();
    if (location == null || location.isBlank()) {
      throw new InvalidZipjackPropertyException(PREFIX + property + "location", String.valueOf(location),
          "a Spring resource location of the dictionary's bytes, such as file:/etc/app/orders.dict or "
              + "classpath:orders.dict", null);
    }
    byte[] bytes;
    try (InputStream in = (resources == null ? new DefaultResourceLoader() : resources).getResource(location)
        .getInputStream()) {
      bytes = in.readNBytes(HttpDictionary.MAX_BYTES + 1);
    } catch (IOException e) {
      throw new InvalidZipjackPropertyException(PREFIX + property + "location", location,
          "a readable file or resource (" + e + ")", e);
    }
    HttpDictionary.Builder builder;
    try {
      builder = HttpDictionary.builder(bytes);
    } catch (IllegalArgumentException e) {
      throw new InvalidZipjackPropertyException(PREFIX + property + "location", location, e.getMessage(), e);
    }
    if (d.getMatch() == null) {
      throw new InvalidZipjackPropertyException(PREFIX + property + "match", "null",
          "a URL pattern on this origin such as /api/*", null);
    }
    dictionarySetting(property + "match", d.getMatch(), () -> builder.match(d.getMatch()));
    dictionarySetting(property + "match-dest", String.valueOf(d.getMatchDest()),
        () -> builder.matchDest(d.getMatchDest().toArray(new String[0])));
    if (d.getId() != null) {
      dictionarySetting(property + "id", d.getId(), () -> builder.id(d.getId()));
    }
    dictionarySetting(property + "max-age", String.valueOf(d.getMaxAge()), () -> builder.maxAge(d.getMaxAge()));
    return builder.build();
  }

  private static void dictionarySetting(String property, String value, Runnable setter) {
    try {
      setter.run();
    } catch (IllegalArgumentException | NullPointerException e) {
      throw new InvalidZipjackPropertyException(PREFIX + property, value, e.getMessage(), e);
    }
  }

  private static void set(String property, Object value, CompressionSettings.Builder b,
      Consumer<CompressionSettings.Builder> setter) {
    try {
      setter.accept(b);
    } catch (IllegalArgumentException e) {
      throw new InvalidZipjackPropertyException(PREFIX + property, String.valueOf(value), e.getMessage(), e);
    }
  }

  private static long bytes(DataSize size) {
    if (size == null) {
      throw new IllegalArgumentException("a size is required, such as 1KB or 8MB");
    }
    if (size.isNegative()) {
      throw new IllegalArgumentException("a size must not be negative");
    }
    return size.toBytes();
  }

  private static long millis(Duration duration) {
    if (duration == null || duration.isNegative()) {
      throw new IllegalArgumentException("a duration of 0 or more is required, such as 20ms");
    }
    return duration.toMillis();
  }
}
