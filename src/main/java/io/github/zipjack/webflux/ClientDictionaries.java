package io.github.zipjack.webflux;

import io.github.zipjack.WrongCodingException;
import io.github.zipjack.client.DictionarySettings;
import io.github.zipjack.client.codings.ResponseCodings;
import io.github.zipjack.client.dictionaries.DictionaryStore;
import io.github.zipjack.client.dictionaries.LinkedDictionaryFetches;
import io.github.zipjack.urlpattern.UrlPattern;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.web.reactive.function.BodyExtractors;
import org.springframework.web.reactive.function.client.ClientRequest;
import org.springframework.web.reactive.function.client.ClientResponse;
import org.springframework.web.reactive.function.client.ExchangeFunction;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The RFC 9842 side of {@link DecodingExchangeFilter}, as {@code CompressedHttpClient} and the
 * RestClient interceptor speak it, on the same {@link DictionaryStore}: answers marked
 * {@code Use-As-Dictionary} are kept for the origin of the URL that answered, within the
 * {@link DictionarySettings} budgets; a request of that origin whose URL a held dictionary matches
 * announces it ({@code Accept-Encoding: ..., dcz}, {@code Available-Dictionary},
 * {@code Dictionary-ID}); a {@code dcz} answer is decoded only with the dictionary its request
 * announced, only when it came from that dictionary's origin; with {@code fetchLinked}, a
 * dictionary an answer links to is fetched in the background through the rest of the exchange chain
 * ({@link LinkedDictionaryFetches}: same origin, budget, refusals remembered).
 *
 * <p>The URL that answered is what the connector reports ({@link AnsweringUrl}); when it reports
 * none, the answer's origin is unknown: nothing is kept from it, no link of it is fetched, and a
 * {@code dcz} body in it is refused.
 *
 * <p>Thread-safe. Owns the store ({@link #close()} drops the dictionaries); the decoders are the
 * filter's.
 */
final class ClientDictionaries implements AutoCloseable {
  private final DictionaryStore store;
  private final LinkedDictionaryFetches fetches;
  /** The most bytes of one dictionary: the budget of its origin. */
  private final long maxDictionaryBytes;
  private final ResponseCodings codings;
  /** The codings asked for without a dictionary, as Accept-Encoding. */
  private final String acceptEncoding;

  ClientDictionaries(DictionarySettings settings, long maxDecodedBytes, ResponseCodings codings) {
    this.store = new DictionaryStore(settings, maxDecodedBytes);
    this.fetches = new LinkedDictionaryFetches(store);
    this.maxDictionaryBytes = settings.maxBytes();
    this.codings = codings;
    this.acceptEncoding = String.join(", ", codings.codings());
  }

  /**
   * Sets Accept-Encoding on a request to {@code url} that has none: the codings decoded, with
   * {@code dcz}, {@code Available-Dictionary} and {@code Dictionary-ID} when a held dictionary of its
   * origin matches it.
   *
   * @return the dictionary announced, or null
   */
  DictionaryStore.Entry announce(URI url, HttpHeaders headers) {
    DictionaryStore.Entry announced = store.match(url, Instant.now()).orElse(null);
    headers.set(HttpHeaders.ACCEPT_ENCODING, announced == null ? acceptEncoding : acceptEncoding + ", dcz");
    if (announced != null) {
      headers.set("Available-Dictionary", announced.availableDictionary());
      if (announced.dictionaryIdHeader() != null) {
        headers.set("Dictionary-ID", announced.dictionaryIdHeader());
      }
    }
    return announced;
  }

  /**
   * {@return {@code announced} when it may decode a dcz answer from {@code answeredBy}: of its origin}
   *
   * @param announced the dictionary the request announced, or null
   * @param answeredBy the URL that answered, or null when unknown
   * @param applied the answer's codings, for the refusal
   * @throws WrongCodingException if the answer is in dcz and the announced dictionary may not decode it
   */
  static DictionaryStore.Entry usable(DictionaryStore.Entry announced, URI answeredBy, List<String> applied)
      throws WrongCodingException {
    if (announced == null || (answeredBy != null && announced.isOfOriginOf(answeredBy))) {
      return announced;
    }
    if (applied.contains("dcz")) {
      throw new WrongCodingException("response Content-Encoding " + ResponseCodings.shown(applied) + " names dcz, but "
          + (answeredBy == null ? "the connector did not report which URL answered"
              : "it came from " + UrlPattern.origin(answeredBy))
          + ", and the request announced a dictionary of another origin");
    }
    return null;
  }

  /**
   * The decoded body of an answer in {@code applied}, a {@code dcz} layer with {@code usable}.
   *
   * @param usable the dictionary that may decode it (see {@link #usable}), or null for none
   */
  InputStream decoder(InputStream raw, List<String> applied, String asked, DictionaryStore.Entry usable)
      throws IOException {
    return codings.decoder(raw, applied, asked, usable == null ? null : store, usable);
  }

  /**
   * Starts fetching the dictionaries a successful answer from {@code answeredBy} links to, through
   * {@code next}.
   *
   * @return whether the answer itself is a dictionary to keep ({@link #keeping})
   */
  boolean answered(URI answeredBy, ClientResponse response, ExchangeFunction next) {
    HttpHeaders answerHeaders = response.headers().asHttpHeaders();
    if (!response.statusCode().is2xxSuccessful()
        || !(answerHeaders.containsHeader("Use-As-Dictionary") || answerHeaders.containsHeader(HttpHeaders.LINK))) {
      return false;
    }
    java.net.http.HttpHeaders headers = jdkHeaders(answerHeaders);
    fetches.start(answeredBy, headers, link -> fetch(link, next));
    return DictionaryStore.marksDictionary(headers);
  }

  /**
   * {@code decoded}, passed on as it comes, whose bytes are kept as {@code answeredBy}'s dictionary
   * when it completes within the dictionary budget; a larger one is not copied past the budget.
   */
  Flux<DataBuffer> keeping(Flux<DataBuffer> decoded, URI answeredBy, HttpHeaders answerHeaders) {
    java.net.http.HttpHeaders headers = jdkHeaders(answerHeaders);
    return Flux.defer(() -> {
      ByteArrayOutputStream[] kept = {new ByteArrayOutputStream()};
      return decoded.doOnNext(buffer -> {
        ByteArrayOutputStream copy = kept[0];
        if (copy != null && copy.size() + (long) buffer.readableByteCount() > maxDictionaryBytes) {
          kept[0] = null;
        } else if (copy != null) {
          try (DataBuffer.ByteBufferIterator views = buffer.readableByteBuffers()) {
            while (views.hasNext()) {
              ByteBuffer view = views.next();
              byte[] bytes = new byte[view.remaining()];
              view.get(bytes);
              copy.writeBytes(bytes);
            }
          }
        }
      }).doOnComplete(() -> {
        if (kept[0] != null) {
          store.keep(answeredBy, headers, kept[0].toByteArray(), Instant.now());
        }
      });
    });
  }

  /**
   * Fetches a linked dictionary through {@code next} (the filters after this one and the
   * connector), its request announcing as any other, and hands the answer to
   * {@link LinkedDictionaryFetches#receive}: joined within the budget's encoded bound, then decoded
   * within the budget, the buffers released on every path.
   */
  private CompletableFuture<Boolean> fetch(URI link, ExchangeFunction next) {
    AnsweringUrl answering = new AnsweringUrl();
    HttpHeaders headers = new HttpHeaders();
    DictionaryStore.Entry announced = announce(link, headers);
    String asked = headers.getFirst(HttpHeaders.ACCEPT_ENCODING);
    ClientRequest request = ClientRequest.create(HttpMethod.GET, link).headers(h -> h.addAll(headers))
        .attribute(AnsweringUrl.ATTRIBUTE, answering).build();
    return next.exchange(request).flatMap(response -> {
      URI answeredBy = answering.url();
      java.net.http.HttpHeaders answerHeaders = jdkHeaders(response.headers().asHttpHeaders());
      int status = response.statusCode().value();
      return DataBufferUtils.join(response.body(BodyExtractors.toDataBuffers()),
              DecodedBuffers.maxEncodedBytes(maxDictionaryBytes))
          .switchIfEmpty(Mono.fromSupplier(() -> DefaultDataBufferFactory.sharedInstance.wrap(new byte[0])))
          .map(joined -> {
            try {
              List<String> applied = ResponseCodings.applied(answerHeaders);
              DictionaryStore.Entry usable = usable(announced, answeredBy, applied);
              return fetches.receive(link, answeredBy, status, answerHeaders,
                  () -> decoder(joined.asInputStream(), applied, asked, usable));
            } catch (IOException e) {
              throw new java.io.UncheckedIOException(e);
            } finally {
              DataBufferUtils.release(joined);
            }
          });
    }).toFuture();
  }

  private static java.net.http.HttpHeaders jdkHeaders(HttpHeaders headers) {
    Map<String, List<String>> map = new HashMap<>();
    headers.forEach(map::put);
    return java.net.http.HttpHeaders.of(map, (name, value) -> true);
  }

  /** Drops every dictionary. Idempotent. */
  @Override
  public void close() {
    store.close();
  }

  @Override
  public String toString() {
    return store.toString();
  }
}
