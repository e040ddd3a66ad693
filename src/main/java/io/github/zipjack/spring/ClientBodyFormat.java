package io.github.zipjack.spring;

import com.fasterxml.jackson.databind.type.TypeFactory;
import io.github.zipjack.Compression;
import io.github.zipjack.Pipeline;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Type;
import java.util.List;
import org.springframework.http.MediaType;

/**
 * One format of {@link CompressingClientMessageConverter}'s bodies: an uncompressed pipeline with the
 * application's mapper, format and decode limits, a reader of generic types on it, the media types of
 * the format and its name for messages ("JSON", "MessagePack"). Thread-safe; owns the pipeline it
 * makes (not the one it is given), which {@link #close()} closes.
 */
final class ClientBodyFormat implements AutoCloseable {
  private final String name;
  private final Pipeline plain;
  private final GenericDecoder decoder;
  private final List<MediaType> mediaTypes;

  /** Reads a value of a generic type from a decoded body with the pipeline's mapper, Jackson 2 or 3. */
  interface GenericDecoder {
    Object decode(InputStream decoded, Type type) throws IOException;
  }

  /**
   * @param given the application's pipeline, whose mapper, format and limits the new one copies; not closed
   * @param name the format's name in messages
   * @param mediaTypes the media types of this format, the first being its default
   */
  ClientBodyFormat(Pipeline given, String name, List<MediaType> mediaTypes) {
    this.name = name;
    this.mediaTypes = List.copyOf(mediaTypes);
    this.plain = Pipeline.builder().sameMapperAs(given).format(given.format()).compression(Compression.none())
        .maxDecodedBytes(given.maxDecodedBytes()).maxNestingDepth(given.maxNestingDepth()).build();
    try {
      this.decoder = genericDecoder(plain);
    } catch (RuntimeException | Error e) {
      plain.close();
      throw e;
    }
  }

  private static GenericDecoder genericDecoder(Pipeline pipeline) {
    TypeFactory jackson2Types;
    try {
      jackson2Types = pipeline.mapperCopy().getTypeFactory();
    } catch (IllegalStateException jackson3) {
      return Jackson3Mappers.genericDecoder(pipeline);
    }
    return (in, type) -> pipeline.decode(in, jackson2Types.constructType(type));
  }

  String name() {
    return name;
  }

  /** The uncompressed pipeline that serializes request bodies of this format. */
  Pipeline plain() {
    return plain;
  }

  List<MediaType> mediaTypes() {
    return mediaTypes;
  }

  /** Whether {@code mediaType} is compatible with one of this format's media types. */
  boolean serves(MediaType mediaType) {
    return mediaTypes.stream().anyMatch(m -> m.isCompatibleWith(mediaType));
  }

  /** {@code decoded} read into {@code type}, within the pipeline's limits. */
  Object decode(InputStream decoded, Type type) throws IOException {
    return decoder.decode(decoded, type);
  }

  /** Closes the pipeline this object made. Idempotent. */
  @Override
  public void close() {
    plain.close();
  }
}
