package io.github.zipjack;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.databind.Module;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

/**
 * Makes the pipeline's own ObjectMapper: a copy of the user's (never the user's itself) or a new
 * one, for the chosen format, with java.time support, the accelerator, the inclusion rule and the
 * read constraints. Runs once per {@link Pipeline.Builder#build()}.
 */
final class MapperSetup {
  private MapperSetup() {}

  static ObjectMapper create(ObjectMapper userMapper, Pipeline.Settings settings) {
    Format format = settings.format;
    ObjectMapper mapper;
    if (userMapper == null) {
      mapper = new ObjectMapper(newFactory(format));
    } else if (format.jacksonFormatName().equals(userMapper.getFactory().getFormatName())) {
      mapper = userMapper.copy();
    } else {
      mapper = userMapper.copyWith(newFactory(format));
    }
    // The factory is the copy's own (ObjectMapper.copy() copies it), so this changes no one else's.
    // The user's other read constraints (string, number and name lengths) are kept.
    StreamReadConstraints base = userMapper == null
        ? StreamReadConstraints.defaults() : userMapper.getFactory().streamReadConstraints();
    mapper.getFactory().setStreamReadConstraints(base.rebuild()
        .maxNestingDepth(settings.maxNestingDepth)
        .maxDocumentLength(settings.maxDecodedBytes)
        .build());
    mapper.configure(JsonGenerator.Feature.AUTO_CLOSE_TARGET, false);
    mapper.disable(SerializationFeature.FLUSH_AFTER_WRITE_VALUE);
    mapper.disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
    mapper.registerModule(new JavaTimeModule());
    if (format == Format.MSGPACK) {
      // Registered after JavaTimeModule so that its Instant (de)serializers win.
      mapper.registerModule(MessagePackSupport.timestampModule());
    }
    if (settings.fastDoubleWriter) {
      mapper.getFactory().configure(StreamWriteFeature.USE_FAST_DOUBLE_WRITER.mappedFeature(), true);
    }
    Module accelerated = settings.accelerator.newModule();
    if (accelerated != null) {
      mapper.registerModule(accelerated);
    }
    if (settings.omitEmpty) {
      mapper.setDefaultPropertyInclusion(
          JsonInclude.Value.construct(JsonInclude.Include.NON_EMPTY, JsonInclude.Include.NON_EMPTY));
    }
    return mapper;
  }

  private static JsonFactory newFactory(Format format) {
    return format == Format.MSGPACK ? MessagePackSupport.newFactory() : new JsonFactory();
  }
}
