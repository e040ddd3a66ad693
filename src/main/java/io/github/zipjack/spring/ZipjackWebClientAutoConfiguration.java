package io.github.zipjack.spring;

import io.github.zipjack.Pipeline;
import io.github.zipjack.webflux.DecodingExchangeFilter;
import io.github.zipjack.webflux.ReactorAnsweringUrls;
import java.util.function.Function;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.http.client.autoconfigure.reactive.ClientHttpConnectorBuilderCustomizer;
import org.springframework.boot.http.client.reactive.ReactorClientHttpConnectorBuilder;
import org.springframework.boot.webclient.WebClientCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * Makes the {@code WebClient.Builder} that Spring Boot injects ask for zstd, gzip and br and decode
 * the answers within {@code zipjack.client.max-decoded-size} (a single JSON or MessagePack value
 * straight from the compressed buffers into its type, with the application's mapper), compress
 * request bodies when {@code zipjack.client.compress-requests} is set, and keep and use RFC 9842
 * dictionaries when
 * {@code zipjack.client.dictionaries.enabled} is ({@link DecodingExchangeFilter}), configured from
 * the same {@code zipjack.client.*} properties as the RestClient side; and, in Boot's Reactor Netty
 * connector, turns off Netty's own decompression, which has no limit, and has each answer's URL
 * reported to the filter, so that a dictionary is kept for the origin that really answered after
 * any redirect. Active when Boot's WebClient module is present and {@code zipjack.client.enabled} is
 * not false; the filter backs off when the application defines its own.
 */
@AutoConfiguration(beforeName = "org.springframework.boot.webclient.autoconfigure.WebClientAutoConfiguration")
@ConditionalOnClass({WebClient.class, WebClientCustomizer.class})
@ConditionalOnProperty(prefix = "zipjack.client", name = "enabled", havingValue = "true", matchIfMissing = true)
@EnableConfigurationProperties(ZipjackClientProperties.class)
public class ZipjackWebClientAutoConfiguration {
  /** Made by Spring Boot's auto-configuration; holds no state. */
  public ZipjackWebClientAutoConfiguration() {
  }

  @Bean(destroyMethod = "close")
  @ConditionalOnMissingBean
  DecodingExchangeFilter zipjackDecodingExchangeFilter(ZipjackClientProperties properties) {
    return ClientPropertySettings.exchangeFilter(properties);
  }

  /**
   * The formats in which the WebClient reads a single value straight from a compressed answer
   * ({@link CompressedValueDecoder}): JSON with the application's mapper (as Boot's codecs pick it,
   * {@code spring.http.codecs.preferred-json-mapper}) and, with jackson-dataformat-msgpack present,
   * MessagePack; none without a mapper, or with {@code zipjack.client.converter.enabled=false}.
   */
  @Bean(destroyMethod = "close")
  @ConditionalOnMissingBean
  @ConditionalOnProperty(prefix = "zipjack.client.converter", name = "enabled", havingValue = "true",
      matchIfMissing = true)
  ClientBodyFormats zipjackWebClientBodyFormats(ZipjackClientProperties properties, ListableBeanFactory beans,
      Environment environment) {
    Function<Pipeline.Builder, Pipeline.Builder> json = ApplicationMappers.json(beans, environment,
        ApplicationMappers.CODECS_PREFERENCE);
    return json == null ? null : ClientPropertySettings.bodyFormats(properties, json,
        ApplicationMappers.msgpack(beans, environment, ApplicationMappers.CODECS_PREFERENCE));
  }

  @Bean
  WebClientCustomizer zipjackWebClientCustomizer(ObjectProvider<DecodingExchangeFilter> filter,
      ObjectProvider<ClientBodyFormats> formats) {
    return builder -> {
      filter.ifUnique(builder::filter);
      formats.ifUnique(made -> builder.codecs(configurer -> CompressedValueDecoder.register(configurer, made)));
    };
  }

  /**
   * Turns off Reactor Netty's own decompression, which Boot's connector turns on and which has no
   * limit, so that an answer is decoded once, by zipjack; and reports each answer's URL to the
   * filter ({@link ReactorAnsweringUrls}). Boot applies it to the connector of the
   * {@code WebClient.Builder} it injects. A nested class, so that nothing names Reactor Netty's types
   * when it is absent.
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = {"reactor.netty.http.client.HttpClient",
      "org.springframework.boot.http.client.reactive.ReactorClientHttpConnectorBuilder"})
  static class ReactorConnectorConfiguration {
    @Bean
    @ConditionalOnMissingBean(name = "zipjackReactorConnectorCustomizer")
    ClientHttpConnectorBuilderCustomizer<ReactorClientHttpConnectorBuilder> zipjackReactorConnectorCustomizer() {
      return builder -> builder.withHttpClientCustomizer(client -> ReactorAnsweringUrls.reporting(client.compress(false)));
    }
  }
}
