package io.github.zipjack.spring;

import io.github.zipjack.Pipeline;
import java.util.ArrayList;
import java.util.List;
import org.springframework.http.MediaType;

/**
 * The formats a Spring client reads and writes bodies in: JSON with the application's mapper and,
 * when given a MessagePack pipeline, MessagePack; and which of them a media type calls for. Shared
 * by {@link CompressingClientMessageConverter} and the WebClient's {@link CompressedValueDecoder}.
 * Thread-safe; owns the pipelines its formats make (not the ones it is given), which
 * {@link #close()} closes.
 */
final class ClientBodyFormats implements AutoCloseable {
  private final ClientBodyFormat json;
  /** Null for JSON only. */
  private final ClientBodyFormat msgpack;
  /** JSON's media types, then MessagePack's when there is a MessagePack pipeline. */
  private final List<MediaType> mediaTypes;

  /**
   * @param json the application's JSON pipeline, whose mapper and limits the format copies; not closed
   * @param msgpack the MessagePack one, or null for JSON only; not closed
   */
  ClientBodyFormats(Pipeline json, Pipeline msgpack) {
    this.json = new ClientBodyFormat(json, "JSON", ConverterPipelines.JSON_TYPES);
    try {
      this.msgpack = msgpack == null ? null
          : new ClientBodyFormat(msgpack, "MessagePack", ConverterPipelines.MSGPACK_TYPES);
    } catch (RuntimeException | Error e) {
      this.json.close();
      throw e;
    }
    List<MediaType> types = new ArrayList<>(ConverterPipelines.JSON_TYPES);
    if (this.msgpack != null) {
      types.addAll(ConverterPipelines.MSGPACK_TYPES);
    }
    this.mediaTypes = List.copyOf(types);
  }

  /**
   * The format of a body of {@code mediaType}: JSON for none or a wildcard that admits JSON
   * ({@code *}{@code /*}, {@code application/*}), else the format whose media types include it, or
   * null when neither does (or it is MessagePack's and there is no MessagePack pipeline).
   */
  ClientBodyFormat formatOf(MediaType mediaType) {
    if (mediaType == null) {
      return json;
    }
    if (mediaType.isWildcardType() || mediaType.isWildcardSubtype()) {
      return json.serves(mediaType) ? json : null;
    }
    if (msgpack != null && msgpack.serves(mediaType)) {
      return msgpack;
    }
    return json.serves(mediaType) ? json : null;
  }

  /** JSON's media types, then MessagePack's when there is a MessagePack pipeline. */
  List<MediaType> mediaTypes() {
    return mediaTypes;
  }

  /** Closes the pipelines the formats made. Idempotent. */
  @Override
  public void close() {
    json.close();
    if (msgpack != null) {
      msgpack.close();
    }
  }

  /** The formats' pipelines. */
  @Override
  public String toString() {
    return json.plain() + (msgpack == null ? "" : ", " + msgpack.plain());
  }
}
