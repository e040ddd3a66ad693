package io.github.zipjack.servlet;

import io.github.zipjack.http.RequestBodyCodings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.DecodeLimitExceededException;
import io.github.zipjack.MalformedBodyException;
import io.github.zipjack.codec.CompressionEngine;
import io.github.zipjack.codec.EngineConfig;
import io.github.zipjack.codec.GzipEngine;
import io.github.zipjack.codec.ZstdEngine;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Which decoder a request body gets from its Content-Encoding, and which status each failure earns. */
class RequestInflationTest {
  private static final EngineConfig CONFIG = new EngineConfig(1, 0, 8192, 2, null, 64L << 20);
  private final GzipEngine gzip = new GzipEngine(CONFIG);
  private final ZstdEngine zstd = new ZstdEngine(CONFIG);
  private final RequestInflation inflation = new RequestInflation(engines(), 1 << 20, 100);

  private Map<String, CompressionEngine> engines() {
    Map<String, CompressionEngine> engines = new LinkedHashMap<>();
    engines.put("zstd", zstd);
    engines.put("gzip", gzip);
    return engines;
  }

  @AfterEach
  void closeEngines() {
    gzip.close();
    zstd.close();
  }

  private RequestBodyCodings.Decision decide(String... lines) {
    return inflation.decide(Collections.enumeration(List.of(lines)));
  }

  @Test
  void maxInflatedRequestBytes_zero() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new RequestInflation(engines(), 0, 100));
    assertEquals("maxInflatedRequestBytes must be positive: 0", e.getMessage());
  }

  @Test
  void maxInflationRatio_zero() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new RequestInflation(engines(), 1024, 0));
    assertEquals("maxInflationRatio must be at least 1: 0", e.getMessage());
  }

  @Test
  void aRequestWithoutContentEncodingPassesThrough() {
    assertTrue(inflation.decide(Collections.emptyEnumeration()).passThrough());
    assertTrue(inflation.decide(null).passThrough());
  }

  @Test
  void identityPassesThrough() {
    assertTrue(decide("identity").passThrough());
    assertTrue(decide("Identity, identity").passThrough());
  }

  @Test
  void gzipGetsTheGzipEnginesDecoder() {
    assertSame(gzip, decide("gzip").engine);
  }

  @Test
  void codingTokensAreCaseInsensitiveAndXGzipIsGzip() {
    assertSame(zstd, decide(" ZSTD ").engine);
    assertSame(gzip, decide("x-gzip").engine);
  }

  @Test
  void identityBesideOneCodingIsIgnored() {
    assertSame(gzip, decide("identity", "gzip").engine);
  }

  @Test
  void anUnknownCodingIsRefusedNamingWhatIsAccepted() {
    RequestBodyCodings.Decision decision = decide("deflate");
    assertNull(decision.engine);
    assertEquals("request Content-Encoding deflate is not supported; send one of: zstd, gzip, identity",
        decision.problem);
  }

  @Test
  void stackedCodingsAreRefused() {
    assertEquals("request bodies in several content codings (gzip, gzip) are not accepted; send one of: zstd, gzip, identity",
        decide("gzip", "gzip").problem);
  }

  @Test
  void stackedCodingsInTheMessageAreSanitizedAndCapped() {
    String problem = decide("gzip, ev\u0001il, a, b, c, d").problem;

    assertEquals("request bodies in several content codings (gzip, ev?il, a, b, ...) are not accepted; send one of:"
        + " zstd, gzip, identity", problem);
  }

  @Test
  void theAcceptEncodingOfA415ListsTheEnginesCodingsThenIdentity() {
    assertEquals("zstd, gzip, identity", inflation.acceptedCodings());
  }

  @Test
  void anIdentityEngineAmongTheEnginesIsNotListedTwice() {
    Map<String, CompressionEngine> withIdentity = new LinkedHashMap<>(engines());
    withIdentity.put("identity", gzip);
    assertEquals("zstd, gzip, identity", new RequestInflation(withIdentity, 1024, 10).acceptedCodings());
  }

  @Test
  void aCodingTokenInAMessageIsCutAndMadePrintable() {
    assertEquals("a?b", RequestInflation.sanitize("a\nb"));
    assertEquals("x".repeat(40) + "...", RequestInflation.sanitize("x".repeat(100)));
  }

  @Test
  void passingAnInflationLimitIs413() {
    assertEquals(413, RequestInflation.statusFor(
        new InflatedRequestTooLargeException("maxInflatedRequestBytes", 10, 11, 5, "too large")));
  }

  @Test
  void anEnginesOwnDecodeLimitIs413() {
    assertEquals(413, RequestInflation.statusFor(
        new DecodeLimitExceededException("maxDecodedBytes", 10, "zstd window too large", null)));
  }

  @Test
  void aMalformedBodyIs400() {
    assertEquals(400, RequestInflation.statusFor(new MalformedBodyException("body is not gzip")));
  }
}
