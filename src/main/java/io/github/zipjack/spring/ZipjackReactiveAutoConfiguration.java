package io.github.zipjack.spring;

import io.github.zipjack.Pipeline;
import io.github.zipjack.PipelineResources;
import io.github.zipjack.servlet.CompressionListener;
import io.github.zipjack.servlet.CompressionSettings;
import io.github.zipjack.webflux.DictionaryFilter;
import io.github.zipjack.webflux.EntityTagFilter;
import io.github.zipjack.webflux.RequestInflationFilter;
import java.util.Map;
import java.util.function.Function;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.http.codec.CodecCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.core.io.ResourceLoader;
import org.springframework.web.server.WebFilter;

/**
 * zipjack in a Spring Boot WebFlux application, configured from the same {@code zipjack.compression.*}
 * properties as the servlet side ({@link ZipjackCompressionProperties}): a codec writer that
 * serializes single-value bodies straight into the negotiated coding with an exact Content-Length,
 * placed ahead of Spring's JSON writer; and a web filter that inflates compressed request bodies
 * within the request limits ({@link RequestInflationFilter}); and a web filter that lets the
 * application compare its own ETags in conditional requests ({@link EntityTagFilter}); with
 * {@code zipjack.compression.dictionaries[*]}, RFC 9842's {@code dcz} and {@code dcb} bodies from the
 * writer and a web filter that serves the dictionaries ({@link DictionaryFilter}); with
 * Micrometer, the {@code zipjack.*} meters ({@link ZipjackMetrics}). Active when the application is a reactive web application
 * and {@code zipjack.compression.enabled} is not false. Beside Boot's {@code server.compression},
 * nothing is compressed twice: Reactor Netty's compressor passes a response that already has a
 * Content-Encoding through.
 */
@AutoConfiguration(beforeName = "org.springframework.boot.http.codec.autoconfigure.CodecsAutoConfiguration")
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
@ConditionalOnClass({CodecCustomizer.class, WebFilter.class})
@ConditionalOnProperty(prefix = "zipjack.compression", name = "enabled", havingValue = "true", matchIfMissing = true)
@EnableConfigurationProperties(ZipjackCompressionProperties.class)
public class ZipjackReactiveAutoConfiguration {
  /** Made by Spring Boot's auto-configuration; holds no state. */
  public ZipjackReactiveAutoConfiguration() {
  }

  /**
   * The settings from the properties, as the servlet side makes them.
   *
   * @param properties the bound {@code zipjack.compression.*} properties
   * @param resources where {@code classpath:} and {@code file:} dictionary locations are read from
   * @return immutable settings, validated
   * @throws InvalidZipjackPropertyException naming the property whose value is refused
   */
  @Bean
  @ConditionalOnMissingBean
  public CompressionSettings zipjackCompressionSettings(ZipjackCompressionProperties properties,
      ResourceLoader resources) {
    return PropertySettings.from(properties, resources);
  }

  /**
   * The writers' pipelines, on the application's mapper (as {@link ApplicationMappers} picks it);
   * with no mapper, none.
   */
  @Bean(destroyMethod = "close")
  @ConditionalOnMissingBean
  @ConditionalOnProperty(prefix = "zipjack.compression.converter", name = "enabled", havingValue = "true",
      matchIfMissing = true)
  ReactiveWriters zipjackReactiveWriters(CompressionSettings settings, ListableBeanFactory beans,
      Environment environment, ObjectProvider<CompressionListener> listener) {
    Function<Pipeline.Builder, Pipeline.Builder> json = ApplicationMappers.json(beans, environment,
        ApplicationMappers.CODECS_PREFERENCE);
    if (json == null) {
      return null;
    }
    return new ReactiveWriters(settings, json, ApplicationMappers.msgpack(beans, environment,
        ApplicationMappers.CODECS_PREFERENCE), listener.getIfUnique());
  }

  /**
   * Inflates gzip, zstd and br request bodies, and dcz and dcb ones made with the dictionaries, within
   * {@code max-inflated-request-size} and {@code max-inflation-ratio}; off with
   * {@code zipjack.compression.inflate-requests=false}.
   */
  @Bean(destroyMethod = "close")
  @ConditionalOnMissingBean
  @ConditionalOnProperty(prefix = "zipjack.compression", name = "inflate-requests", havingValue = "true",
      matchIfMissing = true)
  RequestInflationFilter zipjackRequestInflationFilter(CompressionSettings settings,
      ZipjackCompressionProperties properties, ObjectProvider<ReactiveDictionaries> dictionaries) {
    ReactiveDictionaries made = dictionaries.getIfUnique();
    return new RequestInflationFilter(settings, made == null ? null : made.transport(), properties.getFilterOrder());
  }

  /**
   * The RFC 9842 dictionaries of {@code zipjack.compression.dictionaries[*]}, for the writer's
   * {@code dcz} and {@code dcb} bodies and {@link DictionaryFilter}; none without dictionaries or
   * without the writers.
   */
  @Bean(destroyMethod = "close")
  @ConditionalOnMissingBean
  ReactiveDictionaries zipjackReactiveDictionaries(CompressionSettings settings,
      ObjectProvider<ReactiveWriters> writers) {
    ReactiveWriters made = writers.getIfUnique();
    return settings.dictionaries().isEmpty() || made == null ? null
        : new ReactiveDictionaries(settings, made.codings());
  }

  /** Serves the dictionaries at their own URLs, under {@code zipjack.compression.dictionary-path}. */
  @Bean
  @ConditionalOnMissingBean
  DictionaryFilter zipjackDictionaryFilter(ObjectProvider<ReactiveDictionaries> dictionaries,
      ZipjackCompressionProperties properties, ObjectProvider<CompressionListener> listener) {
    ReactiveDictionaries made = dictionaries.getIfUnique();
    return made == null ? null
        : new DictionaryFilter(made.transport(), made.codings(), listener.getIfUnique(), properties.getFilterOrder());
  }

  /**
   * Strips the writer's coding suffixes (those of the dictionary codings included) from conditional
   * requests' tags, and puts them back on a 304.
   */
  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnProperty(prefix = "zipjack.compression.converter", name = "enabled", havingValue = "true",
      matchIfMissing = true)
  EntityTagFilter zipjackEntityTagFilter(CompressionSettings settings, ZipjackCompressionProperties properties,
      ObjectProvider<ReactiveDictionaries> dictionaries) {
    ReactiveDictionaries made = dictionaries.getIfUnique();
    return new EntityTagFilter(made == null ? settings.preference() : made.entityTagSuffixes(settings.preference()),
        properties.getFilterOrder());
  }

  @Bean
  CodecCustomizer zipjackCodecCustomizer(ObjectProvider<ReactiveWriters> writers,
      ObjectProvider<ReactiveDictionaries> dictionaries) {
    return configurer -> writers.ifUnique(w -> w.register(configurer, dictionaries.getIfUnique()));
  }

  /**
   * With Micrometer on the class path: the {@code zipjack.*} meters ({@link ZipjackMetrics}), sources
   * {@code writer} (the writer's pipelines), {@code dictionaries} (the dcz and dcb engines and the
   * pool of the writer's dictionary bodies) and {@code requests} (request inflation's engines).
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "io.micrometer.core.instrument.MeterRegistry")
  static class MetricsConfiguration {
    @Bean
    @ConditionalOnMissingBean
    ZipjackMetrics zipjackMetrics(ObjectProvider<ReactiveWriters> writers,
        ObjectProvider<ReactiveDictionaries> dictionaries, ObjectProvider<RequestInflationFilter> requests) {
      return new ZipjackMetrics(Map.of("writer", () -> {
        ReactiveWriters made = writers.getIfUnique();
        return made == null ? NOTHING : made.resources();
      }, "dictionaries", () -> {
        ReactiveDictionaries made = dictionaries.getIfUnique();
        return made == null ? NOTHING : made.resources();
      }, "requests", () -> {
        RequestInflationFilter made = requests.getIfUnique();
        return made == null ? NOTHING : made.resources();
      }));
    }
  }

  private static final PipelineResources NOTHING = new PipelineResources(0, 0, 0, 0, 0, 0);
}
