package io.github.zipjack.spring;

import io.github.zipjack.PipelineResources;
import io.github.zipjack.servlet.CompressedResponses;
import io.github.zipjack.servlet.CompressionListener;
import io.github.zipjack.servlet.CompressionFilter;
import io.github.zipjack.servlet.CompressionSettings;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import io.github.zipjack.Pipeline;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.core.env.Environment;
import org.springframework.core.io.ResourceLoader;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import java.util.function.Supplier;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

/**
 * Compresses every response of a Spring Boot servlet application with zipjack's
 * {@link CompressionFilter}, configured from {@code zipjack.compression.*}
 * ({@link ZipjackCompressionProperties}). Active when the application is a servlet web application
 * and {@code zipjack.compression.enabled} is not false; it backs off when the application defines
 * its own {@link CompressionFilter} or {@link CompressedResponses} bean (or a registration of the
 * filter). Beside Boot's own {@code server.compression}, a response is never compressed twice: the
 * container's compression leaves responses that already have a Content-Encoding alone, and zipjack
 * passes through a response the application encoded itself.
 */
@AutoConfiguration
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass({Filter.class, FilterRegistrationBean.class})
@ConditionalOnProperty(prefix = "zipjack.compression", name = "enabled", havingValue = "true", matchIfMissing = true)
@EnableConfigurationProperties(ZipjackCompressionProperties.class)
public class ZipjackCompressionAutoConfiguration {
  /** Just after Spring's character-encoding filter, outside everything else (security too). */
  static final int DEFAULT_FILTER_ORDER = Ordered.HIGHEST_PRECEDENCE + 20;

  /** Made by Spring Boot's auto-configuration; holds no state. */
  public ZipjackCompressionAutoConfiguration() {
  }

  /**
   * The filter's settings from the properties.
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
   * The filter, registered for every request and dispatch that writes a response. The container
   * calls its {@code init} and {@code destroy}; a listed coding whose library is missing fails
   * start-up there, naming the Maven artifact.
   *
   * @param settings the filter's settings
   * @param properties the bound properties, for the filter's order
   * @param listener told of each response when exactly one {@link CompressionListener} bean exists
   * @return the filter's registration
   */
  @Bean
  @ConditionalOnMissingBean(value = {CompressionFilter.class, CompressedResponses.class},
      parameterizedContainer = FilterRegistrationBean.class)
  public FilterRegistrationBean<CompressionFilter> zipjackCompressionFilter(CompressionSettings settings,
      ZipjackCompressionProperties properties, ObjectProvider<CompressionListener> listener) {
    FilterRegistrationBean<CompressionFilter> registration =
        new FilterRegistrationBean<>(new CompressionFilter(settings, listener.getIfUnique()));
    registration.setName("zipjackCompressionFilter");
    registration.setOrder(properties.getFilterOrder());
    registration.setDispatcherTypes(DispatcherType.REQUEST, DispatcherType.ASYNC, DispatcherType.ERROR,
        DispatcherType.FORWARD);
    registration.setAsyncSupported(true);
    return registration;
  }

  /** With Micrometer on the class path: the {@code zipjack.*} meters ({@link ZipjackMetrics}). */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "io.micrometer.core.instrument.MeterRegistry")
  static class MetricsConfiguration {
    @Bean
    @ConditionalOnMissingBean
    ZipjackMetrics zipjackMetrics(ObjectProvider<FilterRegistrationBean<CompressionFilter>> filter,
        ObjectProvider<ConverterPipelines> converters) {
      Supplier<PipelineResources> filterResources = () -> {
        FilterRegistrationBean<CompressionFilter> registration = filter.getIfUnique();
        return registration == null ? NOTHING : registration.getFilter().resources();
      };
      Supplier<PipelineResources> converterResources = () -> {
        ConverterPipelines pipelines = converters.getIfUnique();
        return pipelines == null ? NOTHING : pipelines.resources();
      };
      return new ZipjackMetrics(Map.of("filter", filterResources, "converter", converterResources));
    }
  }

  /**
   * The message converters that serialize controllers' return values straight into the compressed
   * body ({@link CompressingMessageConverter}), for JSON with the application's own mapper and, with
   * jackson-dataformat-msgpack on the class path, for MessagePack. Placed just before Spring's first
   * JSON converter, so that text, bytes and resources still go to the converters ahead of it.
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "org.springframework.web.servlet.config.annotation.WebMvcConfigurer")
  @ConditionalOnProperty(prefix = "zipjack.compression.converter", name = "enabled", havingValue = "true",
      matchIfMissing = true)
  static class ConverterConfiguration {
    /**
     * The application's mapper: Boot's Jackson 3 {@code JsonMapper}, unless
     * {@code spring.http.converters.preferred-json-mapper=jackson2} or there is none, then its
     * Jackson 2 {@code ObjectMapper} (spring-boot-jackson2); with neither, no converter.
     */
    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    ConverterPipelines zipjackConverterPipelines(CompressionSettings settings, ListableBeanFactory beans,
        Environment environment, ObjectProvider<CompressionListener> listener) {
      Function<Pipeline.Builder, Pipeline.Builder> json = ApplicationMappers.json(beans, environment);
      if (json == null) {
        return null;
      }
      return new ConverterPipelines(settings, json, ApplicationMappers.msgpack(beans, environment),
          listener.getIfUnique());
    }

    @Bean
    WebMvcConfigurer zipjackMessageConverters(ObjectProvider<ConverterPipelines> pipelines) {
      return new WebMvcConfigurer() {
        @Override
        public void extendMessageConverters(List<HttpMessageConverter<?>> converters) {
          ConverterPipelines made = pipelines.getIfUnique();
          if (made == null) {
            return;
          }
          int at = 0;
          while (at < converters.size() && !converters.get(at).canWrite(Map.class, MediaType.APPLICATION_JSON)) {
            at++;
          }
          converters.add(at, made.json());
          if (made.msgpack() != null) {
            converters.add(at + 1, made.msgpack());
          }
        }
      };
    }
  }

  private static final PipelineResources NOTHING = new PipelineResources(0, 0, 0, 0, 0, 0);
}
