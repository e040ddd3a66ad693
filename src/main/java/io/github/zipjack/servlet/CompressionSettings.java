package io.github.zipjack.servlet;

import io.github.zipjack.Compression;
import io.github.zipjack.GzipImplementation;
import io.github.zipjack.Pipeline;
import io.github.zipjack.codec.Parallelism;
import io.github.zipjack.settings.Setting;
import io.github.zipjack.settings.SettingCatalog;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@link CompressionFilter} does: the codings it offers and their levels, when a response is
 * worth compressing, how much it buffers, and the limits on inflated request bodies. Immutable and
 * thread-safe; made by {@link #builder()} or {@link #fromInitParameters(Function)}, whose parameter
 * names are the builder's setter names.
 *
 * <p>Each setting is set once: a second call of a setter fails, as in {@code Pipeline.Builder}. Ranges,
 * defaults and messages are shared with {@code Pipeline.Builder} and the Spring Boot properties; each
 * setter's doc gives its default, and docs/servlet-filter.md lists them all with their init parameters.
 *
 * <p>Why these defaults (figures from docs/benchmarks.md's engine table, x1 = 112 KB of JSON): zstd level 1
 * is the fastest engine (about 2.2x the study's best gzip) and its output is smaller than gzip level
 * 1 (32% against 33-36% of raw), so it comes first for the browsers that take it; gzip level 1 is
 * what every client takes, the study's choice for throughput; brotli quality 4 makes the smallest
 * bodies (30%) but at zlib-1 speed, a third of libdeflate's and of zstd's, so it serves only clients
 * that prefer it by weight or accept nothing else. A server short of bandwidth rather than CPU
 * lists {@code brotli(4)} or {@code brotli(5)} before gzip. Bodies under 1 KiB are not compressed:
 * every coding saves only 35-40% there, the response fits one TCP segment either way, and per-body
 * set-up dominates. 8 MiB holds the study's 1.1 MB x10 body seven times over.
 */
public final class CompressionSettings {
  /** The init parameter names, which are the builder's setter names. */
  public static final Set<String> INIT_PARAMETER_NAMES = SettingCatalog.on(Setting.Surface.INIT_PARAMETER).stream()
      .map(Setting::name).collect(Collectors.toUnmodifiableSet());
  /** How each init parameter's text reaches the builder; its keys are {@link #INIT_PARAMETER_NAMES}. */
  static final Map<String, BiConsumer<Builder, String>> INIT_PARAMETERS = initParameters();
  static final String DEFAULT_DICTIONARY_PATH = SettingCatalog.DICTIONARY_PATH.defaultValue();
  private static final Pattern DICTIONARY_PATH = Pattern.compile("(/[A-Za-z0-9._~!$&'()*+,;=:@-]+)+");
  /** Default codings, most preferred first. */
  static final List<Compression> DEFAULT_CODINGS =
      List.of(Compression.zstd(1), Compression.gzip(1), Compression.brotli(4));
  static final List<String> DEFAULT_MIME_TYPES = List.of("text/*", "application/json", "application/*+json",
      "application/msgpack", "application/x-msgpack", "application/vnd.msgpack", "application/javascript",
      "application/x-javascript", "application/ecmascript", "application/xml", "application/*+xml",
      "image/svg+xml");
  private static final Pattern MIME_TYPE = Pattern.compile("[a-z0-9!#$&^_.+-]+/(\\*|\\*\\+[a-z0-9!#$&^_.+-]+|[a-z0-9!#$&^_.+-]+)");
  private static final Pattern CODING = Pattern.compile("(gzip|zstd|brotli|br)\\s*(?:\\(\\s*(\\d+)\\s*(?:,\\s*(\\w+)\\s*)?\\))?",
      Pattern.CASE_INSENSITIVE);

  private final List<Compression> codings;
  /** True when the user listed the codings: then each must load, else the filter fails to start. */
  private final boolean codingsRequired;
  private final long minBodyBytes;
  private final long maxBufferedBytes;
  private final List<String> mimeTypes;
  /** The patterns of {@link #mimeTypes} without a wildcard, for {@link #isCompressible(String)}. */
  private final Set<String> exactMimeTypes;
  /** The wildcard patterns of {@link #mimeTypes}, each split at its star into {prefix, suffix}. */
  private final List<String[]> wildcardMimeTypes;
  private final long segmentPoolBytes;
  private final int encoderPoolSize;
  private final boolean inflateRequests;
  private final long maxInflatedRequestBytes;
  private final int maxInflationRatio;
  private final long flushGraceMillis;
  private final int compressionThreads;
  private final long parallelThresholdBytes;
  /** Made once per settings: the engines share the JVM's workers. */
  private final Parallelism parallelism;
  private final List<HttpDictionary> dictionaries;
  private final String dictionaryPath;

  private CompressionSettings(Builder b) {
    this.codings = b.codings == null ? DEFAULT_CODINGS : b.codings;
    this.codingsRequired = b.codings != null;
    this.minBodyBytes = b.minBodyBytes;
    this.maxBufferedBytes = b.maxBufferedBytes;
    this.mimeTypes = b.mimeTypes;
    Set<String> exact = new HashSet<>();
    List<String[]> wildcards = new ArrayList<>();
    for (String pattern : mimeTypes) {
      int star = pattern.indexOf('*');
      if (star > 0) {
        wildcards.add(new String[] {pattern.substring(0, star), pattern.substring(star + 1)});
      } else {
        exact.add(pattern);
      }
    }
    this.exactMimeTypes = Set.copyOf(exact);
    this.wildcardMimeTypes = List.copyOf(wildcards);
    this.segmentPoolBytes = b.segmentPoolBytes;
    this.encoderPoolSize = b.encoderPoolSize;
    this.inflateRequests = b.inflateRequests;
    this.maxInflatedRequestBytes = b.maxInflatedRequestBytes;
    this.maxInflationRatio = b.maxInflationRatio;
    this.flushGraceMillis = b.flushGraceMillis;
    this.compressionThreads = b.compressionThreads;
    this.parallelThresholdBytes = b.parallelThresholdBytes;
    this.parallelism = Parallelism.shared(compressionThreads, parallelThresholdBytes);
    this.dictionaries = b.dictionaries;
    this.dictionaryPath = b.dictionaryPath;
  }

  /**
   * {@return a new builder holding the defaults}
   */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * {@return the defaults}
   */
  public static CompressionSettings defaults() {
    return builder().build();
  }

  /**
   * Settings from a filter's init parameters (names as the builder's setters; absent ones keep
   * their defaults). Values: {@code codings} as {@code zstd(1), gzip(1), brotli(4)} (also
   * {@code br(4)}, {@code gzip(1, ZLIB)}, or a bare name for its default level: gzip 1, zstd 1,
   * brotli 4); byte sizes as {@code 1024}, {@code 64KiB}, {@code 8MiB}; counts, ratios and
   * milliseconds as whole numbers ({@code 32}, never {@code 8MiB}); {@code mimeTypes} comma
   * separated; {@code inflateRequests} {@code true} or {@code false}.
   *
   * @param initParameter the value of a parameter, or null when it is not set
   * @return the settings
   * @throws IllegalArgumentException naming the parameter and its value, then the builder's own
   *     message: {@code init parameter encoderPoolSize="2000": encoderPoolSize must be in [0, 1024]: 2000}
   */
  public static CompressionSettings fromInitParameters(Function<String, String> initParameter) {
    Builder b = builder();
    for (String name : INIT_PARAMETER_NAMES) {
      String value = initParameter.apply(name);
      if (value == null) {
        continue;
      }
      try {
        INIT_PARAMETERS.get(name).accept(b, value);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("init parameter " + name + "=\"" + value + "\": " + e.getMessage(), e);
      }
    }
    return b.build();
  }

  private static Map<String, BiConsumer<Builder, String>> initParameters() {
    Map<String, BiConsumer<Builder, String>> m = new HashMap<>();
    parsed(m, SettingCatalog.CODINGS, Builder::codings);
    parsed(m, SettingCatalog.MIN_BODY_BYTES, Builder::minBodyBytes);
    parsed(m, SettingCatalog.MAX_BUFFERED_BYTES, Builder::maxBufferedBytes);
    parsed(m, SettingCatalog.MIME_TYPES,
        (b, types) -> b.mimeTypes(types.isEmpty() ? new String[0] : types.split("\\s*,\\s*")));
    parsed(m, SettingCatalog.FILTER_SEGMENT_POOL_BYTES, Builder::segmentPoolBytes);
    parsed(m, SettingCatalog.ENCODER_POOL_SIZE, Builder::encoderPoolSize);
    parsed(m, SettingCatalog.INFLATE_REQUESTS, Builder::inflateRequests);
    parsed(m, SettingCatalog.MAX_INFLATED_REQUEST_BYTES, Builder::maxInflatedRequestBytes);
    parsed(m, SettingCatalog.MAX_INFLATION_RATIO, Builder::maxInflationRatio);
    parsed(m, SettingCatalog.FLUSH_GRACE_MILLIS, Builder::flushGraceMillis);
    parsed(m, SettingCatalog.COMPRESSION_THREADS, Builder::compressionThreads);
    parsed(m, SettingCatalog.PARALLEL_THRESHOLD_BYTES, Builder::parallelThresholdBytes);
    return Map.copyOf(m);
  }

  /** The init parameter of {@code setting}: its text parsed as the setting's kind says, then given to the setter. */
  private static <T> void parsed(Map<String, BiConsumer<Builder, String>> m, Setting<T> setting,
      BiConsumer<Builder, T> setter) {
    m.put(setting.name(), (b, text) -> setter.accept(b, setting.parse(text)));
  }

  static List<Compression> parseCodings(String value) {
    List<Compression> codings = new ArrayList<>();
    Matcher m = CODING.matcher(value);
    int at = 0;
    while (at < value.length()) {
      if (!m.find(at) || !value.substring(at, m.start()).matches("[\\s,]*")) {
        throw new IllegalArgumentException("codings must look like zstd(1), gzip(1), brotli(4)");
      }
      String name = m.group(1).toLowerCase(Locale.ROOT);
      Integer level = m.group(2) == null ? null : Integer.valueOf(m.group(2));
      if (m.group(3) != null && !name.equals("gzip")) {
        throw new IllegalArgumentException("only gzip takes an implementation: " + m.group());
      }
      if (name.equals("gzip")) {
        GzipImplementation implementation = m.group(3) == null ? GzipImplementation.AUTO
            : GzipImplementation.valueOf(m.group(3).toUpperCase(Locale.ROOT));
        codings.add(Compression.gzip(level == null ? 1 : level, implementation));
      } else if (name.equals("zstd")) {
        codings.add(Compression.zstd(level == null ? 1 : level));
      } else {
        codings.add(Compression.brotli(level == null ? 4 : level));
      }
      at = m.end();
      while (at < value.length() && (value.charAt(at) == ',' || Character.isWhitespace(value.charAt(at)))) {
        at++;
      }
    }
    return codings;
  }

  /**
   * {@return the codings offered, most preferred first (ties of the client's weights go by this order)}
   */
  public List<Compression> codings() {
    return codings;
  }

  /**
   * {@return the content-coding tokens of {@link #codings()}, in order: {@code zstd, gzip, br} by default}
   */
  public List<String> preference() {
    List<String> tokens = new ArrayList<>();
    codings.forEach(c -> tokens.add(c.contentEncoding()));
    return Collections.unmodifiableList(tokens);
  }

  /**
   * Whether every coding must be served: true when {@link Builder#codings} was called, false for the
   * defaults, where zstd and brotli are offered only when their libraries load.
   *
   * @return true when every coding must be served
   */
  public boolean codingsRequired() {
    return codingsRequired;
  }

  /**
   * {@return the size, in bytes, below which bodies are sent uncompressed}
   */
  public long minBodyBytes() {
    return minBodyBytes;
  }

  /**
   * {@return the size, in bytes, up to which bodies are held whole and get a Content-Length; larger ones stream}
   */
  public long maxBufferedBytes() {
    return maxBufferedBytes;
  }

  /**
   * {@return the compressible media types: {@code type/subtype}, {@code type/*} or {@code type/*+suffix}}
   */
  public List<String> mimeTypes() {
    return mimeTypes;
  }

  /**
   * {@return idle buffer bytes the filter's segment pool keeps}
   */
  public long segmentPoolBytes() {
    return segmentPoolBytes;
  }

  /**
   * {@return idle encoders (and decoders) each coding's engine keeps}
   */
  public int encoderPoolSize() {
    return encoderPoolSize;
  }

  /**
   * {@return whether compressed request bodies are inflated for the application}
   */
  public boolean inflateRequests() {
    return inflateRequests;
  }

  /**
   * {@return inflated bytes a request body may have; 413 past it}
   */
  public long maxInflatedRequestBytes() {
    return maxInflatedRequestBytes;
  }

  /**
   * {@return inflated bytes per compressed byte a request body may have; 413 past it}
   */
  public int maxInflationRatio() {
    return maxInflationRatio;
  }

  /**
   * {@return milliseconds a flush waits for the end of the body before it counts as early; see the builder}
   */
  public long flushGraceMillis() {
    return flushGraceMillis;
  }

  /**
   * {@return threads that may compress one gzip or zstd response; see {@link Builder#compressionThreads(int)}}
   */
  public int compressionThreads() {
    return compressionThreads;
  }

  /**
   * {@return the size, in bytes, up to which bodies are compressed on the request's thread}
   */
  public long parallelThresholdBytes() {
    return parallelThresholdBytes;
  }

  /**
   * {@return the HTTP dictionaries served and used for {@code dcz} and {@code dcb}, newest first; empty for none}
   */
  public List<HttpDictionary> dictionaries() {
    return dictionaries;
  }

  /**
   * {@return the path below the context path where the dictionaries are served: {@code /zipjack/dictionaries}}
   */
  public String dictionaryPath() {
    return dictionaryPath;
  }

  /** What the engines are told. */
  Parallelism parallelism() {
    return parallelism;
  }

  /**
   * Whether a response of this Content-Type is compressed: its media type (parameters and case
   * ignored) matches one of {@link #mimeTypes()}. Null (no Content-Type) is not compressible.
   *
   * @param contentType a Content-Type header value, parameters allowed; null for none
   * @return true when responses of this type are compressed
   */
  public boolean isCompressible(String contentType) {
    if (contentType == null) {
      return false;
    }
    int semicolon = contentType.indexOf(';');
    String type = (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).trim().toLowerCase(Locale.ROOT);
    int slash = type.indexOf('/');
    if (slash <= 0) {
      return false;
    }
    if (exactMimeTypes.contains(type)) {
      return true;
    }
    for (String[] wildcard : wildcardMimeTypes) {
      String prefix = wildcard[0];
      String suffix = wildcard[1];
      if (type.startsWith(prefix) && type.endsWith(suffix) && type.length() > prefix.length() + suffix.length()) {
        return true;
      }
    }
    return false;
  }

  @Override
  public String toString() {
    return "CompressionSettings[codings=" + codings + (codingsRequired ? "" : " (when their libraries load)")
        + ", minBodyBytes=" + minBodyBytes + ", maxBufferedBytes=" + maxBufferedBytes + ", mimeTypes=" + mimeTypes
        + ", segmentPoolBytes=" + segmentPoolBytes + ", encoderPoolSize=" + encoderPoolSize
        + ", inflateRequests=" + inflateRequests + ", maxInflatedRequestBytes=" + maxInflatedRequestBytes
        + ", maxInflationRatio=" + maxInflationRatio + ", flushGraceMillis=" + flushGraceMillis
        + ", compressionThreads=" + compressionThreads + ", parallelThresholdBytes=" + parallelThresholdBytes
        + (dictionaries.isEmpty() ? "" : ", dictionaries=" + dictionaries + " at " + dictionaryPath) + "]";
  }

  /**
   * Makes {@link CompressionSettings}. Not thread-safe. Each setting may be set once, as in
   * {@code Pipeline.Builder}: a second call fails with an IllegalStateException naming the value
   * already set (a value that was refused does not count as set). Each setter validates its value;
   * {@link #build()} checks combinations and leaves the builder unchanged.
   */
  public static final class Builder {
    private List<Compression> codings;
    private long minBodyBytes = SettingCatalog.MIN_BODY_BYTES.defaultValue();
    private long maxBufferedBytes = SettingCatalog.MAX_BUFFERED_BYTES.defaultValue();
    private List<String> mimeTypes = DEFAULT_MIME_TYPES;
    private long segmentPoolBytes = SettingCatalog.FILTER_SEGMENT_POOL_BYTES.defaultValue();
    private int encoderPoolSize = SettingCatalog.ENCODER_POOL_SIZE.defaultValue();
    private boolean inflateRequests = SettingCatalog.INFLATE_REQUESTS.defaultValue();
    private long maxInflatedRequestBytes = SettingCatalog.MAX_INFLATED_REQUEST_BYTES.defaultValue();
    private int maxInflationRatio = SettingCatalog.MAX_INFLATION_RATIO.defaultValue();
    private long flushGraceMillis = SettingCatalog.FLUSH_GRACE_MILLIS.defaultValue();
    private int compressionThreads = SettingCatalog.COMPRESSION_THREADS.defaultValue();
    private long parallelThresholdBytes = SettingCatalog.PARALLEL_THRESHOLD_BYTES.defaultValue();
    private List<HttpDictionary> dictionaries = List.of();
    private String dictionaryPath = DEFAULT_DICTIONARY_PATH;
    /** The names of the settings set so far. */
    private final Set<String> assigned = new HashSet<>();

    private Builder() {}

    /**
     * The codings offered and their levels, most preferred first: ties between codings the client
     * weighs equally go to the first listed. Default {@code zstd(1), gzip(1), brotli(4)}, each
     * offered only when its library loads; once set, each listed coding must load or the filter's
     * {@code init} fails naming the missing artifact.
     *
     * <p>As text, the init parameter's syntax: {@code zstd(1), gzip(1), brotli(4)}; also {@code br(4)},
     * {@code gzip(1, ZLIB)}, or a bare name for its default level (gzip 1, zstd 1, brotli 4).
     *
     * @throws IllegalArgumentException if the text does not parse, names a level out of range, is
     *     empty, or lists a coding twice
     * @throws IllegalStateException if already set
     *
     * @param codingsInPreferenceOrder the codings, most preferred first
     * @return this builder
     */
    public Builder codings(String codingsInPreferenceOrder) {
      checkUnset(SettingCatalog.CODINGS, codings);
      return codings(parseCodings(codingsInPreferenceOrder).toArray(new Compression[0]));
    }

    /**
     * The codings offered and their levels, most preferred first, as objects; see
     * {@link #codings(String)}.
     *
     * @throws IllegalArgumentException if empty, if it contains {@code Compression.none()} (identity
     *     is always possible), if a coding appears twice, or if a zstd coding has a dictionary (no
     *     browser has it)
     * @throws IllegalStateException if already set
     *
     * @param codingsInPreferenceOrder the codings, most preferred first
     * @return this builder
     */
    public Builder codings(Compression... codingsInPreferenceOrder) {
      checkUnset(SettingCatalog.CODINGS, codings);
      if (codingsInPreferenceOrder.length == 0) {
        throw new IllegalArgumentException("codings must not be empty");
      }
      Set<String> seen = new LinkedHashSet<>();
      for (Compression c : codingsInPreferenceOrder) {
        Objects.requireNonNull(c, "codings must not contain null");
        if (c.equals(Compression.none())) {
          throw new IllegalArgumentException("codings must not contain none(): identity is always offered");
        }
        checkNoDictionary("codings", c);
        if (!seen.add(c.contentEncoding())) {
          throw new IllegalArgumentException("codings lists " + c.contentEncoding() + " twice: "
              + List.of(codingsInPreferenceOrder));
        }
      }
      this.codings = List.of(codingsInPreferenceOrder);
      assigned.add(SettingCatalog.CODINGS.name());
      return this;
    }

    /**
     * Refuses a zstd coding with a dictionary: HTTP's {@code zstd} coding is decoded without one,
     * and a private dictionary reaches browsers only through Compression Dictionary Transport
     * (RFC 9842, {@code dcz}): {@link #dictionaries(HttpDictionary...)}.
     */
    static void checkNoDictionary(String where, Compression c) {
      if (c.dictionary() != null) {
        throw new IllegalArgumentException(where + " must not use a zstd dictionary: " + c + "; HTTP's zstd coding "
            + "is decoded without one; use Compression.zstd(level), and give the dictionary as an HttpDictionary "
            + "(dictionaries(...)), which clients fetch and use through RFC 9842's dcz coding");
      }
    }

    /**
     * Bodies shorter than this, in bytes, are sent uncompressed. At least 0; default 1 KiB.
     *
     * @throws IllegalArgumentException if negative
     * @throws IllegalStateException if already set
     *
     * @param minBodyBytes the size, in bytes
     * @return this builder
     */
    public Builder minBodyBytes(long minBodyBytes) {
      checkUnset(SettingCatalog.MIN_BODY_BYTES, this.minBodyBytes);
      this.minBodyBytes = SettingCatalog.MIN_BODY_BYTES.check(minBodyBytes);
      assigned.add(SettingCatalog.MIN_BODY_BYTES.name());
      return this;
    }

    /**
     * Bodies up to this many bytes are held in pooled segments, compressed once and sent with a
     * Content-Length; a larger body streams compressed (chunked) as it is written. At least 0;
     * default 8 MiB. Must not be less than {@code minBodyBytes} ({@link #build()} checks).
     *
     * @throws IllegalArgumentException if negative
     * @throws IllegalStateException if already set
     *
     * @param maxBufferedBytes the size, in bytes
     * @return this builder
     */
    public Builder maxBufferedBytes(long maxBufferedBytes) {
      checkUnset(SettingCatalog.MAX_BUFFERED_BYTES, this.maxBufferedBytes);
      this.maxBufferedBytes = SettingCatalog.MAX_BUFFERED_BYTES.check(maxBufferedBytes);
      assigned.add(SettingCatalog.MAX_BUFFERED_BYTES.name());
      return this;
    }

    /**
     * The compressible media types, replacing the defaults: each {@code type/subtype},
     * {@code type/*} or {@code type/*+suffix}, case-insensitive, without parameters. Default:
     * {@code text/*}, {@code application/json}, {@code application/*+json}, the MessagePack types
     * ({@code application/msgpack}, {@code application/x-msgpack}, {@code application/vnd.msgpack}),
     * JavaScript ({@code application/javascript}, {@code application/x-javascript},
     * {@code application/ecmascript}), {@code application/xml}, {@code application/*+xml} and
     * {@code image/svg+xml}. {@code text/event-stream} is never compressed, whatever this says.
     *
     * @throws IllegalArgumentException if an entry is not of these forms
     * @throws IllegalStateException if already set
     *
     * @param mimeTypes the media types, {@code type/subtype} or {@code type/*}
     * @return this builder
     */
    public Builder mimeTypes(String... mimeTypes) {
      checkUnset(SettingCatalog.MIME_TYPES, this.mimeTypes);
      List<String> types = new ArrayList<>();
      for (String t : mimeTypes) {
        Objects.requireNonNull(t, "mimeTypes must not contain null");
        String type = t.trim().toLowerCase(Locale.ROOT);
        if (!MIME_TYPE.matcher(type).matches()) {
          throw new IllegalArgumentException("mimeTypes entries must be type/subtype, type/* or type/*+suffix: \"" + t + "\"");
        }
        types.add(type);
      }
      this.mimeTypes = List.copyOf(types);
      assigned.add(SettingCatalog.MIME_TYPES.name());
      return this;
    }

    /**
     * Idle buffer bytes kept for reuse by the filter's segment pool; 0 disables pooling. Range
     * [0, 1 GiB], as {@code Pipeline.Builder.segmentPoolBytes}; default 8 MiB.
     *
     * @throws IllegalArgumentException if outside [0, 1 GiB]
     * @throws IllegalStateException if already set
     *
     * @param segmentPoolBytes the size, in bytes
     * @return this builder
     */
    public Builder segmentPoolBytes(long segmentPoolBytes) {
      checkUnset(SettingCatalog.FILTER_SEGMENT_POOL_BYTES, this.segmentPoolBytes);
      this.segmentPoolBytes = SettingCatalog.FILTER_SEGMENT_POOL_BYTES.check(segmentPoolBytes);
      assigned.add(SettingCatalog.FILTER_SEGMENT_POOL_BYTES.name());
      return this;
    }

    /**
     * Idle encoders, and as many decoders, kept per coding (a zlib one holds about 256 KB of native
     * memory); size it to the threads that compress at once. Range [0, 1024], as
     * {@code Pipeline.Builder.encoderPoolSize}; default 32.
     *
     * @throws IllegalArgumentException if outside [0, 1024]
     * @throws IllegalStateException if already set
     *
     * @param encoderPoolSize idle encoders kept per engine
     * @return this builder
     */
    public Builder encoderPoolSize(int encoderPoolSize) {
      checkUnset(SettingCatalog.ENCODER_POOL_SIZE, this.encoderPoolSize);
      this.encoderPoolSize = SettingCatalog.ENCODER_POOL_SIZE.check(encoderPoolSize);
      assigned.add(SettingCatalog.ENCODER_POOL_SIZE.name());
      return this;
    }

    /**
     * Whether request bodies with a Content-Encoding the filter decodes are inflated. Default true.
     *
     * @throws IllegalStateException if already set
     *
     * @param inflateRequests true to inflate compressed request bodies
     * @return this builder
     */
    public Builder inflateRequests(boolean inflateRequests) {
      checkUnset(SettingCatalog.INFLATE_REQUESTS, this.inflateRequests);
      this.inflateRequests = inflateRequests;
      assigned.add(SettingCatalog.INFLATE_REQUESTS.name());
      return this;
    }

    /**
     * Inflated bytes a request body may have; past it the client gets 413. At least 1; default 16 MiB.
     *
     * @throws IllegalArgumentException if less than 1
     * @throws IllegalStateException if already set
     *
     * @param maxInflatedRequestBytes the size, in bytes
     * @return this builder
     */
    public Builder maxInflatedRequestBytes(long maxInflatedRequestBytes) {
      checkUnset(SettingCatalog.MAX_INFLATED_REQUEST_BYTES, this.maxInflatedRequestBytes);
      this.maxInflatedRequestBytes = SettingCatalog.MAX_INFLATED_REQUEST_BYTES.check(maxInflatedRequestBytes);
      assigned.add(SettingCatalog.MAX_INFLATED_REQUEST_BYTES.name());
      return this;
    }

    /**
     * Inflated bytes per compressed byte a request body may have; past it 413. At least 1; default 100.
     *
     * @throws IllegalArgumentException if less than 1
     * @throws IllegalStateException if already set
     *
     * @param maxInflationRatio the ratio of inflated to compressed bytes
     * @return this builder
     */
    public Builder maxInflationRatio(int maxInflationRatio) {
      checkUnset(SettingCatalog.MAX_INFLATION_RATIO, this.maxInflationRatio);
      this.maxInflationRatio = SettingCatalog.MAX_INFLATION_RATIO.check(maxInflationRatio);
      assigned.add(SettingCatalog.MAX_INFLATION_RATIO.name());
      return this;
    }

    /**
     * How long, in milliseconds, a flush ({@code flush()} of the stream or writer,
     * {@code flushBuffer()}) made while the body is held waits for the end of the body before it
     * counts as early. Default 20; 0 to 60,000.
     *
     * <p>An early flush sends what is held at once, uncompressed and flushed, from a timer thread of
     * the filter, and the rest of the response passes through as written, each later flush at once.
     * A write after the flush makes it early at once too. A flush followed by the end of the body
     * within the grace is not early: frameworks flush when they are done (Spring's message
     * converters call {@code flush()} after every body, Jackson does with {@code AUTO_CLOSE_TARGET}
     * off) and those responses are still compressed with their exact Content-Length. 0 makes every
     * flush early at the flush itself, so such framework responses are never compressed. Either way
     * {@code text/event-stream} and {@code no-transform} responses pass through from the first byte.
     *
     * @throws IllegalArgumentException if {@code millis} is outside [0, 60000]
     * @throws IllegalStateException if already set
     *
     * @param millis the time, in milliseconds
     * @return this builder
     */
    public Builder flushGraceMillis(long millis) {
      checkUnset(SettingCatalog.FLUSH_GRACE_MILLIS, flushGraceMillis);
      this.flushGraceMillis = SettingCatalog.FLUSH_GRACE_MILLIS.check(millis);
      assigned.add(SettingCatalog.FLUSH_GRACE_MILLIS.name());
      return this;
    }

    /**
     * How many threads may compress one gzip or zstd response larger than
     * {@link #parallelThresholdBytes(long)}, the request's thread included, as
     * {@code Pipeline.Builder.compressionThreads} does: held bodies and bodies streamed past
     * {@code maxBufferedBytes} alike (a streamed body's first blocks still reach the client while
     * the rest is written). Brotli is always serial. Workers come from zipjack's one pool per JVM;
     * a response never waits for a busy one (its own thread compresses instead). Default: the
     * number of processors (at most 256); 1 to 256, as in {@code Pipeline.Builder}.
     *
     * @throws IllegalArgumentException if {@code threads} is outside [1, 256]
     * @throws IllegalStateException if already set
     *
     * @param threads threads per body, 1 for serial
     * @return this builder
     */
    public Builder compressionThreads(int threads) {
      checkUnset(SettingCatalog.COMPRESSION_THREADS, compressionThreads);
      this.compressionThreads = SettingCatalog.COMPRESSION_THREADS.check(threads);
      assigned.add(SettingCatalog.COMPRESSION_THREADS.name());
      return this;
    }

    /**
     * Bodies of at most this many bytes are compressed on the request's thread whatever
     * {@link #compressionThreads(int)} says. Default 256 KiB
     * ({@link Pipeline#DEFAULT_PARALLEL_THRESHOLD_BYTES}; see docs/parallel-compression.md). Range [0, 2^31 - 1], as in {@code Pipeline.Builder}.
     *
     * @throws IllegalArgumentException if negative or above 2^31 - 1
     * @throws IllegalStateException if already set
     *
     * @param bytes the size, in bytes
     * @return this builder
     */
    public Builder parallelThresholdBytes(long bytes) {
      checkUnset(SettingCatalog.PARALLEL_THRESHOLD_BYTES, parallelThresholdBytes);
      this.parallelThresholdBytes = SettingCatalog.PARALLEL_THRESHOLD_BYTES.check(bytes);
      assigned.add(SettingCatalog.PARALLEL_THRESHOLD_BYTES.name());
      return this;
    }

    /**
     * The HTTP dictionaries (RFC 9842) to serve and compress with; default none. Each is served under {@link #dictionaryPath(String)}; responses under its match carry a
     * {@code Link} to it (the first listed that matches: list the newest first), and requests from
     * clients that hold one are answered in {@code dcz} ({@code dcb} when brotli is offered and
     * preferred). Several at once let a new dictionary roll
     * out while clients still hold the old one. Request bodies in {@code dcz} and {@code dcb} are
     * inflated with them.
     *
     * @throws IllegalArgumentException if the same dictionary bytes are given twice
     * @throws IllegalStateException if already set
     *
     * @param dictionaries the HTTP dictionaries, in the order they are matched
     * @return this builder
     */
    public Builder dictionaries(HttpDictionary... dictionaries) {
      checkUnset(SettingCatalog.DICTIONARIES, this.dictionaries);
      Set<String> hashes = new HashSet<>();
      for (HttpDictionary d : dictionaries) {
        Objects.requireNonNull(d, "dictionaries must not contain null");
        if (!hashes.add(d.availableDictionary())) {
          throw new IllegalArgumentException("dictionaries lists the same bytes twice: " + d);
        }
      }
      this.dictionaries = List.of(dictionaries);
      assigned.add(SettingCatalog.DICTIONARIES.name());
      return this;
    }

    /**
     * Where the dictionaries are served, below the context path; default {@code /zipjack/dictionaries}.
     * Each is at this path, a slash and the first 16 hex digits of its SHA-256.
     *
     * @throws IllegalArgumentException unless it is a path of one or more segments, starting with a
     *     slash and not ending with one, in characters that need no escaping
     * @throws IllegalStateException if already set
     *
     * @param path the URL path prefix, starting with {@code /}
     * @return this builder
     */
    public Builder dictionaryPath(String path) {
      checkUnset(SettingCatalog.DICTIONARY_PATH, dictionaryPath);
      Objects.requireNonNull(path, "dictionaryPath must not be null");
      if (!DICTIONARY_PATH.matcher(path).matches() || path.contains("/./") || path.contains("/../")
          || path.endsWith("/.") || path.endsWith("/..")) {
        throw new IllegalArgumentException("dictionaryPath must be a path such as /zipjack/dictionaries (starting "
            + "with /, not ending with /, no . or .. segments, no characters that need escaping): \"" + path + "\"");
      }
      this.dictionaryPath = path;
      assigned.add(SettingCatalog.DICTIONARY_PATH.name());
      return this;
    }

    /**
     * {@return the settings}
     *
     * @throws IllegalArgumentException if {@code minBodyBytes} exceeds {@code maxBufferedBytes}
     */
    public CompressionSettings build() {
      if (minBodyBytes > maxBufferedBytes) {
        throw new IllegalArgumentException("minBodyBytes (" + minBodyBytes + ") must not exceed maxBufferedBytes ("
            + maxBufferedBytes + "): bodies between them would stream compressed");
      }
      return new CompressionSettings(this);
    }

    /** Each setting may be set once; a value that was refused does not count as set. */
    private void checkUnset(Setting<?> setting, Object current) {
      if (assigned.contains(setting.name())) {
        throw new IllegalStateException(setting.name() + " was already set to " + current);
      }
    }
  }
}
