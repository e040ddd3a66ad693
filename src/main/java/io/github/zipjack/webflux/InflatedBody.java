package io.github.zipjack.webflux;

import io.github.zipjack.ZipjackDecodeException;
import io.github.zipjack.codec.CompressionEngine;
import io.github.zipjack.http.InflatingStream;
import io.github.zipjack.servlet.InflatedRequestTooLargeException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferFactory;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.core.io.buffer.DataBufferUtils;
import reactor.core.publisher.Flux;

/**
 * One request's inflated body: the client's compressed buffers joined (at most
 * {@code maxCompressedBytes}), then read through an {@link InflatingStream} under the request
 * limits, as buffers of at most 64 KiB, on whichever thread asks for them. Decoding is CPU work on
 * bytes in memory: nothing blocks. Inflation stops at the first limit passed, and the failure is
 * kept ({@link #failure()}) for the filter to answer 413 or 400, whatever the handler made of it.
 *
 * <p>Subscribe to {@link #flux()} once. The joined compressed buffer and the decoder's native state
 * are released when the flux ends, fails or is cancelled; the buffers it emits are the
 * subscriber's to release. Not thread-safe beyond what Reactor guarantees a single subscription.
 */
final class InflatedBody {
  private static final int CHUNK_BYTES = 64 * 1024;

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

  /**
   * The most compressed bytes read: a body may be a little larger than its content when that does
   * not compress (the coding's framing), never much larger.
   */
  private long maxCompressedBytes() {
    long slack = Math.max(64 * 1024, maxInflatedBytes / 16);
    return maxInflatedBytes > Integer.MAX_VALUE - slack ? Integer.MAX_VALUE : maxInflatedBytes + slack;
  }

  Flux<DataBuffer> flux() {
    return DataBufferUtils.join(compressed, (int) maxCompressedBytes())
        .onErrorMap(DataBufferLimitException.class, e -> fail(new InflatedRequestTooLargeException(
            "maxInflatedRequestBytes", maxInflatedBytes, -1, maxCompressedBytes(), "compressed request body ("
            + engine.contentEncoding() + ") is longer than " + maxCompressedBytes()
            + " bytes, more than a body within maxInflatedRequestBytes = " + maxInflatedBytes + " needs")))
        .flatMapMany(joined -> Flux.using(
            () -> new InflatingStream(joined.asInputStream(), engine, maxInflatedBytes, maxRatio),
            this::chunks,
            stream -> close(stream, joined)));
  }

  private Flux<DataBuffer> chunks(InflatingStream stream) {
    return Flux.generate(sink -> {
      byte[] chunk = new byte[CHUNK_BYTES];
      try {
        int n = stream.readNBytes(chunk, 0, chunk.length);
        if (n == 0) {
          sink.complete();
        } else {
          sink.next(buffers.wrap(n == chunk.length ? chunk : Arrays.copyOf(chunk, n)));
        }
      } catch (ZipjackDecodeException e) {
        sink.error(fail(e));
      } catch (IOException e) {
        sink.error(e);
      }
    });
  }

  private static void close(InflatingStream stream, DataBuffer joined) {
    try {
      stream.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      DataBufferUtils.release(joined);
    }
  }

  private ZipjackDecodeException fail(ZipjackDecodeException e) {
    if (failure == null) {
      failure = e;
    }
    return e;
  }

  /** {@return the first data problem met (a limit passed: 413; bad data: 400), or null} */
  ZipjackDecodeException failure() {
    return failure;
  }
}
