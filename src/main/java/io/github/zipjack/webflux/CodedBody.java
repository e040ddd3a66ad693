package io.github.zipjack.webflux;

import io.github.zipjack.ZipjackDecodeException;
import io.github.zipjack.client.CompressedHttpClient;
import io.github.zipjack.codec.WholeBodyArrays;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.function.Supplier;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import reactor.core.CoreSubscriber;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * An answer's body still in its content coding, as {@link DecodingExchangeFilter} hands it to the
 * WebClient's decoders. Subscribed to, it emits the decoded body in buffers of at most 64 KiB
 * ({@link DecodedBuffers}), which any decoder reads as usual; {@link #read} instead decodes it
 * straight into one value: the encoded bytes are joined, then decoded in one call into one array
 * where the coding's engine can ({@code ResponseCodings.decodeWhole}: a gzip member of at most
 * 256 KiB, held decoded up to 8 MiB) and parsed from it, else parsed from the decoding
 * stream as it inflates, without holding the decoded body. Either way nothing decodes past the
 * filter's {@code maxDecodedBytes}.
 *
 * <p>Thread-safe as a {@code Flux}: each subscription decodes the body it subscribes to (an HTTP
 * body can be subscribed to once). The joined buffer and the decoder are released on every path.
 */
public final class CodedBody extends Flux<DataBuffer> {
  private final Flux<DataBuffer> encoded;
  private final int maxEncodedBytes;
  /** What fails a body longer than {@link #maxEncodedBytes}. */
  private final Supplier<? extends ZipjackDecodeException> tooLong;
  private final DecodedBuffers.Decoder decoder;

  /** Reads one value from a decoded body, closing nothing. */
  public interface ValueReader<T> {
    /**
     * {@return the value {@code decoded} holds, or null for none}
     *
     * @param decoded the decoded body, read as it is inflated
     * @throws IOException if the body is malformed, past a limit, or not the value expected
     */
    T read(InputStream decoded) throws IOException;
  }

  CodedBody(Flux<DataBuffer> encoded, int maxEncodedBytes, Supplier<? extends ZipjackDecodeException> tooLong,
      DecodedBuffers.Decoder decoder) {
    this.encoded = encoded;
    this.maxEncodedBytes = maxEncodedBytes;
    this.tooLong = tooLong;
    this.decoder = decoder;
  }

  @Override
  public void subscribe(CoreSubscriber<? super DataBuffer> actual) {
    DecodedBuffers.decode(encoded, maxEncodedBytes, tooLong, decoder, DefaultDataBufferFactory.sharedInstance,
        failure -> { }).subscribe(actual);
  }

  /**
   * The one value the body holds, read by {@code reader} from the decoding stream in one pass.
   *
   * @param maxHeldBytes the most encoded bytes held at once, below the filter's own bound; negative
   *     for the filter's bound alone
   * @param reader parses the decoded body
   * @return the value; empty when {@code reader} gives null. It fails with the limit's exception
   *     (a {@code DataBufferLimitException} past {@code maxHeldBytes}, a zipjack
   *     {@code DecodeLimitExceededException} past the filter's bound) or with what {@code reader}
   *     or the decoder throws
   */
  public <T> Mono<T> read(int maxHeldBytes, ValueReader<T> reader) {
    boolean held = maxHeldBytes >= 0 && maxHeldBytes < maxEncodedBytes;
    return DataBufferUtils.join(encoded, held ? maxHeldBytes : maxEncodedBytes)
        .onErrorMap(DataBufferLimitException.class, e -> held ? e : tooLong.get())
        .handle((joined, sink) -> {
          try {
            T value = read(joined, reader);
            if (value != null) {
              sink.next(value);
            }
          } catch (IOException e) {
            sink.error(e);
          } finally {
            DataBufferUtils.release(joined);
          }
        });
  }

  /**
   * The value, read from one array decoded in one call where the decoder can and the body is at most
   * {@link CompressedHttpClient#MAX_WHOLE_BODY_BYTES} encoded (so that one answer holds at most 8 MiB
   * decoded), else from the decoding stream; the caller releases {@code joined}. The arrays of a
   * whole decode are pooled ({@link WholeBodyArrays}) and given back once {@code reader} is done.
   */
  private <T> T read(DataBuffer joined, ValueReader<T> reader) throws IOException {
    int length = joined.readableByteCount();
    if (!decoder.decodesWhole() || length > CompressedHttpClient.MAX_WHOLE_BODY_BYTES) {
      try (InputStream in = decoder.open(joined.asInputStream())) {
        return reader.read(in);
      }
    }
    WholeBodyArrays arrays = WholeBodyArrays.take();
    try {
      byte[] encoded = arrays.encoded(length);
      joined.read(encoded, 0, length);
      int decoded = decoder.decodeWhole(encoded, length, arrays);
      try (InputStream in = decoded >= 0 ? new ByteArrayInputStream(arrays.decoded(), 0, decoded)
          : decoder.open(new ByteArrayInputStream(encoded, 0, length))) {
        return reader.read(in);
      }
    } finally {
      arrays.release();
    }
  }
}
