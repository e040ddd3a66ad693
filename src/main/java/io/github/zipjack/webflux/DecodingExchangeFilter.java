package io.github.zipjack.webflux;

import io.github.zipjack.DecodeLimitExceededException;
import io.github.zipjack.ZipjackDecodeException;
import io.github.zipjack.client.DictionarySettings;
import io.github.zipjack.client.codings.RequestCompression;
import io.github.zipjack.client.codings.ResponseCodings;
import io.github.zipjack.client.dictionaries.DictionaryStore;
import io.github.zipjack.codec.WholeBodyArrays;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.List;
import org.reactivestreams.Publisher;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
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
 * codings this filter decodes; an answer in one of them reaches the caller's decoders without
 * {@code Content-Encoding} and {@code Content-Length}, its body a {@link CodedBody} that decodes as
 * it is read (or straight into a value, for a decoder that knows it), and fails with a
 * {@link DecodeLimitExceededException} once it decodes past the limit (nothing more is inflated).
 * An answer in a coding the request did not ask for fails with a {@link io.github.zipjack.WrongCodingException}.
 * With a {@link RequestCompression}, request bodies of at least its minimum size are sent compressed
 * with an exact {@code Content-Length}; a body already encoded by the caller is sent as it is.
 *
 * <p>With {@link DictionarySettings} it also speaks RFC 9842 ({@link ClientDictionaries}): it keeps
 * answers marked {@code Use-As-Dictionary} for the origin that answered, announces them to requests
 * of that origin, and decodes a {@code dcz} answer only with the dictionary its request announced,
 * within {@code maxDecodedBytes}; a {@code dcz} answer from another origin, or whose origin the
 * connector did not report ({@link AnsweringUrl}), fails with a {@link io.github.zipjack.WrongCodingException},
 * one made with another dictionary with a {@link io.github.zipjack.client.DictionaryMismatchException}.
 *
 * <p>Thread-safe. It owns the decoders, the request compression and the dictionaries:
 * {@link #close()} ends them.
 */
public final class DecodingExchangeFilter implements ExchangeFilterFunction, AutoCloseable {
  private final ResponseCodings codings;
  /** Null when request bodies are sent as they are. */
  private final RequestCompression requestCompression;
  private final long maxDecodedBytes;
  private final String acceptEncoding;
  /** Null when RFC 9842 dictionaries are off. */
  private final ClientDictionaries dictionaries;

  /**
   * @param codings the decoders of the codings asked for; owned from here on
   * @param requestCompression what compresses request bodies, or null for none; owned from here on
   * @param maxDecodedBytes the most bytes an answer may decode to
   */
  public DecodingExchangeFilter(ResponseCodings codings, RequestCompression requestCompression,
      long maxDecodedBytes) {
    this(codings, requestCompression, maxDecodedBytes, null);
  }

  /**
   * @param codings the decoders of the codings asked for; owned from here on
   * @param requestCompression what compresses request bodies, or null for none; owned from here on
   * @param maxDecodedBytes the most bytes an answer may decode to
   * @param dictionaries the budgets of the RFC 9842 dictionaries held, or null to hold none
   * @throws IllegalStateException if dictionaries are asked for and {@code codings} do not decode zstd
   */
  public DecodingExchangeFilter(ResponseCodings codings, RequestCompression requestCompression,
      long maxDecodedBytes, DictionarySettings dictionaries) {
    if (dictionaries != null && !codings.decodes("zstd")) {
      throw DictionaryStore.zstdMissing(codings.codings());
    }
    this.codings = codings;
    this.requestCompression = requestCompression;
    this.maxDecodedBytes = maxDecodedBytes;
    this.acceptEncoding = String.join(", ", codings.codings());
    this.dictionaries = dictionaries == null ? null : new ClientDictionaries(dictionaries, maxDecodedBytes, codings);
  }

  @Override
  public Mono<ClientResponse> filter(ClientRequest request, ExchangeFunction next) {
    String asked = request.headers().getFirst(HttpHeaders.ACCEPT_ENCODING);
    ClientRequest.Builder sent = ClientRequest.from(request);
    DictionaryStore.Entry announced = null;
    if (asked == null && !codings.codings().isEmpty()) {
      HttpHeaders added = new HttpHeaders();
      if (dictionaries == null) {
        added.set(HttpHeaders.ACCEPT_ENCODING, acceptEncoding);
      } else {
        announced = dictionaries.announce(request.url(), added);
      }
      asked = added.getFirst(HttpHeaders.ACCEPT_ENCODING);
      sent.headers(headers -> headers.addAll(added));
    }
    AnsweringUrl answering = new AnsweringUrl();
    if (dictionaries != null) {
      sent.attribute(AnsweringUrl.ATTRIBUTE, answering);
    }
    if (requestCompression != null && !request.headers().containsHeader(HttpHeaders.CONTENT_ENCODING)) {
      BodyInserter<?, ? super ClientHttpRequest> body = request.body();
      sent.body((message, context) -> body.insert(new CompressingRequest(message), context));
    }
    String acceptedHere = asked;
    DictionaryStore.Entry announcedHere = announced;
    return next.exchange(sent.build())
        .map(response -> decoded(response, acceptedHere, announcedHere, answering.url(), next));
  }

  /**
   * The answer as the caller reads it: decoded, and kept as a dictionary when it is one.
   *
   * @param announced the dictionary the request announced, or null
   * @param answeredBy the URL that answered, or null when the connector did not report it
   */
  private ClientResponse decoded(ClientResponse response, String asked, DictionaryStore.Entry announced,
      URI answeredBy, ExchangeFunction next) {
    List<String> lines = response.headers().header(HttpHeaders.CONTENT_ENCODING);
    List<String> applied;
    DictionaryStore.Entry usable;
    try {
      applied = ResponseCodings.applied(lines);
      usable = ClientDictionaries.usable(announced, answeredBy, applied);
      if (!applied.isEmpty()) {
        codings.checkAskedFor(applied, asked, usable != null);
      }
    } catch (ZipjackDecodeException e) {
      // released as read, and mapped away, so that the discard hook of what ignores them does not release them again
      return response.mutate().body(body -> body.map(DataBufferUtils::release).thenMany(Flux.<DataBuffer>error(e)))
          .build();
    }
    boolean keeps = dictionaries != null && answeredBy != null && dictionaries.answered(answeredBy, response, next);
    if (applied.isEmpty() && !keeps) {
      return response;
    }
    HttpHeaders answerHeaders = response.headers().asHttpHeaders();
    int maxEncoded = DecodedBuffers.maxEncodedBytes(maxDecodedBytes);
    ClientResponse.Builder mutated = response.mutate();
    if (!applied.isEmpty()) {
      mutated.headers(h -> {
        h.remove(HttpHeaders.CONTENT_ENCODING);
        h.remove(HttpHeaders.CONTENT_LENGTH);
      });
    }
    return mutated.body(body -> {
      Flux<DataBuffer> decoded = applied.isEmpty() ? body : new CodedBody(body, maxEncoded,
          () -> new DecodeLimitExceededException("maxDecodedBytes", maxDecodedBytes, "answer in "
              + String.join(", ", applied) + " is longer than " + maxEncoded + " encoded bytes, more than a body"
              + " within maxDecodedBytes = " + maxDecodedBytes + " needs", null),
          decoder(applied, asked, usable));
      return keeps ? dictionaries.keeping(decoded, answeredBy, answerHeaders) : decoded;
    }).build();
  }

  /**
   * What decodes an answer in {@code applied}: with the dictionary its request announced, or with the
   * codings' decoders, a body in one coding whose engine decodes whole bodies in one call where it can.
   *
   * @param usable the dictionary of a {@code dcz} answer, or null
   */
  private DecodedBuffers.Decoder decoder(List<String> applied, String asked, DictionaryStore.Entry usable) {
    if (usable != null) {
      return in -> dictionaries.decoder(in, applied, asked, usable);
    }
    if (applied.size() != 1 || !codings.decodesWhole(applied.get(0))) {
      return in -> codings.decoder(in, applied, asked);
    }
    String coding = applied.get(0);
    return new DecodedBuffers.Decoder() {
      @Override
      public InputStream open(InputStream encoded) throws IOException {
        return codings.decoder(encoded, applied, asked);
      }

      @Override
      public int decodeWhole(byte[] encoded, int length, WholeBodyArrays into) {
        return codings.decodeWhole(coding, encoded, length, into);
      }

      @Override
      public boolean decodesWhole() {
        return true;
      }
    };
  }

  /** Ends the decoders' and the request compression's native state, and drops the dictionaries. Idempotent. */
  @Override
  public void close() {
    if (dictionaries != null) {
      dictionaries.close();
    }
    codings.close();
    if (requestCompression != null) {
      requestCompression.close();
    }
  }

  @Override
  public String toString() {
    return "DecodingExchangeFilter[codings=" + codings.codings() + ", maxDecodedBytes=" + maxDecodedBytes
        + ", requestCompression=" + requestCompression + ", dictionaries=" + (dictionaries == null ? "off" : dictionaries)
        + "]";
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
