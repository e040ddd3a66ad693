package io.github.zipjack.webflux;

import io.github.zipjack.DecodeLimitExceededException;
import io.github.zipjack.ZipjackDecodeException;
import io.github.zipjack.client.codings.RequestCompression;
import io.github.zipjack.client.codings.ResponseCodings;
import java.util.List;
import org.reactivestreams.Publisher;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.client.reactive.ClientHttpRequest;
import org.springframework.http.client.reactive.ClientHttpRequestDecorator;
import org.springframework.web.reactive.function.BodyInserter;
import org.springframework.web.reactive.function.client.ClientRequest;
import org.springframework.web.reactive.function.client.ClientResponse;
import org.springframework.web.reactive.function.client.ExchangeFilterFunction;
import org.springframework.web.reactive.function.client.ExchangeFunction;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Makes a {@code WebClient} ask for zstd, gzip and br and decode the answers with zipjack's
 * decoders within {@code maxDecodedBytes}: a request without {@code Accept-Encoding} gets the
 * codings this filter decodes; an answer in one of them reaches the caller's decoders decoded,
 * without {@code Content-Encoding} and {@code Content-Length}, and its body fails with a
 * {@link DecodeLimitExceededException} once it decodes past the limit (nothing more is inflated).
 * An answer in a coding the request did not ask for fails with a {@link io.github.zipjack.WrongCodingException}.
 * With a {@link RequestCompression}, request bodies of at least its minimum size are sent compressed
 * with an exact {@code Content-Length}; a body already encoded by the caller is sent as it is.
 *
 * <p>Thread-safe. It owns the decoders and the request compression: {@link #close()} ends them.
 */
public final class DecodingExchangeFilter implements ExchangeFilterFunction, AutoCloseable {
  private final ResponseCodings codings;
  /** Null when request bodies are sent as they are. */
  private final RequestCompression requestCompression;
  private final long maxDecodedBytes;
  private final String acceptEncoding;

  /**
   * @param codings the decoders of the codings asked for; owned from here on
   * @param requestCompression what compresses request bodies, or null for none; owned from here on
   * @param maxDecodedBytes the most bytes an answer may decode to
   */
  public DecodingExchangeFilter(ResponseCodings codings, RequestCompression requestCompression,
      long maxDecodedBytes) {
    this.codings = codings;
    this.requestCompression = requestCompression;
    this.maxDecodedBytes = maxDecodedBytes;
    this.acceptEncoding = String.join(", ", codings.codings());
  }

  @Override
  public Mono<ClientResponse> filter(ClientRequest request, ExchangeFunction next) {
    String asked = request.headers().getFirst(HttpHeaders.ACCEPT_ENCODING);
    ClientRequest.Builder sent = ClientRequest.from(request);
    if (asked == null && !codings.codings().isEmpty()) {
      asked = acceptEncoding;
      sent.header(HttpHeaders.ACCEPT_ENCODING, asked);
    }
    if (requestCompression != null && !request.headers().containsHeader(HttpHeaders.CONTENT_ENCODING)) {
      BodyInserter<?, ? super ClientHttpRequest> body = request.body();
      sent.body((message, context) -> body.insert(new CompressingRequest(message), context));
    }
    String acceptedHere = asked;
    return next.exchange(sent.build()).map(response -> decoded(response, acceptedHere));
  }

  private ClientResponse decoded(ClientResponse response, String asked) {
    List<String> lines = response.headers().header(HttpHeaders.CONTENT_ENCODING);
    List<String> applied;
    try {
      applied = ResponseCodings.applied(lines);
      if (!applied.isEmpty()) {
        codings.checkAskedFor(applied, asked);
      }
    } catch (ZipjackDecodeException e) {
      // released as read, and mapped away, so that the discard hook of what ignores them does not release them again
      return response.mutate().body(body -> body.map(DataBufferUtils::release).thenMany(Flux.<DataBuffer>error(e)))
          .build();
    }
    if (applied.isEmpty()) {
      return response;
    }
    int maxEncoded = DecodedBuffers.maxEncodedBytes(maxDecodedBytes);
    return response.mutate()
        .headers(h -> {
          h.remove(HttpHeaders.CONTENT_ENCODING);
          h.remove(HttpHeaders.CONTENT_LENGTH);
        })
        .body(body -> DecodedBuffers.decode(body, maxEncoded,
            () -> new DecodeLimitExceededException("maxDecodedBytes", maxDecodedBytes, "answer in "
                + String.join(", ", applied) + " is longer than " + maxEncoded + " encoded bytes, more than a body"
                + " within maxDecodedBytes = " + maxDecodedBytes + " needs", null),
            in -> codings.decoder(in, applied, asked), DefaultDataBufferFactory.sharedInstance, failure -> { }))
        .build();
  }

  /** Ends the decoders' and the request compression's native state. Idempotent. */
  @Override
  public void close() {
    codings.close();
    if (requestCompression != null) {
      requestCompression.close();
    }
  }

  @Override
  public String toString() {
    return "DecodingExchangeFilter[codings=" + codings.codings() + ", maxDecodedBytes=" + maxDecodedBytes
        + ", requestCompression=" + requestCompression + "]";
  }

  /**
   * The request as the connector sends it: a body written in one piece is joined, compressed when
   * long enough, and sent as one buffer with Content-Encoding and an exact Content-Length. A body
   * written as a stream of flushes ({@code writeAndFlushWith}) is sent as it is.
   */
  private final class CompressingRequest extends ClientHttpRequestDecorator {
    CompressingRequest(ClientHttpRequest delegate) {
      super(delegate);
    }

    @Override
    public Mono<Void> writeWith(Publisher<? extends DataBuffer> body) {
      return DataBufferUtils.join(body)
          .map(CompressingRequest::bytesOf)
          .defaultIfEmpty(new byte[0])
          .flatMap(this::send);
    }

    /** The buffer's bytes; the buffer is released. */
    private static byte[] bytesOf(DataBuffer joined) {
      try {
        byte[] bytes = new byte[joined.readableByteCount()];
        joined.read(bytes);
        return bytes;
      } finally {
        DataBufferUtils.release(joined);
      }
    }

    private Mono<Void> send(byte[] serialized) {
      byte[] bytes = serialized;
      if (requestCompression.compressesByDefault(bytes.length)) {
        bytes = requestCompression.compress(bytes);
        getHeaders().set(HttpHeaders.CONTENT_ENCODING, requestCompression.contentEncoding());
      }
      getHeaders().setContentLength(bytes.length);
      byte[] sending = bytes;
      return super.writeWith(Mono.fromSupplier(() -> bufferFactory().wrap(sending)));
    }
  }
}
