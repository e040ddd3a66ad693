package io.github.zipjack.servlet;

import io.github.zipjack.codec.CompressionEngine;
import io.github.zipjack.codec.ContextCounter;
import io.github.zipjack.codec.DictionaryEngine;
import io.github.zipjack.codec.Encoder;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;

/**
 * The {@code dcz} or {@code dcb} entry of {@link RequestInflation}: decodes a request body made with
 * any of the filter's dictionaries, chosen by the hash in the body's header
 * ({@link DictionaryEngine#decoder(InputStream, List)}). It only decodes: responses come from each
 * dictionary's own engine. Thread-safe; it owns nothing (the filter closes the engines), and counts
 * the decoder state the engines lend.
 */
final class DictionaryRequestDecoding implements CompressionEngine {
  private final String coding;
  private final List<DictionaryEngine> engines;
  /** Counts nothing: the engines count their own contexts. */
  private final ContextCounter none = new ContextCounter();

  /** @param engines one per dictionary, all of {@code coding}, not empty */
  DictionaryRequestDecoding(String coding, List<DictionaryEngine> engines) {
    this.coding = coding;
    this.engines = List.copyOf(engines);
  }

  @Override
  public String contentEncoding() {
    return coding;
  }

  @Override
  public String implementation() {
    return coding + " request bodies with " + engines.size() + " dictionaries";
  }

  @Override
  public ContextCounter contexts() {
    return none;
  }

  @Override
  public long lentEncoders() {
    return 0;
  }

  @Override
  public long lentDecoderSlots() {
    long lent = 0;
    for (DictionaryEngine e : engines) {
      lent += e.lentDecoderSlots();
    }
    return lent;
  }

  /**
   * Refused: a response needs one dictionary, so it is encoded by that dictionary's engine.
   *
   * @throws UnsupportedOperationException always
   */
  @Override
  public Encoder open(OutputStream sink) {
    throw new UnsupportedOperationException(coding + " request decoding does not encode: each dictionary's "
        + "DictionaryEngine does");
  }

  @Override
  public InputStream decoder(InputStream body) throws IOException {
    return DictionaryEngine.decoder(body, engines);
  }

  /** Nothing to release: the filter closes the engines. */
  @Override
  public void close() {}
}
