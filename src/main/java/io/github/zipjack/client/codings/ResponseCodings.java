package io.github.zipjack.client.codings;

import io.github.zipjack.client.CompressedHttpClient;
import io.github.zipjack.client.DictionaryMismatchException;
import io.github.zipjack.client.dictionaries.DictionaryStore;
import io.github.zipjack.Compression;
import io.github.zipjack.MalformedBodyException;
import io.github.zipjack.WrongCodingException;
import io.github.zipjack.codec.CodingTokens;
import io.github.zipjack.codec.CompressionEngine;
import io.github.zipjack.codec.DecodeLimitInputStream;
import io.github.zipjack.codec.EngineConfig;
import io.github.zipjack.codec.EngineSelection;
import io.github.zipjack.codec.WholeBodyArrays;
import io.github.zipjack.settings.SettingCatalog;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpHeaders;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The content codings a client asks for and decodes: one engine per coding whose library loads, in
 * zipjack's order of preference (zstd, gzip, br), and the chain of decoders a response's
 * {@code Content-Encoding} calls for. {@link CompressedHttpClient} uses it, and so do other HTTP
 * clients' adapters (zipjack's Spring interceptor). Thread-safe; owns its engines, which
 * {@link #close()} ends.
 *
 * <p>Not part of zipjack's API: the package is not exported.
 */
public final class ResponseCodings implements AutoCloseable {
  /** The most codings one response may stack ({@code gzip, zstd} is two). */
  public static final int MAX_STACKED_CODINGS = 3;
  /** Zipjack's preference; the filter's default order. */
  public static final List<String> ALL = List.of("zstd", "gzip", "br");

  /** Coding token to the engine that decodes it; never identity. */
  private final Map<String, CompressionEngine> engines;
  /** The keys of {@link #engines}, in their order. */
  private final List<String> codings;
  private final long maxDecodedBytes;

  /**
   * Makes a decoding engine per coding that loads.
   *
   * @param codings tokens to ask for, most preferred first, case-insensitive, each once; those whose
   *     library is missing are left out when {@code required} is false, else they fail
   * @param required whether a coding whose library cannot load fails instead of being left out
   * @param maxDecodedBytes the most bytes each decoding layer may produce
   * @param maxIdleDecoders decoders kept idle per coding for reuse
   * @throws IllegalStateException if {@code required} and a coding's library cannot load
   * @throws IllegalArgumentException for a coding other than zstd, gzip and br, one listed twice, or none
   */
  public ResponseCodings(List<String> codings, boolean required, long maxDecodedBytes, int maxIdleDecoders) {
    this.maxDecodedBytes = maxDecodedBytes;
    Map<String, CompressionEngine> made = new LinkedHashMap<>();
    try {
      for (String coding : tokens(codings)) {
        Compression compression = decodingCompression(coding);
        EngineConfig config = new EngineConfig(compression.level(), 8192, 8192, maxIdleDecoders, null, maxDecodedBytes);
        try {
          made.put(coding, EngineSelection.create(compression, config));
        } catch (IllegalStateException e) {
          if (required) {
            throw e;
          }
        }
      }
    } catch (RuntimeException e) {
      made.values().forEach(CompressionEngine::close);
      throw e;
    }
    this.engines = Collections.unmodifiableMap(made);
    this.codings = List.copyOf(made.keySet());
  }

  /**
   * The codings as tokens, trimmed and in lower case: the one check of the client builder's
   * {@code codings} and of {@code zipjack.client.codings}.
   *
   * @param codings the codings as given
   * @return the tokens, in the order given
   * @throws IllegalArgumentException for a coding other than zstd, gzip and br, one listed twice, or none
   */
  public static List<String> tokens(List<String> codings) {
    String setting = SettingCatalog.CLIENT_CODINGS.name();
    List<String> tokens = new ArrayList<>();
    for (String coding : codings) {
      String token = Objects.requireNonNull(coding, setting + " must not hold null").trim().toLowerCase(Locale.ROOT);
      decodingCompression(token);
      if (tokens.contains(token)) {
        throw new IllegalArgumentException(setting + " lists " + token + " twice");
      }
      tokens.add(token);
    }
    if (tokens.isEmpty()) {
      throw new IllegalArgumentException(setting + " must name at least one of " + ALL);
    }
    return List.copyOf(tokens);
  }

  /** The compression whose engine decodes {@code coding}; its level does not matter for decoding. */
  static Compression decodingCompression(String coding) {
    switch (coding) {
      case "zstd":
        return Compression.zstd(1);
      case "gzip":
        return Compression.gzip(1);
      case "br":
        return Compression.brotli(1);
      default:
        throw new IllegalArgumentException("coding must be one of " + ALL + ": " + coding);
    }
  }

  /** {@return the codings asked for, most preferred first} */
  public List<String> codings() {
    return codings;
  }

  /**
   * {@return whether this object decodes {@code coding}}
   *
   * @param coding a coding token, lower case
   */
  public boolean decodes(String coding) {
    return engines.containsKey(coding);
  }

  /**
   * The codings a response's {@code Content-Encoding} lists, in the order they were applied, with
   * {@code identity} left out and {@code x-gzip} read as gzip.
   *
   * @throws MalformedBodyException if more than {@link #MAX_STACKED_CODINGS} are stacked
   */
  public static List<String> applied(HttpHeaders headers) throws MalformedBodyException {
    return applied(headers.allValues("Content-Encoding"));
  }

  /**
   * The codings that {@code Content-Encoding} field lines list, in the order they were applied,
   * with {@code identity} left out and {@code x-gzip} read as gzip.
   *
   * @param contentEncodingLines the values of every {@code Content-Encoding} line
   * @return the codings, lower case, first applied first
   * @throws MalformedBodyException if more than {@link #MAX_STACKED_CODINGS} are stacked
   */
  public static List<String> applied(List<String> contentEncodingLines) throws MalformedBodyException {
    List<String> codings = new ArrayList<>();
    for (String line : contentEncodingLines) {
      for (String token : line.split(",")) {
        String coding = token.trim().toLowerCase(Locale.ROOT);
        if (!coding.isEmpty() && !coding.equals("identity")) {
          codings.add(coding.equals("x-gzip") ? "gzip" : coding);
        }
      }
    }
    if (codings.size() > MAX_STACKED_CODINGS) {
      throw new MalformedBodyException("response has " + codings.size() + " stacked content codings "
          + shown(codings) + "; at most " + MAX_STACKED_CODINGS + " are decoded");
    }
    return codings;
  }

  /**
   * The decoded bytes of {@code raw}, whose codings {@code applied} lists, {@code dcz} excluded
   * (see {@link #decoder(InputStream, List, String, DictionaryStore, DictionaryStore.Entry)}).
   *
   * @param raw the body as received
   * @param applied the codings applied, first applied first, as {@link #applied(List)} gives them
   * @param acceptEncoding what the request asked for, for the message
   * @return the decoded body; the caller closes it
   * @throws WrongCodingException for a coding this client did not ask for
   * @throws IOException if a decoder cannot start on {@code raw}
   */
  public InputStream decoder(InputStream raw, List<String> applied, String acceptEncoding) throws IOException {
    return decoder(raw, applied, acceptEncoding, null, null);
  }

  /**
   * The decoded bytes of {@code raw}, whose codings {@code applied} lists; every layer, the
   * outermost too, fails past maxDecodedBytes (skipping included), so that whatever reads or
   * discards the result inflates no more than that. A {@code dcz} layer may sit anywhere in the
   * stack ({@code dcz, gzip}: dcz applied first, then gzip): its 40-byte header is read when its
   * turn comes and checked against {@code announced}. Closing the result closes {@code raw}; if making the chain fails, the layers
   * made so far are closed (their decoder state returned, {@code raw} closed with them).
   *
   * @param raw the body as received
   * @param applied the codings applied, first applied first, as {@link #applied(List)} gives them
   * @param acceptEncoding what the request asked for, for the message
   * @param dictionaries decodes {@code dcz} layers; null when the request announced no dictionary,
   *     which makes {@code dcz} a coding not asked for
   * @param announced the dictionary the request announced; null when it announced none
   * @return the decoded body; the caller closes it
   * @throws WrongCodingException for a coding this client did not ask for
   * @throws DictionaryMismatchException if a dcz header names another dictionary than announced
   * @throws IOException if a decoder cannot start on {@code raw}
   */
  public InputStream decoder(InputStream raw, List<String> applied, String acceptEncoding,
      DictionaryStore dictionaries, DictionaryStore.Entry announced) throws IOException {
    checkAskedFor(applied, acceptEncoding, dictionaries != null && announced != null);
    InputStream in = raw;
    try {
      for (int i = applied.size() - 1; i >= 0; i--) {
        String coding = applied.get(i);
        in = coding.equals("dcz") ? dictionaries.dczDecoder(in, announced) : engines.get(coding).decoder(in);
        in = new DecodeLimitInputStream(in, "maxDecodedBytes", maxDecodedBytes);
      }
      return in;
    } catch (IOException | RuntimeException e) {
      if (in != raw) {
        closeLayers(in, e);
      }
      throw e;
    }
  }

  /**
   * Closes the layers made over the body, which returns their decoder state and closes the body
   * with them (the caller closing the body again does nothing more).
   */
  private static void closeLayers(InputStream layers, Exception failure) {
    try {
      layers.close();
    } catch (IOException | RuntimeException e) {
      failure.addSuppressed(e);
    }
  }

  /**
   * {@return whether a body of {@code coding} alone can be decoded in one call by
   * {@link #decodeWhole}} True for gzip (libdeflate where it loads, on Java 25+, else one zlib call).
   */
  public boolean decodesWhole(String coding) {
    CompressionEngine engine = engines.get(coding);
    return engine != null && engine.decodesWhole();
  }

  /**
   * Decodes a whole body of {@code coding} alone, {@code body[0, length)}, in one call within
   * maxDecodedBytes, into {@code into}'s decoded array (reused when long enough).
   *
   * @return the decoded bytes' count, the body being {@code into.decoded()[0, count)}; or -1 when its
   *     engine declines it (stream it through {@link #decoder}, which also says what is wrong with a
   *     malformed body)
   */
  public int decodeWhole(String coding, byte[] body, int length, WholeBodyArrays into) {
    CompressionEngine engine = engines.get(coding);
    return engine == null ? -1 : engine.decodeWhole(body, 0, length, maxDecodedBytes, into);
  }

  /**
   * Checks that every coding in {@code applied} is one this object decodes.
   *
   * @param applied the codings applied, as {@link #applied(List)} gives them
   * @param acceptEncoding what the request asked for, for the message
   * @throws WrongCodingException naming the first coding that is not
   */
  public void checkAskedFor(List<String> applied, String acceptEncoding) throws WrongCodingException {
    checkAskedFor(applied, acceptEncoding, false);
  }

  /**
   * Checks that every coding in {@code applied} is one this object decodes, or {@code dcz} when
   * {@code dcz} is true.
   *
   * @param applied the codings applied, as {@link #applied(List)} gives them
   * @param acceptEncoding what the request asked for, for the message
   * @param dcz whether the request announced a dictionary, so that dcz was asked for
   * @throws WrongCodingException naming the first coding that is not
   */
  public void checkAskedFor(List<String> applied, String acceptEncoding, boolean dcz) throws WrongCodingException {
    for (String coding : applied) {
      if (!engines.containsKey(coding) && !(dcz && coding.equals("dcz"))) {
        throw new WrongCodingException("response Content-Encoding " + shown(applied) + " names " + sanitize(coding)
            + ", which this client did not ask for (Accept-Encoding: " + acceptEncoding + ")");
      }
    }
  }

  /** {@return at most four of {@code codings}, sanitized, for a message} */
  public static String shown(List<String> codings) {
    List<String> shown = new ArrayList<>();
    codings.stream().limit(4).forEach(c -> shown.add(sanitize(c)));
    return "[" + String.join(", ", shown) + (codings.size() > 4 ? ", ...]" : "]");
  }

  /** A server's token as it may appear in a message. */
  public static String sanitize(String token) {
    return CodingTokens.sanitize(token);
  }

  /** Decoder state lent out and not yet returned, over all engines; 0 when every body was closed. */
  public long lentDecoderSlots() {
    return engines.values().stream().mapToLong(CompressionEngine::lentDecoderSlots).sum();
  }

  @Override
  public void close() {
    engines.values().forEach(CompressionEngine::close);
  }

  @Override
  public String toString() {
    List<String> served = new ArrayList<>();
    engines.values().forEach(e -> served.add(e.contentEncoding()));
    return String.join(", ", served);
  }
}
