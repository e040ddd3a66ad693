package io.github.zipjack.client;

import io.github.zipjack.client.codings.ResponseCodings;
import io.github.zipjack.Compression;
import io.github.zipjack.Format;
import io.github.zipjack.MalformedBodyException;
import io.github.zipjack.Pipeline;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The formats a client reads and writes, one uncompressed pipeline each, made from the application's
 * pipelines with their mappers and decode limits: a response's Content-Type picks one. Thread-safe;
 * owns the pipelines it made (not the application's), which {@link #close()} closes.
 */
final class BodyFormats implements AutoCloseable {
  /** Uncompressed pipelines by format; the first put is the default. */
  private final Map<Format, Pipeline> plain;
  /** The application's pipelines by format, whose compression request bodies get. */
  private final Map<Format, Pipeline> given;
  private final Format first;

  /** @param pipelines at most one per format; the first is the format of request bodies */
  BodyFormats(List<Pipeline> pipelines) {
    if (pipelines.isEmpty()) {
      throw new IllegalArgumentException("at least one pipeline is needed");
    }
    Map<Format, Pipeline> made = new EnumMap<>(Format.class);
    Map<Format, Pipeline> byFormat = new EnumMap<>(Format.class);
    try {
      for (Pipeline p : pipelines) {
        if (byFormat.put(p.format(), p) != null) {
          throw new IllegalArgumentException("two pipelines of format " + p.format() + "; give one per format");
        }
        made.put(p.format(), Pipeline.builder().sameMapperAs(p).format(p.format()).compression(Compression.none())
            .maxDecodedBytes(p.maxDecodedBytes()).maxNestingDepth(p.maxNestingDepth()).build());
      }
    } catch (RuntimeException e) {
      made.values().forEach(Pipeline::close);
      throw e;
    }
    this.plain = Collections.unmodifiableMap(made);
    this.given = Collections.unmodifiableMap(byFormat);
    this.first = pipelines.get(0).format();
  }

  /** The format request bodies are written in. */
  Format requestFormat() {
    return first;
  }

  /** The uncompressed pipeline of {@code format}. */
  Pipeline plain(Format format) {
    return plain.get(format);
  }

  /** The application's pipeline of {@code format}. */
  Pipeline given(Format format) {
    return given.get(format);
  }

  /** The largest maxDecodedBytes of the pipelines: the bound of each decoding layer. */
  long maxDecodedBytes() {
    return given.values().stream().mapToLong(Pipeline::maxDecodedBytes).max().orElseThrow();
  }

  /** The value of an {@code Accept} header naming the formats, the request format first. */
  String accept() {
    List<String> types = new ArrayList<>();
    types.add(first.mediaType());
    given.keySet().stream().filter(f -> f != first).forEach(f -> types.add(f.mediaType()));
    return String.join(", ", types);
  }

  /**
   * The pipeline that reads a body of {@code contentType}: JSON for {@code application/json} and
   * media types ending in {@code +json}, MessagePack for {@code application/x-msgpack}, {@code application/msgpack} and
   * {@code application/vnd.msgpack}; with no Content-Type, the first format.
   *
   * @throws MalformedBodyException for another media type, or a format no pipeline reads
   */
  Pipeline reader(Optional<String> contentType) throws MalformedBodyException {
    if (contentType.isEmpty() || contentType.get().isBlank()) {
      return plain.get(first);
    }
    String mediaType = contentType.get().split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
    Format format = null;
    if (mediaType.equals("application/json") || mediaType.endsWith("+json")) {
      format = Format.JSON;
    } else if (mediaType.equals("application/x-msgpack") || mediaType.equals("application/msgpack")
        || mediaType.equals("application/vnd.msgpack")) {
      format = Format.MSGPACK;
    }
    Pipeline reader = format == null ? null : plain.get(format);
    if (reader == null) {
      throw new MalformedBodyException("response Content-Type " + ResponseCodings.sanitize(mediaType)
          + " is not one this client reads (" + accept() + ")");
    }
    return reader;
  }

  @Override
  public void close() {
    plain.values().forEach(Pipeline::close);
  }
}
