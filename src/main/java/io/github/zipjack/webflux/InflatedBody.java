package io.github.zipjack.webflux;

import io.github.zipjack.ZipjackDecodeException;
import io.github.zipjack.codec.CompressionEngine;
import io.github.zipjack.http.InflatingStream;
import io.github.zipjack.servlet.InflatedRequestTooLargeException;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferFactory;
import reactor.core.publisher.Flux;

/**
 * One request's inflated body ({@link DecodedBuffers}), read through an {@link InflatingStream}
 * under the request limits. The first data problem is kept ({@link #failure()}) for the filter to
 * answer 413 or 400, whatever the handler made of it. Subscribe to {@link #flux()} once.
 */
final class InflatedBody {
  private final Flux<DataBuffer> compressed;
  private final CompressionEngine engine;
  private final long maxInflatedBytes;
  private final long maxRatio;
  private final DataBufferFactory buffers;
  private volatile ZipjackDecodeException failure;

  InflatedBody(Flux<DataBuffer> compressed, CompressionEngine engine, long maxInflatedBytes, long maxRatio,
      DataBufferFactory buffers) {
    this.compressed = compressed;
    this.engine = engine;
    this.maxInflatedBytes = maxInflatedBytes;
    this.maxRatio = maxRatio;
    this.buffers = buffers;
  }

  Flux<DataBuffer> flux() {
    int maxCompressed = DecodedBuffers.maxEncodedBytes(maxInflatedBytes);
    return DecodedBuffers.decode(compressed, maxCompressed,
        () -> new InflatedRequestTooLargeException("maxInflatedRequestBytes", maxInflatedBytes, -1, maxCompressed,
            "compressed request body (" + engine.contentEncoding() + ") is longer than " + maxCompressed
                + " bytes, more than a body within maxInflatedRequestBytes = " + maxInflatedBytes + " needs"),
        in -> new InflatingStream(in, engine, maxInflatedBytes, maxRatio), buffers, this::fail);
  }

  private void fail(ZipjackDecodeException e) {
    if (failure == null) {
      failure = e;
    }
  }

  /** {@return the first data problem met (a limit passed: 413; bad data: 400), or null} */
  ZipjackDecodeException failure() {
    return failure;
  }
}
