package io.github.zipjack.spring;

import io.github.zipjack.Format;
import io.github.zipjack.Pipeline;
import io.github.zipjack.PipelineResources;
import io.github.zipjack.servlet.CompressionListener;
import io.github.zipjack.servlet.CompressionSettings;
import io.github.zipjack.webflux.CompressingValueWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.springframework.http.MediaType;
import org.springframework.http.codec.CodecConfigurer;
import org.springframework.http.codec.ServerCodecConfigurer;

/**
 * The reactive writers of a WebFlux application, for JSON with the application's mapper and, with
 * jackson-dataformat-msgpack present, for MessagePack, and the pipelines behind them, which this
 * object owns: {@link #close()} closes them with the application context. Thread-safe once made.
 */
final class ReactiveWriters implements AutoCloseable {
  private final List<Pipeline> pipelines = new ArrayList<>();
  private final CompressionSettings settings;
  private final Map<String, Pipeline> json;
  /** Null without a MessagePack mapper. */
  private final Map<String, Pipeline> msgpack;
  private final CompressionListener listener;

  ReactiveWriters(CompressionSettings settings, Function<Pipeline.Builder, Pipeline.Builder> jsonMapper,
      Function<Pipeline.Builder, Pipeline.Builder> msgpackMapper, CompressionListener listener) {
    this.settings = settings;
    this.listener = listener;
    try {
      json = CodingPipelines.build(settings, Format.JSON, jsonMapper, pipelines);
      msgpack = msgpackMapper == null ? null : CodingPipelines.build(settings, Format.MSGPACK, msgpackMapper, pipelines);
    } catch (RuntimeException | Error e) {
      close();
      throw e;
    }
  }

  /**
   * Registers the writers ahead of Spring's JSON writer (custom object writers come before the
   * default ones) on a server's configurer; a client's is left alone (the WebClient filter compresses
   * request bodies whichever writer serialized them).
   *
   * @param dictionaries the application's RFC 9842 dictionaries, or null for none
   */
  void register(CodecConfigurer configurer, ReactiveDictionaries dictionaries) {
    if (!(configurer instanceof ServerCodecConfigurer)) {
      return;
    }
    configurer.customCodecs().register(writer(json, ConverterPipelines.JSON_TYPES, configurer, dictionaries));
    if (msgpack != null) {
      configurer.customCodecs().register(writer(msgpack, ConverterPipelines.MSGPACK_TYPES, configurer, dictionaries));
    }
  }

  private CompressingValueWriter writer(Map<String, Pipeline> byCoding, List<MediaType> types,
      CodecConfigurer configurer, ReactiveDictionaries dictionaries) {
    CompressingValueWriter writer = new CompressingValueWriter(byCoding, types, settings.minBodyBytes(),
        settings::isCompressible, listener, configurer::getWriters);
    return dictionaries == null ? writer : writer.withDictionaries(dictionaries.transport(), dictionaries.pool());
  }

  /** {@return the codings the writers offer (those whose library loaded), most preferred first, identity last} */
  List<String> codings() {
    return List.copyOf(json.keySet());
  }

  /** What the writers' pipelines hold, summed. */
  PipelineResources resources() {
    return CodingPipelines.resources(pipelines);
  }

  @Override
  public void close() {
    pipelines.forEach(Pipeline::close);
  }
}
