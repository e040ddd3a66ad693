package io.github.zipjack.spring;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.zipjack.Pipeline;
import java.util.function.Function;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.core.env.Environment;
import org.springframework.util.ClassUtils;

/**
 * The application's JSON mapper, as Spring's own Jackson converters would pick it: its Jackson 3
 * {@code JsonMapper} bean, unless {@code spring.http.converters.preferred-json-mapper=jackson2} or
 * Jackson 3 is absent, else its Jackson 2 {@code ObjectMapper} bean. The server's and the client's
 * converters are built on it.
 */
final class ApplicationMappers {
  private static final String JACKSON3 = "tools.jackson.databind.json.JsonMapper";

  private ApplicationMappers() {}

  /** {@return the application's Jackson 3 JsonMapper bean to use, or null} */
  static Object jackson3(ListableBeanFactory beans, Environment environment) {
    boolean preferJackson2 = "jackson2".equals(environment.getProperty("spring.http.converters.preferred-json-mapper"));
    return !preferJackson2 && ClassUtils.isPresent(JACKSON3, null)
        ? beans.getBeanProvider(ClassUtils.resolveClassName(JACKSON3, null)).getIfUnique() : null;
  }

  /** {@return what sets the application's JSON mapper on a pipeline builder, or null when it has none} */
  static Function<Pipeline.Builder, Pipeline.Builder> json(ListableBeanFactory beans, Environment environment) {
    Object jackson3 = jackson3(beans, environment);
    if (jackson3 != null) {
      return Jackson3Mappers.jsonMapper(jackson3);
    }
    ObjectMapper jackson2 = beans.getBeanProvider(ObjectMapper.class).getIfUnique();
    return jackson2 == null ? null : builder -> builder.mapper(jackson2);
  }
}
