package io.github.zipjack.http;

import io.github.zipjack.codec.CompressionEngine;
import io.github.zipjack.codec.ContextCounter;
import io.github.zipjack.codec.DictionaryEngine;
import io.github.zipjack.codec.Encoder;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code dcz} or {@code dcb} entry of a stack's request-body codings ({@link RequestBodyCodings}):
 * decodes a request body made with any of the transport's dictionaries, chosen by the hash in the
 * body's header ({@link DictionaryEngine#decoder(InputStream, List)}). It only decodes: responses come
 * from each dictionary's own engine. Thread-safe; it owns nothing (the dictionaries' holder closes the
 * engines), and counts the decoder state the engines lend.
 */
public final class DictionaryRequestDecoding implements CompressionEngine {
  private final String coding;
  private final List<DictionaryEngine> engines;
  /** Counts nothing: the engines count their own contexts. */
  private final ContextCounter none = new ContextCounter();

  /** @param engines one per dictionary, all of {@code coding}, not empty */
  DictionaryRequestDecoding(String coding, List<DictionaryEngine> engines) {
    if (engines.isEmpty()) {
      throw new IllegalArgumentException("no " + coding + " dictionaries to decode request bodies with");
    }
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

  /**
   * The request-body decodings of {@code dictionaries}: {@code dcz} and, when offered, {@code dcb},
   * each over every dictionary, added to {@code codings} (which is not changed).
   *
   * @param codings the stack's request-body engines by coding
   * @param dictionaries the transport whose engines decode, or null for none
   * @return {@code codings} with the dictionary codings after them
   */
  public static Map<String, CompressionEngine> with(Map<String, CompressionEngine> codings,
      DictionaryTransport dictionaries) {
    if (dictionaries == null) {
      return codings;
    }
    Map<String, CompressionEngine> all = new LinkedHashMap<>(codings);
    for (String coding : List.of("dcz", "dcb")) {
      if (!dictionaries.engines(coding).isEmpty()) {
        all.put(coding, new DictionaryRequestDecoding(coding, dictionaries.engines(coding)));
      }
    }
    return all;
  }

  /** Nothing to release: the dictionaries' holder closes the engines. */
  @Override
  public void close() {}
}
