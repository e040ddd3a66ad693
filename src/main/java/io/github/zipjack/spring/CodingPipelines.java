package io.github.zipjack.spring;

import io.github.zipjack.Compression;
import io.github.zipjack.Format;
import io.github.zipjack.Pipeline;
import io.github.zipjack.PipelineResources;
import io.github.zipjack.servlet.CompressionSettings;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The pipelines a server writes one format with: one per coding the settings offer (same order),
 * built on the application's mapper, then an identity one. Shared by the servlet converters and the
 * reactive writer. Stateless.
 */
final class CodingPipelines {
  private CodingPipelines() {}

  /**
   * Builds the pipelines, adding each to {@code owned} as it is made, so that the caller closes
   * what was made even when a later one fails.
   *
   * @param mapper sets the application's mapper on a pipeline builder
   * @param owned receives every pipeline made; the caller closes them
   * @return coding token to pipeline, in the settings' order, identity last
   * @throws IllegalStateException if a coding's library is missing and the settings require it
   */
  static Map<String, Pipeline> build(CompressionSettings settings, Format format,
      Function<Pipeline.Builder, Pipeline.Builder> mapper, List<Pipeline> owned) {
    Map<String, Pipeline> byCoding = new LinkedHashMap<>();
    for (Compression coding : settings.codings()) {
      Pipeline.Builder builder = mapper.apply(Pipeline.builder().format(format).compression(coding)
          .encoderPoolSize(settings.encoderPoolSize()));
      try {
        Pipeline pipeline = builder.build();
        owned.add(pipeline);
        byCoding.put(coding.contentEncoding(), pipeline);
      } catch (IllegalStateException missingLibrary) {
        if (settings.codingsRequired()) {
          // settings of the application's own: zipjack's properties are refused before (PropertySettings)
          throw missingLibrary;
        }
      }
    }
    Pipeline identity = mapper.apply(Pipeline.builder().format(format).compression(Compression.none())).build();
    owned.add(identity);
    byCoding.put("identity", identity);
    return byCoding;
  }

  /** {@return what {@code pipelines} hold, summed} */
  static PipelineResources resources(Collection<Pipeline> pipelines) {
    long segments = 0;
    long idle = 0;
    long encoders = 0;
    long decoders = 0;
    long live = 0;
    long created = 0;
    long blocks = 0;
    for (Pipeline p : pipelines) {
      PipelineResources r = p.resources();
      segments += r.lentSegments();
      idle += r.idleSegmentBytes();
      encoders += r.lentEncoders();
      decoders += r.lentDecoderSlots();
      live += r.liveNativeContexts();
      created += r.createdNativeContexts();
      blocks += r.lentBlocks();
    }
    return new PipelineResources(segments, idle, encoders, decoders, live, created, blocks);
  }
}
