package io.github.zipjack.spring;

import io.github.zipjack.Compression;
import io.github.zipjack.Format;
import io.github.zipjack.Pipeline;
import io.github.zipjack.webflux.DecodingExchangeFilter;
import io.github.zipjack.client.DictionarySettings;
import io.github.zipjack.client.dictionaries.DictionaryStore;
import io.github.zipjack.client.codings.RequestCompression;
import io.github.zipjack.client.codings.ResponseCodings;
import io.github.zipjack.settings.Setting;
import io.github.zipjack.settings.SettingCatalog;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Turns bound {@link ZipjackClientProperties} into a {@link DecodingClientInterceptor} and a
 * {@link CompressingClientMessageConverter}, each
 * property through the check the client's builders use ({@code Pipeline.Builder.maxDecodedBytes},
 * {@code CompressedHttpClient.Builder.codings} and {@code compressRequests}, {@code Compression}'s
 * levels, {@code DictionarySettings.Builder}), so that a refused value is reported under its
 * property name with the builder's own message. Runs once at start-up; what it made before a
 * refused value is closed.
 */
final class ClientPropertySettings {
  private ClientPropertySettings() {}

  /**
   * The interceptor; its dictionaries are on unless {@code dictionaries.enabled} is false, and, when
   * that property is not set, off without zstd rather than refused.
   *
   * @param redirectsFollowed whether the request factories may follow redirects (Boot's
   *     {@code spring.http.clients.redirects} is not {@code dont-follow}): then dictionaries are used
   *     only through a {@link HopByHopRequestFactory}
   * @return an interceptor the caller closes
   * @throws InvalidZipjackPropertyException naming the first property whose value is refused
   */
  static DecodingClientInterceptor interceptor(ZipjackClientProperties p, boolean redirectsFollowed) {
    DecodingClientInterceptor.Builder b = DecodingClientInterceptor.builder();
    b.maxDecodedBytes(maxDecodedBytes(p));
    codings(p, b::codings, b::compressRequests);
    ZipjackClientProperties.Dictionaries d = p.getDictionaries();
    b.dictionaries(d.isEnabled() ? dictionarySettings(d) : null, d.enabledExplicitly());
    b.redirectsFollowed(redirectsFollowed);
    return assembled(p, b.codingChoices(), b.maxDecodedBytes(), (codings, requestCompression) -> checked(
        SettingCatalog.CLIENT_DICTIONARIES, p.getDictionaries().isEnabled(), () -> b.build(codings, requestCompression)));
  }

  /**
   * The WebClient filter: the same codings, request compression, {@code max-decoded-size} and
   * dictionaries as the interceptor.
   *
   * @return a filter the caller closes
   * @throws InvalidZipjackPropertyException naming the first property whose value is refused
   */
  static DecodingExchangeFilter exchangeFilter(ZipjackClientProperties p) {
    ClientCodingChoices choices = new ClientCodingChoices();
    long maxDecodedBytes = maxDecodedBytes(p);
    codings(p, choices::codings, choices::compressRequests);
    ZipjackClientProperties.Dictionaries d = p.getDictionaries();
    DictionarySettings dictionaries = d.isEnabled() ? dictionarySettings(d) : null;
    return assembled(p, choices, maxDecodedBytes, (codings, requestCompression) -> checked(
        SettingCatalog.CLIENT_DICTIONARIES, d.isEnabled(),
        () -> new DecodingExchangeFilter(codings, requestCompression, maxDecodedBytes,
            DictionaryStore.inEffect(dictionaries, d.enabledExplicitly(), codings.decodes("zstd"), choices.listed()))));
  }

  /**
   * What {@code build} makes of the decoders and request compression {@code choices} make, each
   * refusal reported as its property's ({@code codings}, {@code request-coding}); what was made is
   * closed if a later step fails.
   */
  private static <T> T assembled(ZipjackClientProperties p, ClientCodingChoices choices, long maxDecodedBytes,
      BiFunction<ResponseCodings, RequestCompression, T> build) {
    return ClientCodingChoices.assemble(
        () -> checked(SettingCatalog.CLIENT_CODINGS, p.getCodings(), () -> choices.responseCodings(maxDecodedBytes)),
        () -> checked(SettingCatalog.REQUEST_CODING, p.getRequestCoding(), choices::requestCompression), build);
  }

  /**
   * The client message converter, serializing and reading JSON with the mapper {@code json} sets and,
   * when {@code msgpack} is not null, MessagePack with the mapper it sets, within {@code max-decoded-size}.
   *
   * @param json sets the application's mapper (Jackson 2 or 3) on a pipeline builder
   * @param msgpack sets the mapper for MessagePack (Jackson 2) on a pipeline builder, or null for JSON only
   * @return a converter the caller closes
   * @throws InvalidZipjackPropertyException naming the first property whose value is refused
   */
  static CompressingClientMessageConverter converter(ZipjackClientProperties p,
      Function<Pipeline.Builder, Pipeline.Builder> json, Function<Pipeline.Builder, Pipeline.Builder> msgpack) {
    return onPlainPipelines(p, json, msgpack, (jsonPipeline, msgpackPipeline) -> {
      CompressingClientMessageConverter.Builder b = CompressingClientMessageConverter.builder(jsonPipeline);
      if (msgpackPipeline != null) {
        b.msgpack(msgpackPipeline);
      }
      codings(p, b::codings, b::compressRequests);
      return assembled(p, b.codingChoices(), maxDecodedBytes(p), b::build);
    });
  }

  /**
   * The formats the WebClient's {@link CompressedValueDecoder} reads values in: JSON with the mapper
   * {@code json} sets and, when {@code msgpack} is not null, MessagePack with the mapper it sets,
   * within {@code max-decoded-size}.
   *
   * @return formats the caller closes
   * @throws InvalidZipjackPropertyException if {@code max-decoded-size} is refused
   */
  static ClientBodyFormats bodyFormats(ZipjackClientProperties p, Function<Pipeline.Builder, Pipeline.Builder> json,
      Function<Pipeline.Builder, Pipeline.Builder> msgpack) {
    return onPlainPipelines(p, json, msgpack, ClientBodyFormats::new);
  }

  /**
   * What {@code make} makes of uncompressed pipelines with the mappers {@code json} and
   * {@code msgpack} (null for none) set, within {@code max-decoded-size}; the pipelines are closed
   * afterwards, so {@code make} copies what it keeps.
   */
  private static <T> T onPlainPipelines(ZipjackClientProperties p, Function<Pipeline.Builder, Pipeline.Builder> json,
      Function<Pipeline.Builder, Pipeline.Builder> msgpack, BiFunction<Pipeline, Pipeline, T> make) {
    long maxDecodedBytes = maxDecodedBytes(p);
    try (Pipeline jsonPipeline = plainPipeline(json, Format.JSON, maxDecodedBytes);
        Pipeline msgpackPipeline = msgpack == null ? null : plainPipeline(msgpack, Format.MSGPACK, maxDecodedBytes)) {
      return make.apply(jsonPipeline, msgpackPipeline);
    }
  }

  /** Sets the codings and the request compression the properties give on a builder, each checked as its property. */
  private static void codings(ZipjackClientProperties p, Consumer<String[]> codings,
      BiConsumer<Compression, Long> compressRequests) {
    List<String> listed = p.getCodings();
    if (!listed.isEmpty()) {
      checked(SettingCatalog.CLIENT_CODINGS, listed, () -> {
        codings.accept(listed.toArray(new String[0]));
        return null;
      });
    }
    if (p.isCompressRequests()) {
      long minBytes = checked(SettingCatalog.COMPRESS_REQUESTS_MIN_BYTES, p.getCompressRequestsMinSize(),
          () -> SettingCatalog.COMPRESS_REQUESTS_MIN_BYTES.check(PropertySettings.bytes(p.getCompressRequestsMinSize())));
      String coding = p.getRequestCoding();
      checked(SettingCatalog.REQUEST_CODING, coding, () -> compression(coding, SettingCatalog.REQUEST_LEVEL.defaultValue()));
      Compression compression = checked(SettingCatalog.REQUEST_LEVEL, p.getRequestLevel(),
          () -> compression(coding, p.getRequestLevel()));
      compressRequests.accept(compression, minBytes);
    }
  }

  /** An uncompressed pipeline of {@code format} with the mapper {@code mapper} sets; the converter copies it. */
  private static Pipeline plainPipeline(Function<Pipeline.Builder, Pipeline.Builder> mapper, Format format,
      long maxDecodedBytes) {
    return mapper.apply(Pipeline.builder().format(format).compression(Compression.none())
        .maxDecodedBytes(maxDecodedBytes)).build();
  }

  private static long maxDecodedBytes(ZipjackClientProperties p) {
    return checked(SettingCatalog.MAX_DECODED_BYTES, p.getMaxDecodedSize(),
        () -> SettingCatalog.MAX_DECODED_BYTES.check(PropertySettings.bytes(p.getMaxDecodedSize())));
  }

  /** The compression a request coding names; its factory checks the level, as a builder user's call does. */
  private static Compression compression(String coding, int level) {
    switch (String.valueOf(coding).trim()) {
      case "gzip":
        return Compression.gzip(level);
      case "zstd":
        return Compression.zstd(level);
      case "br":
        return Compression.brotli(level);
      default:
        throw new IllegalArgumentException(SettingCatalog.REQUEST_CODING.name() + " must be gzip, zstd or br: \""
            + coding + "\"");
    }
  }

  private static DictionarySettings dictionarySettings(ZipjackClientProperties.Dictionaries d) {
    DictionarySettings.Builder b = DictionarySettings.builder();
    checked(SettingCatalog.DICTIONARY_MAX_BYTES, d.getMaxSize(), () -> b.maxBytes(PropertySettings.bytes(d.getMaxSize())));
    checked(SettingCatalog.DICTIONARY_MAX_COUNT, d.getMaxCount(), () -> b.maxCount(d.getMaxCount()));
    checked(SettingCatalog.DICTIONARY_MAX_ORIGINS, d.getMaxOrigins(), () -> b.maxOrigins(d.getMaxOrigins()));
    b.fetchLinked(d.isFetchLinked());
    return b.build();
  }

  /** What {@code check} returns; its refusal as the property's, with the check's own message. */
  private static <T> T checked(Setting<?> setting, Object value, Supplier<T> check) {
    try {
      return check.get();
    } catch (IllegalArgumentException | IllegalStateException e) {
      if (e instanceof InvalidZipjackPropertyException) {
        throw e;
      }
      throw new InvalidZipjackPropertyException(setting.propertyName(), String.valueOf(value), e.getMessage(), e);
    }
  }
}
