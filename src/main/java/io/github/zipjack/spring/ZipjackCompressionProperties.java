package io.github.zipjack.spring;

import io.github.zipjack.settings.SettingCatalog;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * The zipjack.compression.* properties of a Spring Boot application: the settings of the
 * auto-configured {@link io.github.zipjack.servlet.CompressionFilter} in Spring's style (sizes as
 * {@link DataSize}, 8MB; durations as {@link Duration}, 20ms), plus the switches of
 * the auto-configuration itself. Spring binds them once at start-up; validation happens when the
 * auto-configuration turns them into {@link io.github.zipjack.servlet.CompressionSettings}, whose
 * builder checks each value, and a bad value stops start-up with a message naming the property and
 * the builder's own words ({@code encoderPoolSize must be in [0, 1024]: 2000}). Not thread-safe;
 * Spring owns it.
 *
 * <p>Each property's meaning, range and default are defined once, with the filter's builder and
 * init parameters; the IDE's configuration metadata and docs/spring-boot.md are made from that
 * definition, and the defaults below are read from it.
 */
@ConfigurationProperties(prefix = "zipjack.compression")
public class ZipjackCompressionProperties {
  private boolean enabled = SettingCatalog.ENABLED.defaultValue();
  // null: the filter's default codings, each offered only when its library loads
  private String codings;
  private DataSize minBodySize = DataSize.ofBytes(SettingCatalog.MIN_BODY_BYTES.defaultValue());
  private DataSize maxBufferedSize = DataSize.ofBytes(SettingCatalog.MAX_BUFFERED_BYTES.defaultValue());
  // empty: the filter's default media types
  private List<String> mimeTypes = new ArrayList<>();
  private DataSize segmentPoolSize = DataSize.ofBytes(SettingCatalog.FILTER_SEGMENT_POOL_BYTES.defaultValue());
  private int encoderPoolSize = SettingCatalog.ENCODER_POOL_SIZE.defaultValue();
  private boolean inflateRequests = SettingCatalog.INFLATE_REQUESTS.defaultValue();
  private DataSize maxInflatedRequestSize = DataSize.ofBytes(SettingCatalog.MAX_INFLATED_REQUEST_BYTES.defaultValue());
  private int maxInflationRatio = SettingCatalog.MAX_INFLATION_RATIO.defaultValue();
  private Duration flushGrace = Duration.ofMillis(SettingCatalog.FLUSH_GRACE_MILLIS.defaultValue());
  // null: the number of processors, computed when the filter's settings are made
  private Integer compressionThreads;
  private DataSize parallelThreshold = DataSize.ofBytes(SettingCatalog.PARALLEL_THRESHOLD_BYTES.defaultValue());
  private int filterOrder = ZipjackCompressionAutoConfiguration.DEFAULT_FILTER_ORDER;
  private final Converter converter = new Converter();
  private List<Dictionary> dictionaries = new ArrayList<>();
  private String dictionaryPath = SettingCatalog.DICTIONARY_PATH.defaultValue();

  /** Creates the properties at their defaults; Spring binds the application's values onto them. */
  public ZipjackCompressionProperties() {}

  /** {@return the value of {@code zipjack.compression.enabled}} */
  public boolean isEnabled() {
    return enabled;
  }

  /**
   * Sets {@code zipjack.compression.enabled}; Spring calls it when binding.
   *
   * @param enabled the bound value
   */
  public void setEnabled(boolean enabled) {
    this.enabled = enabled;
  }

  /** {@return the value of {@code zipjack.compression.codings}} */
  public String getCodings() {
    return codings;
  }

  /**
   * Sets {@code zipjack.compression.codings}; Spring calls it when binding.
   *
   * @param codings the bound value
   */
  public void setCodings(String codings) {
    this.codings = codings;
  }

  /** {@return the value of {@code zipjack.compression.min-body-size}} */
  public DataSize getMinBodySize() {
    return minBodySize;
  }

  /**
   * Sets {@code zipjack.compression.min-body-size}; Spring calls it when binding.
   *
   * @param minBodySize the bound value
   */
  public void setMinBodySize(DataSize minBodySize) {
    this.minBodySize = minBodySize;
  }

  /** {@return the value of {@code zipjack.compression.max-buffered-size}} */
  public DataSize getMaxBufferedSize() {
    return maxBufferedSize;
  }

  /**
   * Sets {@code zipjack.compression.max-buffered-size}; Spring calls it when binding.
   *
   * @param maxBufferedSize the bound value
   */
  public void setMaxBufferedSize(DataSize maxBufferedSize) {
    this.maxBufferedSize = maxBufferedSize;
  }

  /** {@return the value of {@code zipjack.compression.mime-types}} */
  public List<String> getMimeTypes() {
    return mimeTypes;
  }

  /**
   * Sets {@code zipjack.compression.mime-types}; Spring calls it when binding.
   *
   * @param mimeTypes the bound value
   */
  public void setMimeTypes(List<String> mimeTypes) {
    this.mimeTypes = mimeTypes;
  }

  /** {@return the value of {@code zipjack.compression.segment-pool-size}} */
  public DataSize getSegmentPoolSize() {
    return segmentPoolSize;
  }

  /**
   * Sets {@code zipjack.compression.segment-pool-size}; Spring calls it when binding.
   *
   * @param segmentPoolSize the bound value
   */
  public void setSegmentPoolSize(DataSize segmentPoolSize) {
    this.segmentPoolSize = segmentPoolSize;
  }

  /** {@return the value of {@code zipjack.compression.encoder-pool-size}} */
  public int getEncoderPoolSize() {
    return encoderPoolSize;
  }

  /**
   * Sets {@code zipjack.compression.encoder-pool-size}; Spring calls it when binding.
   *
   * @param encoderPoolSize the bound value
   */
  public void setEncoderPoolSize(int encoderPoolSize) {
    this.encoderPoolSize = encoderPoolSize;
  }

  /** {@return the value of {@code zipjack.compression.inflate-requests}} */
  public boolean isInflateRequests() {
    return inflateRequests;
  }

  /**
   * Sets {@code zipjack.compression.inflate-requests}; Spring calls it when binding.
   *
   * @param inflateRequests the bound value
   */
  public void setInflateRequests(boolean inflateRequests) {
    this.inflateRequests = inflateRequests;
  }

  /** {@return the value of {@code zipjack.compression.max-inflated-request-size}} */
  public DataSize getMaxInflatedRequestSize() {
    return maxInflatedRequestSize;
  }

  /**
   * Sets {@code zipjack.compression.max-inflated-request-size}; Spring calls it when binding.
   *
   * @param maxInflatedRequestSize the bound value
   */
  public void setMaxInflatedRequestSize(DataSize maxInflatedRequestSize) {
    this.maxInflatedRequestSize = maxInflatedRequestSize;
  }

  /** {@return the value of {@code zipjack.compression.max-inflation-ratio}} */
  public int getMaxInflationRatio() {
    return maxInflationRatio;
  }

  /**
   * Sets {@code zipjack.compression.max-inflation-ratio}; Spring calls it when binding.
   *
   * @param maxInflationRatio the bound value
   */
  public void setMaxInflationRatio(int maxInflationRatio) {
    this.maxInflationRatio = maxInflationRatio;
  }

  /** {@return the value of {@code zipjack.compression.flush-grace}} */
  public Duration getFlushGrace() {
    return flushGrace;
  }

  /**
   * Sets {@code zipjack.compression.flush-grace}; Spring calls it when binding.
   *
   * @param flushGrace the bound value
   */
  public void setFlushGrace(Duration flushGrace) {
    this.flushGrace = flushGrace;
  }

  /** {@return the value of {@code zipjack.compression.compression-threads}} */
  public Integer getCompressionThreads() {
    return compressionThreads;
  }

  /**
   * Sets {@code zipjack.compression.compression-threads}; Spring calls it when binding.
   *
   * @param compressionThreads the bound value
   */
  public void setCompressionThreads(Integer compressionThreads) {
    this.compressionThreads = compressionThreads;
  }

  /** {@return the value of {@code zipjack.compression.parallel-threshold}} */
  public DataSize getParallelThreshold() {
    return parallelThreshold;
  }

  /**
   * Sets {@code zipjack.compression.parallel-threshold}; Spring calls it when binding.
   *
   * @param parallelThreshold the bound value
   */
  public void setParallelThreshold(DataSize parallelThreshold) {
    this.parallelThreshold = parallelThreshold;
  }

  /** {@return the value of {@code zipjack.compression.filter-order}} */
  public int getFilterOrder() {
    return filterOrder;
  }

  /**
   * Sets {@code zipjack.compression.filter-order}; Spring calls it when binding.
   *
   * @param filterOrder the bound value
   */
  public void setFilterOrder(int filterOrder) {
    this.filterOrder = filterOrder;
  }

  /** {@return the value of {@code zipjack.compression.converter}} */
  public Converter getConverter() {
    return converter;
  }

  /** {@return the value of {@code zipjack.compression.dictionaries}} */
  public List<Dictionary> getDictionaries() {
    return dictionaries;
  }

  /**
   * Sets {@code zipjack.compression.dictionaries}; Spring calls it when binding.
   *
   * @param dictionaries the bound value
   */
  public void setDictionaries(List<Dictionary> dictionaries) {
    this.dictionaries = dictionaries;
  }

  /** {@return the value of {@code zipjack.compression.dictionary-path}} */
  public String getDictionaryPath() {
    return dictionaryPath;
  }

  /**
   * Sets {@code zipjack.compression.dictionary-path}; Spring calls it when binding.
   *
   * @param dictionaryPath the bound value
   */
  public void setDictionaryPath(String dictionaryPath) {
    this.dictionaryPath = dictionaryPath;
  }

  /** zipjack.compression.dictionaries[N].*: one HTTP dictionary. */
  public static class Dictionary {
    /** An entry with no value set; Spring makes one per {@code dictionaries[N]} it binds. */
    public Dictionary() {
    }

    /**
     * The dictionary's bytes, as a Spring resource location (file:/etc/app/orders.dict,
     * classpath:dictionaries/orders.dict): raw content, or a trained zstd dictionary (zstd --train,
     * bench/tune --train-dictionary), of which the content part is served.
     */
    private String location;

    /** The URL pattern of the responses it compresses, on this origin, such as /api/*; required. */
    private String match;

    /** The request destinations (Sec-Fetch-Dest) clients may use it for, such as document or json; all when empty. */
    private List<String> matchDest = new ArrayList<>();

    /** A name for it that clients send back as Dictionary-ID. */
    private String id;

    /** How long clients may keep it (its Cache-Control max-age). */
    private Duration maxAge = Duration.ofDays(1);

    /** {@return the value of {@code zipjack.compression.dictionaries[N].location}} */
    public String getLocation() {
      return location;
    }

    /**
     * Sets {@code zipjack.compression.dictionaries[N].location}; Spring calls it when binding.
     *
     * @param location the bound value
     */
    public void setLocation(String location) {
      this.location = location;
    }

    /** {@return the value of {@code zipjack.compression.dictionaries[N].match}} */
    public String getMatch() {
      return match;
    }

    /**
     * Sets {@code zipjack.compression.dictionaries[N].match}; Spring calls it when binding.
     *
     * @param match the bound value
     */
    public void setMatch(String match) {
      this.match = match;
    }

    /** {@return the value of {@code zipjack.compression.dictionaries[N].match-dest}} */
    public List<String> getMatchDest() {
      return matchDest;
    }

    /**
     * Sets {@code zipjack.compression.dictionaries[N].match-dest}; Spring calls it when binding.
     *
     * @param matchDest the bound value
     */
    public void setMatchDest(List<String> matchDest) {
      this.matchDest = matchDest;
    }

    /** {@return the value of {@code zipjack.compression.dictionaries[N].id}} */
    public String getId() {
      return id;
    }

    /**
     * Sets {@code zipjack.compression.dictionaries[N].id}; Spring calls it when binding.
     *
     * @param id the bound value
     */
    public void setId(String id) {
      this.id = id;
    }

    /** {@return the value of {@code zipjack.compression.dictionaries[N].max-age}} */
    public Duration getMaxAge() {
      return maxAge;
    }

    /**
     * Sets {@code zipjack.compression.dictionaries[N].max-age}; Spring calls it when binding.
     *
     * @param maxAge the bound value
     */
    public void setMaxAge(Duration maxAge) {
      this.maxAge = maxAge;
    }
  }

  /** zipjack.compression.converter.*. */
  public static class Converter {
    /** The converter's properties at their defaults; Spring fills them when binding. */
    public Converter() {
    }

    private boolean enabled = SettingCatalog.CONVERTER_ENABLED.defaultValue();

    /** {@return the value of {@code zipjack.compression.converter.enabled}} */
    public boolean isEnabled() {
      return enabled;
    }

    /**
     * Sets {@code zipjack.compression.converter.enabled}; Spring calls it when binding.
     *
     * @param enabled the bound value
     */
    public void setEnabled(boolean enabled) {
      this.enabled = enabled;
    }
  }
}
