package io.github.zipjack.http;

import io.github.zipjack.servlet.AcceptEncoding;
import io.github.zipjack.servlet.CompressionListener;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a request for an RFC 9842 dictionary at its own URL is answered with, decided once by
 * {@link DictionaryTransport#answer} and sent by each stack its own way: the status, the headers to
 * set, and the body in the coding negotiated. Immutable; its body is shared with the transport and
 * must not be changed.
 *
 * <ul>
 *   <li>405 with {@code Allow: GET, HEAD} for other methods;
 *   <li>406 with {@code Vary: Accept-Encoding} when no coding offered is acceptable;
 *   <li>304 when If-None-Match is {@code *} or names the dictionary's tag, with or without a coding
 *       suffix;
 *   <li>else 200 with {@code Use-As-Dictionary}, {@code Cache-Control: public, max-age}, a strong
 *       ETag suffixed with the coding sent, {@code Content-Encoding} unless identity, and the
 *       dictionary's bytes in that coding (sent for GET, their length only for HEAD).
 * </ul>
 *
 * <p>The 405 and 406 have no body of their own: the servlet side lets the container write its error
 * page.
 */
public final class DictionaryAnswer {
  /** The Content-Type of a dictionary: raw bytes. */
  public static final String CONTENT_TYPE = "application/octet-stream";

  private final int status;
  /** Header name to value, in the order they are set. */
  private final Map<String, String> headers;
  /** The body in the coding sent, null for 304, 405 and 406. */
  private final byte[] body;
  private final boolean sendsBody;
  /** What the listener hears. */
  private final String reportedCoding;
  private final CompressionListener.Outcome outcome;
  private final long reportedBodyBytes;
  private final long reportedSentBytes;

  private DictionaryAnswer(int status, Map<String, String> headers, byte[] body, boolean sendsBody,
      String reportedCoding, CompressionListener.Outcome outcome, long reportedBodyBytes, long reportedSentBytes) {
    this.status = status;
    this.headers = Collections.unmodifiableMap(headers);
    this.body = body;
    this.sendsBody = sendsBody;
    this.reportedCoding = reportedCoding;
    this.outcome = outcome;
    this.reportedBodyBytes = reportedBodyBytes;
    this.reportedSentBytes = reportedSentBytes;
  }

  static DictionaryAnswer of(DictionaryTransport.Served s, String method, String acceptEncoding,
      List<String> ifNoneMatch, List<String> preference) {
    Map<String, String> headers = new LinkedHashMap<>();
    if (!method.equals("GET") && !method.equals("HEAD")) {
      headers.put("Allow", "GET, HEAD");
      return error(405, headers);
    }
    headers.put("Vary", "Accept-Encoding");
    Optional<String> coding = AcceptEncoding.parse(acceptEncoding).choose(preference);
    if (coding.isEmpty() || !s.bodies.containsKey(coding.get())) {
      return error(406, headers);
    }
    String sent = s.sentCodings.get(coding.get());
    headers.put("ETag", sent.equals("identity") ? s.entityTag : EntityTags.withSuffix(s.entityTag, sent));
    headers.put("Cache-Control", "public, max-age=" + s.maxAgeSeconds);
    headers.put("Use-As-Dictionary", s.useAsDictionary);
    long dictionaryBytes = s.content.length;
    if (namesTag(ifNoneMatch, s.entityTag)) {
      return new DictionaryAnswer(304, headers, null, false, "identity",
          CompressionListener.Outcome.DICTIONARY_NOT_MODIFIED, dictionaryBytes, 0);
    }
    if (!sent.equals("identity")) {
      headers.put("Content-Encoding", sent);
    }
    byte[] body = s.bodies.get(coding.get());
    boolean get = method.equals("GET");
    return new DictionaryAnswer(200, headers, body, get, sent, CompressionListener.Outcome.DICTIONARY_SERVED,
        dictionaryBytes, get ? body.length : 0);
  }

  private static DictionaryAnswer error(int status, Map<String, String> headers) {
    return new DictionaryAnswer(status, headers, null, false, "identity",
        CompressionListener.Outcome.SENT_BY_CONTAINER, -1, -1);
  }

  /** Whether If-None-Match is {@code *} or names {@code bareTag} with or without a coding suffix. */
  private static boolean namesTag(List<String> ifNoneMatch, String bareTag) {
    if (ifNoneMatch == null) {
      return false;
    }
    String bare = bareTag.substring(0, bareTag.length() - 1);
    for (String line : ifNoneMatch) {
      for (String tag : line.split(",")) {
        String t = tag.trim();
        if (t.startsWith("W/")) {
          t = t.substring(2);
        }
        if (t.equals("*") || t.equals(bareTag) || (t.startsWith(bare + "-") && t.endsWith("\""))) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * {@return the {@code Use-As-Dictionary} field value of a dictionary: {@code match="/api/*", id="v1", type=raw}}
   *
   * @param match its URL pattern
   * @param matchDest its request destinations, empty for all
   * @param id its id, or null for none
   */
  public static String useAsDictionary(String match, List<String> matchDest, String id) {
    StringBuilder s = new StringBuilder("match=").append(quoted(match));
    if (!matchDest.isEmpty()) {
      s.append(", match-dest=(");
      for (int i = 0; i < matchDest.size(); i++) {
        s.append(i == 0 ? "" : " ").append(quoted(matchDest.get(i)));
      }
      s.append(')');
    }
    if (id != null) {
      s.append(", id=").append(quoted(id));
    }
    return s.append(", type=raw").toString();
  }

  /** A structured-field string: quotes around, {@code "} and {@code \} escaped. */
  private static String quoted(String value) {
    return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }

  /** {@return the status: 200, 304, 405 or 406} */
  public int status() {
    return status;
  }

  /** {@return whether the status is 405 or 406, whose body is the stack's own error page} */
  public boolean isError() {
    return status >= 400;
  }

  /** {@return the headers to set, name to value, in order} */
  public Map<String, String> headers() {
    return headers;
  }

  /** {@return the body in the coding sent, its length the Content-Length; null for 304, 405 and 406; not to be changed} */
  public byte[] body() {
    return body;
  }

  /** {@return whether the body is sent: GET, not HEAD} */
  public boolean sendsBody() {
    return sendsBody;
  }

  /**
   * Tells {@code listener}, when there is one, what was sent: {@code DICTIONARY_SERVED},
   * {@code DICTIONARY_NOT_MODIFIED}, or {@code SENT_BY_CONTAINER} for the errors; what it throws is
   * dropped (see {@link CompressionListener}).
   *
   * @param listener null for none
   */
  public void report(CompressionListener listener) {
    if (listener == null) {
      return;
    }
    try {
      listener.onResponse(reportedCoding, outcome, reportedBodyBytes, reportedSentBytes, 0);
    } catch (RuntimeException ignored) {
      // a listener's failure must not reach the client
    }
  }
}
