package io.github.zipjack;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.exc.JacksonIOException;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.core.exc.UnexpectedEndOfInputException;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.exc.MismatchedInputException;

/**
 * {@link JacksonBinding} for a Jackson 3 {@code JsonMapper} (the pipeline's own, made by
 * {@link Jackson3MapperSetup}). JSON only: no Jackson 3 MessagePack backend is released. Jackson 3's
 * exceptions are unchecked and wrap I/O failures in {@link JacksonIOException}; this binding
 * unwraps those, so that a failing stream is an {@link IOException} and a decoder's refusal a
 * {@link ZipjackDecodeException}, exactly as with Jackson 2. Immutable and thread-safe.
 */
final class Jackson3Binding implements JacksonBinding {
  private final ObjectMapper mapper;
  private final ObjectWriter writer;
  private final Pipeline.Settings settings;

  /**
   * The binding for a user's Jackson 3 mapper (typed Object so that callers link without Jackson 3).
   *
   * @throws IllegalArgumentException as {@link Jackson3MapperSetup#create}
   */
  static JacksonBinding create(Object userMapper, Pipeline.Settings settings) {
    return new Jackson3Binding(Jackson3MapperSetup.create((ObjectMapper) userMapper, settings), settings);
  }

  private Jackson3Binding(ObjectMapper mapper, Pipeline.Settings settings) {
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
    } catch (JacksonIOException e) {
      throw e.getCause();
    } catch (JacksonException e) {
      throw Pipeline.encodeFailure(value, e);
    }
  }

  @Override
  public <T> T read(InputStream decoded, Object type) throws IOException {
    try (JsonParser parser = mapper.createParser(decoded)) {
      T value = mapper.readValue(parser, (JavaType) type);
      expectEnd(parser);
      return value;
    } catch (JacksonException e) {
      ZipjackDecodeException ours = DecodeFailures.firstCause(e, ZipjackDecodeException.class);
      if (ours == null && e instanceof JacksonIOException io) {
        throw io.getCause(); // the body's stream failed, or a UTF-32 body has invalid characters
      }
      StreamConstraintsException constraint = DecodeFailures.firstCause(e, StreamConstraintsException.class);
      String mismatchPath = e instanceof MismatchedInputException ? path(e) : null;
      throw DecodeFailures.translate(e, constraint == null ? null : constraint.getOriginalMessage(),
          e.getOriginalMessage(), e instanceof UnexpectedEndOfInputException, mismatchPath, settings);
    }
  }

  /** Anything but the end after the value is malformed input; reading on also checks gzip's trailer. */
  private static void expectEnd(JsonParser parser) throws TrailingDataException {
    JsonToken extra = parser.nextToken();
    if (extra != null) {
      throw new TrailingDataException("body has more data after the value, starting with " + extra + " at byte "
          + parser.currentTokenLocation().getByteOffset() + " of the decoded body");
    }
  }

  /** Where the mismatched value sits, as a JSON path: {@code $.people[3].age}. */
  private static String path(JacksonException e) {
    StringBuilder path = new StringBuilder("$");
    for (JacksonException.Reference reference : e.getPath()) {
      if (reference.getPropertyName() != null) {
        path.append('.').append(reference.getPropertyName());
      } else if (reference.getIndex() >= 0) {
        path.append('[').append(reference.getIndex()).append(']');
      }
    }
    return path.toString();
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
    throw new IllegalArgumentException("this pipeline serializes with a Jackson 3 mapper; pass a Class, or a "
        + "tools.jackson.core.type.TypeReference or tools.jackson.databind.JavaType through pipeline.jackson3(), not a "
        + typeForm.getClass().getName());
  }

  @Override
  public String generation() {
    return "Jackson 3";
  }
}
