package io.github.zipjack.spring;

import static io.github.zipjack.spring.ZipjackMetricsInSpringBootServiceTest.metric;
import static io.github.zipjack.spring.ZipjackMetricsInSpringBootServiceTest.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Responses the converter writes are counted once, by the converter (the filter passes them through
 * uncounted), with their size as sent; the converters' pipelines have gauges of their own.
 */
class ConverterMetricsTest {
  private static RunningBootService service;

  @BeforeAll
  static void start() {
    service = RunningBootService.start("management.endpoints.web.exposure.include=metrics");
  }

  @AfterAll
  static void stop() {
    if (service != null) {
      service.close();
    }
  }

  @Test
  void eachConverterResponseIsCountedOnceWithItsSentBytes() throws Exception {
    long sent = 0;
    for (int i = 0; i < 4; i++) {
      sent += service.get("/people", "Accept-Encoding", "gzip").body().length;
    }
    assertEquals(4.0, value(metric(service, "zipjack.responses", "coding:gzip", "outcome:compressed"), "COUNT"));
    assertEquals(sent, (long) value(metric(service, "zipjack.sent.bytes", "coding:gzip"), "COUNT"));
    assertEquals(4.0, value(metric(service, "zipjack.compression", "coding:gzip"), "COUNT"));
  }

  @Test
  void converterPoolGaugesShowTheirContextsAndNothingLent() throws Exception {
    service.get("/people", "Accept-Encoding", "zstd");
    assertEquals(0.0, value(metric(service, "zipjack.resources.lent.segments", "source:converter"), "VALUE"));
    assertTrue(value(metric(service, "zipjack.resources.native.contexts", "source:converter"), "VALUE") >= 1);
  }
}
