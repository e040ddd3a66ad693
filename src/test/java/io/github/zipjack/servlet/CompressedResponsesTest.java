package io.github.zipjack.servlet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.Compression;
import io.github.zipjack.Format;
import io.github.zipjack.Pipeline;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The pure parts of the direct helper: what it offers, in which order, its validation, the media
 * types and the identity pipeline it makes. Writing to real responses is tested in Jetty and Tomcat.
 */
class CompressedResponsesTest {
  private final Pipeline gzip = pipeline(Format.JSON, Compression.gzip(1));
  private final Pipeline zstd = pipeline(Format.JSON, Compression.zstd(1));

  @AfterEach
  void closePipelines() {
    gzip.close();
    zstd.close();
  }

  private static Pipeline pipeline(Format format, Compression compression) {
    return Pipeline.builder().format(format).compression(compression).build();
  }

  @Test
  void of_noPipelines() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, CompressedResponses::of);
    assertEquals("pipelines must not be empty: give one pipeline per content coding to offer", e.getMessage());
  }

  @Test
  void of_formatsDiffer() {
    try (Pipeline msgpack = pipeline(Format.MSGPACK, Compression.zstd(1))) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> CompressedResponses.of(gzip, msgpack));
      assertEquals("pipelines must all have the same format: pipelines[0] is JSON but pipelines[1] is MSGPACK (zstd(1))",
          e.getMessage());
    }
  }

  @Test
  void of_twoPipelinesForOneCoding() {
    try (Pipeline gzip6 = pipeline(Format.JSON, Compression.gzip(6))) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> CompressedResponses.of(gzip, gzip6));
      assertEquals("two pipelines serve content coding gzip: gzip(1) and gzip(6); give one per coding", e.getMessage());
    }
  }

  @Test
  void of_nullPipeline() {
    NullPointerException e = assertThrows(NullPointerException.class, () -> CompressedResponses.of(gzip, null));
    assertEquals("pipelines[1] must not be null", e.getMessage());
  }

  @Test
  void withContentType_blank() {
    try (CompressedResponses responses = CompressedResponses.of(gzip)) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> responses.withContentType(" "));
      assertEquals("contentType must not be blank", e.getMessage());
    }
  }

  @Test
  void codingsAreOfferedInArgumentOrderWithIdentityLast() {
    try (CompressedResponses responses = CompressedResponses.of(zstd, gzip)) {
      assertEquals(List.of("zstd", "gzip", "identity"), responses.offeredCodings());
    }
  }

  @Test
  void aGivenIdentityPipelineKeepsItsPlaceInTheOrder() {
    try (Pipeline none = pipeline(Format.JSON, Compression.none());
         CompressedResponses responses = CompressedResponses.of(gzip, none, zstd)) {
      assertEquals(List.of("gzip", "identity", "zstd"), responses.offeredCodings());
      assertSame(none, responses.pipeline("identity"));
    }
  }

  @Test
  void preferenceOrderDecidesBetweenCodingsTheClientLikesEqually() {
    try (CompressedResponses responses = CompressedResponses.of(zstd, gzip)) {
      assertEquals("zstd", AcceptEncoding.parse("gzip, zstd").choose(responses.offeredCodings()).orElseThrow());
      assertEquals("identity", AcceptEncoding.parse(null).choose(responses.offeredCodings()).orElseThrow());
    }
  }

  @Test
  void theIdentityItMakesWritesTheBytesTheOtherPipelinesCompress() throws IOException {
    Map<String, Object> value = Map.of("name", "Ada", "born", 1815);
    try (CompressedResponses responses = CompressedResponses.of(gzip)) {
      byte[] identity = responses.pipeline("identity").encode(value);
      byte[] gunzipped = new GZIPInputStream(new ByteArrayInputStream(gzip.encode(value))).readAllBytes();
      assertArrayEquals(gunzipped, identity);
    }
  }

  @Test
  void closeClosesTheIdentityItMadeButNotTheCallersPipelines() {
    CompressedResponses responses = CompressedResponses.of(gzip);
    Pipeline own = responses.pipeline("identity");
    responses.close();
    assertTrue(own.toString().endsWith(", closed]"), own.toString());
    assertFalse(gzip.toString().endsWith(", closed]"), gzip.toString());
  }

  @Test
  void jsonIsServedAsApplicationJson() {
    assertEquals("application/json", CompressedResponses.mediaType(Format.JSON));
  }

  @Test
  void messagePackIsServedAsItsIanaRegisteredType() {
    assertEquals("application/vnd.msgpack", CompressedResponses.mediaType(Format.MSGPACK));
  }

  @Test
  void varyLinesThatAlreadyNameAcceptEncodingOrStarAreEnough() {
    assertTrue(CompressedResponses.varyCovers("Origin, accept-encoding"));
    assertTrue(CompressedResponses.varyCovers("*"));
    assertFalse(CompressedResponses.varyCovers("Origin, Accept-Language"));
  }

  @Test
  void varyTokensAreWholeNamesBetweenCommasWithWhitespaceAroundThemIgnored() {
    assertTrue(CompressedResponses.varyNames(" Origin ,\tAvailable-Dictionary\t", "available-dictionary"));
    assertTrue(CompressedResponses.varyNames("Origin, * ", "Accept-Encoding"));
    assertFalse(CompressedResponses.varyNames("Accept-Encodings, X-Accept-Encoding", "Accept-Encoding"));
    assertFalse(CompressedResponses.varyNames("", "Accept-Encoding"));
    assertFalse(CompressedResponses.varyNames(",,", "Accept-Encoding"));
  }

  @Test
  void theNotAcceptableTextSaysWhatWasAskedAndWhatIsOffered() {
    try (CompressedResponses responses = CompressedResponses.of(zstd, gzip)) {
      assertEquals("406 Not Acceptable: Accept-Encoding: br, identity;q=0 accepts none of the content codings"
          + " this resource is available in: zstd, gzip, identity\n", responses.notAcceptableText("br, identity;q=0"));
    }
  }

  @Test
  void toStringNamesTheContentTypeAndWhatServesEachCoding() {
    try (CompressedResponses responses = CompressedResponses.of(zstd).withContentType("application/problem+json")) {
      assertEquals("CompressedResponses[contentType=application/problem+json, zstd=zstd(1) via zstd-jni, identity=none]",
          responses.toString());
    }
  }

  @Test
  void minBodyBytes_negative() {
    try (Pipeline gzip = Pipeline.builder().compression(Compression.gzip(1)).build();
         CompressedResponses responses = CompressedResponses.of(gzip)) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> responses.withMinBodyBytes(-1));
      assertEquals("minBodyBytes must be >= 0: -1", e.getMessage());
    }
  }
}
