package io.github.zipjack;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.ObjectMapper;

/**
 * Decoding with Jackson 3's type forms, for a pipeline built with
 * {@link Pipeline.Builder#jackson3Mapper}: {@code pipeline.jackson3().decode(body, new
 * TypeReference<List<Order>>() {})}. Each method is the {@link Pipeline} method of the same name,
 * with the same limits, exceptions and stream ownership. Immutable and thread-safe; cheap to make.
 */
public final class Jackson3View {
  private final Pipeline pipeline;

  Jackson3View(Pipeline pipeline) {
    this.pipeline = pipeline;
  }

  /**
   * Decodes a whole body. See {@link Pipeline#decode(byte[], com.fasterxml.jackson.databind.JavaType)}.
   *
   * @param <T> the value's type
   * @param body the whole body; not changed
   * @param type the value's Jackson 3 generic type
   * @return the decoded value
   * @throws ZipjackDecodeException if the body cannot be decoded
   */
  public <T> T decode(byte[] body, TypeReference<T> type) throws ZipjackDecodeException {
    return pipeline.decodeAs(body, pipeline.binding().checkType(type));
  }

  /**
   * Decodes a whole body. See {@link Pipeline#decode(byte[], com.fasterxml.jackson.databind.JavaType)}.
   *
   * @param <T> the value's type
   * @param body the whole body; not changed
   * @param type the value's type, from this pipeline's Jackson 3 mapper
   * @return the decoded value
   * @throws ZipjackDecodeException if the body cannot be decoded
   */
  public <T> T decode(byte[] body, JavaType type) throws ZipjackDecodeException {
    return pipeline.decodeAs(body, pipeline.binding().checkType(type));
  }

  /**
   * Decodes a body read from a stream.
   * See {@link Pipeline#decode(InputStream, com.fasterxml.jackson.databind.JavaType)}.
   *
   * @param <T> the value's type
   * @param body the compressed body, read to its end and not closed
   * @param type the value's Jackson 3 generic type
   * @return the decoded value
   * @throws IOException if {@code body} fails or the body cannot be decoded
   */
  public <T> T decode(InputStream body, TypeReference<T> type) throws IOException {
    return pipeline.decodeAs(body, pipeline.binding().checkType(type));
  }

  /**
   * Decodes a body read from a stream.
   * See {@link Pipeline#decode(InputStream, com.fasterxml.jackson.databind.JavaType)}.
   *
   * @param <T> the value's type
   * @param body the compressed body, read to its end and not closed
   * @param type the value's type, from this pipeline's Jackson 3 mapper
   * @return the decoded value
   * @throws IOException if {@code body} fails or the body cannot be decoded
   */
  public <T> T decode(InputStream body, JavaType type) throws IOException {
    return pipeline.decodeAs(body, pipeline.binding().checkType(type));
  }

  /**
   * Reads a file saved by {@link Pipeline#writeFile}.
   * See {@link Pipeline#readFile(Path, com.fasterxml.jackson.databind.JavaType)}.
   *
   * @param <T> the value's type
   * @param file the file to read
   * @param type the value's Jackson 3 generic type
   * @return the decoded value
   * @throws IOException if the file cannot be read or decoded
   */
  public <T> T readFile(Path file, TypeReference<T> type) throws IOException {
    return pipeline.readFileAs(file, pipeline.binding().checkType(type));
  }

  /**
   * Reads a file saved by {@link Pipeline#writeFile}.
   * See {@link Pipeline#readFile(Path, com.fasterxml.jackson.databind.JavaType)}.
   *
   * @param <T> the value's type
   * @param file the file to read
   * @param type the value's type, from this pipeline's Jackson 3 mapper
   * @return the decoded value
   * @throws IOException if the file cannot be read or decoded
   */
  public <T> T readFile(Path file, JavaType type) throws IOException {
    return pipeline.readFileAs(file, pipeline.binding().checkType(type));
  }

  /**
   * The pipeline's own Jackson 3 mapper (rebuilt from the one given to the builder, as
   * {@link Pipeline.Builder#jackson3Mapper} says); immutable, so it is returned as it is.
   *
   * @return the mapper this pipeline serializes and decodes with
   */
  public ObjectMapper mapper() {
    return ((Jackson3Binding) pipeline.binding()).mapper();
  }
}
