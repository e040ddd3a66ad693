package io.github.zipjack.spring;

import io.github.zipjack.webflux.DecodingExchangeFilter;
import io.github.zipjack.webflux.ReactorAnsweringUrls;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.http.codec.json.JacksonJsonDecoder;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.netty.http.client.HttpClient;

/**
 * Spring Boot's {@code WebClient}, as a service gets it from Boot's {@code WebClient.Builder}, with
 * and without zipjack, for benchmarks outside this package (an assembled benchmarks jar cannot run
 * Boot's auto-configuration, whose {@code META-INF/spring} files clash with zipjack's), built the
 * way the auto-configurations build it:
 * <ul>
 * <li>{@link #boot}: Boot's default: the Reactor Netty connector with Netty's own decompression
 *     ({@code HttpClient.compress(true)}: it asks for gzip and deflate, and br and zstd when their
 *     libraries are present), the application's Jackson 3 mapper in the JSON decoder.
 * <li>{@link #zipjack}: the same with zipjack's {@code WebClientCustomizer} and connector customizer
 *     applied at the {@code zipjack.client.*} defaults: Netty's decompression off,
 *     {@link DecodingExchangeFilter} asking for zstd, gzip and br and decoding within
 *     {@code max-decoded-size}, and the single value read straight from the compressed buffers.
 * </ul>
 * Owns zipjack's filter and formats: {@link #close()} closes them.
 */
public final class BenchmarkWebClients implements AutoCloseable {
  private final tools.jackson.databind.json.JsonMapper mapper;
  private final DecodingExchangeFilter filter;
  private final ClientBodyFormats formats;

  /** @param mapper the application's Jackson 3 mapper */
  public BenchmarkWebClients(tools.jackson.databind.json.JsonMapper mapper) {
    this.mapper = mapper;
    ZipjackClientProperties defaults = new ZipjackClientProperties();
    this.filter = ClientPropertySettings.exchangeFilter(defaults);
    this.formats = ClientPropertySettings.bodyFormats(defaults, builder -> builder.jackson3Mapper(mapper), null);
  }

  /** {@return Boot's default WebClient, without zipjack} */
  public WebClient boot() {
    return WebClient.builder().clientConnector(new ReactorClientHttpConnector(HttpClient.create().compress(true)))
        .codecs(configurer -> configurer.defaultCodecs().jacksonJsonDecoder(new JacksonJsonDecoder(mapper)))
        .build();
  }

  /** {@return the WebClient a service with zipjack gets} */
  public WebClient zipjack() {
    return WebClient.builder()
        .clientConnector(new ReactorClientHttpConnector(ReactorAnsweringUrls.reporting(HttpClient.create().compress(false))))
        .codecs(configurer -> {
          configurer.defaultCodecs().jacksonJsonDecoder(new JacksonJsonDecoder(mapper));
          CompressedValueDecoder.register(configurer, formats);
        })
        .filter(filter).build();
  }

  @Override
  public void close() {
    filter.close();
    formats.close();
  }
}
