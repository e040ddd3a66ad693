package io.github.zipjack.spring;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.ParameterizedTypeReference;

/**
 * A Spring Boot application that calls other services: no web server of its own, Boot's
 * auto-configuration, zipjack on the class path, its Jackson mapper in snake_case (so that a body
 * read or written with another mapper shows). Boot's request factory is Reactor Netty's (it is on
 * the test class path), on event loops of the application's own ({@link OwnReactorNettyResources}).
 */
@SpringBootConfiguration
@EnableAutoConfiguration
class CallingApplication {
  /** What the tests read answers as. */
  static final ParameterizedTypeReference<List<PeopleService.Person>> PEOPLE = new ParameterizedTypeReference<>() {};
  /** Writes bodies as the calling application's mapper and {@link PeopleService}'s do. */
  static final ObjectMapper SNAKE_CASE = new ObjectMapper().setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);

  /** Starts it with {@code properties}; the caller closes it. */
  static ConfigurableApplicationContext start(String... properties) {
    return start(new Class<?>[0], properties);
  }

  /** Starts it with the application's own {@code configurations} beside it, and {@code properties}. */
  static ConfigurableApplicationContext start(Class<?>[] configurations, String... properties) {
    List<Class<?>> sources = new ArrayList<>(List.of(CallingApplication.class, OwnReactorNettyResources.class));
    sources.addAll(List.of(configurations));
    return new SpringApplicationBuilder(sources.toArray(new Class<?>[0])).properties("spring.main.web-application-type=none",
        "spring.main.banner-mode=off", "spring.jackson.property-naming-strategy=SNAKE_CASE").properties(properties).run();
  }
}
