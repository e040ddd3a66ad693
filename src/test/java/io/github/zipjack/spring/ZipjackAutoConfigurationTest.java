package io.github.zipjack.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.zipjack.Compression;
import io.github.zipjack.Pipeline;
import io.github.zipjack.servlet.CompressedResponses;
import io.github.zipjack.servlet.CompressionFilter;
import io.github.zipjack.servlet.CompressionSettings;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** What the auto-configuration registers, from which properties, and when it backs off. */
class ZipjackAutoConfigurationTest {
  private final WebApplicationContextRunner runner = new WebApplicationContextRunner()
      .withConfiguration(AutoConfigurations.of(ZipjackCompressionAutoConfiguration.class));

  @Test
  void registersTheCompressionFilterByDefault() {
    runner.run(context -> {
      assertThat(context).hasSingleBean(FilterRegistrationBean.class);
      assertThat(context.getBean(FilterRegistrationBean.class).getFilter()).isInstanceOf(CompressionFilter.class);
      assertThat(context.getBean(CompressionSettings.class).toString())
          .isEqualTo(CompressionSettings.defaults().toString());
    });
  }

  @Test
  void enabledFalseRegistersNothing() {
    runner.withPropertyValues("zipjack.compression.enabled=false")
        .run(context -> assertThat(context).doesNotHaveBean(FilterRegistrationBean.class)
            .doesNotHaveBean(CompressionSettings.class));
  }

  @Test
  void backsOffForTheApplicationsOwnCompressionFilter() {
    runner.withUserConfiguration(OwnFilter.class).run(context -> {
      assertThat(context).doesNotHaveBean(FilterRegistrationBean.class);
      assertThat(context).hasSingleBean(CompressionFilter.class);
    });
  }

  @Test
  void backsOffForTheApplicationsOwnCompressedResponses() {
    runner.withUserConfiguration(OwnResponses.class)
        .run(context -> assertThat(context).doesNotHaveBean(FilterRegistrationBean.class));
  }

  @Test
  void propertiesReachTheFilterSettings() {
    runner.withPropertyValues("zipjack.compression.codings=gzip(6), br(5)", "zipjack.compression.min-body-size=4KB",
        "zipjack.compression.max-buffered-size=2MB", "zipjack.compression.flush-grace=50ms",
        "zipjack.compression.mime-types=application/json,text/*", "zipjack.compression.encoder-pool-size=4",
        "zipjack.compression.segment-pool-size=1MB", "zipjack.compression.inflate-requests=false",
        "zipjack.compression.max-inflated-request-size=1MB", "zipjack.compression.max-inflation-ratio=20",
        "zipjack.compression.compression-threads=3", "zipjack.compression.parallel-threshold=1MB")
        .run(context -> {
          CompressionSettings settings = context.getBean(CompressionSettings.class);
          assertThat(settings.codings()).containsExactly(Compression.gzip(6), Compression.brotli(5));
          assertThat(settings.minBodyBytes()).isEqualTo(4096);
          assertThat(settings.maxBufferedBytes()).isEqualTo(2L << 20);
          assertThat(settings.flushGraceMillis()).isEqualTo(50);
          assertThat(settings.mimeTypes()).containsExactly("application/json", "text/*");
          assertThat(settings.encoderPoolSize()).isEqualTo(4);
          assertThat(settings.segmentPoolBytes()).isEqualTo(1L << 20);
          assertThat(settings.inflateRequests()).isFalse();
          assertThat(settings.maxInflatedRequestBytes()).isEqualTo(1L << 20);
          assertThat(settings.maxInflationRatio()).isEqualTo(20);
          assertThat(settings.compressionThreads()).isEqualTo(3);
          assertThat(settings.parallelThresholdBytes()).isEqualTo(1L << 20);
        });
  }

  @Test
  void filterOrderPropertySetsTheRegistrationsOrder() {
    runner.withPropertyValues("zipjack.compression.filter-order=5")
        .run(context -> assertThat(context.getBean(FilterRegistrationBean.class).getOrder()).isEqualTo(5));
  }

  @Test
  void unknownCodingStopsStartupNamingThePropertyAndTheValue() {
    assertStartupFails("zipjack.compression.codings=lz4(1)", "zipjack.compression.codings", "lz4(1)",
        "zstd(1), gzip(1), brotli(4)");
  }

  @Test
  void levelOutOfRangeStopsStartupNamingTheRange() {
    assertStartupFails("zipjack.compression.codings=zstd(40)", "zipjack.compression.codings", "zstd(40)", "[1, 22]");
  }

  @Test
  void negativeSizeStopsStartup() {
    assertStartupFails("zipjack.compression.min-body-size=-1KB", "zipjack.compression.min-body-size", "-1024B",
        "minBodyBytes must be >= 0: -1024");
  }

  @Test
  void inflationRatioBelowOneStopsStartup() {
    assertStartupFails("zipjack.compression.max-inflation-ratio=0", "zipjack.compression.max-inflation-ratio", "0",
        "maxInflationRatio must be in [1, 2147483647]: 0");
  }

  @Test
  void minBodySizeAboveMaxBufferedSizeStopsStartup() {
    runner.withPropertyValues("zipjack.compression.min-body-size=4MB", "zipjack.compression.max-buffered-size=1MB")
        .run(context -> assertThat(invalidProperty(context.getStartupFailure()).property())
            .isEqualTo("zipjack.compression.min-body-size"));
  }

  @Test
  void failureAnalysisSaysPropertyValueAllowedAndAction() {
    runner.withPropertyValues("zipjack.compression.codings=lz4").run(context -> {
      FailureAnalysis analysis = new ZipjackPropertyFailureAnalyzer().analyze(context.getStartupFailure());
      assertThat(analysis.getDescription()).isEqualTo("Invalid value for property 'zipjack.compression.codings': "
          + "'lz4'. codings must look like zstd(1), gzip(1), brotli(4)");
      assertThat(analysis.getAction()).contains("zipjack.compression.codings");
    });
  }

  @Test
  void missingDictionaryFileStopsStartupNamingThePropertyAndTheValue() {
    assertStartupFails(new String[] {"zipjack.compression.dictionaries[0].location=file:/nonexistent/orders.dict",
        "zipjack.compression.dictionaries[0].match=/api/*"}, "zipjack.compression.dictionaries[0].location",
        "file:/nonexistent/orders.dict", "readable");
  }

  @Test
  void emptyDictionaryFileStopsStartup() throws java.io.IOException {
    java.nio.file.Path empty = java.nio.file.Files.createTempFile("zipjack-empty", ".dict");
    try {
      assertStartupFails(new String[] {"zipjack.compression.dictionaries[0].location=file:" + empty,
          "zipjack.compression.dictionaries[0].match=/api/*"}, "zipjack.compression.dictionaries[0].location",
          "file:" + empty, "empty");
    } finally {
      java.nio.file.Files.delete(empty);
    }
  }

  @Test
  void dictionaryMatchWithARegexpGroupStopsStartup() {
    assertStartupFails(new String[] {"zipjack.compression.dictionaries[0].location=classpath:logback-test.xml",
        "zipjack.compression.dictionaries[0].match=/api/(\\d+)"}, "zipjack.compression.dictionaries[0].match",
        "/api/(\\d+)", "regexp groups");
  }

  @Test
  void dictionaryPathEndingInASlashStopsStartup() {
    assertStartupFails(new String[] {"zipjack.compression.dictionary-path=/dictionaries/"},
        "zipjack.compression.dictionary-path", "/dictionaries/", "not ending with /");
  }

  private void assertStartupFails(String[] properties, String name, String value, String allowedFragment) {
    runner.withPropertyValues(properties).run(context -> {
      InvalidZipjackPropertyException e = invalidProperty(context.getStartupFailure());
      assertThat(e.property()).isEqualTo(name);
      assertThat(e.value()).isEqualTo(value);
      assertThat(e.allowed()).contains(allowedFragment);
    });
  }

  private void assertStartupFails(String property, String name, String value, String allowedFragment) {
    runner.withPropertyValues(property).run(context -> {
      InvalidZipjackPropertyException e = invalidProperty(context.getStartupFailure());
      assertThat(e.property()).isEqualTo(name);
      assertThat(e.value()).isEqualTo(value);
      assertThat(e.allowed()).contains(allowedFragment);
    });
  }

  private static InvalidZipjackPropertyException invalidProperty(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof InvalidZipjackPropertyException e) {
        return e;
      }
    }
    throw new AssertionError("start-up did not fail with InvalidZipjackPropertyException", failure);
  }

  @Configuration(proxyBeanMethods = false)
  static class OwnFilter {
    @Bean
    CompressionFilter compressionFilter() {
      return new CompressionFilter(CompressionSettings.builder().codings(Compression.gzip(1)).build());
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class OwnResponses {
    @Bean(destroyMethod = "close")
    Pipeline gzipPipeline() {
      return Pipeline.builder().compression(Compression.gzip(1)).build();
    }

    @Bean
    CompressedResponses compressedResponses(Pipeline gzipPipeline) {
      return CompressedResponses.of(gzipPipeline);
    }
  }
}
