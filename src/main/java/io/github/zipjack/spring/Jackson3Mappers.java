package io.github.zipjack.spring;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.PropertyNamingStrategy;
import io.github.zipjack.Jackson3View;
import io.github.zipjack.Pipeline;
import java.util.Map;
import java.util.function.Function;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.type.TypeFactory;

/**
 * What the converters need of a Jackson 3 mapper, in a class of its own so that the auto-configuration
 * loads Jackson 3's classes only when the application has them.
 */
final class Jackson3Mappers {
  /** Jackson 3's built-in naming strategies by class name, and Jackson 2's equivalents. */
  private static final Map<String, PropertyNamingStrategy> NAMING = Map.of(
      "SnakeCaseStrategy", PropertyNamingStrategies.SNAKE_CASE,
      "UpperSnakeCaseStrategy", PropertyNamingStrategies.UPPER_SNAKE_CASE,
      "UpperCamelCaseStrategy", PropertyNamingStrategies.UPPER_CAMEL_CASE,
      "LowerCamelCaseStrategy", PropertyNamingStrategies.LOWER_CAMEL_CASE,
      "LowerCaseStrategy", PropertyNamingStrategies.LOWER_CASE,
      "KebabCaseStrategy", PropertyNamingStrategies.KEBAB_CASE,
      "LowerDotCaseStrategy", PropertyNamingStrategies.LOWER_DOT_CASE);

  private Jackson3Mappers() {}

  /** Sets {@code mapper} (a Jackson 3 JsonMapper) on a pipeline builder. */
  static Function<Pipeline.Builder, Pipeline.Builder> jsonMapper(Object mapper) {
    JsonMapper json = (JsonMapper) mapper;
    return builder -> builder.jackson3Mapper(json);
  }

  /** Reads generic types with a Jackson 3 pipeline's own mapper. */
  static ClientBodyFormat.GenericDecoder genericDecoder(Pipeline pipeline) {
    Jackson3View view = pipeline.jackson3();
    TypeFactory types = view.mapper().getTypeFactory();
    return (in, type) -> view.decode(in, types.constructType(type));
  }

  /**
   * A Jackson 2 mapper for MessagePack that follows what it can of a Jackson 3 mapper: its naming
   * strategy, when it is one of Jackson's built-in ones. Modules, mix-ins, features and custom
   * strategies of the Jackson 3 mapper cannot carry over to Jackson 2 (docs/spring-boot.md says so).
   */
  static ObjectMapper msgpackFollowing(Object mapper) {
    ObjectMapper follower = new ObjectMapper();
    Object naming = ((JsonMapper) mapper).serializationConfig().getPropertyNamingStrategy();
    if (naming != null) {
      PropertyNamingStrategy same = NAMING.get(naming.getClass().getSimpleName());
      if (same != null) {
        follower.setPropertyNamingStrategy(same);
      }
    }
    return follower;
  }
}
