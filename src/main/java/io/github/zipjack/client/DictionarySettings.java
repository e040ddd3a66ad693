package io.github.zipjack.client;

import io.github.zipjack.settings.SettingCatalog;

/**
 * How a {@link CompressedHttpClient} holds RFC 9842 compression dictionaries. Each origin has a
 * budget of its own, so that no server can evict or replace another's dictionaries: at most
 * {@link #maxCount()} dictionaries and {@link #maxBytes()} bytes per origin (a larger one is not
 * kept; when full, that origin's least recently used goes), for at most {@link #maxOrigins()}
 * origins (another origin's dictionaries are not kept until one of those holds none that is fresh),
 * so that all held stay within {@code maxOrigins x maxBytes}. Each is held only while its answer
 * stays fresh ({@code Cache-Control: max-age}, less {@code Age}; or {@code Expires} less
 * {@code Date}; at most 2^31 seconds). Also whether a dictionary named by
 * {@code Link: <url>; rel="compression-dictionary"} is fetched. Immutable; made by {@link #builder()}.
 */
public final class DictionarySettings {
  private final long maxBytes;
  private final int maxCount;
  private final int maxOrigins;
  private final boolean fetchLinked;

  private DictionarySettings(Builder b) {
    this.maxBytes = b.maxBytes;
    this.maxCount = b.maxCount;
    this.maxOrigins = b.maxOrigins;
    this.fetchLinked = b.fetchLinked;
  }

  /** {@return a builder with every setting at its default} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return the most bytes of dictionaries held for one origin} */
  public long maxBytes() {
    return maxBytes;
  }

  /** {@return the most dictionaries held for one origin} */
  public int maxCount() {
    return maxCount;
  }

  /** {@return the most origins whose dictionaries are held at once} */
  public int maxOrigins() {
    return maxOrigins;
  }

  /** {@return whether dictionaries named by a {@code Link} header (same origin only) are fetched} */
  public boolean fetchLinked() {
    return fetchLinked;
  }

  @Override
  public String toString() {
    return "DictionarySettings[maxBytes=" + maxBytes + ", maxCount=" + maxCount + ", maxOrigins=" + maxOrigins
        + ", fetchLinked=" + fetchLinked + "]";
  }

  /** Collects dictionary settings. Not thread-safe. */
  public static final class Builder {
    private long maxBytes = SettingCatalog.DICTIONARY_MAX_BYTES.defaultValue();
    private int maxCount = SettingCatalog.DICTIONARY_MAX_COUNT.defaultValue();
    private int maxOrigins = SettingCatalog.DICTIONARY_MAX_ORIGINS.defaultValue();
    private boolean fetchLinked = SettingCatalog.FETCH_LINKED.defaultValue();

    private Builder() {}

    /**
     * The most bytes of dictionaries held for one origin; default 16 MiB.
     *
     * @param bytes in [1, 1 GiB]
     * @return this builder
     * @throws IllegalArgumentException outside that range
     */
    public Builder maxBytes(long bytes) {
      this.maxBytes = SettingCatalog.DICTIONARY_MAX_BYTES.check(bytes);
      return this;
    }

    /**
     * The most dictionaries held for one origin; default 16.
     *
     * @param count in [1, 1000]
     * @return this builder
     * @throws IllegalArgumentException outside that range
     */
    public Builder maxCount(int count) {
      this.maxCount = SettingCatalog.DICTIONARY_MAX_COUNT.check(count);
      return this;
    }

    /**
     * The most origins whose dictionaries are held at once; default 8. While that many origins hold
     * a fresh dictionary, another origin's are not kept: no origin can push out another's.
     *
     * @param count in [1, 1000]
     * @return this builder
     * @throws IllegalArgumentException outside that range
     */
    public Builder maxOrigins(int count) {
      this.maxOrigins = SettingCatalog.DICTIONARY_MAX_ORIGINS.check(count);
      return this;
    }

    /**
     * Whether to fetch, in the background, a same-origin dictionary that an answer names with
     * {@code Link: <url>; rel="compression-dictionary"}. Default false.
     *
     * @param fetch true to fetch them
     * @return this builder
     */
    public Builder fetchLinked(boolean fetch) {
      this.fetchLinked = fetch;
      return this;
    }

    /** {@return immutable settings; the builder is left as it was} */
    public DictionarySettings build() {
      return new DictionarySettings(this);
    }
  }
}
