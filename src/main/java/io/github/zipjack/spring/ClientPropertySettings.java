package io.github.zipjack.spring;

import io.github.zipjack.Compression;
import io.github.zipjack.Format;
import io.github.zipjack.Pipeline;
import io.github.zipjack.client.DictionarySettings;
import io.github.zipjack.client.DictionaryStore;
import io.github.zipjack.client.RequestCompression;
import io.github.zipjack.client.ResponseCodings;
import io.github.zipjack.settings.Setting;
import io.github.zipjack.settings.SettingCatalog;
import java.util.List;
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
  /** Decoders kept idle per coding, as the client's builder keeps them. */
  private static final int IDLE_DECODERS = 16;

  private ClientPropertySettings() {}

  /**
   * @return an interceptor the caller closes
   * @throws InvalidZipjackPropertyException naming the first property whose value is refused
   */
  static DecodingClientInterceptor interceptor(ZipjackClientProperties p) {
    long maxDecodedBytes = maxDecodedBytes(p);
    ResponseCodings codings = codings(p, maxDecodedBytes);
    RequestCompression requestCompression = null;
    DictionaryStore dictionaries = null;
    try {
      requestCompression = p.isCompressRequests() ? requestCompression(p) : null;
      if (p.getDictionaries().isEnabled()) {
        dictionaries = new DictionaryStore(dictionarySettings(p.getDictionaries()), maxDecodedBytes);
      }
      RequestCompression sent = requestCompression;
      DictionaryStore kept = dictionaries;
      return checked(SettingCatalog.CLIENT_DICTIONARIES, p.getDictionaries().isEnabled(),
          () -> new DecodingClientInterceptor(codings, sent, maxDecodedBytes, kept));
    } catch (RuntimeException e) {
      codings.close();
      if (requestCompression != null) {
        requestCompression.close();
      }
      if (dictionaries != null) {
        dictionaries.close();
      }
      throw e;
    }
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
    long maxDecodedBytes = maxDecodedBytes(p);
    ResponseCodings codings = codings(p, maxDecodedBytes);
    RequestCompression requestCompression = null;
    try (Pipeline jsonPipeline = plainPipeline(json, Format.JSON, maxDecodedBytes);
        Pipeline msgpackPipeline = msgpack == null ? null : plainPipeline(msgpack, Format.MSGPACK, maxDecodedBytes)) {
      requestCompression = p.isCompressRequests() ? requestCompression(p) : null;
      return new CompressingClientMessageConverter(jsonPipeline, msgpackPipeline, codings, requestCompression);
    } catch (RuntimeException e) {
      codings.close();
      if (requestCompression != null) {
        requestCompression.close();
      }
      throw e;
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

  private static ResponseCodings codings(ZipjackClientProperties p, long maxDecodedBytes) {
    List<String> listed = p.getCodings();
    return checked(SettingCatalog.CLIENT_CODINGS, listed,
        () -> new ResponseCodings(listed.isEmpty() ? ResponseCodings.ALL : listed, !listed.isEmpty(), maxDecodedBytes,
            IDLE_DECODERS));
  }

  private static RequestCompression requestCompression(ZipjackClientProperties p) {
    long minBytes = checked(SettingCatalog.COMPRESS_REQUESTS_MIN_BYTES, p.getCompressRequestsMinSize(),
        () -> SettingCatalog.COMPRESS_REQUESTS_MIN_BYTES.check(PropertySettings.bytes(p.getCompressRequestsMinSize())));
    String coding = p.getRequestCoding();
    checked(SettingCatalog.REQUEST_CODING, coding, () -> compression(coding, SettingCatalog.REQUEST_LEVEL.defaultValue()));
    Compression compression = checked(SettingCatalog.REQUEST_LEVEL, p.getRequestLevel(),
        () -> compression(coding, p.getRequestLevel()));
    return checked(SettingCatalog.REQUEST_CODING, coding, () -> new RequestCompression(compression, minBytes));
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
