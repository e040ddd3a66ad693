package io.github.zipjack.spring;

import io.github.zipjack.Pipeline;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.http.client.ClientHttpRequestFactoryBuilder;
import org.springframework.boot.http.client.JdkClientHttpRequestFactoryBuilder;
import org.springframework.boot.http.client.ReactorClientHttpRequestFactoryBuilder;
import org.springframework.boot.http.client.autoconfigure.ClientHttpRequestFactoryBuilderCustomizer;
import org.springframework.boot.restclient.RestClientCustomizer;
import org.springframework.boot.restclient.RestTemplateCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.web.client.RestClient;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Makes the {@code RestClient.Builder} (and {@code RestTemplateBuilder}) that Spring Boot injects ask
 * for zstd, gzip and br and decode the answers with zipjack's limits ({@link DecodingClientInterceptor}),
 * configured from {@code zipjack.client.*} ({@link ZipjackClientProperties}); and turns off the gzip
 * decoding of Spring's JDK request factory, which has no limit, so that a body is decoded once, by
 * zipjack; and registers {@link CompressingClientMessageConverter}, which writes JSON (and, with
 * jackson-dataformat-msgpack on the class path, MessagePack) request bodies in one pass into their
 * compression and reads answers straight into objects with the application's mapper. Active when
 * Boot's RestClient module is present and {@code zipjack.client.enabled} is not false; each bean backs
 * off when the application defines its own (the interceptor, the converter, or a bean of the same name).
 *
 * <p>RFC 9842 dictionaries are on unless {@code zipjack.client.dictionaries.enabled=false} (or zstd-jni
 * is missing and that property is not set). A dictionary serves only the origin that gave it, so the
 * interceptor must know which URL gave each answer. With Boot's default redirect setting (follow),
 * Boot's {@code ClientHttpRequestFactoryBuilder} is made to build factories that follow no redirect
 * themselves (with the rest of the settings each is built with: timeouts, SSL bundle, cookies),
 * inside a {@link HopByHopRequestFactory} that follows redirects itself, one hop at a time, as
 * browsers do, and has the interceptor announce each hop's dictionary: the application still gets
 * the redirected answer. With {@code spring.http.clients.redirects=dont-follow}, or dictionaries
 * off, Boot's factories are left as they are. A builder given a factory of the application's own
 * follows redirects as that factory does, and its calls use no dictionary.
 */
@AutoConfiguration(afterName = "org.springframework.boot.restclient.autoconfigure.RestClientAutoConfiguration")
@ConditionalOnClass({RestClient.class, RestClientCustomizer.class})
@ConditionalOnProperty(prefix = "zipjack.client", name = "enabled", havingValue = "true", matchIfMissing = true)
@EnableConfigurationProperties(ZipjackClientProperties.class)
public class ZipjackClientAutoConfiguration {
  /** Made by Spring Boot's auto-configuration; holds no state. */
  public ZipjackClientAutoConfiguration() {
  }

  /**
   * The interceptor, from the properties. With {@code spring.http.clients.redirects=dont-follow} it
   * takes every answer to come from its request's URL; otherwise it uses RFC 9842 dictionaries only
   * for calls through the {@link HopByHopRequestFactory}s that Boot's factory builder makes under
   * this configuration.
   *
   * @param properties the bound {@code zipjack.client.*} properties
   * @param environment where {@code spring.http.clients.redirects} is read
   * @return an interceptor that Spring closes at shutdown ({@code destroyMethod = "close"})
   * @throws InvalidZipjackPropertyException naming the property whose value is refused
   */
  @Bean(destroyMethod = "close")
  @ConditionalOnMissingBean
  public DecodingClientInterceptor zipjackDecodingClientInterceptor(ZipjackClientProperties properties,
      Environment environment) {
    return ClientPropertySettings.interceptor(properties, redirectsFollowed(environment));
  }

  /** Whether Boot's request factories may follow redirects: unless {@code spring.http.clients.redirects} says dont-follow. */
  static boolean redirectsFollowed(Environment environment) {
    String redirects = environment.getProperty("spring.http.clients.redirects", "follow-when-possible");
    return !redirects.trim().toLowerCase(java.util.Locale.ROOT).replace('_', '-').equals("dont-follow");
  }

  /**
   * Adds the interceptor to every {@code RestClient.Builder} Boot makes.
   *
   * @param interceptor the interceptor bean, shared by every client
   * @return the customizer
   */
  @Bean
  @ConditionalOnMissingBean(name = "zipjackRestClientCustomizer")
  public RestClientCustomizer zipjackRestClientCustomizer(DecodingClientInterceptor interceptor) {
    return builder -> builder.requestInterceptor(interceptor);
  }

  /**
   * Makes Boot's {@code ClientHttpRequestFactoryBuilder} build {@link HopByHopRequestFactory}s, when
   * the interceptor needs them (see the class doc), once Boot's customizers (zipjack's among them)
   * have shaped it: each factory is the one Boot's builder makes with the settings it is given
   * (Boot's, a {@code RestTemplateBuilder}'s, an SSL bundle's, an HTTP service group's) but
   * following no redirect, inside one that follows them hop by hop unless those settings say
   * {@code DONT_FOLLOW}.
   *
   * @param interceptor the interceptor bean, looked up when the factory builder is made
   * @return the post-processor
   */
  @Bean
  static BeanPostProcessor zipjackHopByHopFactoryPostProcessor(ObjectProvider<DecodingClientInterceptor> interceptor) {
    return new BeanPostProcessor() {
      @Override
      public Object postProcessAfterInitialization(Object bean, String beanName) {
        if (!(bean instanceof ClientHttpRequestFactoryBuilder<?> builder)
            || bean instanceof HopByHopRequestFactory.Builder) {
          return bean;
        }
        DecodingClientInterceptor decoding = interceptor.getIfUnique();
        return decoding != null && decoding.needsHopByHopFactory() ? new HopByHopRequestFactory.Builder(builder) : bean;
      }
    };
  }

  /**
   * Adds the interceptor to every {@code RestTemplate} Boot's {@code RestTemplateBuilder} makes.
   *
   * @param interceptor the interceptor bean, shared by every template
   * @return the customizer
   */
  @Bean
  @ConditionalOnMissingBean(name = "zipjackRestTemplateCustomizer")
  public RestTemplateCustomizer zipjackRestTemplateCustomizer(DecodingClientInterceptor interceptor) {
    return restTemplate -> restTemplate.getInterceptors().add(interceptor);
  }

  /**
   * Registers {@link CompressingClientMessageConverter}, built on the application's JSON mapper, for
   * the {@code RestClient.Builder} and {@code RestTemplateBuilder} Boot injects, ahead of Spring's
   * JSON converter so that it reads and writes JSON; with jackson-dataformat-msgpack on the class path
   * the same converter also reads and writes MessagePack, with the mapper the server's MessagePack
   * converter uses ({@link ApplicationMappers#msgpack}). Off with
   * {@code zipjack.client.converter.enabled=false}; an application's own converter bean of that type
   * is registered instead of zipjack's.
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnProperty(prefix = "zipjack.client.converter", name = "enabled", havingValue = "true",
      matchIfMissing = true)
  static class ConverterConfiguration {
    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    CompressingClientMessageConverter zipjackClientMessageConverter(ZipjackClientProperties properties,
        ListableBeanFactory beans, Environment environment) {
      Function<Pipeline.Builder, Pipeline.Builder> json = ApplicationMappers.json(beans, environment);
      return json == null ? null
          : ClientPropertySettings.converter(properties, json, ApplicationMappers.msgpack(beans, environment));
    }

    @Bean
    @ConditionalOnMissingBean(name = "zipjackRestClientConverterCustomizer")
    RestClientCustomizer zipjackRestClientConverterCustomizer(ObjectProvider<CompressingClientMessageConverter> converter) {
      return builder -> builder.configureMessageConverters(converters -> converters.configureMessageConvertersList(
          list -> insertAheadOfJson(list, converter.getIfUnique())));
    }

    @Bean
    @ConditionalOnMissingBean(name = "zipjackRestTemplateConverterCustomizer")
    RestTemplateCustomizer zipjackRestTemplateConverterCustomizer(
        ObjectProvider<CompressingClientMessageConverter> converter) {
      return restTemplate -> insertAheadOfJson(restTemplate.getMessageConverters(), converter.getIfUnique());
    }

    /**
     * Keeps the client converter out of Spring MVC's: Boot hands every {@code HttpMessageConverter}
     * bean to the server's converters as well as to the clients', and the client converter must never
     * read a service's requests or write its responses (the server's are the compression
     * auto-configuration's business, and with {@code zipjack.compression.enabled=false} none of
     * zipjack's). A nested class, so that nothing names Spring MVC's types when it is absent.
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "org.springframework.web.servlet.config.annotation.WebMvcConfigurer")
    static class ServerConvertersConfiguration {
      @Bean
      @ConditionalOnMissingBean(name = "zipjackClientConverterOutOfMvc")
      WebMvcConfigurer zipjackClientConverterOutOfMvc() {
        return new WebMvcConfigurer() {
          @Override
          public void extendMessageConverters(List<HttpMessageConverter<?>> converters) {
            converters.removeIf(CompressingClientMessageConverter.class::isInstance);
          }
        };
      }
    }

    /** Puts {@code converter} (if there is one, and not there already) before the first converter that writes JSON. */
    private static void insertAheadOfJson(List<HttpMessageConverter<?>> converters,
        CompressingClientMessageConverter converter) {
      if (converter == null || converters.contains(converter)) {
        return;
      }
      int at = 0;
      while (at < converters.size() && !converters.get(at).canWrite(Map.class, MediaType.APPLICATION_JSON)) {
        at++;
      }
      converters.add(at, converter);
    }
  }

  /** Turns off Spring's own (unbounded) gzip decoding in the JDK request factory Boot builds. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(JdkClientHttpRequestFactoryBuilder.class)
  static class JdkFactoryConfiguration {
    @Bean
    @ConditionalOnMissingBean(name = "zipjackJdkRequestFactoryCustomizer")
    ClientHttpRequestFactoryBuilderCustomizer<JdkClientHttpRequestFactoryBuilder> zipjackJdkRequestFactoryCustomizer() {
      return builder -> builder.withCustomizer(factory -> factory.enableCompression(false));
    }
  }

  /**
   * Boot picks Reactor Netty's request factory when Reactor Netty is on the class path (a WebFlux
   * service), and turns on Netty's decompression there, which has no limit and hides the coding from
   * the interceptor: turned off, so that an answer is decoded once, by zipjack. A nested class, so
   * that nothing names Reactor Netty's types when it is absent.
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = {"reactor.netty.http.client.HttpClient",
      "org.springframework.boot.http.client.ReactorClientHttpRequestFactoryBuilder"})
  static class ReactorFactoryConfiguration {
    @Bean
    @ConditionalOnMissingBean(name = "zipjackReactorRequestFactoryCustomizer")
    ClientHttpRequestFactoryBuilderCustomizer<ReactorClientHttpRequestFactoryBuilder>
        zipjackReactorRequestFactoryCustomizer() {
      return builder -> builder.withHttpClientCustomizer(client -> client.compress(false));
    }
  }
}
