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

    public boolean isEnabled() {
      return enabled;
    }

    public void setEnabled(boolean enabled) {
      this.enabled = enabled;
    }

    public DataSize getMaxSize() {
      return maxSize;
    }

    public void setMaxSize(DataSize maxSize) {
      this.maxSize = maxSize;
    }

    public int getMaxCount() {
      return maxCount;
    }

    public void setMaxCount(int maxCount) {
      this.maxCount = maxCount;
    }
  }

  public boolean isEnabled() {
    return enabled;
  }

  public void setEnabled(boolean enabled) {
    this.enabled = enabled;
  }

  public List<String> getCodings() {
    return codings;
  }

  public void setCodings(List<String> codings) {
    this.codings = codings;
  }

  public DataSize getMaxDecodedSize() {
    return maxDecodedSize;
  }

  public void setMaxDecodedSize(DataSize maxDecodedSize) {
    this.maxDecodedSize = maxDecodedSize;
  }

  public boolean isCompressRequests() {
    return compressRequests;
  }

  public void setCompressRequests(boolean compressRequests) {
    this.compressRequests = compressRequests;
  }

  public DataSize getCompressRequestsMinSize() {
    return compressRequestsMinSize;
  }

  public void setCompressRequestsMinSize(DataSize compressRequestsMinSize) {
    this.compressRequestsMinSize = compressRequestsMinSize;
  }

  public String getRequestCoding() {
    return requestCoding;
  }

  public void setRequestCoding(String requestCoding) {
    this.requestCoding = requestCoding;
  }

  public int getRequestLevel() {
    return requestLevel;
  }

  public void setRequestLevel(int requestLevel) {
    this.requestLevel = requestLevel;
  }
}
