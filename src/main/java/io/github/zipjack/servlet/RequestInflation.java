package io.github.zipjack.servlet;

import io.github.zipjack.ZipjackDecodeException;
import io.github.zipjack.codec.CodingTokens;
import io.github.zipjack.codec.CompressionEngine;
import io.github.zipjack.http.RequestBodyCodings;
import io.github.zipjack.http.RequestBodyCodings.Decision;
import io.github.zipjack.settings.SettingCatalog;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletRequestWrapper;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Enumeration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Inflates compressed request bodies for the application (for {@link CompressionFilter}): a request with {@code Content-Encoding:
 * gzip} (or {@code zstd}, {@code br}, whichever engines the filter has) reaches the servlet as an
 * {@link InflatedRequest} that reads the decoded bytes, without the {@code Content-Encoding} and
 * {@code Content-Length} headers. Used by {@link CompressionFilter}; immutable and thread-safe. It
 * does not own the engines: whoever made them (the filter) closes them, after the last request.
 *
 * <p>What the filter does with it, per request:
 * <pre>{@code
 * Optional<HttpServletRequest> wrapped = inflation.wrap(request, response);
 * if (wrapped.isEmpty()) return;                       // 415 already sent
 * try {
 *   chain.doFilter(wrapped.get(), response);
 * } catch (IOException | ServletException | RuntimeException e) {
 *   if (!RequestInflation.answerFailure(wrapped.get(), response)) throw e;   // 413 or 400
 *   return;
 * } finally {
 *   RequestInflation.release(wrapped.get());           // decoder back to its pool
 * }
 * RequestInflation.answerFailure(wrapped.get(), response); // the app swallowed the failure
 * }</pre>
 *
 * <p>Rules: no {@code Content-Encoding}, or only {@code identity}: the request passes as it is. One
 * coding the engines decode ({@code x-gzip} is gzip, RFC 9110 8.4.1.3): inflated. Anything else
 * (an unknown coding, or several codings stacked): {@code 415 Unsupported Media Type} with
 * {@code Accept-Encoding} listing the codings accepted (RFC 7694) and a short text body. Past
 * {@code maxInflatedRequestBytes} inflated bytes, or past {@code maxInflationRatio} inflated bytes
 * per compressed byte once the body is over 1 MiB, the application's read throws an
 * {@link InflatedRequestTooLargeException} and the client gets {@code 413 Payload Too Large}; a
 * malformed or truncated body gives {@code 400 Bad Request}.
 */
final class RequestInflation {
  /** Default for {@code maxInflatedRequestBytes}, from its definition. */
  static final long DEFAULT_MAX_INFLATED_REQUEST_BYTES = SettingCatalog.MAX_INFLATED_REQUEST_BYTES.defaultValue();
  /** Default for {@code maxInflationRatio}, from its definition. */
  static final int DEFAULT_MAX_INFLATION_RATIO = SettingCatalog.MAX_INFLATION_RATIO.defaultValue();
  /** Which bodies pass, which are inflated, which are refused. */
  private final RequestBodyCodings codings;
  private final long maxInflatedRequestBytes;
  private final long maxInflationRatio;

  /**
   * @param engines the engines whose decoders inflate request bodies, keyed by content-coding token
   *     ({@code gzip}, {@code zstd}, {@code br}); an identity entry is ignored. Not closed here.
   * @param maxInflatedRequestBytes inflated bytes a request body may have, at least 1
   * @param maxInflationRatio inflated bytes per compressed byte allowed, at least 1
   */
  RequestInflation(Map<String, CompressionEngine> engines, long maxInflatedRequestBytes, long maxInflationRatio) {
    Objects.requireNonNull(engines, "engines must not be null");
    if (maxInflatedRequestBytes < 1) {
      throw new IllegalArgumentException("maxInflatedRequestBytes must be positive: " + maxInflatedRequestBytes);
    }
    if (maxInflationRatio < 1) {
      throw new IllegalArgumentException("maxInflationRatio must be at least 1: " + maxInflationRatio);
    }
    this.codings = new RequestBodyCodings(engines);
    this.maxInflatedRequestBytes = maxInflatedRequestBytes;
    this.maxInflationRatio = maxInflationRatio;
  }

  /**
   * The filter's inflation: the engines of its codings (in its order of preference) and the
   * settings' {@code maxInflatedRequestBytes} and {@code maxInflationRatio}.
   */
  RequestInflation(CompressionSettings settings, Map<String, CompressionEngine> engines) {
    this(engines, settings.maxInflatedRequestBytes(), settings.maxInflationRatio());
  }

  /**
   * The request the application should see: {@code request} itself when its body is not compressed,
   * an inflating wrapper when it is in a coding the engines decode, or empty when this method has
   * answered {@code 415} (the filter then stops: the chain must not run).
   */
  Optional<HttpServletRequest> wrap(HttpServletRequest request, HttpServletResponse response) throws IOException {
    Decision decision = decide(request.getHeaders("Content-Encoding"));
    if (decision.passThrough()) {
      return Optional.of(request);
    }
    if (decision.engine == null) {
      unsupported(response, decision.problem);
      return Optional.empty();
    }
    return Optional.of(new InflatedRequest(request, decision.engine, maxInflatedRequestBytes, maxInflationRatio));
  }

  /**
   * What to do with a body whose Content-Encoding field lines are {@code lines} (null or empty when
   * the request has none). Pure: no I/O.
   */
  Decision decide(Enumeration<String> lines) {
    return codings.decide(lines == null ? null : Collections.list(lines));
  }

  /** The Accept-Encoding a 415 carries: {@code gzip, zstd, br, identity}. */
  String acceptedCodings() {
    return codings.acceptedCodings();
  }

  long maxInflatedRequestBytes() {
    return maxInflatedRequestBytes;
  }

  long maxInflationRatio() {
    return maxInflationRatio;
  }

  private void unsupported(HttpServletResponse response, String problem) throws IOException {
    response.setHeader("Accept-Encoding", codings.acceptedCodings());
    sendText(response, HttpServletResponse.SC_UNSUPPORTED_MEDIA_TYPE, "415 Unsupported Media Type: " + problem);
  }

  /**
   * If the request's inflated body failed (a limit passed, malformed or truncated data) and the
   * response is not committed: discards what the response holds and answers {@code 413} (limits,
   * including an engine's own {@code maxDecodedBytes}) or {@code 400} (bad data) with the failure's
   * message. Call it with the container's response (after dropping any body the filter buffered),
   * when the chain threw and when it returned normally.
   *
   * @return whether it answered; false for a request that is not inflated, had no failure, or whose
   *     response was already committed
   */
  static boolean answerFailure(ServletRequest request, HttpServletResponse response) throws IOException {
    InflatedRequest inflated = find(request);
    if (inflated == null) {
      return false;
    }
    ZipjackDecodeException failure = inflated.failure();
    if (failure == null || response.isCommitted()) {
      return false;
    }
    response.reset();
    int status = statusFor(failure);
    String reason = status == HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE ? "413 Payload Too Large: " : "400 Bad Request: ";
    response.setHeader("Connection", "close"); // the rest of the body was not read
    sendText(response, status, reason + failure.getMessage());
    return true;
  }

  /** 413 for a limit passed, 400 for any other problem with the body's data. */
  static int statusFor(ZipjackDecodeException failure) {
    return RequestBodyCodings.statusFor(failure);
  }

  /**
   * Returns the request's decoder (native state) to its pool: now, or when async processing ends if
   * the application started it. Does nothing for a request that was not inflated. Idempotent.
   */
  static void release(ServletRequest request) throws IOException {
    InflatedRequest inflated = find(request);
    if (inflated != null) {
      inflated.release();
    }
  }

  /** The InflatedRequest that {@code request} is or wraps (other filters may wrap it), or null. */
  static InflatedRequest find(ServletRequest request) {
    ServletRequest r = request;
    while (!(r instanceof InflatedRequest)) {
      if (!(r instanceof ServletRequestWrapper)) {
        return null;
      }
      r = ((ServletRequestWrapper) r).getRequest();
    }
    return (InflatedRequest) r;
  }

  private static void sendText(HttpServletResponse response, int status, String message) throws IOException {
    byte[] text = (message + "\n").getBytes(StandardCharsets.UTF_8);
    response.setStatus(status);
    response.setContentType("text/plain;charset=UTF-8");
    response.setContentLength(text.length);
    response.getOutputStream().write(text);
  }

  /** A client's coding token as it may appear in a message: printable ASCII, at most 40 characters. */
  static String sanitize(String token) {
    return CodingTokens.sanitize(token);
  }

  @Override
  public String toString() {
    return "RequestInflation[codings=" + codings.codings() + ", maxInflatedRequestBytes=" + maxInflatedRequestBytes
        + ", maxInflationRatio=" + maxInflationRatio + "]";
  }

}
