package io.github.zipjack.spring;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.zipjack.Pipeline;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.Enumeration;
import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;

/**
 * The configuration metadata an IDE shows for {@code zipjack.compression.*}: a default the
 * annotation processor cannot read from the field (one set from a constant of another class) is
 * stated in additional-spring-configuration-metadata.json, and must match that constant.
 */
class PropertiesMetadataTest {
  @Test
  void parallelThresholdDefaultIsThePipelinesDefault() throws IOException {
    JsonNode property = property("zipjack.compression.parallel-threshold");

    assertThat(DataSize.parse(property.path("defaultValue").asText()).toBytes())
        .isEqualTo(Pipeline.DEFAULT_PARALLEL_THRESHOLD_BYTES);
    assertThat(new ZipjackCompressionProperties().getParallelThreshold().toBytes())
        .isEqualTo(Pipeline.DEFAULT_PARALLEL_THRESHOLD_BYTES);
  }

  @Test
  void dictionaryPropertiesAreDescribedForTheIde() throws IOException {
    JsonNode dictionaries = property("zipjack.compression.dictionaries");
    assertThat(dictionaries.path("type").asText()).contains("ZipjackCompressionProperties$Dictionary");
    assertThat(dictionaries.path("description").asText()).contains("RFC 9842");
    assertThat(property("zipjack.compression.dictionary-path").path("defaultValue").asText())
        .isEqualTo("/zipjack/dictionaries");
  }

  @Test
  void clientPropertiesHaveTheirDefaultsAndDescriptions() throws IOException {
    JsonNode maxDecoded = property("zipjack.client.max-decoded-size");

    try (Pipeline defaults = Pipeline.builder().build()) {
      assertThat(DataSize.parse(maxDecoded.path("defaultValue").asText()).toBytes())
          .isEqualTo(defaults.maxDecodedBytes());
    }
    assertThat(property("zipjack.client.compress-requests").path("description").asText()).isNotEmpty();
  }

  /** The property's entry in the generated metadata of whichever jar or folder on the class path holds it. */
  private static JsonNode property(String name) throws IOException {
    ObjectMapper mapper = new ObjectMapper();
    Enumeration<URL> files = PropertiesMetadataTest.class.getClassLoader()
        .getResources("META-INF/spring-configuration-metadata.json");
    while (files.hasMoreElements()) {
      try (InputStream in = files.nextElement().openStream()) {
        for (JsonNode property : mapper.readTree(in).path("properties")) {
          if (property.path("name").asText().equals(name)) {
            return property;
          }
        }
      }
    }
    throw new AssertionError("no metadata for " + name);
  }
}
