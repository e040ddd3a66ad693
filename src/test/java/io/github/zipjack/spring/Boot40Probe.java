package io.github.zipjack.spring;

import io.github.zipjack.webflux.CompressingValueWriter;
import io.github.zipjack.webflux.DecodingExchangeFilter;
import io.github.zipjack.webflux.RequestInflationFilter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.http.client.autoconfigure.reactive.ClientHttpConnectorBuilderCustomizer;
import org.springframework.boot.http.client.reactive.ClientHttpConnectorBuilder;
import org.springframework.boot.http.client.reactive.ReactorClientHttpConnectorBuilder;
import org.springframework.boot.http.codec.CodecCustomizer;
import org.springframework.boot.test.context.assertj.ApplicationContextAssertProvider;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.boot.webclient.WebClientCustomizer;
import org.springframework.context.ApplicationContext;
import org.springframework.core.ResolvableType;
import org.springframework.http.codec.DecoderHttpMessageReader;
import org.springframework.http.codec.ServerCodecConfigurer;
import org.springframework.web.reactive.function.client.WebClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * What {@link Boot40ReactiveAutoConfigurationTest} runs in its class loader, where every Boot class
 * is Boot 4.0's: zipjack's WebFlux auto-configuration starts and its codec customizer registers the
 * writer on a server's codecs; its WebClient auto-configuration starts, its customizer adds the
 * filter and the decoder to a {@code WebClient.Builder}, and its connector customizer applies to
 * Boot 4.0's Reactor Netty connector builder. Returns what it saw, one entry each.
 */
public final class Boot40Probe implements Callable<List<String>> {
  /** Made by the test, reflectively, in the Boot 4.0 class loader. */
  public Boot40Probe() {
  }

  @Override
  public List<String> call() {
    List<String> seen = new ArrayList<>();
    new ReactiveWebApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(ZipjackReactiveAutoConfiguration.class))
        .withBean(JsonMapper.class, JsonMapper::new)
        .run(context -> {
          started(context);
          ServerCodecConfigurer codecs = ServerCodecConfigurer.create();
          context.getBeanProvider(CodecCustomizer.class).forEach(customizer -> customizer.customize(codecs));
          codecs.getWriters().stream().filter(CompressingValueWriter.class::isInstance).findFirst()
              .ifPresent(writer -> seen.add("writer"));
          context.getBeanProvider(RequestInflationFilter.class).ifAvailable(filter -> seen.add("request filter"));
        });
    new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(ZipjackWebClientAutoConfiguration.class))
        .withBean(JsonMapper.class, JsonMapper::new)
        .run(context -> {
          started(context);
          WebClient.Builder builder = WebClient.builder();
          context.getBeanProvider(WebClientCustomizer.class).forEach(customizer -> customizer.customize(builder));
          builder.filters(filters -> filters.stream().filter(DecodingExchangeFilter.class::isInstance).findFirst()
              .ifPresent(filter -> seen.add("WebClient filter")));
          builder.codecs(codecs -> codecs.getReaders().stream()
              .filter(r -> r instanceof DecoderHttpMessageReader<?> d && d.getDecoder() instanceof CompressedValueDecoder)
              .findFirst().ifPresent(decoder -> seen.add("WebClient decoder")));
          builder.build();
          connectorCustomizer(context).customize(ClientHttpConnectorBuilder.reactor()).build();
          seen.add("connector");
        });
    return seen;
  }

  private static void started(ApplicationContextAssertProvider<?> context) {
    if (context.getStartupFailure() != null) {
      throw new AssertionError("did not start on Boot 4.0: " + context.getStartupFailure(), context.getStartupFailure());
    }
  }

  @SuppressWarnings("unchecked")
  private static ClientHttpConnectorBuilderCustomizer<ReactorClientHttpConnectorBuilder> connectorCustomizer(
      ApplicationContext context) {
    return (ClientHttpConnectorBuilderCustomizer<ReactorClientHttpConnectorBuilder>) context.getBeanProvider(
        ResolvableType.forClassWithGenerics(ClientHttpConnectorBuilderCustomizer.class,
            ReactorClientHttpConnectorBuilder.class)).getObject();
  }
}
