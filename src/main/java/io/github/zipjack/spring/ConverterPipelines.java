package io.github.zipjack.spring;

import io.github.zipjack.Format;
import io.github.zipjack.Pipeline;
import io.github.zipjack.PipelineResources;
import io.github.zipjack.servlet.CompressedResponses;
import io.github.zipjack.servlet.CompressionListener;
import io.github.zipjack.servlet.CompressionSettings;
import io.github.zipjack.servlet.HttpDictionary;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.springframework.http.MediaType;

/**
 * The pipelines behind the message converters, one per coding the filter offers (same codings,
 * same order), built on the application's mapper; they are this object's, and {@link #close()}
 * closes them with the application context. Thread-safe once made.
 */
final class ConverterPipelines implements AutoCloseable {
  static final List<MediaType> JSON_TYPES = List.of(MediaType.APPLICATION_JSON, new MediaType("application", "*+json"));
  /** The IANA-registered type first: what a client accepting any of them gets. */
  static final List<MediaType> MSGPACK_TYPES = List.of(new MediaType("application", "vnd.msgpack"),
      new MediaType("application", "msgpack"), new MediaType("application", "x-msgpack"));

  private final List<Pipeline> pipelines = new ArrayList<>();
  /** The helpers that own dictionaries' native state; closed with the pipelines. */
  private final List<CompressedResponses> dictionaryHelpers = new ArrayList<>();
  private final CompressingMessageConverter json;
  /** Null when jackson-dataformat-msgpack is not on the class path. */
  private final CompressingMessageConverter msgpack;

  /**
   * @param jsonMapper sets the mapper on a JSON pipeline's builder: the application's, Jackson 2 or 3
   * @param msgpackMapper sets the mapper on a MessagePack pipeline's builder (Jackson 2 only), or null
   *     for no MessagePack converter
   * @param listener told of each response written, or null
   */
  ConverterPipelines(CompressionSettings settings, Function<Pipeline.Builder, Pipeline.Builder> jsonMapper,
      Function<Pipeline.Builder, Pipeline.Builder> msgpackMapper, CompressionListener listener) {
    try {
      json = converter(settings, Format.JSON, jsonMapper, JSON_TYPES, listener);
      msgpack = msgpackMapper == null ? null : converter(settings, Format.MSGPACK, msgpackMapper, MSGPACK_TYPES, listener);
    } catch (RuntimeException | Error e) {
      close();
      throw e;
    }
  }

  private CompressingMessageConverter converter(CompressionSettings settings, Format format,
      Function<Pipeline.Builder, Pipeline.Builder> mapper, List<MediaType> types, CompressionListener listener) {
    List<Pipeline> made = List.copyOf(CodingPipelines.build(settings, format, mapper, pipelines).values());
    CompressedResponses responses = CompressedResponses.of(made.toArray(new Pipeline[0]))
        .withContentType(types.get(0).toString()).withMinBodyBytes(settings.minBodyBytes());
    if (!settings.dictionaries().isEmpty()) {
      responses = responses.withDictionaries(settings.dictionaryPath(),
          settings.dictionaries().toArray(new HttpDictionary[0]));
      dictionaryHelpers.add(responses);
    }
    return new CompressingMessageConverter(listener == null ? responses : responses.withListener(listener), types);
  }

  CompressingMessageConverter json() {
    return json;
  }

  /** Null when there is no MessagePack converter. */
  CompressingMessageConverter msgpack() {
    return msgpack;
  }

  /** What the converters' pipelines hold, summed. */
  PipelineResources resources() {
    return CodingPipelines.resources(pipelines);
  }

  @Override
  public void close() {
    dictionaryHelpers.forEach(CompressedResponses::close);
    pipelines.forEach(Pipeline::close);
  }
}
