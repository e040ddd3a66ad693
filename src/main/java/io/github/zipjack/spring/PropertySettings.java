package io.github.zipjack.spring;

import io.github.zipjack.Compression;
import io.github.zipjack.codec.EngineSelection;
import io.github.zipjack.servlet.CompressionSettings;
import io.github.zipjack.servlet.HttpDictionary;
import io.github.zipjack.settings.Setting;
import io.github.zipjack.settings.SettingCatalog;
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
 * property name with the builder's own message (the same an init parameter gets); a listed coding
 * whose library is missing is refused under {@code zipjack.compression.codings}, naming the artifact.
 * Runs once at start-up.
 */
final class PropertySettings {
  private static final String PREFIX = Setting.SPRING_PREFIX;

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
      set(SettingCatalog.CODINGS, p.getCodings(), b, x -> x.codings(p.getCodings()));
    }
    set(SettingCatalog.MIN_BODY_BYTES, p.getMinBodySize(), b, x -> x.minBodyBytes(bytes(p.getMinBodySize())));
    set(SettingCatalog.MAX_BUFFERED_BYTES, p.getMaxBufferedSize(), b,
        x -> x.maxBufferedBytes(bytes(p.getMaxBufferedSize())));
    if (!p.getMimeTypes().isEmpty()) {
      set(SettingCatalog.MIME_TYPES, String.join(",", p.getMimeTypes()), b,
          x -> x.mimeTypes(p.getMimeTypes().toArray(new String[0])));
    }
    set(SettingCatalog.FILTER_SEGMENT_POOL_BYTES, p.getSegmentPoolSize(), b,
        x -> x.segmentPoolBytes(bytes(p.getSegmentPoolSize())));
    set(SettingCatalog.ENCODER_POOL_SIZE, p.getEncoderPoolSize(), b, x -> x.encoderPoolSize(p.getEncoderPoolSize()));
    set(SettingCatalog.INFLATE_REQUESTS, p.isInflateRequests(), b, x -> x.inflateRequests(p.isInflateRequests()));
    set(SettingCatalog.MAX_INFLATED_REQUEST_BYTES, p.getMaxInflatedRequestSize(), b,
        x -> x.maxInflatedRequestBytes(bytes(p.getMaxInflatedRequestSize())));
    set(SettingCatalog.MAX_INFLATION_RATIO, p.getMaxInflationRatio(), b,
        x -> x.maxInflationRatio(p.getMaxInflationRatio()));
    set(SettingCatalog.FLUSH_GRACE_MILLIS, p.getFlushGrace(), b, x -> x.flushGraceMillis(millis(p.getFlushGrace())));
    if (p.getCompressionThreads() != null) {
      set(SettingCatalog.COMPRESSION_THREADS, p.getCompressionThreads(), b,
          x -> x.compressionThreads(p.getCompressionThreads()));
    }
    set(SettingCatalog.PARALLEL_THRESHOLD_BYTES, p.getParallelThreshold(), b,
        x -> x.parallelThresholdBytes(bytes(p.getParallelThreshold())));
    set(SettingCatalog.DICTIONARY_PATH, p.getDictionaryPath(), b, x -> x.dictionaryPath(p.getDictionaryPath()));
    List<HttpDictionary> dictionaries = new ArrayList<>();
    for (int i = 0; i < p.getDictionaries().size(); i++) {
      dictionaries.add(dictionary(p.getDictionaries().get(i), "dictionaries[" + i + "].", resources));
    }
    set(SettingCatalog.DICTIONARIES, dictionaries, b,
        x -> x.dictionaries(dictionaries.toArray(new HttpDictionary[0])));
    CompressionSettings settings;
    try {
      settings = b.build();
    } catch (IllegalArgumentException e) {
      // the only combination checked: min-body-size against max-buffered-size
      throw new InvalidZipjackPropertyException(PREFIX + SettingCatalog.MIN_BODY_BYTES.property(),
          String.valueOf(p.getMinBodySize()), "it must not exceed " + PREFIX
              + SettingCatalog.MAX_BUFFERED_BYTES.property() + " (" + p.getMaxBufferedSize() + ")", e);
    }
    if (settings.codingsRequired()) {
      settings.codings().forEach(coding -> requireLibrary(coding, p.getCodings()));
    }
    return settings;
  }

  /**
   * Refuses a listed coding whose library is missing, before the filter, the converters or the
   * reactive writer make anything of it: the servlet and the reactive stack stop start-up alike.
   */
  private static void requireLibrary(Compression coding, String listed) {
    try {
      EngineSelection.requireLibrary(coding);
    } catch (IllegalStateException e) {
      throw new InvalidZipjackPropertyException(PREFIX + SettingCatalog.CODINGS.property(), listed, e.getMessage(), e);
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

  private static void set(Setting<?> setting, Object value, CompressionSettings.Builder b,
      Consumer<CompressionSettings.Builder> setter) {
    try {
      setter.accept(b);
    } catch (IllegalArgumentException e) {
      throw new InvalidZipjackPropertyException(PREFIX + setting.property(), String.valueOf(value), e.getMessage(),
          e);
    }
  }

  /** The bytes of a bound size; the builder checks the range, so a bad size reads as a bad init parameter does. */
  static long bytes(DataSize size) {
    if (size == null) {
      throw new IllegalArgumentException("a size is required, such as 1KB or 8MB");
    }
    return size.toBytes();
  }

  /** The milliseconds of a bound duration; the builder checks the range. */
  private static long millis(Duration duration) {
    if (duration == null) {
      throw new IllegalArgumentException("a duration is required, such as 20ms");
    }
    try {
      return duration.toMillis();
    } catch (ArithmeticException tooLong) {
      return duration.isNegative() ? Long.MIN_VALUE : Long.MAX_VALUE; // out of every range: the builder says so
    }
  }
}
