package io.github.zipjack.data;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

/**
 * The one Jackson configuration that writes and reads the dataset files, so that the same value
 * gives the same bytes on every JDK.
 * Thread-safe: the mapper is configured once and only used afterwards.
 *
 * <p>What makes the bytes stable: compact output (no pretty printing); property order fixed by
 * {@code @JsonPropertyOrder}; doubles written by Jackson's own Schubfach writer
 * ({@link StreamWriteFeature#USE_FAST_DOUBLE_WRITER}) rather than {@link Double#toString(double)},
 * whose output changed in JDK 19; instants as ISO-8601 text in UTC, so neither the default time
 * zone nor the default locale is consulted.
 */
final class CanonicalJson {
  /** Writes and reads every dataset file. */
  static final JsonMapper MAPPER = JsonMapper.builder()
      .enable(StreamWriteFeature.USE_FAST_DOUBLE_WRITER)
      .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
      .disable(SerializationFeature.INDENT_OUTPUT)
      .addModule(new JavaTimeModule())
      .build();

  private CanonicalJson() {
  }

  /** Returns the canonical compact JSON of {@code value}, UTF-8. */
  static byte[] write(Object value) {
    try {
      return MAPPER.writeValueAsBytes(value);
    } catch (JsonProcessingException e) {
      String type = value == null ? "null" : value.getClass().getName();
      throw new IllegalArgumentException("cannot write a " + type + " as JSON: "
          + e.getOriginalMessage(), e);
    }
  }
}
