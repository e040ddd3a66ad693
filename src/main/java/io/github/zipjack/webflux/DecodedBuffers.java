package io.github.zipjack.webflux;

import io.github.zipjack.ZipjackDecodeException;
import io.github.zipjack.codec.WholeBodyArrays;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferFactory;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.core.io.buffer.DataBufferUtils;
import reactor.core.publisher.Flux;

/**
 * A body in a content coding, decoded by zipjack's stream decoders without blocking: the encoded
 * buffers are joined first (at most {@code maxEncodedBytes}), then read through the decoder as
 * buffers of at most 64 KiB, at the subscriber's demand, on its thread. Decoding is CPU work on
 * bytes in memory; the decoder's own limits stop it. Shared by the request filter and the WebClient
 * filter.
 *
 * <p>The joined buffer and the decoder (with its native state) are released when the flux
 * completes, fails or is cancelled; the buffers it emits are the subscriber's to release. Stateless.
 */
final class DecodedBuffers {
  private static final int CHUNK_BYTES = 64 * 1024;

  /** Opens the decoder over the encoded bytes; closing the decoder must not be needed for {@code encoded}. */
  interface Decoder {
    InputStream open(InputStream encoded) throws IOException;

    /**
     * Decodes a whole encoded body, {@code encoded[0, length)}, in one call within the decoder's
     * limits, into {@code into}'s decoded array.
     *
     * @return the decoded bytes' count, or -1 to stream the body through {@link #open} instead (the
     *     default)
     */
    default int decodeWhole(byte[] encoded, int length, WholeBodyArrays into) {
      return -1;
    }

    /** {@return whether {@link #decodeWhole} may decode some bodies} False by default. */
    default boolean decodesWhole() {
      return false;
    }
  }

  private DecodedBuffers() {}

  /**
   * @param encoded the body as received
   * @param maxEncodedBytes the most encoded bytes joined
   * @param tooLong what fails the flux when the encoded body is longer
   * @param decoder opens the decoding stream
   * @param buffers makes the buffers emitted
   * @param failed told of the first data problem (a limit passed, bad data), before the flux fails with it
   */
  static Flux<DataBuffer> decode(Flux<DataBuffer> encoded, int maxEncodedBytes,
      Supplier<? extends ZipjackDecodeException> tooLong, Decoder decoder, DataBufferFactory buffers,
      Consumer<ZipjackDecodeException> failed) {
    return DataBufferUtils.join(encoded, maxEncodedBytes)
        .onErrorMap(DataBufferLimitException.class, e -> {
          ZipjackDecodeException failure = tooLong.get();
          failed.accept(failure);
          return failure;
        })
        .flatMapMany(joined -> Flux.using(() -> open(decoder, joined), in -> chunks(in, buffers, failed),
            in -> close(in, joined)));
  }

  private static InputStream open(Decoder decoder, DataBuffer joined) throws IOException {
    try {
      return decoder.open(joined.asInputStream());
    } catch (IOException | RuntimeException | Error e) {
      DataBufferUtils.release(joined);
      throw e;
    }
  }

  private static Flux<DataBuffer> chunks(InputStream in, DataBufferFactory buffers,
      Consumer<ZipjackDecodeException> failed) {
    return Flux.generate(sink -> {
      byte[] chunk = new byte[CHUNK_BYTES];
      try {
        int n = in.readNBytes(chunk, 0, chunk.length);
        if (n == 0) {
          sink.complete();
        } else {
          sink.next(buffers.wrap(n == chunk.length ? chunk : Arrays.copyOf(chunk, n)));
        }
      } catch (ZipjackDecodeException e) {
        failed.accept(e);
        sink.error(e);
      } catch (IOException e) {
        sink.error(e);
      }
    });
  }

  private static void close(InputStream in, DataBuffer joined) {
    try {
      in.close();
    } catch (IOException ignored) {
      // the decoder's state is returned by close() before it can fail; nothing is left to release
    } finally {
      DataBufferUtils.release(joined);
    }
  }

  /**
   * The most encoded bytes to join for a body that may decode to {@code maxDecodedBytes}: a body may
   * be a little longer than its content when that does not compress (the coding's framing), never
   * much longer.
   */
  static int maxEncodedBytes(long maxDecodedBytes) {
    long slack = Math.max(64 * 1024, maxDecodedBytes / 16);
    return (int) Math.min(Integer.MAX_VALUE - 8, maxDecodedBytes + slack);
  }
}
