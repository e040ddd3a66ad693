package io.github.zipjack.spring;

import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * The zipjack.client.* properties: how the {@code RestClient.Builder} and {@code RestTemplateBuilder}
 * that Spring Boot injects ask for, decode and send compressed bodies
 * ({@link DecodingClientInterceptor}). Bound once at start-up; a bad value stops start-up with a
 * message naming the property. Not thread-safe; Spring owns it.
 */
@ConfigurationProperties(prefix = "zipjack.client")
public class ZipjackClientProperties {
  /** Whether zipjack decodes and compresses the bodies of the application's RestClient and RestTemplate calls. */
  private boolean enabled = true;

  /**
   * Content codings asked for and decoded, most preferred first: zstd, gzip, br. When unset, all
   * three, each only when its library loads; when set, each must load or start-up fails.
   */
  private List<String> codings = new ArrayList<>();

  /** The most bytes an answer may decode to; past it the read fails. */
  private DataSize maxDecodedSize = DataSize.ofMegabytes(64);

  /** Whether request bodies of at least compress-requests-min-size are compressed. */
  private boolean compressRequests = false;

  /** Request bodies shorter than this are sent uncompressed. */
  private DataSize compressRequestsMinSize = DataSize.ofKilobytes(1);

  /** The coding of compressed request bodies: gzip, zstd or br. */
  private String requestCoding = "gzip";

  /** The level of compressed request bodies (brotli: the quality). */
  private int requestLevel = 1;

  /** RFC 9842 compression dictionaries (dcz). */
  private final Dictionaries dictionaries = new Dictionaries();

  /** Properties at their defaults, for Spring to bind. */
  public ZipjackClientProperties() {
  }

  /** {@return the {@code zipjack.client.dictionaries.*} properties; bound by Spring, never null} */
  public Dictionaries getDictionaries() {
    return dictionaries;
  }

  /** The zipjack.client.dictionaries.* properties. */
  public static class Dictionaries {
    /** Whether answers marked Use-As-Dictionary are kept, announced for matching URLs and used to decode dcz. */
    private boolean enabled = false;

    /** The most bytes of dictionaries held, all together. */
    private DataSize maxSize = DataSize.ofMegabytes(16);

    /** The most dictionaries held. */
    private int maxCount = 16;

    /** Properties at their defaults, for Spring to bind. */
    public Dictionaries() {
    }

    /**
     * {@return whether answers marked {@code Use-As-Dictionary} are kept and used for dcz}
     * Property {@code zipjack.client.dictionaries.enabled}.
     */
    public boolean isEnabled() {
      return enabled;
    }

    /**
     * Sets {@code zipjack.client.dictionaries.enabled}, checked when the client is built.
     *
     * @param enabled true to keep and use dictionaries; default false
     */
    public void setEnabled(boolean enabled) {
      this.enabled = enabled;
    }

    /**
     * {@return the most bytes of dictionaries held, all together}
     * Property {@code zipjack.client.dictionaries.max-size}.
     */
    public DataSize getMaxSize() {
      return maxSize;
    }

    /**
     * Sets {@code zipjack.client.dictionaries.max-size}, checked when the client is built.
     *
     * @param maxSize the most bytes held, all together; default 16MB
     */
    public void setMaxSize(DataSize maxSize) {
      this.maxSize = maxSize;
    }

    /** {@return the most dictionaries held} Property {@code zipjack.client.dictionaries.max-count}. */
    public int getMaxCount() {
      return maxCount;
    }

    /**
     * Sets {@code zipjack.client.dictionaries.max-count}, checked when the client is built.
     *
     * @param maxCount the most dictionaries held; default 16
     */
    public void setMaxCount(int maxCount) {
      this.maxCount = maxCount;
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
   * @param enabled true to decode and compress; default true
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
   * @param maxDecodedSize the most bytes an answer may decode to; default 64MB
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
   * @param compressRequests true to compress request bodies; default false
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
   * @param compressRequestsMinSize smaller request bodies go uncompressed; default 1KB
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
   * @param requestCoding gzip, zstd or br; default gzip
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
   * @param requestLevel the level, or brotli quality; default 1
   */
  public void setRequestLevel(int requestLevel) {
    this.requestLevel = requestLevel;
  }
}
