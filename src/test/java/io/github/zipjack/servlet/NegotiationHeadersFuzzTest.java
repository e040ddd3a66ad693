package io.github.zipjack.servlet;

import io.github.zipjack.http.RequestBodyCodings;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.github.zipjack.codec.CompressionEngine;
import io.github.zipjack.codec.EngineConfig;
import io.github.zipjack.codec.GzipEngine;
import io.github.zipjack.codec.ZstdEngine;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The headers a client controls, fuzzed with Jazzer: Accept-Encoding never fails to parse and never
 * gets a coding the client refused; Content-Encoding of a request never fails, and a refusal's
 * message (sent back in a 415) holds only printable ASCII and stays short.
 */
class NegotiationHeadersFuzzTest {
  private static final List<String> PREFERENCE = List.of("zstd", "gzip", "br", "identity");
  private static final RequestInflation INFLATION;

  static {
    EngineConfig config = new EngineConfig(1, 0, 1024, 1, null, Long.MAX_VALUE);
    Map<String, CompressionEngine> engines = new LinkedHashMap<>();
    engines.put("zstd", new ZstdEngine(config));
    engines.put("gzip", new GzipEngine(config));
    INFLATION = new RequestInflation(engines, 1 << 20, 100);
  }

  @FuzzTest
  void acceptEncodingHeader(String header) {
    AcceptEncoding accept = AcceptEncoding.parse(header);
    Optional<String> chosen = accept.choose(PREFERENCE);
    if (chosen.isPresent() && !accept.accepts(chosen.get())) {
      throw new AssertionError("chose " + chosen.get() + ", which " + accept + " does not accept");
    }
    accept.toString();
  }

  @FuzzTest
  void contentEncodingHeader(String header) {
    if (header == null) {
      return; // Jazzer's first input; a container never gives a null header line
    }
    RequestBodyCodings.Decision decision = INFLATION.decide(Collections.enumeration(List.of(header)));
    if (decision.problem != null) {
      for (char c : decision.problem.toCharArray()) {
        if (c < 0x20 || c >= 0x7f) {
          throw new AssertionError("a 415 message with character " + (int) c + ": " + decision.problem);
        }
      }
      if (decision.problem.length() > 400) {
        throw new AssertionError("a 415 message of " + decision.problem.length() + " characters");
      }
    }
  }
}
