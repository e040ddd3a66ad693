package io.github.zipjack.client.dictionaries;

import io.github.zipjack.client.CompressedHttpClient;
import io.github.zipjack.client.DictionarySettings;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpHeaders;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Which RFC 9842 dictionaries that answers name with {@code Link: <url>; rel="compression-dictionary"}
 * are fetched, and what is kept of a fetch: a link is fetched when the store's settings allow it
 * ({@link DictionarySettings#fetchLinked()}), it has the origin of the URL that answered with it,
 * no fresh dictionary from it is held, it is not being fetched already, it was not refused or
 * failed within the last {@link #REFUSAL_MEMORY}, and fewer than {@code maxCount} fetches are under
 * way. A fetched answer is kept ({@link #receive}) only when it came from the link's own origin with
 * a 2xx status and {@code Use-As-Dictionary}, and only its first {@code maxBytes} decoded bytes (the
 * dictionary budget) are ever read: an answer that is larger, unmarked or not kept is refused, and
 * its URL is not fetched again for a while. How a fetch is sent is the caller's:
 * {@link CompressedHttpClient} sends it through its {@code HttpClient}, zipjack's Spring interceptor
 * through the rest of the interceptor chain. A fetch never fails the answer that named it.
 *
 * <p>Thread-safe. Holds no resource of its own: the caller's fetches end on their own.
 *
 * <p>Not part of zipjack's API: the package is not exported.
 */
public final class LinkedDictionaryFetches {
  /** How long a URL whose fetch was refused or failed is not fetched again. */
  public static final Duration REFUSAL_MEMORY = Duration.ofMinutes(10);
  /** The most refused URLs remembered; the oldest is forgotten first. */
  static final int MAX_REFUSALS_REMEMBERED = 256;

  private final DictionaryStore dictionaries;
  /** Fetches under way, by URL; a URL's entry is removed when its fetch ends, whatever the outcome. */
  private final Map<URI, CompletableFuture<Void>> underWay = new ConcurrentHashMap<>();
  /** Until when each refused URL is not fetched, oldest refusal first. Guarded by itself. */
  private final LinkedHashMap<URI, Instant> refusedUntil = new LinkedHashMap<>();

  /** A decoded body, opened only when it is read. */
  public interface DecodedBody {
    /**
     * {@return the decoded body; the caller closes it}
     *
     * @throws IOException if the body cannot be decoded
     */
    InputStream open() throws IOException;
  }

  /**
   * Fetches for {@code dictionaries}, whose settings say whether links are fetched at all.
   *
   * @param dictionaries where fetched dictionaries are kept; not closed by this object
   */
  public LinkedDictionaryFetches(DictionaryStore dictionaries) {
    this.dictionaries = dictionaries;
  }

  /**
   * Starts {@code fetch} for each dictionary the answer's headers link to that qualifies (see the
   * class doc). {@code fetch} must not block for the exchange: it returns a stage that completes when
   * the fetched answer has been given to {@link #receive} or has failed. A {@code fetch} that throws,
   * or whose stage fails, counts as refused.
   *
   * @param answered the URL that answered; links are resolved against it and must share its origin
   * @param headers the answer's headers
   * @param fetch starts fetching a dictionary's URL and hands its answer to {@link #receive}
   * @return the URLs whose fetch this call started
   */
  public List<URI> start(URI answered, HttpHeaders headers, Function<URI, ? extends CompletionStage<?>> fetch) {
    if (!dictionaries.settings().fetchLinked()) {
      return List.of();
    }
    List<URI> started = new ArrayList<>();
    Instant now = Instant.now();
    for (URI link : DictionaryHeaders.linkedDictionaries(headers, answered)) {
      if (!DictionaryStore.sameOrigin(answered, link) || refused(link, now) || dictionaries.holdsFrom(link, now)
          || underWay.size() >= dictionaries.settings().maxCount()) {
        continue;
      }
      CompletableFuture<Void> ended = new CompletableFuture<>();
      if (underWay.putIfAbsent(link, ended) != null) {
        continue;
      }
      started.add(link);
      try {
        fetch.apply(link).whenComplete((received, failure) -> {
          if (failure != null) {
            refuse(link);
          }
          end(link, ended);
        });
      } catch (RuntimeException cannotStart) {
        refuse(link); // a fetch that cannot start (its executor shut down) is not made
        end(link, ended);
      }
    }
    return started;
  }

  /**
   * Keeps a fetched dictionary if its answer qualifies (see the class doc), reading at most the
   * dictionary budget of its decoded body; else remembers the link as refused.
   *
   * @param link the URL fetched
   * @param answeredBy the URL that finally answered; null when unknown (a redirect not seen), which
   *     keeps nothing
   * @param status the answer's status
   * @param headers the answer's headers
   * @param body the decoded body, opened only for an answer that may be kept; closed here
   * @return whether the dictionary was kept
   * @throws IOException if the body cannot be decoded (the link is remembered as refused)
   */
  public boolean receive(URI link, URI answeredBy, int status, HttpHeaders headers, DecodedBody body)
      throws IOException {
    boolean kept = false;
    try {
      if (answeredBy != null && DictionaryStore.sameOrigin(link, answeredBy) && status >= 200 && status <= 299
          && DictionaryStore.marksDictionary(headers)) {
        long budget = dictionaries.settings().maxBytes();
        byte[] content;
        try (InputStream in = body.open()) {
          content = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, budget + 1));
        }
        kept = content.length <= budget && dictionaries.keep(answeredBy, headers, content, Instant.now());
      }
      return kept;
    } finally {
      if (!kept) {
        refuse(link);
      }
    }
  }

  private boolean refused(URI link, Instant now) {
    synchronized (refusedUntil) {
      Instant until = refusedUntil.get(link);
      if (until != null && !until.isAfter(now)) {
        refusedUntil.remove(link);
        return false;
      }
      return until != null;
    }
  }

  private void refuse(URI link) {
    synchronized (refusedUntil) {
      refusedUntil.remove(link);
      refusedUntil.put(link, Instant.now().plus(REFUSAL_MEMORY));
      if (refusedUntil.size() > MAX_REFUSALS_REMEMBERED) {
        refusedUntil.remove(refusedUntil.keySet().iterator().next());
      }
    }
  }

  private void end(URI link, CompletableFuture<Void> ended) {
    underWay.remove(link, ended);
    ended.complete(null);
  }

  /** Waits until the fetches under way now have ended, kept or not. */
  public void await() {
    underWay.values().forEach(CompletableFuture::join);
  }

  @Override
  public String toString() {
    return "LinkedDictionaryFetches[under way: " + underWay.keySet() + "]";
  }
}
