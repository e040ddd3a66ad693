package io.github.zipjack.spring;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.SystemTool;
import io.github.zipjack.servlet.HttpDictionary;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import tools.jackson.databind.json.JsonMapper;

/**
 * A Spring Boot 4 service configured with one HTTP dictionary through
 * {@code zipjack.compression.dictionaries[0].*}: a browser-like client follows the Link of an API
 * response to the dictionary, then gets {@code dcz} bodies that the system {@code zstd -D} decodes
 * to exactly what the service's mapper writes; through zipjack's converter (the default) and,
 * with the converter off, through the filter.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class DictionarySpringBootServiceTest {
  private static final String BROWSER = "gzip, deflate, br, zstd, dcb, dcz";
  RunningBootService service;
  Path dictionaryFile;

  abstract String[] properties();

  @BeforeAll
  void start() throws Exception {
    dictionaryFile = Files.createTempFile("zipjack-people", ".dict");
    // raw content: people like those the service sends, from a mapper of the same settings
    byte[] others = JsonMapper.builder().propertyNamingStrategy(tools.jackson.databind.PropertyNamingStrategies.SNAKE_CASE)
        .build().writeValueAsBytes(PeopleService.people(40));
    Files.write(dictionaryFile, Arrays.copyOfRange(others, others.length / 2, others.length));
    String[] own = properties();
    String[] all = Arrays.copyOf(new String[] {
        "management.endpoints.web.exposure.include=metrics",
        "zipjack.compression.dictionaries[0].location=file:" + dictionaryFile,
        "zipjack.compression.dictionaries[0].match=/people*",
        "zipjack.compression.dictionaries[0].id=people-1",
        "zipjack.compression.dictionaries[0].max-age=2h"}, 5 + own.length);
    System.arraycopy(own, 0, all, 5, own.length);
    service = RunningBootService.start(all);
  }

  @AfterAll
  void stop() throws Exception {
    if (service != null) {
      service.close();
    }
    Files.deleteIfExists(dictionaryFile);
  }

  /** The converter writes the responses. */
  static class ThroughTheConverterTest extends DictionarySpringBootServiceTest {
    @Override
    String[] properties() {
      return new String[0];
    }
  }

  /** zipjack.compression.converter.enabled=false: Spring's converter writes, the filter compresses. */
  static class ThroughTheFilterTest extends DictionarySpringBootServiceTest {
    @Override
    String[] properties() {
      return new String[] {"zipjack.compression.converter.enabled=false"};
    }
  }

  @Test
  void clientFollowsTheLinkToTheDictionaryThenGetsDczBodiesThatSystemZstdDecodes() throws Exception {
    HttpResponse<byte[]> first = service.get("/people", "Accept-Encoding", BROWSER);
    String link = first.headers().firstValue("Link").orElseThrow();
    assertTrue(link.endsWith(">; rel=\"compression-dictionary\""), link);
    String url = link.substring(1, link.indexOf('>'));

    HttpResponse<byte[]> dictionary = service.get(url);
    assertEquals(200, dictionary.statusCode());
    assertEquals("match=\"/people*\", id=\"people-1\", type=raw",
        dictionary.headers().firstValue("Use-As-Dictionary").orElseThrow());
    assertEquals("public, max-age=7200", dictionary.headers().firstValue("Cache-Control").orElseThrow());
    byte[] bytes = dictionary.body();
    assertArrayEquals(Files.readAllBytes(dictionaryFile), bytes);

    String hash = ":" + Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256").digest(bytes)) + ":";
    HttpResponse<byte[]> next = service.get("/people", "Accept-Encoding", BROWSER, "Available-Dictionary", hash);
    assertEquals("dcz", next.headers().firstValue("Content-Encoding").orElseThrow());
    assertEquals(String.valueOf(next.body().length), next.headers().firstValue("Content-Length").orElseThrow());
    assertTrue(next.headers().allValues("Vary").toString().contains("Available-Dictionary"), next.headers().toString());
    byte[] frame = Arrays.copyOfRange(next.body(), 40, next.body().length);
    assertArrayEquals(service.bean(JsonMapper.class).writeValueAsBytes(PeopleService.people(300)),
        SystemTool.zstd(frame, "-d", "-D", dictionaryFile.toString()));
  }

  @Test
  void responseCarriesOneLinkToTheDictionary() throws Exception {
    HttpResponse<byte[]> response = service.get("/people", "Accept-Encoding", BROWSER);
    assertEquals(1, response.headers().allValues("Link").size(), response.headers().toString());
  }

  @Test
  void dczResponsesAreCountedUnderTheirCodingInTheMeters() throws Exception {
    HttpResponse<byte[]> dictionary = service.get(service.get("/people", "Accept-Encoding", BROWSER).headers()
        .firstValue("Link").map(l -> l.substring(1, l.indexOf('>'))).orElseThrow());
    String hash = ":" + Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256").digest(
        dictionary.body())) + ":";
    assertEquals("dcz", service.get("/people", "Accept-Encoding", BROWSER, "Available-Dictionary", hash).headers()
        .firstValue("Content-Encoding").orElseThrow());

    // the filter reports once the response is released, which may follow the client's last read
    double count = 0;
    for (long deadline = System.nanoTime() + 5_000_000_000L; count < 1 && System.nanoTime() < deadline; ) {
      count = ZipjackMetricsInSpringBootServiceTest.value(ZipjackMetricsInSpringBootServiceTest.metric(service,
          "zipjack.responses", "coding:dcz", "outcome:compressed"), "COUNT");
      Thread.sleep(count < 1 ? 20 : 0);
    }
    assertTrue(count >= 1, "zipjack.responses{coding=dcz, outcome=compressed}: " + count);
  }

  @Test
  void dictionarySettingsComeFromTheProperties() {
    HttpDictionary d = service.bean(io.github.zipjack.servlet.CompressionSettings.class).dictionaries().get(0);
    assertEquals("/people*", d.match());
    assertEquals("people-1", d.id());
    assertEquals(7200, d.maxAgeSeconds());
  }
}
