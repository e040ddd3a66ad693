package io.github.zipjack;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * {@link JacksonBinding} for a Jackson 2 {@code ObjectMapper} (the pipeline's own, made by
 * {@link MapperSetup}), in JSON or MessagePack. Immutable and thread-safe.
 */
final class Jackson2Binding implements JacksonBinding {
  private final ObjectMapper mapper;
  private final ObjectWriter writer;
  private final Pipeline.Settings settings;

  Jackson2Binding(ObjectMapper mapper, Pipeline.Settings settings) {
    this.mapper = mapper;
    this.writer = mapper.writer();
    this.settings = settings;
  }

  ObjectMapper mapper() {
    return mapper;
  }

  @Override
  public void write(Object value, OutputStream out) throws IOException {
    try {
      writer.writeValue(out, value);
    } catch (JacksonException e) {
      throw Pipeline.encodeFailure(value, e);
    }
  }

  @Override
  public <T> T read(InputStream decoded, Object type) throws IOException {
    try (JsonParser parser = createParser(decoded)) {
      T value = mapper.readValue(parser, (JavaType) type);
      expectEnd(parser);
      return value;
    } catch (JacksonException e) {
      throw DecodeFailures.translate(e, settings);
    } catch (RuntimeException e) {
      throw DecodeFailures.translateRuntime(e, settings);
    }
  }

  private JsonParser createParser(InputStream decoded) throws IOException {
    JsonParser parser = mapper.createParser(decoded);
    // Jackson's JSON parser enforces its read constraints itself; msgpack's does not.
    return settings.format == Format.MSGPACK
        ? new ReadLimitedParser(parser, settings.maxNestingDepth, mapper.getFactory().streamReadConstraints()) : parser;
  }

  /**
   * Reads on to the end of the body, which also makes the gzip decoder check the CRC and length in
   * its trailer; anything but the end is malformed input.
   */
  private void expectEnd(JsonParser parser) throws IOException {
    JsonToken extra;
    try {
      extra = parser.nextToken();
    } catch (JsonEOFException e) {
      if (settings.format == Format.MSGPACK) {
        return; // msgpack's parser reports the end of input this way instead of returning null
      }
      throw e;
    }
    if (extra != null) {
      throw new TrailingDataException("body has more data after the value, starting with " + extra
          + " at byte " + parser.currentTokenLocation().getByteOffset() + " of the decoded body");
    }
  }

  @Override
  public Object type(Class<?> type) {
    return mapper.getTypeFactory().constructType(type);
  }

  @Override
  public Object checkType(Object typeForm) {
    if (typeForm instanceof JavaType) {
      return typeForm;
    }
    if (typeForm instanceof TypeReference<?> reference) {
      return mapper.getTypeFactory().constructType(reference);
    }
    throw new IllegalArgumentException("this pipeline serializes with a Jackson 2 mapper; pass a Class, a "
        + "com.fasterxml.jackson.core.type.TypeReference or a com.fasterxml.jackson.databind.JavaType, not a "
        + typeForm.getClass().getName());
  }

  @Override
  public String generation() {
    return "Jackson 2";
  }
}
