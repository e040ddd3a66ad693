package io.github.zipjack.http;

import io.github.zipjack.EncodedBody;
import io.github.zipjack.Pipeline;
import io.github.zipjack.buffer.Segment;
import io.github.zipjack.buffer.SegmentOutputStream;
import io.github.zipjack.buffer.SegmentPool;
import io.github.zipjack.codec.DictionaryEngine;
import io.github.zipjack.codec.Encoder;
import io.github.zipjack.codec.HeldUntilMinimum;
import io.github.zipjack.servlet.CompressionListener;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;

/**
 * A value encoded for one response in the coding negotiated for it, or as it is when the body is
 * too small to compress or compression would not make it shorter: the rule the servlet side's
 * {@code CompressedResponses} and the reactive writer share, and the filter's for the bytes it holds.
 * A value is serialized once: a body shorter than {@code minBodyBytes} never reaches the compressor
 * ({@link Pipeline#encodeToBody(Object, long)}), a longer one is compressed as it is serialized;
 * only one that compression did not make shorter is serialized again, to be sent as it is. A body
 * compressed with an RFC 9842 dictionary ({@code dcz}, {@code dcb}) follows the same rule, serialized
 * straight into the dictionary's encoder once it reaches the minimum.
 *
 * <p>Not thread-safe: one owner, who closes it, which returns the body's pooled segments.
 */
public final class NegotiatedBody implements AutoCloseable {
  private static final String IDENTITY = "identity";

  /** The body, unless it is {@link #segmentBody}; null then. */
  private final EncodedBody body;
  /** A body in segments of the caller's pool (compressed with a dictionary, or under the minimum on that path), or null. */
  private final SegmentOutputStream segmentBody;
  private final String coding;
  private final CompressionListener.Outcome outcome;
  /** The serialized size before compression when it was measured, else -1. */
  private final long rawBytes;
  private final long encodeNanos;

  private NegotiatedBody(EncodedBody body, String coding, CompressionListener.Outcome outcome, long rawBytes,
      long encodeNanos) {
    this(body, null, coding, outcome, rawBytes, encodeNanos);
  }

  private NegotiatedBody(EncodedBody body, SegmentOutputStream segmentBody, String coding,
      CompressionListener.Outcome outcome, long rawBytes, long encodeNanos) {
    this.body = body;
    this.segmentBody = segmentBody;
    this.coding = coding;
    this.outcome = outcome;
    this.rawBytes = rawBytes;
    this.encodeNanos = encodeNanos;
  }

  /**
   * Encodes {@code value} with the pipeline of {@code coding}, falling back to the identity one as
   * described in the class doc.
   *
   * @param pipelines coding token to pipeline; has {@code identity} and {@code coding}
   * @param coding the negotiated coding
   * @param minBodyBytes bodies that serialize to fewer bytes are sent as they are, never compressed; 0: none
   * @throws io.github.zipjack.ZipjackEncodeException if the value cannot be serialized; nothing is then held
   */
  public static NegotiatedBody encode(Map<String, Pipeline> pipelines, String coding, Object value,
      long minBodyBytes) {
    long start = System.nanoTime();
    EncodedBody body = pipelines.get(coding).encodeToBody(value, minBodyBytes);
    long nanos = System.nanoTime() - start;
    if (IDENTITY.equals(coding)) {
      return new NegotiatedBody(body, coding, CompressionListener.Outcome.IDENTITY_ACCEPTED, -1, 0);
    }
    if (IDENTITY.equals(body.contentEncoding())) {
      return new NegotiatedBody(body, IDENTITY, CompressionListener.Outcome.TOO_SMALL, body.size(), 0);
    }
    long rawSize = body.uncompressedSize();
    if (body.size() < rawSize) {
      return new NegotiatedBody(body, coding, CompressionListener.Outcome.COMPRESSED, rawSize, nanos);
    }
    body.close();
    EncodedBody raw = pipelines.get(IDENTITY).encodeToBody(value);
    return new NegotiatedBody(raw, IDENTITY, CompressionListener.Outcome.DID_NOT_SHRINK, raw.size(), nanos);
  }

  /**
   * Encodes {@code value} with {@code identity}'s mapper straight into {@code engine}, a dictionary's
   * {@code dcz} or {@code dcb} encoder, into segments of {@code pool}; as it is when it is shorter than
   * {@code minBodyBytes} (held, never compressed: {@link HeldUntilMinimum}), or, serialized again,
   * when compressing did not make it shorter.
   *
   * @param identity the uncompressed pipeline of the format
   * @param engine the dictionary coding's engine
   * @param pool where the compressed body is held; its segments are returned by {@link #close()}
   * @param minBodyBytes bodies shorter than this are sent as they are; 0: never
   * @throws io.github.zipjack.ZipjackEncodeException if the value cannot be serialized; nothing is then held
   * @throws IOException if the encoder fails
   */
  public static NegotiatedBody encode(Pipeline identity, DictionaryEngine engine, SegmentPool pool, Object value,
      long minBodyBytes) throws IOException {
    long start = System.nanoTime();
    HeldUntilMinimum body = new HeldUntilMinimum(engine, pool, minBodyBytes);
    try {
      identity.encode(value, body);
      Encoder encoder = body.encoder();
      if (encoder == null) {
        SegmentOutputStream held = body.takeHeld();
        return new NegotiatedBody(null, held, IDENTITY, CompressionListener.Outcome.TOO_SMALL, held.size(), 0);
      }
      encoder.finish();
      long rawBytes = encoder.bodyBytes();
      long nanos = System.nanoTime() - start;
      if (body.compressedSize() < rawBytes) {
        return new NegotiatedBody(null, body.takeCompressed(), engine.contentEncoding(),
            CompressionListener.Outcome.COMPRESSED, rawBytes, nanos);
      }
      return new NegotiatedBody(identity.encodeToBody(value), IDENTITY, CompressionListener.Outcome.DID_NOT_SHRINK,
          rawBytes, nanos);
    } finally {
      body.release();
    }
  }

  /** {@return the body's length in bytes: the value for Content-Length} */
  public long size() {
    return body != null ? body.size() : segmentBody.size();
  }

  /**
   * Writes the whole body to {@code out}, one write per segment; neither flushes nor closes it.
   *
   * @param out where the bytes go
   * @throws IOException if {@code out} fails
   */
  public void writeTo(OutputStream out) throws IOException {
    if (body != null) {
      body.writeTo(out);
      return;
    }
    for (Segment s = segmentBody.head(); s != null; s = s.next()) {
      out.write(s.data, s.pos, s.readableBytes());
    }
  }

  /** {@return the coding of {@link #body()}: the negotiated one, or {@code identity}} */
  public String coding() {
    return coding;
  }

  /** {@return whether the body is sent without Content-Encoding} */
  public boolean isIdentity() {
    return IDENTITY.equals(coding);
  }

  /** {@return the listener's outcome for this body} */
  public CompressionListener.Outcome outcome() {
    return outcome;
  }

  /**
   * Tells {@code listener} of this body, if there is one; its exceptions are ignored (a listener's
   * failure must not reach the client, see {@link CompressionListener}).
   *
   * @param listener null for none
   */
  public void report(CompressionListener listener) {
    if (listener == null) {
      return;
    }
    try {
      listener.onResponse(coding, outcome, rawBytes, size(),
          outcome == CompressionListener.Outcome.IDENTITY_ACCEPTED ? 0 : encodeNanos);
    } catch (RuntimeException ignored) {
      // see the doc: the client must not see it
    }
  }

  /**
   * The text of a 406 answer: what the client asked for (cut short if long, line breaks removed) and
   * what the server offers.
   *
   * @param acceptEncoding the request's Accept-Encoding, null when absent
   * @param offered the codings offered, identity included
   */
  public static String notAcceptableText(String acceptEncoding, List<String> offered) {
    String asked = acceptEncoding == null ? "" : acceptEncoding;
    if (asked.length() > 200) {
      asked = asked.substring(0, 200) + "...";
    }
    return "406 Not Acceptable: Accept-Encoding: " + asked.replaceAll("[\\r\\n]", " ")
        + " accepts none of the content codings this resource is available in: " + String.join(", ", offered) + "\n";
  }

  /** Returns the body's segments. Idempotent. */
  @Override
  public void close() {
    if (body != null) {
      body.close();
    } else {
      segmentBody.close();
    }
  }
}
