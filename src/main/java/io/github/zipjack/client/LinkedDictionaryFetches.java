package io.github.zipjack.client;

import java.net.URI;
import java.net.http.HttpHeaders;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Which RFC 9842 dictionaries that answers name with {@code Link: <url>; rel="compression-dictionary"}
 * are fetched, and the bookkeeping that fetches one URL once at a time: a link is fetched when the
 * store's settings allow it ({@link DictionarySettings#fetchLinked()}), it has the origin of the
 * answer that names it, no fresh dictionary from it is held, it is not being fetched already, and
 * fewer than {@code maxCount} fetches are under way. How a fetch is sent is the caller's:
 * {@link CompressedHttpClient} sends it through its {@code HttpClient}, zipjack's Spring interceptor
 * through the rest of the interceptor chain; either keeps the answer in the same
 * {@link DictionaryStore}. A fetch that fails is forgotten (a later answer naming the URL starts it
 * again); it never fails the answer that named it.
 *
 * <p>Thread-safe. Holds no resource of its own: the caller's fetches end on their own.
 */
public final class LinkedDictionaryFetches {
  private final DictionaryStore dictionaries;
  /** Fetches under way, by URL; a URL's entry is removed when its fetch ends, whatever the outcome. */
  private final Map<URI, CompletableFuture<Void>> underWay = new ConcurrentHashMap<>();

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
   * the dictionary has been kept, refused or failed to arrive. A {@code fetch} that throws, or whose
   * stage fails, is forgotten.
   *
   * @param answered the URL that answered; links are resolved against it and must share its origin
   * @param headers the answer's headers
   * @param fetch starts fetching a dictionary's URL and keeping its answer
   * @return the URLs whose fetch this call started
   */
  public List<URI> start(URI answered, HttpHeaders headers, Function<URI, ? extends CompletionStage<?>> fetch) {
    if (!dictionaries.settings().fetchLinked()) {
      return List.of();
    }
    List<URI> started = new ArrayList<>();
    for (URI link : DictionaryHeaders.linkedDictionaries(headers, answered)) {
      if (!DictionaryStore.sameOrigin(answered, link) || dictionaries.holdsFrom(link, Instant.now())
          || underWay.size() >= dictionaries.settings().maxCount()) {
        continue;
      }
      CompletableFuture<Void> ended = new CompletableFuture<>();
      if (underWay.putIfAbsent(link, ended) != null) {
        continue;
      }
      started.add(link);
      try {
        fetch.apply(link).whenComplete((kept, failure) -> end(link, ended));
      } catch (RuntimeException cannotStart) {
        end(link, ended); // a fetch that cannot start (its executor shut down) is not made
      }
    }
    return started;
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
