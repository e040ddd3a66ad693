package io.github.zipjack.spring;

import io.github.zipjack.buffer.SegmentPool;
import io.github.zipjack.http.DictionaryTransport;
import io.github.zipjack.servlet.CompressionSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The RFC 9842 dictionaries of a WebFlux application ({@code zipjack.compression.dictionaries[*]}):
 * their transport, with a dcz (and dcb) engine per dictionary, and the segment pool the writer
 * compresses dictionary bodies into. Owns both: {@link #close()} ends them with the application
 * context. Thread-safe once made.
 */
final class ReactiveDictionaries implements AutoCloseable {
  private final DictionaryTransport transport;
  private final SegmentPool pool;

  /**
   * @param settings the dictionaries, their path, and the engines' settings
   * @param codings the codings the writer offers (those that loaded), most preferred first: dcb is
   *     offered when they include br
   * @throws IllegalStateException if zstd-jni cannot load
   */
  ReactiveDictionaries(CompressionSettings settings, List<String> codings) {
    this.transport = DictionaryTransport.of(settings, settings.codings(), codings, Map.of());
    this.pool = new SegmentPool(settings.segmentPoolBytes());
  }

  DictionaryTransport transport() {
    return transport;
  }

  SegmentPool pool() {
    return pool;
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
