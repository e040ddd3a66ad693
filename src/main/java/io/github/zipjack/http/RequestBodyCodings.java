package io.github.zipjack.http;

import io.github.zipjack.DecodeLimitExceededException;
import io.github.zipjack.ZipjackDecodeException;
import io.github.zipjack.codec.CodingTokens;
import io.github.zipjack.codec.CompressionEngine;
import io.github.zipjack.servlet.InflatedRequestTooLargeException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * What a server does with a request body by its {@code Content-Encoding}: the rule the servlet
 * filter and the reactive request filter share. No {@code Content-Encoding}, or only
 * {@code identity}: the body passes as it is. One coding the engines decode ({@code x-gzip} is
 * gzip, RFC 9110 8.4.1.3): inflated. Anything else (an unknown coding, or several codings stacked):
 * refused with {@code 415 Unsupported Media Type} and {@code Accept-Encoding} listing
 * {@link #acceptedCodings()} (RFC 7694). Immutable and thread-safe; it does not own the engines.
 */
public final class RequestBodyCodings {
  /** The most of a client's codings a 415 message repeats. */
  private static final int MAX_CODINGS_SHOWN = 4;

  /** Coding token (lower case) to the engine that decodes it; identity never in it. */
  private final Map<String, CompressionEngine> engines;
  /** The value of Accept-Encoding on a 415: the codings that can be sent, preference order. */
  private final String acceptedCodings;

  /**
   * @param engines the engines whose decoders inflate request bodies, keyed by content-coding token
   *     ({@code gzip}, {@code zstd}, {@code br}); an identity entry is ignored. Not closed here.
   */
  public RequestBodyCodings(Map<String, CompressionEngine> engines) {
    Objects.requireNonNull(engines, "engines must not be null");
    Map<String, CompressionEngine> byCoding = new LinkedHashMap<>();
    engines.forEach((coding, engine) -> {
      String token = coding.toLowerCase(Locale.ROOT);
      if (!token.equals("identity")) {
        byCoding.put(token, Objects.requireNonNull(engine, "engine for " + coding));
      }
    });
    this.engines = Collections.unmodifiableMap(byCoding);
    List<String> accepted = new ArrayList<>(byCoding.keySet());
    accepted.add("identity");
    this.acceptedCodings = String.join(", ", accepted);
  }

  /**
   * What to do with a body whose Content-Encoding field lines are {@code lines}. Pure: no I/O.
   *
   * @param lines the field lines, null or empty when the request has none
   */
  public Decision decide(Iterable<String> lines) {
    List<String> codings = new ArrayList<>();
    if (lines != null) {
      for (String line : lines) {
        for (String token : line.split(",")) {
          String coding = token.trim().toLowerCase(Locale.ROOT);
          if (!coding.isEmpty() && !coding.equals("identity")) {
            codings.add(coding.equals("x-gzip") ? "gzip" : coding);
          }
        }
      }
    }
    if (codings.isEmpty()) {
      return Decision.PASS_THROUGH;
    }
    if (codings.size() > 1) {
      return new Decision(null, "request bodies in several content codings ("
          + codings.stream().limit(MAX_CODINGS_SHOWN).map(CodingTokens::sanitize).collect(Collectors.joining(", "))
          + (codings.size() > MAX_CODINGS_SHOWN ? ", ..." : "") + ") are not accepted; send one of: " + acceptedCodings);
    }
    CompressionEngine engine = engines.get(codings.get(0));
    if (engine == null) {
      return new Decision(null, "request Content-Encoding " + CodingTokens.sanitize(codings.get(0))
          + " is not supported; send one of: " + acceptedCodings);
    }
    return new Decision(engine, null);
  }

  /** {@return the Accept-Encoding a 415 carries: {@code gzip, zstd, br, identity}} */
  public String acceptedCodings() {
    return acceptedCodings;
  }

  /**
   * {@return the status a failed inflated body is answered with: 413 for a limit passed (the
   * request's own limits, or a decoder's maxDecodedBytes), 400 for any other problem with its data}
   *
   * @param failure what reading the inflated body threw
   */
  public static int statusFor(ZipjackDecodeException failure) {
    return failure instanceof InflatedRequestTooLargeException || failure instanceof DecodeLimitExceededException
        ? 413 : 400;
  }

  /** {@return the codings decoded, lower case} */
  public List<String> codings() {
    return List.copyOf(engines.keySet());
  }

  /** The outcome of {@link #decide}: pass through, inflate with {@link #engine}, or refuse with {@link #problem}. */
  public static final class Decision {
    static final Decision PASS_THROUGH = new Decision(null, null);

    /** The engine to inflate with; null to pass through or to refuse. */
    public final CompressionEngine engine;
    /** Why the body is refused (415); null otherwise. */
    public final String problem;

    Decision(CompressionEngine engine, String problem) {
      this.engine = engine;
      this.problem = problem;
    }

    /** {@return whether the body passes as it is} */
    public boolean passThrough() {
      return this == PASS_THROUGH;
    }
  }
}
