package io.github.zipjack.client.dictionaries;

import io.github.zipjack.client.CompressedHttpClient;
import io.github.zipjack.client.DictionaryMismatchException;
import io.github.zipjack.client.DictionarySettings;
import io.github.zipjack.MalformedBodyException;
import io.github.zipjack.TruncatedBodyException;
import io.github.zipjack.codec.RawDictionaryZstdDecoding;
import io.github.zipjack.settings.SettingCatalog;
import io.github.zipjack.urlpattern.UrlPattern;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpHeaders;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The RFC 9842 dictionaries a client holds: kept from answers marked {@code Use-As-Dictionary} while
 * they stay fresh, matched against request URLs, and used to decode {@code dcz} answers to the
 * requests that announced them. Thread-safe: one lock guards the shelves; matching URLs and
 * decoding run outside it.
 *
 * <p>Every origin has a shelf of its own, within {@link DictionarySettings}' count and byte budget
 * (its least recently used out first), for at most {@code maxOrigins} origins: an answer from one
 * origin never evicts, replaces or serves another origin's dictionary, even one with the same bytes.
 * A dictionary is announced only to requests of its own origin, and a {@code dcz} body is decoded
 * only with the dictionary its request announced.
 *
 * <p>The {@code match} pattern is a URL Pattern standard pattern resolved against the dictionary's
 * URL, as the filter reads its own: same origin only, {@code *} for any run of characters,
 * {@code :name} for one path segment, either with a {@code ?}, {@code *} or {@code +} modifier,
 * {@code { }} groups and {@code \} escapes; the query is matched only when the pattern has one. A
 * dictionary whose pattern has regexp groups (which RFC 9842 forbids) or names another origin is
 * not kept.
 *
 * <p>{@link CompressedHttpClient} holds one; zipjack's Spring interceptor uses one too. Close it to
 * free the dictionaries' native tables.
 *
 * <p>Not part of zipjack's API: the package is not exported.
 */
public final class DictionaryStore implements AutoCloseable {
  /** A {@code dcz} body starts with this skippable-frame header, then the dictionary's SHA-256. */
  static final byte[] DCZ_MAGIC = {0x5e, 0x2a, 0x4d, 0x18, 0x20, 0x00, 0x00, 0x00};
  static final int DCZ_HEADER_BYTES = DCZ_MAGIC.length + 32;
  private static final HexFormat HEX = HexFormat.of();

  private final DictionarySettings settings;
  private final long maxDecodedBytes;
  /** By origin ({@link UrlPattern#origin}); no shelf is empty. Guarded by this. */
  private final Map<String, Shelf> shelves = new LinkedHashMap<>();

  /** One origin's dictionaries, by hex SHA-256, least recently used first, and their bytes. Guarded by the store. */
  private static final class Shelf {
    final LinkedHashMap<String, Entry> entries = new LinkedHashMap<>(16, 0.75f, true);
    long heldBytes;

    void remove(Iterator<Entry> at, Entry entry, List<Entry> dropped) {
      at.remove();
      heldBytes -= entry.size();
      dropped.add(entry);
    }
  }

  /**
   * An empty store.
   *
   * @param settings the budgets per origin and the number of origins
   * @param maxDecodedBytes the most bytes a dcz body may decode to, and its zstd window
   */
  public DictionaryStore(DictionarySettings settings, long maxDecodedBytes) {
    this.settings = Objects.requireNonNull(settings, "settings must not be null");
    this.maxDecodedBytes = maxDecodedBytes;
  }

  DictionarySettings settings() {
    return settings;
  }

  /**
   * One held dictionary: what a request announces, and the decoding of dcz bodies made with it,
   * made when first needed and closed when the dictionary is dropped. Thread-safe.
   */
  public static final class Entry {
    final String hashHex;
    final byte[] hash;
    final String id;
    final String origin;
    /** Where the dictionary was fetched from. */
    final URI source;
    final UrlPattern match;
    final Instant freshUntil;
    private final byte[] content;
    private final long maxDecodedBytes;
    /** Null until first used, and after being dropped. Guarded by this. */
    private RawDictionaryZstdDecoding decoding;
    private boolean dropped;

    Entry(byte[] content, byte[] hash, String id, URI source, UrlPattern match, Instant freshUntil,
        long maxDecodedBytes) {
      this.content = content;
      this.hash = hash;
      this.hashHex = HEX.formatHex(hash);
      this.id = id;
      this.source = source;
      this.origin = UrlPattern.origin(source);
      this.match = match;
      this.freshUntil = freshUntil;
      this.maxDecodedBytes = maxDecodedBytes;
    }

    /**
     * {@return whether this dictionary was served by {@code uri}'s origin, the only one it may serve}
     *
     * @param uri a URL that answered, or is asked
     */
    public boolean isOfOriginOf(URI uri) {
      return origin.equals(UrlPattern.origin(uri));
    }

    /** {@return the value of {@code Dictionary-ID} ({@code "v1"}), or null when the dictionary has no id} */
    public String dictionaryIdHeader() {
      return id.isEmpty() ? null : DictionaryHeaders.quote(id);
    }

    /** {@return the value of {@code Available-Dictionary}: the SHA-256 as a structured-field byte sequence} */
    public String availableDictionary() {
      return ":" + Base64.getEncoder().encodeToString(hash) + ":";
    }

    /** A stream of the decoded zstd frame after a dcz header; closing it closes {@code frame}. */
    synchronized InputStream decoder(InputStream frame) {
      if (decoding == null) {
        decoding = new RawDictionaryZstdDecoding(content, maxDecodedBytes, 4);
      }
      InputStream decoder = decoding.decoder(frame);
      if (dropped) {
        closeDecoding(); // the stream keeps its own context and dictionary reference
      }
      return decoder;
    }

    synchronized void drop() {
      dropped = true;
      closeDecoding();
    }

    private void closeDecoding() {
      if (decoding != null) {
        decoding.close();
        decoding = null;
      }
    }

    int size() {
      return content.length;
    }
  }

  /**
   * Keeps {@code content}, the decoded body of an answer to {@code uri}, if its headers make it a
   * dictionary that is fresh and fits its origin's budget; replaces one of that origin with the same
   * bytes or the same match.
   *
   * @return whether it was kept
   */
  boolean keep(URI uri, DictionaryHeaders.Use use, Optional<Instant> freshUntil, byte[] content, Instant now) {
    if (freshUntil.isEmpty() || !freshUntil.get().isAfter(now) || content.length == 0
        || content.length > settings.maxBytes()) {
      return false;
    }
    UrlPattern match;
    try {
      match = UrlPattern.resolve(use.match(), uri);
    } catch (IllegalArgumentException e) {
      return false; // regexp groups, another origin, or no pattern at all
    }
    String source = match.toString();
    Entry entry = new Entry(content, sha256(content), use.id(), uri, match, freshUntil.get(), maxDecodedBytes);
    List<Entry> dropped = new ArrayList<>();
    try {
      synchronized (this) {
        Shelf shelf = shelves.get(entry.origin);
        if (shelf == null) {
          if (shelves.size() >= settings.maxOrigins()) {
            dropStale(now, dropped);
          }
          if (shelves.size() >= settings.maxOrigins()) {
            return false;
          }
          shelf = new Shelf();
          shelves.put(entry.origin, shelf);
        }
        for (Iterator<Entry> it = shelf.entries.values().iterator(); it.hasNext(); ) {
          Entry old = it.next();
          if (old.hashHex.equals(entry.hashHex) || old.match.toString().equals(source)) {
            shelf.remove(it, old, dropped);
          }
        }
        shelf.entries.put(entry.hashHex, entry);
        shelf.heldBytes += entry.size();
        for (Iterator<Entry> it = shelf.entries.values().iterator(); it.hasNext()
            && (shelf.entries.size() > settings.maxCount() || shelf.heldBytes > settings.maxBytes()); ) {
          shelf.remove(it, it.next(), dropped);
        }
        return true;
      }
    } finally {
      dropped.forEach(Entry::drop);
    }
  }

  /** Drops every stale dictionary, and the shelves left empty. Caller holds the lock. */
  private void dropStale(Instant now, List<Entry> dropped) {
    for (Iterator<Shelf> shelfAt = shelves.values().iterator(); shelfAt.hasNext(); ) {
      Shelf shelf = shelfAt.next();
      for (Iterator<Entry> it = shelf.entries.values().iterator(); it.hasNext(); ) {
        Entry e = it.next();
        if (!e.freshUntil.isAfter(now)) {
          shelf.remove(it, e, dropped);
        }
      }
      if (shelf.entries.isEmpty()) {
        shelfAt.remove();
      }
    }
  }

  /**
   * The fresh dictionary for a request to {@code uri}: one of its origin's, its pattern matching
   * the path (and query), the longest pattern winning; that origin's stale dictionaries are dropped
   * on the way. The patterns are matched outside the lock, in time linear in the URL's length.
   *
   * @param uri the request's URI
   * @param now the time freshness is judged at
   * @return the dictionary to announce, or empty for none
   */
  public Optional<Entry> match(URI uri, Instant now) {
    String origin = UrlPattern.origin(uri);
    List<Entry> candidates = new ArrayList<>();
    List<Entry> stale = new ArrayList<>();
    synchronized (this) {
      Shelf shelf = shelves.get(origin);
      if (shelf != null) {
        for (Iterator<Entry> it = shelf.entries.values().iterator(); it.hasNext(); ) {
          Entry e = it.next();
          if (e.freshUntil.isAfter(now)) {
            candidates.add(e);
          } else {
            shelf.remove(it, e, stale);
          }
        }
        if (shelf.entries.isEmpty()) {
          shelves.remove(origin);
        }
      }
    }
    stale.forEach(Entry::drop);
    Entry best = null;
    for (Entry e : candidates) {
      if (e.match.matches(uri.getRawPath(), uri.getRawQuery())
          && (best == null || e.match.toString().length() > best.match.toString().length())) {
        best = e;
      }
    }
    if (best != null) {
      synchronized (this) {
        Shelf shelf = shelves.get(origin);
        if (shelf != null) {
          shelf.entries.get(best.hashHex); // most recently used
        }
      }
    }
    return Optional.ofNullable(best);
  }

  /**
   * Reads a dcz body's 40-byte header from {@code raw} and returns the stream of its decoded zstd
   * frame, made with the dictionary the request announced.
   *
   * @param raw the dcz body as received; the returned stream reads it and closes it when closed
   * @param announced the dictionary the request announced
   * @throws DictionaryMismatchException if the header names another dictionary than the one announced
   * @return the decoded body; the caller closes it
   * @throws IOException if {@code raw} fails, or its header is cut short or malformed
   */
  public InputStream dczDecoder(InputStream raw, Entry announced) throws IOException {
    Objects.requireNonNull(announced, "announced must not be null: dcz is decoded only with the dictionary announced");
    byte[] header = raw.readNBytes(DCZ_HEADER_BYTES);
    if (header.length < DCZ_HEADER_BYTES) {
      throw new TruncatedBodyException("dcz body is truncated: it ends after " + header.length
          + " bytes, inside its " + DCZ_HEADER_BYTES + "-byte header", null);
    }
    if (!Arrays.equals(header, 0, DCZ_MAGIC.length, DCZ_MAGIC, 0, DCZ_MAGIC.length)) {
      throw new MalformedBodyException("dcz body starts with " + HEX.formatHex(header, 0, DCZ_MAGIC.length)
          + ", not " + HEX.formatHex(DCZ_MAGIC));
    }
    String named = HEX.formatHex(header, DCZ_MAGIC.length, DCZ_HEADER_BYTES);
    if (!announced.hashHex.equals(named)) {
      throw new DictionaryMismatchException("dcz body was made with dictionary " + named
          + ", but the request announced dictionary " + announced.hashHex, named, announced.hashHex);
    }
    return announced.decoder(raw);
  }

  /**
   * {@return whether the answer's headers mark it as a dictionary ({@code Use-As-Dictionary} this
   * store can use)}
   *
   * @param headers an answer's headers
   */
  public static boolean marksDictionary(HttpHeaders headers) {
    return DictionaryHeaders.use(headers).isPresent();
  }

  /**
   * Keeps {@code content}, the decoded body of an answer to {@code uri} with {@code headers}, if the
   * headers make it a dictionary that is fresh and it fits its origin's budget.
   *
   * @param uri the URI that answered; its origin bounds what the dictionary may serve
   * @param headers the answer's headers
   * @param content the decoded body; kept as given, so the caller must not change it afterwards
   * @param now the time freshness is judged from
   * @return whether it was kept
   */
  public boolean keep(URI uri, HttpHeaders headers, byte[] content, Instant now) {
    Optional<DictionaryHeaders.Use> use = DictionaryHeaders.use(headers);
    return use.isPresent() && keep(uri, use.get(), DictionaryHeaders.freshUntil(headers, now), content, now);
  }

  /**
   * The held dictionary a request to {@code uri} announced.
   *
   * @param uri the request's URI; only its origin's dictionaries are looked at
   * @param availableDictionary the request's {@code Available-Dictionary} value, as
   *     {@link Entry#availableDictionary()} gives it
   * @return the dictionary, or empty when that origin holds none with that hash
   */
  public synchronized Optional<Entry> announced(URI uri, String availableDictionary) {
    Shelf shelf = shelves.get(UrlPattern.origin(uri));
    return shelf == null ? Optional.empty()
        : shelf.entries.values().stream().filter(e -> e.availableDictionary().equals(availableDictionary)).findFirst();
  }

  /** Whether a dictionary fetched from {@code uri} is held and fresh. */
  synchronized boolean holdsFrom(URI uri, Instant now) {
    Shelf shelf = shelves.get(UrlPattern.origin(uri));
    return shelf != null && shelf.entries.values().stream().anyMatch(e -> e.source.equals(uri) && e.freshUntil.isAfter(now));
  }

  /** {@return how many dictionaries are held now, over every origin} */
  public synchronized int count() {
    return shelves.values().stream().mapToInt(s -> s.entries.size()).sum();
  }

  /**
   * The refusal of dictionaries without zstd, the one message of every builder that takes both.
   *
   * @param listedCodings the codings the builder was given, or null for all that load
   * @return the exception to throw
   */
  public static IllegalStateException zstdMissing(List<String> listedCodings) {
    return new IllegalStateException("dictionaries need the zstd coding (dcz is zstd with a dictionary), which "
        + (listedCodings == null ? "cannot load: add com.github.luben:zstd-jni" : "codings " + listedCodings + " leave out"));
  }

  /**
   * {@return the dictionary settings the client's builders start with: the defaults, or null when
   * dictionaries are off by default}
   */
  public static DictionarySettings defaultSettings() {
    return SettingCatalog.CLIENT_DICTIONARIES.defaultValue() ? DictionarySettings.builder().build() : null;
  }

  /**
   * The dictionary settings a builder's product holds: dictionaries need zstd, so without it
   * settings the caller chose fail, and the default ones are quietly dropped.
   *
   * @param settings the builder's settings; null for no dictionaries
   * @param chosen whether the caller set them, rather than leaving the default
   * @param zstdDecodes whether the product decodes zstd
   * @param listedCodings the codings the builder was given, or null for all that load
   * @return {@code settings}, or null for no dictionaries
   * @throws IllegalStateException if the caller chose dictionaries and zstd does not decode
   */
  public static DictionarySettings inEffect(DictionarySettings settings, boolean chosen, boolean zstdDecodes,
      List<String> listedCodings) {
    if (settings == null || zstdDecodes) {
      return settings;
    }
    if (chosen) {
      throw zstdMissing(listedCodings);
    }
    return null;
  }

  /** Whether a dictionary fetched from {@code uri} could be kept: the same origin. */
  static boolean sameOrigin(URI a, URI b) {
    return UrlPattern.origin(a).equals(UrlPattern.origin(b));
  }

  static byte[] sha256(byte[] content) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(content);
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError("every Java platform has SHA-256", e);
    }
  }

  /** Drops every dictionary. Idempotent. */
  @Override
  public void close() {
    List<Entry> all = new ArrayList<>();
    synchronized (this) {
      shelves.values().forEach(s -> all.addAll(s.entries.values()));
      shelves.clear();
    }
    all.forEach(Entry::drop);
  }

  @Override
  public synchronized String toString() {
    Map<String, Map<String, String>> shown = new LinkedHashMap<>();
    shelves.forEach((origin, shelf) -> {
      Map<String, String> held = new LinkedHashMap<>();
      shelf.entries.values().forEach(e -> held.put(e.hashHex.substring(0, 12), e.match.toString()));
      shown.put(origin, held);
    });
    return "DictionaryStore[" + shown + ", " + settings + "]";
  }
}
