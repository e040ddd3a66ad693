package io.github.zipjack.spring;

import io.github.zipjack.Compression;
import io.github.zipjack.client.codings.RequestCompression;
import io.github.zipjack.client.codings.ResponseCodings;
import io.github.zipjack.settings.SettingCatalog;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * What the Spring client builders ({@link DecodingClientInterceptor.Builder},
 * {@link CompressingClientMessageConverter.Builder}) take about codings, checked as
 * {@code CompressedHttpClient.Builder} checks them, and the decoders and request compression made
 * from it. Not thread-safe; each builder holds one.
 */
final class ClientCodingChoices {
  /** Decoders kept idle per coding, as the client's builder keeps them. */
  static final int IDLE_DECODERS = 16;

  /** Null for every coding that loads. */
  private List<String> codings;
  /** Null when request bodies are never compressed. */
  private Compression requestCompression;
  private long compressFromBytes;

  /** @throws IllegalArgumentException for an unknown coding, one listed twice, or none */
  void codings(String... tokens) {
    this.codings = ResponseCodings.tokens(Arrays.asList(tokens));
  }

  /** @throws IllegalArgumentException for no compression, one with a dictionary, or a negative minimum */
  void compressRequests(Compression compression, long minBytes) {
    Compression checked = RequestCompression.check(compression);
    this.compressFromBytes = SettingCatalog.COMPRESS_REQUESTS_MIN_BYTES.check(minBytes);
    this.requestCompression = checked;
  }

  /** The codings listed, or null for all that load. */
  List<String> listed() {
    return codings;
  }

  /**
   * @return decoders the caller closes
   * @throws IllegalStateException if a listed coding's library cannot load
   */
  ResponseCodings responseCodings(long maxDecodedBytes) {
    return new ResponseCodings(codings == null ? ResponseCodings.ALL : codings, codings != null, maxDecodedBytes,
        IDLE_DECODERS);
  }

  /**
   * @return the request compression the caller closes, or null for none
   * @throws IllegalStateException if its library cannot load
   */
  RequestCompression requestCompression() {
    return requestCompression == null ? null : new RequestCompression(requestCompression, compressFromBytes);
  }

  /** What {@code build} makes of the decoders and request compression these choices make. See {@link #assemble(Supplier, Supplier, BiFunction)}. */
  <T> T assemble(long maxDecodedBytes, BiFunction<ResponseCodings, RequestCompression, T> build) {
    return assemble(() -> responseCodings(maxDecodedBytes), this::requestCompression, build);
  }

  /**
   * What {@code build} makes of new decoders and a new request compression (null for none), which it
   * owns once it returns; if any of the three steps fails, what was made is closed.
   */
  static <T> T assemble(Supplier<ResponseCodings> codings, Supplier<RequestCompression> requestCompression,
      BiFunction<ResponseCodings, RequestCompression, T> build) {
    ResponseCodings madeCodings = codings.get();
    RequestCompression madeCompression = null;
    try {
      madeCompression = requestCompression.get();
      return build.apply(madeCodings, madeCompression);
    } catch (RuntimeException | Error e) {
      madeCodings.close();
      if (madeCompression != null) {
        madeCompression.close();
      }
      throw e;
    }
  }
}
