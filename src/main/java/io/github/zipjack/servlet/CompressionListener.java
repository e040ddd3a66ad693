package io.github.zipjack.servlet;

/**
 * Told by {@link CompressionFilter} what became of each response, once, when the filter lets go of
 * it: for metrics (zipjack's Spring Boot auto-configuration counts them with Micrometer) and logs.
 * Called on the thread that ends the response (a request thread, or the container's thread for an
 * asynchronous one), possibly on many threads at once: implementations must be thread-safe, fast and
 * must not throw (what they throw is dropped, never reaches the client). Without a listener the
 * filter does none of this work.
 */
@FunctionalInterface
public interface CompressionListener {

  /** What the filter did with one response. */
  enum Outcome {
    /** Held whole and sent compressed with an exact Content-Length. */
    COMPRESSED,
    /** Held whole, compressed, and sent as it was because compression did not make it smaller. */
    DID_NOT_SHRINK,
    /** Held whole and sent as it was: shorter than {@code minBodyBytes}, or empty. */
    TOO_SMALL,
    /**
     * Sent as it was because of its status, type or headers (a 304, an image, a Content-Encoding
     * set by the application, {@code Cache-Control: no-transform}, an event stream).
     */
    NOT_COMPRESSIBLE,
    /** Sent as it was because the client accepts no coding the filter offers. */
    IDENTITY_ACCEPTED,
    /** Past {@code maxBufferedBytes}: compressed as written and sent chunked, with no Content-Length. */
    STREAMED,
    /** Flushed before its end: what was held went out as it was, and the rest passed through. */
    PASSED_THROUGH_ON_FLUSH,
    /** Written asynchronously or with a WriteListener: passed through as written. */
    PASSED_THROUGH_ASYNC,
    /** {@code sendError} or {@code sendRedirect}: the container wrote the body. */
    SENT_BY_CONTAINER,
    /** The application or the client failed before the body was complete; nothing compressed was sent. */
    ABANDONED,
    /**
     * An RFC 9842 dictionary answered at its own URL with status 200: its bytes in the coding
     * negotiated (GET), or its headers only (HEAD). {@code bodyBytes} is the dictionary's size,
     * {@code sentBytes} the body sent (0 for HEAD); nothing is compressed per request.
     */
    DICTIONARY_SERVED,
    /**
     * A request for an RFC 9842 dictionary answered 304 because its If-None-Match names it: the
     * client's copy is current. Coding {@code identity}, {@code bodyBytes} the dictionary's size,
     * {@code sentBytes} 0.
     */
    DICTIONARY_NOT_MODIFIED
  }

  /**
   * Called once per response, on the thread that completed it, after its last byte was handed to the
   * container. An exception thrown here is ignored and never reaches the client.
   *
   * @param coding the Content-Encoding sent: {@code gzip}, {@code zstd}, {@code br}, {@code dcz},
   *     {@code dcb}, or {@code identity} when the body went out as it was
   * @param outcome what the filter did
   * @param bodyBytes the body's bytes as the application wrote them, for held bodies (COMPRESSED,
   *     DID_NOT_SHRINK, TOO_SMALL, NOT_COMPRESSIBLE and IDENTITY_ACCEPTED when held); for STREAMED,
   *     the bytes that went into the encoder; else -1 (not counted)
   * @param sentBytes the body's bytes as sent: the compressed size for COMPRESSED, the body's size
   *     for held identity bodies; -1 when not counted (streamed and passed-through bodies)
   * @param compressionNanos time spent compressing the held body, in nanoseconds; 0 when none was
   */
  void onResponse(String coding, Outcome outcome, long bodyBytes, long sentBytes, long compressionNanos);
}
