package io.github.zipjack.spring;

import io.github.zipjack.Pipeline;
import io.github.zipjack.client.CompressedHttpClient;
import io.github.zipjack.client.DictionarySettings;
import io.github.zipjack.servlet.CompressionFilter;
import java.net.http.HttpClient;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.assertj.ApplicationContextAssertProvider;
import org.springframework.boot.test.context.runner.AbstractApplicationContextRunner;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.mock.web.MockFilterConfig;
import tools.jackson.databind.json.JsonMapper;

/**
 * What becomes of zipjack in an application without zstd-jni and brotli4j: run inside the class
 * loader {@link MissingCodecLibrariesTest} makes without them, each method starts an application (or
 * builds a client) and tells, as text, what came of it, so that no type of that loader reaches the
 * test: the failure analyzer's description when start-up stops, else what was made.
 */
public final class ApplicationsWithoutCodecLibraries {
  private ApplicationsWithoutCodecLibraries() {}

  /** A servlet application: the analyzer's description, or the codings its filter serves once initialized. */
  public static String servlet(String... properties) {
    return report(new WebApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(ZipjackCompressionAutoConfiguration.class)), properties, context -> {
          CompressionFilter filter = (CompressionFilter) context.getBean(FilterRegistrationBean.class).getFilter();
          filter.init(new MockFilterConfig());
          try {
            return "serves " + filter.implementations();
          } finally {
            filter.destroy();
          }
        });
  }

  /** A WebFlux application: the analyzer's description, or its reactive writers. */
  public static String reactive(String... properties) {
    return report(new ReactiveWebApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(ZipjackReactiveAutoConfiguration.class))
        .withBean(JsonMapper.class, JsonMapper::new), properties,
        context -> "writes with " + context.getBean(ReactiveWriters.class).getClass().getSimpleName());
  }

  /** An application calling others: the analyzer's description, or its interceptor. */
  public static String restClient(String... properties) {
    return report(new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(ZipjackClientAutoConfiguration.class)), properties,
        context -> context.getBean(DecodingClientInterceptor.class).toString());
  }

  /** {@code CompressedHttpClient} with its defaults, or {@code dictionaries(...)} set: the client, or the builder's refusal. */
  public static String compressedHttpClient(boolean dictionariesSet) {
    try (Pipeline pipeline = Pipeline.builder().build()) {
      CompressedHttpClient.Builder builder = CompressedHttpClient.builder(HttpClient.newHttpClient(), pipeline);
      if (dictionariesSet) {
        builder.dictionaries(DictionarySettings.builder().build());
      }
      try (CompressedHttpClient client = builder.build()) {
        return client.toString();
      } catch (IllegalStateException refused) {
        return refused.getMessage();
      }
    }
  }

  /** What the application made, told by {@code made}, or the failure analyzer's description of its start-up failure. */
  private static <C extends ConfigurableApplicationContext, A extends ApplicationContextAssertProvider<C>>
      String report(AbstractApplicationContextRunner<?, C, A> runner, String[] properties, Made<C> made) {
    String[] report = new String[1];
    runner.withPropertyValues(properties).run(context -> report[0] = context.getStartupFailure() != null
        ? new ZipjackPropertyFailureAnalyzer().analyze(context.getStartupFailure()).getDescription()
        : made.tell(context.getSourceApplicationContext()));
    return report[0];
  }

  /** Tells what an application that started made. */
  private interface Made<C> {
    String tell(C context) throws Exception;
  }
}
