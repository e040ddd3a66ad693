package io.github.zipjack.spring;

import io.github.zipjack.Compression;
import io.github.zipjack.PipelineResources;
import io.github.zipjack.buffer.Segment;
import io.github.zipjack.buffer.SegmentPool;
import io.github.zipjack.codec.CompressionEngine;
import io.github.zipjack.codec.EngineConfig;
import io.github.zipjack.codec.EngineResources;
import io.github.zipjack.codec.EngineSelection;
import io.github.zipjack.http.DictionaryTransport;
import io.github.zipjack.servlet.CompressionSettings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The RFC 9842 dictionaries of a WebFlux application ({@code zipjack.compression.dictionaries[*]}):
 * their transport, with a dcz (and dcb) engine per dictionary and each dictionary's own bytes
 * compressed once in each of the writer's codings (as the servlet filter serves them), and the
 * segment pool the writer compresses dictionary bodies into. Owns both: {@link #close()} ends them
 * with the application context. Thread-safe once made.
 */
final class ReactiveDictionaries implements AutoCloseable {
  private final DictionaryTransport transport;
  private final SegmentPool pool;
  private final List<String> codings;

  /**
   * @param settings the dictionaries, their path, and the engines' settings
   * @param codings the codings the writer offers (those that loaded), most preferred first: dcb is
   *     offered when they include br
   * @throws IllegalStateException if zstd-jni cannot load
   */
  ReactiveDictionaries(CompressionSettings settings, List<String> codings) {
    Map<String, CompressionEngine> bodyEngines = new LinkedHashMap<>();
    try {
      for (Compression c : settings.codings()) {
        if (codings.contains(c.contentEncoding())) {
          bodyEngines.put(c.contentEncoding(), EngineSelection.create(c, new EngineConfig(c.level(), Segment.SIZE,
              Segment.SIZE, 1, null, settings.maxInflatedRequestBytes())));
        }
      }
      this.transport = DictionaryTransport.of(settings, settings.codings(), codings, bodyEngines);
    } finally {
      bodyEngines.values().forEach(CompressionEngine::close); // the bodies are compressed once, above
    }
    this.pool = new SegmentPool(settings.segmentPoolBytes());
    this.codings = List.copyOf(codings);
  }

  DictionaryTransport transport() {
    return transport;
  }

  SegmentPool pool() {
    return pool;
  }

  /** {@return the codings the dictionaries' own bodies are offered in, most preferred first (identity aside)} */
  List<String> codings() {
    return codings;
  }

  /** What the writer's dictionary bodies and the dcz and dcb engines hold: segments, encoders, decoders, contexts. */
  PipelineResources resources() {
    return EngineResources.of(pool, transport.engines());
  }

  /** The ETag suffixes the writer puts on tags: its codings', then the dictionary codings' ({@code dcz-<hash>}). */
  List<String> entityTagSuffixes(List<String> codings) {
    List<String> suffixes = new ArrayList<>(codings);
    suffixes.addAll(transport.entityTagSuffixes());
    return suffixes;
  }

  @Override
  public void close() {
    transport.close();
    pool.close();
  }

  @Override
  public String toString() {
    return "ReactiveDictionaries[" + transport + "]";
  }
}
