package io.github.zipjack.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.zipjack.servlet.CompressionSettings;
import io.github.zipjack.webflux.DecodingExchangeFilter;
import io.github.zipjack.webflux.EntityTagFilter;
import io.github.zipjack.webflux.RequestInflationFilter;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import tools.jackson.databind.json.JsonMapper;

/** What the reactive and WebClient auto-configurations register, from which properties, and when not. */
class ZipjackReactiveAutoConfigurationTest {
  private final ReactiveWebApplicationContextRunner reactive = new ReactiveWebApplicationContextRunner()
      .withConfiguration(AutoConfigurations.of(ZipjackReactiveAutoConfiguration.class))
      .withBean(JsonMapper.class, JsonMapper::new);

  @Test
  void aReactiveApplicationGetsTheWritersAndTheRequestFilter() {
    reactive.run(context -> assertThat(context).hasSingleBean(ReactiveWriters.class)
        .hasSingleBean(RequestInflationFilter.class).hasSingleBean(CompressionSettings.class));
  }

  @Test
  void inflateRequestsFalseLeavesRequestBodiesAlone() {
    reactive.withPropertyValues("zipjack.compression.inflate-requests=false")
        .run(context -> assertThat(context).doesNotHaveBean(RequestInflationFilter.class)
            .hasSingleBean(ReactiveWriters.class));
  }

  @Test
  void converterEnabledFalseLeavesBodiesToSpringsWriters() {
    reactive.withPropertyValues("zipjack.compression.converter.enabled=false")
        .run(context -> assertThat(context).doesNotHaveBean(ReactiveWriters.class)
            .doesNotHaveBean(EntityTagFilter.class).hasSingleBean(RequestInflationFilter.class));
  }

  @Test
  void enabledFalseRegistersNothing() {
    reactive.withPropertyValues("zipjack.compression.enabled=false")
        .run(context -> assertThat(context).doesNotHaveBean(ReactiveWriters.class)
            .doesNotHaveBean(RequestInflationFilter.class).doesNotHaveBean(CompressionSettings.class));
  }

  @Test
  void aServletApplicationGetsNoneOfIt() {
    new WebApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(ZipjackReactiveAutoConfiguration.class))
        .run(context -> assertThat(context).doesNotHaveBean(ReactiveWriters.class)
            .doesNotHaveBean(RequestInflationFilter.class));
  }

  @Test
  void anUnknownCodingStopsStartupThroughTheFailureAnalyzer() {
    reactive.withPropertyValues("zipjack.compression.codings=lz4").run(context -> {
      FailureAnalysis analysis = new ZipjackPropertyFailureAnalyzer().analyze(context.getStartupFailure());
      assertThat(analysis.getDescription()).isEqualTo("Invalid value for property 'zipjack.compression.codings': "
          + "'lz4'. codings must look like zstd(1), gzip(1), brotli(4)");
    });
  }

  @Test
  void theWebClientFilterFollowsTheClientProperties() {
    new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(ZipjackWebClientAutoConfiguration.class))
        .withPropertyValues("zipjack.client.codings=gzip", "zipjack.client.max-decoded-size=1MB")
        .run(context -> assertThat(context.getBean(DecodingExchangeFilter.class).toString())
            .startsWith("DecodingExchangeFilter[codings=[gzip], maxDecodedBytes=1048576"));
  }

  @Test
  void aBadClientPropertyStopsStartupThroughTheFailureAnalyzer() {
    new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(ZipjackWebClientAutoConfiguration.class))
        .withPropertyValues("zipjack.client.codings=lz4")
        .run(context -> assertThat(new ZipjackPropertyFailureAnalyzer().analyze(context.getStartupFailure())
            .getDescription()).startsWith("Invalid value for property 'zipjack.client.codings'").contains("lz4"));
  }
}
