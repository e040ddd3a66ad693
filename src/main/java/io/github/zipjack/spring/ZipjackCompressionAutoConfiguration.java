package io.github.zipjack.spring;

import io.github.zipjack.PipelineResources;
import io.github.zipjack.servlet.CompressedResponses;
import io.github.zipjack.servlet.CompressionListener;
import io.github.zipjack.servlet.CompressionFilter;
import io.github.zipjack.servlet.CompressionSettings;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import java.util.Map;
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

  /**
   * The filter's settings from the properties.
   *
   * @throws InvalidZipjackPropertyException naming the property whose value is refused
   */
  @Bean
  @ConditionalOnMissingBean
  public CompressionSettings zipjackCompressionSettings(ZipjackCompressionProperties properties) {
    return PropertySettings.from(properties);
  }

  /**
   * The filter, registered for every request and dispatch that writes a response. The container
   * calls its {@code init} and {@code destroy}; a listed coding whose library is missing fails
   * start-up there, naming the Maven artifact.
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
    ZipjackMetrics zipjackMetrics(ObjectProvider<FilterRegistrationBean<CompressionFilter>> filter) {
      Supplier<PipelineResources> filterResources = () -> {
        FilterRegistrationBean<CompressionFilter> registration = filter.getIfUnique();
        return registration == null ? NOTHING : registration.getFilter().resources();
      };
      return new ZipjackMetrics(Map.of("filter", filterResources));
    }
  }

  private static final PipelineResources NOTHING = new PipelineResources(0, 0, 0, 0, 0, 0);
}
