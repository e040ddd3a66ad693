package io.github.zipjack.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.zipjack.Compression;
import io.github.zipjack.Pipeline;
import io.github.zipjack.servlet.CompressionListener;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What a negotiated body costs and reports: a value is serialized once when it goes out compressed,
 * even when its compressed body is under the minimum size, and again only when it goes out as it is.
 */
class NegotiatedBodyTest {
  private static final long MIN_BODY_BYTES = 1024;
  private final Pipeline zstd = Pipeline.builder().compression(Compression.zstd(1)).build();
  private final Pipeline identity = Pipeline.builder().compression(Compression.none()).build();
  private final Map<String, Pipeline> pipelines = Map.of("zstd", zstd, "identity", identity);

  /** A value whose only property counts how often it is serialized. */
  public static final class CountedValue {
    private final String text;
    private final AtomicInteger serializations = new AtomicInteger();

    CountedValue(String text) {
      this.text = text;
    }

    public String getText() {
      serializations.incrementAndGet();
      return text;
    }
  }

  @AfterEach
  void close() {
    zstd.close();
    identity.close();
  }

  @Test
  void aBodyOverTheMinimumWhoseCompressedFormIsUnderItIsSerializedOnce() throws IOException {
    CountedValue value = new CountedValue("word ".repeat(250)); // 1,261 bytes of JSON, far fewer compressed

    try (NegotiatedBody body = NegotiatedBody.encode(pipelines, "zstd", value, MIN_BODY_BYTES)) {
      assertEquals("zstd", body.coding());
      assertEquals(CompressionListener.Outcome.COMPRESSED, body.outcome());
      assertEquals(1, value.serializations.get());
    }
  }

  @Test
  void aCompressedBodyReportsTheBytesItWasSerializedTo() {
    CountedValue value = new CountedValue("word ".repeat(250));
    long serialized = identity.encode(value).length;
    AtomicLong reported = new AtomicLong();

    try (NegotiatedBody body = NegotiatedBody.encode(pipelines, "zstd", value, MIN_BODY_BYTES)) {
      body.report((coding, outcome, bodyBytes, sentBytes, nanos) -> reported.set(bodyBytes));
    }

    assertEquals(serialized, reported.get());
  }

  @Test
  void aBodyUnderTheMinimumIsSerializedOnceAndNotCompressed() {
    CountedValue value = new CountedValue("short");
    AtomicLong compressionNanos = new AtomicLong(-1);

    try (NegotiatedBody body = NegotiatedBody.encode(pipelines, "zstd", value, MIN_BODY_BYTES)) {
      body.report((coding, outcome, bodyBytes, sentBytes, nanos) -> compressionNanos.set(nanos));
    }

    assertEquals(1, value.serializations.get());
    assertEquals(0, compressionNanos.get());
  }

  @Test
  void aBodyCompressionDoesNotShortenGoesOutAsItIs() throws IOException {
    String value = "x"; // 3 bytes of JSON; any zstd frame is longer

    try (NegotiatedBody body = NegotiatedBody.encode(pipelines, "zstd", value, 0)) {
      ByteArrayOutputStream sent = new ByteArrayOutputStream();
      body.writeTo(sent);

      assertEquals("identity", body.coding());
      assertEquals(CompressionListener.Outcome.DID_NOT_SHRINK, body.outcome());
      assertArrayEquals(identity.encode(value), sent.toByteArray());
    }
  }

  @Test
  void aBodyUnderTheMinimumGoesOutAsTheValueSerializedUncompressed() throws IOException {
    CountedValue value = new CountedValue("short");
    byte[] uncompressed = identity.encode(value);

    try (NegotiatedBody body = NegotiatedBody.encode(pipelines, "zstd", value, MIN_BODY_BYTES)) {
      ByteArrayOutputStream sent = new ByteArrayOutputStream();
      body.writeTo(sent);

      assertEquals("identity", body.coding());
      assertEquals(CompressionListener.Outcome.TOO_SMALL, body.outcome());
      assertArrayEquals(uncompressed, sent.toByteArray());
      assertEquals(uncompressed.length, body.size());
    }
  }
}
