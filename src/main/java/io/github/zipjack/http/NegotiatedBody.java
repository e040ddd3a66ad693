package io.github.zipjack.http;

import io.github.zipjack.EncodedBody;
import io.github.zipjack.Pipeline;
import io.github.zipjack.servlet.CompressionListener;
import java.util.List;
import java.util.Map;

/**
 * A value encoded for one response in the coding negotiated for it, or as it is when the body is
 * too small to compress or compression would not make it shorter: the rule the servlet side's
 * {@code CompressedResponses} and the reactive writer share. A value is serialized once; one whose
 * compressed body is shorter than {@code minBodyBytes} is serialized again, uncompressed, to
 * compare (small bodies only, so the second pass is cheap).
 *
 * <p>Not thread-safe: one owner, who closes it, which returns the body's pooled segments.
 */
public final class NegotiatedBody implements AutoCloseable {
  private static final String IDENTITY = "identity";

  private final EncodedBody body;
  private final String coding;
  private final CompressionListener.Outcome outcome;
  /** The serialized size before compression when it was measured, else -1. */
  private final long rawBytes;
  private final long encodeNanos;

  private NegotiatedBody(EncodedBody body, String coding, CompressionListener.Outcome outcome, long rawBytes,
      long encodeNanos) {
    this.body = body;
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
   * @param minBodyBytes compressed bodies shorter than this are compared with the body as it is; 0: never
   * @throws io.github.zipjack.ZipjackEncodeException if the value cannot be serialized; nothing is then held
   */
  public static NegotiatedBody encode(Map<String, Pipeline> pipelines, String coding, Object value,
      long minBodyBytes) {
    long start = System.nanoTime();
    EncodedBody body = pipelines.get(coding).encodeToBody(value);
    long nanos = System.nanoTime() - start;
    if (IDENTITY.equals(coding)) {
      return new NegotiatedBody(body, coding, CompressionListener.Outcome.IDENTITY_ACCEPTED, -1, 0);
    }
    if (body.size() >= minBodyBytes) {
      return new NegotiatedBody(body, coding, CompressionListener.Outcome.COMPRESSED, -1, nanos);
    }
    EncodedBody raw;
    try {
      raw = pipelines.get(IDENTITY).encodeToBody(value);
    } catch (RuntimeException | Error e) {
      body.close();
      throw e;
    }
    if (raw.size() < minBodyBytes || raw.size() <= body.size()) {
      body.close();
      CompressionListener.Outcome outcome = raw.size() < minBodyBytes ? CompressionListener.Outcome.TOO_SMALL
          : CompressionListener.Outcome.DID_NOT_SHRINK;
      return new NegotiatedBody(raw, IDENTITY, outcome, raw.size(), nanos);
    }
    long rawSize = raw.size();
    raw.close();
    return new NegotiatedBody(body, coding, CompressionListener.Outcome.COMPRESSED, rawSize, nanos);
  }

  /** {@return the encoded body, closed with this} */
  public EncodedBody body() {
    return body;
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
      listener.onResponse(coding, outcome, rawBytes, body.size(),
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
    body.close();
  }
}
