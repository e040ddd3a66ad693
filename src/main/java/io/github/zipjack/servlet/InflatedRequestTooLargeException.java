package io.github.zipjack.servlet;

import io.github.zipjack.ZipjackDecodeException;

/**
 * A compressed request body inflated past one of {@link CompressionFilter}'s limits
 * ({@code maxInflatedRequestBytes} or {@code maxInflationRatio}). The application sees it from the
 * request's input stream or reader, mid-read; the filter answers the request with
 * {@code 413 Payload Too Large} carrying {@link #getMessage()}, even when the application catches
 * the exception, as long as the response is not yet committed. Let it propagate (or rethrow it)
 * rather than answering 400 yourself.
 */
public final class InflatedRequestTooLargeException extends ZipjackDecodeException {
  private static final long serialVersionUID = 1L;
  /** {@code maxInflatedRequestBytes} or {@code maxInflationRatio}. */
  private final String limitName;
  /** The limit's value: bytes, or the ratio of inflated to compressed bytes. */
  private final long limit;
  /** Inflated bytes read when the limit was passed. */
  private final long inflatedBytes;
  /** Compressed bytes read from the client by then. */
  private final long compressedBytes;

  /**
   * Made by zipjack's inflating request bodies (servlet and reactive); an application has no need
   * to make one.
   *
   * @param limitName {@code maxInflatedRequestBytes} or {@code maxInflationRatio}
   * @param limit the limit's value
   * @param inflatedBytes inflated bytes read when the limit was passed
   * @param compressedBytes compressed bytes read by then
   * @param message what happened, with the numbers
   */
  public InflatedRequestTooLargeException(String limitName, long limit, long inflatedBytes, long compressedBytes,
      String message) {
    super(message);
    this.limitName = limitName;
    this.limit = limit;
    this.inflatedBytes = inflatedBytes;
    this.compressedBytes = compressedBytes;
  }

  /** {@return {@code maxInflatedRequestBytes} or {@code maxInflationRatio}} */
  public String limitName() {
    return limitName;
  }

  /** {@return the limit's value: bytes, or the ratio of inflated to compressed bytes} */
  public long limit() {
    return limit;
  }

  /** {@return inflated bytes read when the limit was passed} */
  public long inflatedBytes() {
    return inflatedBytes;
  }

  /** {@return compressed bytes read from the client by then (the decoder reads ahead, so at least those consumed)} */
  public long compressedBytes() {
    return compressedBytes;
  }
}
