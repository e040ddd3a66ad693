package io.github.zipjack.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import com.fasterxml.jackson.module.afterburner.AfterburnerModule;
import io.github.zipjack.Format;
import org.msgpack.jackson.dataformat.MessagePackFactory;
import org.msgpack.jackson.dataformat.TimestampExtensionModule;

/**
 * ObjectMappers as a user would make them without zipjack: the mapper of the study
 * (docs/benchmarks.md; java.time values as
 * ISO-8601 strings, optionally Afterburner) and its MessagePack counterpart (Instants as the msgpack
 * timestamp extension, as zipjack writes them). Each call returns a new mapper; an ObjectMapper is
 * thread-safe once configured.
 */
public final class PlainMappers {

  private PlainMappers() {}

  /** The study's mapper: Jackson defaults plus JavaTimeModule. */
  public static ObjectMapper json() {
    return new ObjectMapper()
        .registerModule(new JavaTimeModule())
        .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
  }

  /** The study's mapper with Afterburner, as in its "Afterburner" variants. */
  static ObjectMapper jsonWithAfterburner() {
    return json().registerModule(new AfterburnerModule());
  }

  static ObjectMapper of(Format format) {
    if (format == Format.JSON) {
      return json();
    }
    return new ObjectMapper(new MessagePackFactory())
        .registerModule(new JavaTimeModule())
        .registerModule(TimestampExtensionModule.INSTANCE)
        .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
  }
}
