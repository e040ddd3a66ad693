package io.github.zipjack.spring;

import io.github.zipjack.servlet.CompressionSettings;
import org.springframework.http.converter.HttpMessageConverter;

/**
 * zipjack's JSON message converter as the auto-configuration makes it (same codings, order and
 * minimum size as the filter's settings), on a Jackson 3 mapper, for benchmarks outside this
 * package. Owns the converter's pipelines: {@link #close()} closes them.
 */
public final class BenchmarkConverter implements AutoCloseable {
  private final ConverterPipelines pipelines;

  /**
   * @param settings the filter's settings, whose codings, minimum size and dictionaries the converter takes
   * @param mapper the application's Jackson 3 mapper
   */
  public BenchmarkConverter(CompressionSettings settings, tools.jackson.databind.ObjectMapper mapper) {
    pipelines = new ConverterPipelines(settings, builder -> builder.jackson3Mapper(mapper), null, null);
  }

  /** {@return the JSON converter, placed where Boot places it: before Spring's own JSON converter} */
  public HttpMessageConverter<Object> json() {
    return pipelines.json();
  }

  @Override
  public void close() {
    pipelines.close();
  }
}
