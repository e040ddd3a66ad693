package io.github.zipjack.client;

/**
 * How a {@link CompressedHttpClient} holds RFC 9842 compression dictionaries: at most
 * {@link #maxCount()} of them and {@link #maxBytes()} bytes in all (a larger one is not kept; when
 * full, the least recently used goes), each only while its answer stays fresh
 * ({@code Cache-Control: max-age}, less {@code Age}; or {@code Expires} less {@code Date}), and
 * whether a dictionary named by {@code Link: <url>; rel="compression-dictionary"} is fetched.
 * Immutable; made by {@link #builder()}.
 */
public final class DictionarySettings {
  private final long maxBytes;
  private final int maxCount;
  private final boolean fetchLinked;

  private DictionarySettings(Builder b) {
    this.maxBytes = b.maxBytes;
    this.maxCount = b.maxCount;
    this.fetchLinked = b.fetchLinked;
  }

  /** {@return a builder with every setting at its default} */
  public static Builder builder() {
    return new Builder();
  }

  /** {@return the most bytes of dictionaries held, all together} */
  public long maxBytes() {
    return maxBytes;
  }

  /** {@return the most dictionaries held} */
  public int maxCount() {
    return maxCount;
  }

  /** {@return whether dictionaries named by a {@code Link} header (same origin only) are fetched} */
  public boolean fetchLinked() {
    return fetchLinked;
  }

  @Override
  public String toString() {
    return "DictionarySettings[maxBytes=" + maxBytes + ", maxCount=" + maxCount + ", fetchLinked=" + fetchLinked + "]";
  }

  /** Collects dictionary settings. Not thread-safe. */
  public static final class Builder {
    private long maxBytes = 16L * 1024 * 1024;
    private int maxCount = 16;
    private boolean fetchLinked;

    private Builder() {}

    /**
     * The most bytes of dictionaries held, all together; default 16 MiB.
     *
     * @param bytes in [1, 1 GiB]
     * @return this builder
     * @throws IllegalArgumentException outside that range
     */
    public Builder maxBytes(long bytes) {
      if (bytes < 1 || bytes > 1L << 30) {
        throw new IllegalArgumentException("maxBytes must be in [1, " + (1L << 30) + "]: " + bytes);
      }
      this.maxBytes = bytes;
      return this;
    }

    /**
     * The most dictionaries held; default 16.
     *
     * @param count in [1, 1000]
     * @return this builder
     * @throws IllegalArgumentException outside that range
     */
    public Builder maxCount(int count) {
      if (count < 1 || count > 1000) {
        throw new IllegalArgumentException("maxCount must be in [1, 1000]: " + count);
      }
      this.maxCount = count;
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
