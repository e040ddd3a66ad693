package io.github.zipjack.spring;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.zipjack.Pipeline;
import java.util.function.Function;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.core.env.Environment;
import org.springframework.util.ClassUtils;

/**
 * The application's JSON mapper, as Spring's own Jackson converters would pick it: its Jackson 3
 * {@code JsonMapper} bean, unless {@code spring.http.converters.preferred-json-mapper=jackson2} (for
 * WebFlux's codecs, {@code spring.http.codecs.preferred-json-mapper}) or Jackson 3 is absent, else its Jackson 2 {@code ObjectMapper} bean; and the mapper for MessagePack
 * that follows it. The server's and the client's converters are built on them.
 */
final class ApplicationMappers {
  private static final String JACKSON3 = "tools.jackson.databind.json.JsonMapper";
  private static final String MSGPACK = "org.msgpack.jackson.dataformat.MessagePackFactory";

  /** What chooses between Jackson 3 and 2 for Spring MVC's message converters (and RestClient's). */
  static final String CONVERTERS_PREFERENCE = "spring.http.converters.preferred-json-mapper";
  /** What chooses between Jackson 3 and 2 for WebFlux's codecs. */
  static final String CODECS_PREFERENCE = "spring.http.codecs.preferred-json-mapper";

  private ApplicationMappers() {}

  /** {@return the application's Jackson 3 JsonMapper bean to use, or null} */
  static Object jackson3(ListableBeanFactory beans, Environment environment) {
    return jackson3(beans, environment, CONVERTERS_PREFERENCE);
  }

  /**
   * {@return the application's Jackson 3 JsonMapper bean to use, or null}
   *
   * @param preference the property that may say {@code jackson2}
   */
  static Object jackson3(ListableBeanFactory beans, Environment environment, String preference) {
    boolean preferJackson2 = "jackson2".equals(environment.getProperty(preference));
    return !preferJackson2 && ClassUtils.isPresent(JACKSON3, null)
        ? beans.getBeanProvider(ClassUtils.resolveClassName(JACKSON3, null)).getIfUnique() : null;
  }

  /** {@return what sets the application's JSON mapper on a pipeline builder, or null when it has none} */
  static Function<Pipeline.Builder, Pipeline.Builder> json(ListableBeanFactory beans, Environment environment) {
    return json(beans, environment, CONVERTERS_PREFERENCE);
  }

  /** As {@link #json(ListableBeanFactory, Environment)}, with {@code preference} choosing the Jackson version. */
  static Function<Pipeline.Builder, Pipeline.Builder> json(ListableBeanFactory beans, Environment environment,
      String preference) {
    Object jackson3 = jackson3(beans, environment, preference);
    if (jackson3 != null) {
      return Jackson3Mappers.jsonMapper(jackson3);
    }
    ObjectMapper jackson2 = beans.getBeanProvider(ObjectMapper.class).getIfUnique();
    return jackson2 == null ? null : builder -> builder.mapper(jackson2);
  }

  /**
   * {@return what sets the mapper for MessagePack on a pipeline builder, or null without
   * jackson-dataformat-msgpack or without an application mapper} MessagePack has no Jackson 3 backend,
   * so it is a Jackson 2 mapper: one that follows the application's Jackson 3 {@code JsonMapper}
   * ({@link Jackson3Mappers#msgpackFollowing}) when that is the mapper in use, else the application's
   * Jackson 2 {@code ObjectMapper}.
   */
  static Function<Pipeline.Builder, Pipeline.Builder> msgpack(ListableBeanFactory beans, Environment environment) {
    return msgpack(beans, environment, CONVERTERS_PREFERENCE);
  }

  /** As {@link #msgpack(ListableBeanFactory, Environment)}, with {@code preference} choosing the Jackson version. */
  static Function<Pipeline.Builder, Pipeline.Builder> msgpack(ListableBeanFactory beans, Environment environment,
      String preference) {
    if (!ClassUtils.isPresent(MSGPACK, null)) {
      return null;
    }
    Object jackson3 = jackson3(beans, environment, preference);
    ObjectMapper follower = jackson3 != null ? Jackson3Mappers.msgpackFollowing(jackson3)
        : beans.getBeanProvider(ObjectMapper.class).getIfUnique();
    return follower == null ? null : builder -> builder.mapper(follower);
  }
}
