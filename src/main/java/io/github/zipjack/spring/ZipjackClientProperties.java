package io.github.zipjack.spring;

import io.github.zipjack.settings.SettingCatalog;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * The zipjack.client.* properties: how the {@code RestClient.Builder} and {@code RestTemplateBuilder}
 * that Spring Boot injects ask for, decode and send compressed bodies
 * ({@link DecodingClientInterceptor}). Bound once at start-up; a bad value stops start-up with a
 * message naming the property and the client builder's own words
 * ({@code maxDecodedBytes must be >= 1: 0}). Not thread-safe; Spring owns it.
 *
 * <p>Each property's meaning, range and default are defined once, with the client's builders; the
 * IDE's configuration metadata and docs/http-client.md are made from that definition, and the
 * defaults below are read from it.
 */
@ConfigurationProperties(prefix = "zipjack.client")
public class ZipjackClientProperties {
  private boolean enabled = SettingCatalog.CLIENT_ENABLED.defaultValue();
  // empty: zstd, gzip and br, each only when its library loads
  private List<String> codings = new ArrayList<>();
  private DataSize maxDecodedSize = DataSize.ofBytes(SettingCatalog.MAX_DECODED_BYTES.defaultValue());
  private boolean compressRequests = SettingCatalog.COMPRESS_REQUESTS.defaultValue();
  private DataSize compressRequestsMinSize = DataSize.ofBytes(SettingCatalog.COMPRESS_REQUESTS_MIN_BYTES.defaultValue());
  private String requestCoding = SettingCatalog.REQUEST_CODING.defaultValue();
  private int requestLevel = SettingCatalog.REQUEST_LEVEL.defaultValue();
  private final Dictionaries dictionaries = new Dictionaries();
  private final Converter converter = new Converter();

  /** Properties at their defaults, for Spring to bind. */
  public ZipjackClientProperties() {
  }

  /** {@return the {@code zipjack.client.dictionaries.*} properties; bound by Spring, never null} */
  public Dictionaries getDictionaries() {
    return dictionaries;
  }

  /** {@return the {@code zipjack.client.converter.*} properties; bound by Spring, never null} */
  public Converter getConverter() {
    return converter;
  }

  /** The zipjack.client.converter.* properties. */
  public static class Converter {
    private boolean enabled = SettingCatalog.CLIENT_CONVERTER_ENABLED.defaultValue();

    /** Properties at their defaults, for Spring to bind. */
    public Converter() {
    }

    /**
     * {@return whether zipjack's message converter reads and writes JSON bodies (and MessagePack ones, with
     * jackson-dataformat-msgpack on the class path)}
     * Property {@code zipjack.client.converter.enabled}.
     */
    public boolean isEnabled() {
      return enabled;
    }

    /**
     * Sets {@code zipjack.client.converter.enabled}.
     *
     * @param enabled true to register the converter
     */
    public void setEnabled(boolean enabled) {
      this.enabled = enabled;
    }
  }

  /** The zipjack.client.dictionaries.* properties. */
  public static class Dictionaries {
    private boolean enabled = SettingCatalog.CLIENT_DICTIONARIES.defaultValue();
    /** Whether {@code enabled} was bound: then dictionaries without zstd stop start-up, else they are off. */
    private boolean enabledSet;
    private DataSize maxSize = DataSize.ofBytes(SettingCatalog.DICTIONARY_MAX_BYTES.defaultValue());
    private int maxCount = SettingCatalog.DICTIONARY_MAX_COUNT.defaultValue();
    private int maxOrigins = SettingCatalog.DICTIONARY_MAX_ORIGINS.defaultValue();
    private boolean fetchLinked = SettingCatalog.FETCH_LINKED.defaultValue();

    /** Properties at their defaults, for Spring to bind. */
    public Dictionaries() {
    }

    /**
     * {@return whether answers marked {@code Use-As-Dictionary} are kept and used for dcz; by
     * default where zstd decodes}
     * Property {@code zipjack.client.dictionaries.enabled}.
     */
    public boolean isEnabled() {
      return enabled;
    }

    /**
     * Sets {@code zipjack.client.dictionaries.enabled}, checked when the client is built: once set
     * to true, a client that cannot decode zstd stops start-up.
     *
     * @param enabled true to keep and use dictionaries
     */
    public void setEnabled(boolean enabled) {
      this.enabled = enabled;
      this.enabledSet = true;
    }

    /** Whether {@code enabled} was set rather than left at its default. */
    boolean enabledExplicitly() {
      return enabledSet;
    }

    /**
     * {@return the most bytes of dictionaries held for one origin}
     * Property {@code zipjack.client.dictionaries.max-size}.
     */
    public DataSize getMaxSize() {
      return maxSize;
    }

    /**
     * Sets {@code zipjack.client.dictionaries.max-size}, checked when the client is built.
     *
     * @param maxSize the most bytes held for one origin
     */
    public void setMaxSize(DataSize maxSize) {
      this.maxSize = maxSize;
    }

    /** {@return the most dictionaries held for one origin} Property {@code zipjack.client.dictionaries.max-count}. */
    public int getMaxCount() {
      return maxCount;
    }

    /**
     * Sets {@code zipjack.client.dictionaries.max-count}, checked when the client is built.
     *
     * @param maxCount the most dictionaries held for one origin
     */
    public void setMaxCount(int maxCount) {
      this.maxCount = maxCount;
    }

    /**
     * {@return the most origins whose dictionaries are held at once}
     * Property {@code zipjack.client.dictionaries.max-origins}.
     */
    public int getMaxOrigins() {
      return maxOrigins;
    }

    /**
     * Sets {@code zipjack.client.dictionaries.max-origins}, checked when the client is built.
     *
     * @param maxOrigins the most origins whose dictionaries are held
     */
    public void setMaxOrigins(int maxOrigins) {
      this.maxOrigins = maxOrigins;
    }

    /**
     * {@return whether a same-origin dictionary an answer names with
     * {@code Link: <url>; rel="compression-dictionary"} is fetched, in the background}
     * Property {@code zipjack.client.dictionaries.fetch-linked}.
     */
    public boolean isFetchLinked() {
      return fetchLinked;
    }

    /**
     * Sets {@code zipjack.client.dictionaries.fetch-linked}; used only with dictionaries enabled.
     *
     * @param fetchLinked true to fetch linked dictionaries
     */
    public void setFetchLinked(boolean fetchLinked) {
      this.fetchLinked = fetchLinked;
    }
  }

  /**
   * {@return whether zipjack decodes and compresses the bodies of RestClient and RestTemplate calls}
   * Property {@code zipjack.client.enabled}.
   */
  public boolean isEnabled() {
    return enabled;
  }

  /**
   * Sets {@code zipjack.client.enabled}, checked when the client is built.
   *
   * @param enabled true to decode and compress
   */
  public void setEnabled(boolean enabled) {
    this.enabled = enabled;
  }

  /**
   * {@return the content codings asked for and decoded, most preferred first; empty for all that load}
   * Property {@code zipjack.client.codings}.
   */
  public List<String> getCodings() {
    return codings;
  }

  /**
   * Sets {@code zipjack.client.codings}, checked when the client is built.
   *
   * @param codings a mutable list, bound by Spring; empty for all whose library loads
   */
  public void setCodings(List<String> codings) {
    this.codings = codings;
  }

  /** {@return the most bytes an answer may decode to} Property {@code zipjack.client.max-decoded-size}. */
  public DataSize getMaxDecodedSize() {
    return maxDecodedSize;
  }

  /**
   * Sets {@code zipjack.client.max-decoded-size}, checked when the client is built.
   *
   * @param maxDecodedSize the most bytes an answer may decode to
   */
  public void setMaxDecodedSize(DataSize maxDecodedSize) {
    this.maxDecodedSize = maxDecodedSize;
  }

  /**
   * {@return whether request bodies of at least {@code compress-requests-min-size} are compressed}
   * Property {@code zipjack.client.compress-requests}.
   */
  public boolean isCompressRequests() {
    return compressRequests;
  }

  /**
   * Sets {@code zipjack.client.compress-requests}, checked when the client is built.
   *
   * @param compressRequests true to compress request bodies
   */
  public void setCompressRequests(boolean compressRequests) {
    this.compressRequests = compressRequests;
  }

  /**
   * {@return the size under which request bodies are sent uncompressed}
   * Property {@code zipjack.client.compress-requests-min-size}.
   */
  public DataSize getCompressRequestsMinSize() {
    return compressRequestsMinSize;
  }

  /**
   * Sets {@code zipjack.client.compress-requests-min-size}, checked when the client is built.
   *
   * @param compressRequestsMinSize smaller request bodies go uncompressed
   */
  public void setCompressRequestsMinSize(DataSize compressRequestsMinSize) {
    this.compressRequestsMinSize = compressRequestsMinSize;
  }

  /**
   * {@return the coding of compressed request bodies: gzip, zstd or br}
   * Property {@code zipjack.client.request-coding}.
   */
  public String getRequestCoding() {
    return requestCoding;
  }

  /**
   * Sets {@code zipjack.client.request-coding}, checked when the client is built.
   *
   * @param requestCoding gzip, zstd or br
   */
  public void setRequestCoding(String requestCoding) {
    this.requestCoding = requestCoding;
  }

  /**
   * {@return the level of compressed request bodies (brotli: the quality)}
   * Property {@code zipjack.client.request-level}.
   */
  public int getRequestLevel() {
    return requestLevel;
  }

  /**
   * Sets {@code zipjack.client.request-level}, checked when the client is built.
   *
   * @param requestLevel the level, or brotli quality
   */
  public void setRequestLevel(int requestLevel) {
    this.requestLevel = requestLevel;
  }
}
