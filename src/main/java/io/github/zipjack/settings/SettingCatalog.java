package io.github.zipjack.settings;

import static io.github.zipjack.settings.Setting.Surface.CLIENT_BUILDER;
import static io.github.zipjack.settings.Setting.Surface.DICTIONARY_BUILDER;
import static io.github.zipjack.settings.Setting.Surface.FILTER_BUILDER;
import static io.github.zipjack.settings.Setting.Surface.INIT_PARAMETER;
import static io.github.zipjack.settings.Setting.Surface.PIPELINE_BUILDER;

import io.github.zipjack.settings.Setting.Surface;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Every setting of {@code Pipeline.Builder}, {@code CompressionSettings.Builder} (and so the
 * filter's init parameters), the {@code zipjack.compression.*} Spring properties, the HTTP client's
 * builders ({@code CompressedHttpClient.Builder}, {@code DictionarySettings.Builder}) and the
 * {@code zipjack.client.*} Spring properties, defined once: names, range, default, kind and doc. A
 * setting two surfaces share (encoderPoolSize, compressionThreads, parallelThresholdBytes; the
 * pipeline's maxDecodedBytes, which is the client's max-decoded-size) is one constant; the two
 * segment pools share a range but not a default. {@code SettingsDriftTest} fails when a builder, the init parameters, the
 * properties, their metadata or the docs' tables offer a setting that is not here, or miss one that is.
 *
 * <p>Internal: this package is not exported. Constants are immutable and thread-safe.
 */
public final class SettingCatalog {
  private static final long KIB = 1024;
  private static final long MIB = KIB * KIB;
  private static final int MAX_BUFFER_BYTES = 16 * 1024 * 1024;
  private static final long MAX_POOL_BYTES = 1L << 30;
  private static final int MAX_THREADS = 256;

  // Pipeline.Builder only

  /** {@code Pipeline.Builder.format}. */
  public static final Setting<Object> FORMAT = Setting.value("format", "JSON",
      "`JSON` or `MSGPACK` (Instants become the msgpack timestamp extension, type -1)").on(PIPELINE_BUILDER);
  /** {@code Pipeline.Builder.compression}. */
  public static final Setting<Object> COMPRESSION = Setting.value("compression", "gzip(6)",
      "`none()`, `gzip(0..9)`, `zstd(1..22)` or `brotli(0..11)`: see [Engines](README.md#engines)")
      .on(PIPELINE_BUILDER);
  /** {@code Pipeline.Builder.accelerator}. */
  public static final Setting<Object> ACCELERATOR = Setting.value("accelerator", "NONE",
      "`AFTERBURNER` or `BLACKBIRD` Jackson modules; never picked up from the class path on its own "
          + "(measured: no gain, [benchmarks](docs/benchmarks.md#accelerators))").on(PIPELINE_BUILDER);
  /** {@code Pipeline.Builder.inputBufferSize}. */
  public static final Setting<Long> INPUT_BUFFER_SIZE = Setting.bytes("inputBufferSize", 0, MAX_BUFFER_BYTES,
      64 * KIB, "bytes gathered before each Deflater call (0 = Jackson's 8,000-byte chunks)")
      .rangeNote(" (0 = no buffer)").on(PIPELINE_BUILDER);
  /** {@code Pipeline.Builder.deflaterBufferSize}. */
  public static final Setting<Long> DEFLATER_BUFFER_SIZE = Setting.bytes("deflaterBufferSize", 1,
      MAX_BUFFER_BYTES, 64 * KIB, "zlib's output buffer when streaming to your `OutputStream`; gzip only")
      .on(PIPELINE_BUILDER);
  /** {@code Pipeline.Builder.compressWholeBody}. */
  public static final Setting<Boolean> COMPRESS_WHOLE_BODY = Setting.flag("compressWholeBody", false,
      "serialize the whole body into segments, then compress it in one pass; gzip only, not with `inputBufferSize`")
      .on(PIPELINE_BUILDER);
  /** {@code Pipeline.Builder.fastDoubleWriter}. */
  public static final Setting<Boolean> FAST_DOUBLE_WRITER = Setting.flag("fastDoubleWriter", false,
      "JSON doubles with Jackson's Schubfach writer (faster on JDK 17); JSON only").on(PIPELINE_BUILDER);
  /** {@code Pipeline.Builder.zstdChecksum}. */
  public static final Setting<Boolean> ZSTD_CHECKSUM = Setting.flag("zstdChecksum", false,
      "zstd frames end with a 4-byte checksum of their content, checked when read back; zstd only")
      .on(PIPELINE_BUILDER);
  /** {@code Pipeline.Builder.omitEmpty}. */
  public static final Setting<Boolean> OMIT_EMPTY = Setting.flag("omitEmpty", false,
      "leave out null and empty values").on(PIPELINE_BUILDER);
  /** {@code Pipeline.Builder.mapper}. */
  public static final Setting<Object> MAPPER = Setting.value("mapper", "new",
      "your ObjectMapper's modules and settings; it is copied, never changed").on(PIPELINE_BUILDER);
  /** {@code Pipeline.Builder.jackson3Mapper}; one mapper setting with {@link #MAPPER}. */
  public static final Setting<Object> JACKSON3_MAPPER = Setting.value("jackson3Mapper", "none",
      "a Jackson 3 `JsonMapper` instead (JSON only): see [Jackson 3](docs/pipeline.md#jackson-3)")
      .on(PIPELINE_BUILDER);
  /** {@code Pipeline.Builder.sameMapperAs}; one mapper setting with {@link #MAPPER}. */
  public static final Setting<Object> SAME_MAPPER_AS = Setting.value("sameMapperAs", "none",
      "another pipeline's mapper, Jackson 2 or 3, so that both write the same bytes").on(PIPELINE_BUILDER);
  /** {@code Pipeline.Builder.maxDecodedBytes}, the client's limit too: {@code zipjack.client.max-decoded-size}. */
  public static final Setting<Long> MAX_DECODED_BYTES = Setting.bytes("maxDecodedBytes", 1, Long.MAX_VALUE,
      64 * MIB, "decoding fails past this many decompressed bytes (bomb guard)").on(PIPELINE_BUILDER)
      .clientProperty("max-decoded-size");
  /** {@code Pipeline.Builder.maxNestingDepth}. */
  public static final Setting<Integer> MAX_NESTING_DEPTH = Setting.count("maxNestingDepth", 1, 100_000, 1000,
      "decoding fails past this nesting of arrays and objects").on(PIPELINE_BUILDER);
  /** {@code Pipeline.Builder.segmentPoolBytes}; the filter's has the same range and its own default. */
  public static final Setting<Long> SEGMENT_POOL_BYTES = Setting.bytes("segmentPoolBytes", 0, MAX_POOL_BYTES,
      4 * MIB, "idle output segments kept for reuse").rangeNote(" (0 = no pooling)").on(PIPELINE_BUILDER);
  /** {@code Pipeline.Builder.compressionExecutor}. */
  public static final Setting<Object> COMPRESSION_EXECUTOR = Setting.value("compressionExecutor",
      "the shared pool", "runs the gzip blocks instead of zipjack's shared pool (daemon threads, one per "
          + "processor, per JVM); zipjack never shuts it down").on(PIPELINE_BUILDER);

  // shared by Pipeline.Builder and the filter

  /** {@code encoderPoolSize} of both builders, the init parameter and {@code encoder-pool-size}. */
  public static final Setting<Integer> ENCODER_POOL_SIZE = Setting.count("encoderPoolSize", 0, 1024, 32,
      "idle encoders (a zlib one holds about 256 KB of native memory), and as many decoders, kept for reuse "
          + "per coding; size it to the threads that compress at once")
      .on(PIPELINE_BUILDER, FILTER_BUILDER, INIT_PARAMETER).property("encoder-pool-size");
  /** {@code compressionThreads} of both builders, the init parameter and {@code compression-threads}. */
  public static final Setting<Integer> COMPRESSION_THREADS = Setting.count("compressionThreads", 1, MAX_THREADS,
      MAX_THREADS, "threads that may compress one gzip or zstd body larger than `parallelThresholdBytes`, the "
          + "caller's own included (brotli and none are always serial); a body never waits for a busy worker")
      .computedDefault(() -> Math.min(MAX_THREADS, Runtime.getRuntime().availableProcessors()),
          "the number of processors")
      .rangeNote(" (1 = serial)").on(PIPELINE_BUILDER, FILTER_BUILDER, INIT_PARAMETER)
      .property("compression-threads");
  /** {@code parallelThresholdBytes} of both builders, the init parameter and {@code parallel-threshold}. */
  public static final Setting<Long> PARALLEL_THRESHOLD_BYTES = Setting.bytes("parallelThresholdBytes", 0,
      Integer.MAX_VALUE, 256 * KIB, "bodies of at most this many bytes are compressed on their caller's thread "
          + "(one gzip block: [docs/parallel-compression.md](docs/parallel-compression.md))")
      .on(PIPELINE_BUILDER, FILTER_BUILDER, INIT_PARAMETER).property("parallel-threshold");

  // the filter: CompressionSettings.Builder, its init parameters and the Spring properties

  /** {@code codings}. */
  public static final Setting<String> CODINGS = Setting.textWithoutDefault("codings", "zstd(1), gzip(1), brotli(4)",
      "codings offered, most preferred first (ties of the client's weights go to the first): `zstd(1), gzip(1), "
          + "br(4)`, `gzip(6, ZLIB)`, or a bare name for its default level; by default zstd and br only when "
          + "their libraries load, once set each listed coding must load")
      .on(FILTER_BUILDER, INIT_PARAMETER).property("codings");
  /** {@code minBodyBytes}. */
  public static final Setting<Long> MIN_BODY_BYTES = Setting.bytes("minBodyBytes", 0, Long.MAX_VALUE, KIB,
      "shorter bodies (measured, not declared) are sent as they are")
      .on(FILTER_BUILDER, INIT_PARAMETER).property("min-body-size");
  /** {@code maxBufferedBytes}. */
  public static final Setting<Long> MAX_BUFFERED_BYTES = Setting.bytes("maxBufferedBytes", 0, Long.MAX_VALUE,
      8 * MIB, "larger bodies stream compressed, chunked, without Content-Length; not less than `minBodyBytes`")
      .on(FILTER_BUILDER, INIT_PARAMETER).property("max-buffered-size");
  /** {@code mimeTypes}. */
  public static final Setting<String> MIME_TYPES = Setting.textWithoutDefault("mimeTypes",
      "text/*, JSON (+json), MessagePack (application/msgpack, x-msgpack, vnd.msgpack), JavaScript, XML (+xml), "
          + "image/svg+xml",
      "compressible media types, comma separated: `type/subtype`, `type/*`, `type/*+suffix` "
          + "(`text/event-stream` never is)")
      .on(FILTER_BUILDER, INIT_PARAMETER).property("mime-types");
  /** The filter's {@code segmentPoolBytes}: the pipeline's range, a default of its own. */
  public static final Setting<Long> FILTER_SEGMENT_POOL_BYTES = SEGMENT_POOL_BYTES.sameRangeAs("segmentPoolBytes",
      8 * MIB, "idle buffer segments kept for reuse").on(FILTER_BUILDER, INIT_PARAMETER)
      .property("segment-pool-size");
  /** {@code inflateRequests}. */
  public static final Setting<Boolean> INFLATE_REQUESTS = Setting.flag("inflateRequests", true,
      "gzip, zstd and br request bodies are inflated for the application (415 for other codings)")
      .on(FILTER_BUILDER, INIT_PARAMETER).property("inflate-requests");
  /** {@code maxInflatedRequestBytes}. */
  public static final Setting<Long> MAX_INFLATED_REQUEST_BYTES = Setting.bytes("maxInflatedRequestBytes", 1,
      Long.MAX_VALUE, 16 * MIB, "inflated bytes a request body may have; 413 past it")
      .on(FILTER_BUILDER, INIT_PARAMETER).property("max-inflated-request-size");
  /** {@code maxInflationRatio}. */
  public static final Setting<Integer> MAX_INFLATION_RATIO = Setting.count("maxInflationRatio", 1,
      Integer.MAX_VALUE, 100, "inflated bytes per compressed byte a request body may have; 413 past it")
      .on(FILTER_BUILDER, INIT_PARAMETER).property("max-inflation-ratio");
  /** {@code flushGraceMillis}. */
  public static final Setting<Long> FLUSH_GRACE_MILLIS = Setting.millis("flushGraceMillis", 0, 60_000, 20,
      "a flush the body does not end within this many milliseconds is early: what is held goes out at once, "
          + "uncompressed, and the rest passes through (0: at the flush itself; Server-Sent Events stay live)")
      .on(FILTER_BUILDER, INIT_PARAMETER).property("flush-grace");
  /** {@code dictionaries}: builder and Spring only (a dictionary is bytes, not a parameter's text). */
  public static final Setting<Object> DICTIONARIES = Setting.value("dictionaries", "none",
      "RFC 9842 HTTP dictionaries, newest first: each served below `dictionaryPath`, linked from the responses "
          + "under its match, and `dcz` (`dcb` when brotli is offered) for clients that hold it "
          + "([docs/dictionaries.md](docs/dictionaries.md#http-dictionaries-rfc-9842-dcz)); Spring: "
          + "`dictionaries[N].location`, `.match`, `.match-dest`, `.id`, `.max-age` (default 1d)")
      .on(FILTER_BUILDER).property("dictionaries");
  /** {@code dictionaryPath}: builder and Spring only. */
  public static final Setting<String> DICTIONARY_PATH = Setting.text("dictionaryPath", "/zipjack/dictionaries",
      "where the dictionaries are served, below the context path").on(FILTER_BUILDER).property("dictionary-path");

  // Spring only: the auto-configuration's own switches

  /** {@code zipjack.compression.enabled}. */
  public static final Setting<Boolean> ENABLED = Setting.flag("enabled", true,
      "`false`: no filter, no converters, no meters").property("enabled");
  /** {@code zipjack.compression.filter-order}. */
  public static final Setting<Object> FILTER_ORDER = Setting.value("filterOrder", "HIGHEST_PRECEDENCE + 20",
      "the filter's place among the servlet filters").property("filter-order");
  /** {@code zipjack.compression.converter.enabled}. */
  public static final Setting<Boolean> CONVERTER_ENABLED = Setting.flag("converterEnabled", true,
      "whether controllers' JSON (and MessagePack) return values are serialized by the application's own mapper "
          + "straight into the compressed body, ahead of Spring's Jackson converter; `false`: Spring's converter "
          + "writes, the filter compresses").property("converter.enabled");

  // the HTTP client: CompressedHttpClient.Builder, DictionarySettings.Builder and zipjack.client.*
  // (its max-decoded-size is MAX_DECODED_BYTES: the client decodes within its pipeline's limit)

  /** {@code zipjack.client.enabled}. */
  public static final Setting<Boolean> CLIENT_ENABLED = Setting.flag("enabled", true,
      "`false`: no interceptor; Boot's `RestClient` and `RestTemplate` are left as they are").clientProperty("enabled");
  /** {@code zipjack.client.converter.enabled}. */
  public static final Setting<Boolean> CLIENT_CONVERTER_ENABLED = Setting.flag("converterEnabled", true,
      "whether JSON (and, with jackson-dataformat-msgpack, MessagePack) request and answer bodies of Boot's "
          + "`RestClient` and `RestTemplate` are written and read by the application's own mapper straight into and out of zipjack's coders (request bodies in one pass), "
          + "ahead of Spring's Jackson converter, and a single value of Boot's `WebClient` is read straight from the "
          + "compressed answer; `false`: Spring's converter and decoder, and the interceptor compresses")
      .clientProperty("converter.enabled");
  /** {@code CompressedHttpClient.Builder.pipeline}: a second format beside the first pipeline's. */
  public static final Setting<Object> CLIENT_PIPELINE = Setting.value("pipeline", "the builder's pipeline only",
      "a pipeline of another format (MessagePack beside JSON): answers of its media type are read with it")
      .on(CLIENT_BUILDER);
  /** {@code codings} of the client's builder and {@code zipjack.client.codings}. */
  public static final Setting<String> CLIENT_CODINGS = Setting.textWithoutDefault("codings",
      "zstd, gzip, br (those that load)", "codings asked for and decoded, most preferred first, from `zstd`, "
          + "`gzip` and `br` (case-insensitive, each once); by default those whose libraries load, once set each "
          + "listed coding must load")
      .on(CLIENT_BUILDER).clientProperty("codings");
  /** {@code compressRequests} of the client's builder and {@code zipjack.client.compress-requests}. */
  public static final Setting<Boolean> COMPRESS_REQUESTS = Setting.flag("compressRequests", false,
      "request bodies from the minimum size up are compressed, with an exact Content-Length, for servers that "
          + "inflate them (zipjack's filter does); builder: `compressRequests(compression, minBytes)`")
      .on(CLIENT_BUILDER).clientProperty("compress-requests");
  /** The minimum size of {@code compressRequests(compression, minBytes)} and its Spring property. */
  public static final Setting<Long> COMPRESS_REQUESTS_MIN_BYTES = Setting.bytes("minBytes", 0, Long.MAX_VALUE, KIB,
      "shorter request bodies are sent as they are (0: every body)").clientProperty("compress-requests-min-size");
  /** {@code zipjack.client.request-coding}; the builder takes a {@code Compression} instead. */
  public static final Setting<String> REQUEST_CODING = Setting.text("requestCoding", "gzip",
      "the coding of compressed request bodies: `gzip`, `zstd` or `br`").clientProperty("request-coding");
  /**
   * {@code zipjack.client.request-level}: the widest range of the three codings; the coding's own
   * range ({@code Compression.gzip}, {@code zstd}, {@code brotli}) is the check.
   */
  public static final Setting<Integer> REQUEST_LEVEL = Setting.count("requestLevel", 0, 22, 1,
      "the level of compressed request bodies (brotli: the quality)")
      .rangeNote(" (gzip to 9, zstd from 1, br to 11)").clientProperty("request-level");
  /** {@code decodeExecutor} of the client's builder. */
  public static final Setting<Object> DECODE_EXECUTOR = Setting.value("decodeExecutor",
      "the client's own daemon threads", "where `bodyHandler` and `sendAsync` decode bodies; the client never "
          + "shuts it down").on(CLIENT_BUILDER);
  /** {@code dictionaries} of the client's builder and {@code zipjack.client.dictionaries.enabled}. */
  public static final Setting<Boolean> CLIENT_DICTIONARIES = Setting.flag("dictionaries", true,
      "RFC 9842: answers marked `Use-As-Dictionary` are kept while fresh, for the origin that answered, announced "
          + "for the URLs they match and used to decode `dcz`; needs zstd (without zstd-jni the default is off); "
          + "builder: `dictionaries(DictionarySettings)`, `dictionaries(null)` for none")
      .on(CLIENT_BUILDER).clientProperty("dictionaries.enabled");
  /** {@code DictionarySettings.Builder.maxBytes} and {@code zipjack.client.dictionaries.max-size}. */
  public static final Setting<Long> DICTIONARY_MAX_BYTES = Setting.bytes("maxBytes", 1, MAX_POOL_BYTES, 16 * MIB,
      "the most bytes of dictionaries held for one origin (a larger one is not kept)")
      .on(DICTIONARY_BUILDER).clientProperty("dictionaries.max-size");
  /** {@code DictionarySettings.Builder.maxCount} and {@code zipjack.client.dictionaries.max-count}. */
  public static final Setting<Integer> DICTIONARY_MAX_COUNT = Setting.count("maxCount", 1, 1000, 16,
      "the most dictionaries held for one origin; when full, that origin's least recently used goes")
      .on(DICTIONARY_BUILDER).clientProperty("dictionaries.max-count");
  /** {@code DictionarySettings.Builder.maxOrigins} and {@code zipjack.client.dictionaries.max-origins}. */
  public static final Setting<Integer> DICTIONARY_MAX_ORIGINS = Setting.count("maxOrigins", 1, 1000, 8,
      "the most origins dictionaries are held for; another origin's are not kept until one holds none fresh")
      .on(DICTIONARY_BUILDER).clientProperty("dictionaries.max-origins");
  /** {@code DictionarySettings.Builder.fetchLinked} and {@code zipjack.client.dictionaries.fetch-linked}. */
  public static final Setting<Boolean> FETCH_LINKED = Setting.flag("fetchLinked", false,
      "a same-origin dictionary an answer names with `Link: <url>; rel=\"compression-dictionary\"` is fetched "
          + "in the background, one URL once at a time; a failed fetch never fails the answer")
      .on(DICTIONARY_BUILDER).clientProperty("dictionaries.fetch-linked");

  /**
   * Every setting, in the order the docs list them: the pipeline's, the filter's, Spring's own, then
   * the client's.
   */
  public static final List<Setting<?>> ALL = List.of(FORMAT, COMPRESSION, ACCELERATOR, INPUT_BUFFER_SIZE,
      DEFLATER_BUFFER_SIZE, COMPRESS_WHOLE_BODY, FAST_DOUBLE_WRITER, ZSTD_CHECKSUM, OMIT_EMPTY, MAPPER, JACKSON3_MAPPER,
      SAME_MAPPER_AS, MAX_DECODED_BYTES, MAX_NESTING_DEPTH, SEGMENT_POOL_BYTES, COMPRESSION_EXECUTOR,
      ENABLED, CODINGS, MIN_BODY_BYTES, MAX_BUFFERED_BYTES, MIME_TYPES, FILTER_SEGMENT_POOL_BYTES, ENCODER_POOL_SIZE,
      INFLATE_REQUESTS, MAX_INFLATED_REQUEST_BYTES, MAX_INFLATION_RATIO, FLUSH_GRACE_MILLIS, COMPRESSION_THREADS,
      PARALLEL_THRESHOLD_BYTES, DICTIONARIES, DICTIONARY_PATH, FILTER_ORDER, CONVERTER_ENABLED,
      CLIENT_ENABLED, CLIENT_CONVERTER_ENABLED, CLIENT_PIPELINE, CLIENT_CODINGS, COMPRESS_REQUESTS, COMPRESS_REQUESTS_MIN_BYTES, REQUEST_CODING,
      REQUEST_LEVEL, DECODE_EXECUTOR, CLIENT_DICTIONARIES, DICTIONARY_MAX_BYTES, DICTIONARY_MAX_COUNT,
      DICTIONARY_MAX_ORIGINS, FETCH_LINKED);

  private SettingCatalog() {}

  /** The settings offered on {@code surface}, in the order of {@link #ALL}. */
  public static List<Setting<?>> on(Surface surface) {
    return ALL.stream().filter(s -> s.isOn(surface)).collect(Collectors.toUnmodifiableList());
  }
}
