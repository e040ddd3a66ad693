package io.github.zipjack.spring;

import io.github.zipjack.Pipeline;
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
 * auto-configuration turns them into {@link io.github.zipjack.servlet.CompressionSettings}, and a bad
 * value stops start-up with a message naming the property. Not thread-safe; Spring owns it.
 */
@ConfigurationProperties(prefix = "zipjack.compression")
public class ZipjackCompressionProperties {
  /** Whether zipjack compresses this application's responses at all. */
  private boolean enabled = true;

  /**
   * Content codings offered, most preferred first, in the filter's syntax: zstd(1), gzip(1),
   * brotli(4); also br(4), gzip(1, ZLIB), or a bare name for its default level. When
   * unset, zstd(1), gzip(1) and brotli(4), each offered only when its library loads; when set, each
   * listed coding must load or start-up fails naming the missing artifact.
   */
  private String codings;

  /** Bodies shorter than this are sent uncompressed. */
  private DataSize minBodySize = DataSize.ofBytes(1024);

  /** Bodies up to this size are held whole and sent with an exact Content-Length; larger ones stream. */
  private DataSize maxBufferedSize = DataSize.ofMegabytes(8);

  /**
   * Compressible media types: type/subtype, type/* or type/*+suffix. When
   * unset, text, JSON, MessagePack, JavaScript, XML and SVG.
   */
  private List<String> mimeTypes = new ArrayList<>();

  /** Idle buffer memory kept for reuse. */
  private DataSize segmentPoolSize = DataSize.ofMegabytes(8);

  /** Idle encoders (and decoders) kept per coding. */
  private int encoderPoolSize = 32;

  /** Whether gzip, zstd and brotli request bodies are inflated for the application. */
  private boolean inflateRequests = true;

  /** The most an inflated request body may hold; 413 past it. */
  private DataSize maxInflatedRequestSize = DataSize.ofMegabytes(16);

  /** The most inflated bytes per compressed byte a request body may have; 413 past it. */
  private int maxInflationRatio = 100;

  /**
   * A flush not followed by the end of the body within this time is early: what is held goes out
   * at once, uncompressed, and the rest passes through (0: at the flush itself). Server-Sent Events
   * and other streams stay live this way.
   */
  private Duration flushGrace = Duration.ofMillis(20);

  /**
   * Threads that may compress one large gzip or zstd response, the request's own included (brotli is
   * always serial); 1 for none. When unset, the number of processors: a response never waits for a
   * busy worker, so under load each is compressed on its own thread as before.
   */
  private Integer compressionThreads;

  /** Responses up to this size are compressed on the request's thread whatever compression-threads says. */
  private DataSize parallelThreshold = DataSize.ofBytes(Pipeline.DEFAULT_PARALLEL_THRESHOLD_BYTES);

  /** The filter's position among the servlet filters; the default wraps nearly all of them. */
  private int filterOrder = ZipjackCompressionAutoConfiguration.DEFAULT_FILTER_ORDER;

  /** Settings of the message converters that serialize straight into the compressed body. */
  private final Converter converter = new Converter();

  /**
   * HTTP dictionaries (RFC 9842): each served under dictionary-path, linked from the responses
   * under its match, and used for dcz with the clients that hold it. List the newest first; keep
   * the previous one listed while clients may still hold it.
   */
  private List<Dictionary> dictionaries = new ArrayList<>();

  /** Where the dictionaries are served, below the context path; each at this path, a slash and its hash. */
  private String dictionaryPath = "/zipjack/dictionaries";

  public boolean isEnabled() {
    return enabled;
  }

  public void setEnabled(boolean enabled) {
    this.enabled = enabled;
  }

  public String getCodings() {
    return codings;
  }

  public void setCodings(String codings) {
    this.codings = codings;
  }

  public DataSize getMinBodySize() {
    return minBodySize;
  }

  public void setMinBodySize(DataSize minBodySize) {
    this.minBodySize = minBodySize;
  }

  public DataSize getMaxBufferedSize() {
    return maxBufferedSize;
  }

  public void setMaxBufferedSize(DataSize maxBufferedSize) {
    this.maxBufferedSize = maxBufferedSize;
  }

  public List<String> getMimeTypes() {
    return mimeTypes;
  }

  public void setMimeTypes(List<String> mimeTypes) {
    this.mimeTypes = mimeTypes;
  }

  public DataSize getSegmentPoolSize() {
    return segmentPoolSize;
  }

  public void setSegmentPoolSize(DataSize segmentPoolSize) {
    this.segmentPoolSize = segmentPoolSize;
  }

  public int getEncoderPoolSize() {
    return encoderPoolSize;
  }

  public void setEncoderPoolSize(int encoderPoolSize) {
    this.encoderPoolSize = encoderPoolSize;
  }

  public boolean isInflateRequests() {
    return inflateRequests;
  }

  public void setInflateRequests(boolean inflateRequests) {
    this.inflateRequests = inflateRequests;
  }

  public DataSize getMaxInflatedRequestSize() {
    return maxInflatedRequestSize;
  }

  public void setMaxInflatedRequestSize(DataSize maxInflatedRequestSize) {
    this.maxInflatedRequestSize = maxInflatedRequestSize;
  }

  public int getMaxInflationRatio() {
    return maxInflationRatio;
  }

  public void setMaxInflationRatio(int maxInflationRatio) {
    this.maxInflationRatio = maxInflationRatio;
  }

  public Duration getFlushGrace() {
    return flushGrace;
  }

  public void setFlushGrace(Duration flushGrace) {
    this.flushGrace = flushGrace;
  }

  public Integer getCompressionThreads() {
    return compressionThreads;
  }

  public void setCompressionThreads(Integer compressionThreads) {
    this.compressionThreads = compressionThreads;
  }

  public DataSize getParallelThreshold() {
    return parallelThreshold;
  }

  public void setParallelThreshold(DataSize parallelThreshold) {
    this.parallelThreshold = parallelThreshold;
  }

  public int getFilterOrder() {
    return filterOrder;
  }

  public void setFilterOrder(int filterOrder) {
    this.filterOrder = filterOrder;
  }

  public Converter getConverter() {
    return converter;
  }

  public List<Dictionary> getDictionaries() {
    return dictionaries;
  }

  public void setDictionaries(List<Dictionary> dictionaries) {
    this.dictionaries = dictionaries;
  }

  public String getDictionaryPath() {
    return dictionaryPath;
  }

  public void setDictionaryPath(String dictionaryPath) {
    this.dictionaryPath = dictionaryPath;
  }

  /** zipjack.compression.dictionaries[N].*: one HTTP dictionary. */
  public static class Dictionary {
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

    public String getLocation() {
      return location;
    }

    public void setLocation(String location) {
      this.location = location;
    }

    public String getMatch() {
      return match;
    }

    public void setMatch(String match) {
      this.match = match;
    }

    public List<String> getMatchDest() {
      return matchDest;
    }

    public void setMatchDest(List<String> matchDest) {
      this.matchDest = matchDest;
    }

    public String getId() {
      return id;
    }

    public void setId(String id) {
      this.id = id;
    }

    public Duration getMaxAge() {
      return maxAge;
    }

    public void setMaxAge(Duration maxAge) {
      this.maxAge = maxAge;
    }
  }

  /** zipjack.compression.converter.*. */
  public static class Converter {
    /**
     * Whether controllers' JSON (and MessagePack) return values are serialized by the application's
     * own mapper straight into the negotiated compressed body, ahead of Spring's Jackson converter,
     * instead of being compressed afterwards by the filter.
     */
    private boolean enabled = true;

    public boolean isEnabled() {
      return enabled;
    }

    public void setEnabled(boolean enabled) {
      this.enabled = enabled;
    }
  }
}
