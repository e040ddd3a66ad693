package io.github.zipjack.servlet;

import jakarta.servlet.ServletResponse;

/**
 * Sizes the container's response buffer for a body whose length is known before it is written.
 *
 * <p>A body written in several pieces larger than the container's aggregation size goes out as
 * several blocking network writes (Jetty writes such a piece straight to the socket). A buffer large
 * enough for the whole body lets the container send the head and the body in one write instead.
 * Those writes were the filter's largest cost outside the codec (docs/benchmarks.md, "HTTP").
 */
final class ContainerBuffer {
  /** The largest body (bytes) the buffer is grown for; past this one write per piece costs little next to the body. */
  static final int MAX_BYTES = 1024 * 1024;

  private ContainerBuffer() {}

  /** Grows {@code response}'s buffer to {@code bodyBytes} when it is smaller, not committed, and the body not huge. */
  static void holdWhole(ServletResponse response, long bodyBytes) {
    if (bodyBytes > response.getBufferSize() && bodyBytes <= MAX_BYTES && !response.isCommitted()) {
      response.setBufferSize((int) bodyBytes);
    }
  }
}
