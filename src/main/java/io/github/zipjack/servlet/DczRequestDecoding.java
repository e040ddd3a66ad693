package io.github.zipjack.servlet;

import io.github.zipjack.codec.CompressionEngine;
import io.github.zipjack.codec.ContextCounter;
import io.github.zipjack.codec.DczEngine;
import io.github.zipjack.codec.Encoder;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;

/**
 * The {@code dcz} entry of {@link RequestInflation}: decodes a request body made with any of the
 * filter's dictionaries, chosen by the hash in the body's header ({@link DczEngine#decoder(InputStream,
 * List)}). It only decodes: responses in dcz come from each dictionary's own engine. Thread-safe;
 * it owns nothing (the filter closes the engines), and counts what the engines count.
 */
final class DczRequestDecoding implements CompressionEngine {
  private final List<DczEngine> engines;

  DczRequestDecoding(List<DczEngine> engines) {
    this.engines = List.copyOf(engines);
  }

  @Override
  public String contentEncoding() {
    return "dcz";
  }

  @Override
  public String implementation() {
    return "dcz request bodies with " + engines.size() + " dictionaries via zstd-jni";
  }

  /** No contexts of its own: the engines count theirs. */
  @Override
  public ContextCounter contexts() {
    return new ContextCounter();
  }

  @Override
  public long lentEncoders() {
    return 0;
  }

  @Override
  public long lentDecoderSlots() {
    long lent = 0;
    for (DczEngine e : engines) {
      lent += e.lentDecoderSlots();
    }
    return lent;
  }

  /**
   * Refused: a response in dcz needs one dictionary, so it is encoded by that dictionary's engine.
   *
   * @throws UnsupportedOperationException always
   */
  @Override
  public Encoder open(OutputStream sink) {
    throw new UnsupportedOperationException("dcz request decoding does not encode: each dictionary's DczEngine does");
  }

  @Override
  public InputStream decoder(InputStream body) throws IOException {
    return DczEngine.decoder(body, engines);
  }

  /** Nothing to release: the filter closes the engines. */
  @Override
  public void close() {}
}
