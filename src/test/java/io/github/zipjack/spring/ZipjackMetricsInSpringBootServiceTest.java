package io.github.zipjack.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * With Spring Boot Actuator and Micrometer on the class path, the {@code zipjack.*} meters count
 * what the service sent, read the way an operator reads them: over HTTP from /actuator/metrics. The
 * filter's outcomes with the converter off; then what the converter writes.
 */
class ZipjackMetricsInSpringBootServiceTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static RunningBootService service;

  @BeforeAll
  static void start() {
    service = RunningBootService.start("management.endpoints.web.exposure.include=metrics",
        "zipjack.compression.converter.enabled=false");
  }

  @AfterAll
  static void stop() {
    if (service != null) {
      service.close();
    }
  }

  static JsonNode metric(RunningBootService service, String name, String... tags) throws Exception {
    StringBuilder path = new StringBuilder("/actuator/metrics/" + name);
    for (int i = 0; i < tags.length; i++) {
      path.append(i == 0 ? '?' : '&').append("tag=").append(tags[i]);
    }
    HttpResponse<byte[]> response = service.get(path.toString());
    assertEquals(200, response.statusCode(), new String(response.body()));
    return JSON.readTree(response.body());
  }

  private static JsonNode metric(String name, String... tags) throws Exception {
    return metric(service, name, tags);
  }

  static double value(JsonNode metric, String statistic) {
    for (JsonNode m : metric.get("measurements")) {
      if (m.get("statistic").asText().equals(statistic)) {
        return m.get("value").asDouble();
      }
    }
    throw new AssertionError(statistic + " not in " + metric);
  }

  @Test
  void compressedResponsesAreCountedWithTheirBytesAndTime() throws Exception {
    long sent = 0;
    for (int i = 0; i < 3; i++) {
      sent += service.get("/people", "Accept-Encoding", "br").body().length;
    }
    assertEquals(3.0, value(metric("zipjack.responses", "coding:br", "outcome:compressed"), "COUNT"));
    assertEquals(sent, (long) value(metric("zipjack.sent.bytes", "coding:br"), "COUNT"));
    long written = service.bean(tools.jackson.databind.json.JsonMapper.class)
        .writeValueAsBytes(PeopleService.people(300)).length;
    assertEquals(3L * written, (long) value(metric("zipjack.body.bytes", "coding:br"), "COUNT"));
    assertEquals(3.0, value(metric("zipjack.compression", "coding:br"), "COUNT"));
    assertTrue(value(metric("zipjack.compression", "coding:br"), "TOTAL_TIME") > 0);
  }

  @Test
  void smallResponsesAreCountedAsTooSmall() throws Exception {
    double before = countOrZero("identity", "too_small");
    service.get("/person", "Accept-Encoding", "gzip");
    service.get("/person", "Accept-Encoding", "gzip");
    assertEquals(before + 2, countOrZero("identity", "too_small"));
  }

  @Test
  void poolGaugesShowNothingLentBetweenRequests() throws Exception {
    service.get("/people", "Accept-Encoding", "zstd");
    assertEquals(0.0, value(metric("zipjack.resources.lent.segments", "source:filter"), "VALUE"));
    assertEquals(0.0, value(metric("zipjack.resources.lent.encoders", "source:filter"), "VALUE"));
    assertTrue(value(metric("zipjack.resources.native.contexts", "source:filter"), "VALUE") >= 1);
  }

  private static double countOrZero(String coding, String outcome) throws Exception {
    HttpResponse<byte[]> response = service.get("/actuator/metrics/zipjack.responses?tag=coding:" + coding
        + "&tag=outcome:" + outcome);
    return response.statusCode() == 404 ? 0 : value(JSON.readTree(response.body()), "COUNT");
  }
}
