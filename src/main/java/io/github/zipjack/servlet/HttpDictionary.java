package io.github.zipjack.servlet;

import io.github.zipjack.http.DictionaryAnswer;
import io.github.zipjack.http.DictionaryTransport;
import io.github.zipjack.ZstdDictionary;
import io.github.zipjack.urlpattern.UrlPattern;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A dictionary for HTTP's Compression Dictionary Transport (RFC 9842, content codings {@code dcz} and {@code dcb}):
 * raw bytes that {@link CompressionFilter} serves at a URL of their own with
 * {@code Use-As-Dictionary}, and with which it compresses the responses under its {@link #match()}
 * for clients that hold it. Immutable and thread-safe; it holds only bytes, no native memory, and
 * its SHA-256 is computed once, when it is built.
 *
 * <p>RFC 9842 dictionaries are raw content: the client hashes exactly the bytes it received and
 * decodes with them as a raw prefix. A file in zstd's trained format (magic 37 a4 30 ec, as
 * {@code zstd --train} and {@code bench/tune --train-dictionary} write it) is therefore not taken
 * as it is: its content part, after the entropy tables, becomes the dictionary
 * ({@link #fromTrainedFile()} then says so). Any other bytes are taken as they are.
 *
 * <pre>{@code
 * HttpDictionary orders = HttpDictionary.builder(Path.of("orders.dict"))
 *     .match("/api/orders/*").id("orders-2026-11").maxAge(Duration.ofDays(7)).build();
 * }</pre>
 *
 * <p>Everything under its match is public to every client that asks for the dictionary: never
 * build one from bodies that hold personal data (see docs/dictionaries.md).
 */
public final class HttpDictionary {
  /** The largest dictionary accepted, in bytes. */
  public static final int MAX_BYTES = ZstdDictionary.MAX_BYTES;
  /** The longest {@code id}, in characters (RFC 9842 section 2.1.3). */
  public static final int MAX_ID_LENGTH = 1024;
  /** The request destinations of the Fetch standard that {@code match-dest} may list. */
  static final Set<String> DESTINATIONS = Set.of("", "audio", "audioworklet", "document", "embed", "font", "frame",
      "iframe", "image", "json", "manifest", "object", "paintworklet", "report", "script", "serviceworker",
      "sharedworker", "style", "track", "video", "webidentity", "worker", "xslt");

  /** Never changed, never handed out. */
  private final byte[] content;
  /** SHA-256 of {@link #content}, 32 bytes; never handed out. */
  private final byte[] sha256;
  /** The structured-field byte sequence clients send as Available-Dictionary: {@code :base64:}. */
  private final String availableDictionary;
  private final UrlPattern match;
  private final List<String> matchDest;
  /** Null for none. */
  private final String id;
  private final long maxAgeSeconds;
  private final boolean fromTrainedFile;
  /** Where the bytes came from, for messages: a file name, or "bytes". */
  private final String source;

  private HttpDictionary(Builder b) {
    this.content = b.content;
    this.sha256 = b.sha256;
    this.availableDictionary = ":" + Base64.getEncoder().encodeToString(sha256) + ":";
    this.match = b.match;
    this.matchDest = b.matchDest;
    this.id = b.id;
    this.maxAgeSeconds = b.maxAgeSeconds;
    this.fromTrainedFile = b.fromTrainedFile;
    this.source = b.source;
  }

  /**
   * A builder for the dictionary in {@code bytes} (copied): raw content, or a trained zstd
   * dictionary whose content part is taken.
   *
   * @param bytes the dictionary; not kept, so the caller may change it afterwards
   * @return a new builder, not thread-safe
   * @throws IllegalArgumentException if the bytes are empty, larger than {@link #MAX_BYTES}, or a
   *     trained dictionary whose header is malformed or that has no content
   */
  public static Builder builder(byte[] bytes) {
    Objects.requireNonNull(bytes, "bytes must not be null");
    return new Builder(bytes.clone(), "bytes", "(" + bytes.length + " bytes)");
  }

  /**
   * A builder for the dictionary in the file at {@code file}; see {@link #builder(byte[])}.
   *
   * @param file raw content or a trained zstd dictionary, read once, here
   * @return a new builder, not thread-safe
   * @throws IOException if the file cannot be read
   * @throws IllegalArgumentException as {@link #builder(byte[])}, the message naming the file
   */
  public static Builder builder(Path file) throws IOException {
    Objects.requireNonNull(file, "file must not be null");
    long size = Files.size(file);
    if (size > MAX_BYTES) {
      throw new IllegalArgumentException("HTTP dictionary " + file + " (" + size + " bytes) is larger than "
          + MAX_BYTES + " bytes");
    }
    byte[] bytes;
    try (InputStream in = Files.newInputStream(file)) {
      bytes = in.readNBytes(MAX_BYTES + 1);
    }
    return new Builder(bytes, file.toString(), file + " (" + bytes.length + " bytes)");
  }

  /**
   * The raw content RFC 9842 clients use for these bytes: the content part of a trained zstd
   * dictionary, else a copy of the bytes. What {@code bench/tune --train-dictionary} writes as the
   * HTTP form.
   *
   * @param bytes raw content or a trained zstd dictionary; not changed
   * @return a new array, owned by the caller
   * @throws IllegalArgumentException as {@link #builder(byte[])}
   */
  public static byte[] rawContent(byte[] bytes) {
    Objects.requireNonNull(bytes, "bytes must not be null");
    return rawContent(bytes.clone(), "(" + bytes.length + " bytes)");
  }

  private static byte[] rawContent(byte[] bytes, String what) {
    if (bytes.length == 0) {
      throw new IllegalArgumentException("HTTP dictionary " + what + " is empty");
    }
    if (bytes.length > MAX_BYTES) {
      throw new IllegalArgumentException("HTTP dictionary " + what + " is larger than " + MAX_BYTES + " bytes");
    }
    if (!TrainedDictionaryHeader.isTrained(bytes)) {
      return bytes;
    }
    int at;
    try {
      at = TrainedDictionaryHeader.contentOffset(bytes);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("HTTP dictionary " + what + ": " + e.getMessage(), e);
    }
    if (at == bytes.length) {
      throw new IllegalArgumentException("HTTP dictionary " + what + " is a trained zstd dictionary with no content");
    }
    byte[] content = Arrays.copyOfRange(bytes, at, bytes.length);
    if (TrainedDictionaryHeader.isTrained(content)) {
      throw new IllegalArgumentException("HTTP dictionary " + what + ": its content starts with zstd's dictionary "
          + "magic number (37 a4 30 ec), which a client would read as a trained dictionary");
    }
    return content;
  }

  /** {@return the dictionary's size in bytes, as served} */
  public int byteCount() {
    return content.length;
  }

  /** {@return a copy of the bytes served, which clients hash and decode with} */
  public byte[] toByteArray() {
    return content.clone();
  }

  /** {@return a copy of the SHA-256 of {@link #toByteArray()}} */
  public byte[] sha256() {
    return sha256.clone();
  }

  /** {@return the value of {@code Available-Dictionary} from a client that holds it: {@code :<base64 SHA-256>:}} */
  public String availableDictionary() {
    return availableDictionary;
  }

  /** The first 8 bytes of the SHA-256 in hex: the dictionary's name in its URL and ETags. */
  String shortHash() {
    return DictionaryTransport.shortHash(sha256);
  }

  /** {@return the URL pattern of the requests it serves, as given} */
  public String match() {
    return match.toString();
  }

  /** {@return the request destinations it is limited to ({@code match-dest}); empty for all} */
  public List<String> matchDest() {
    return matchDest;
  }

  /** {@return its {@code id}, which clients send back as {@code Dictionary-ID}; null for none} */
  public String id() {
    return id;
  }

  /** {@return how long clients may keep it, in seconds ({@code Cache-Control: max-age})} */
  public long maxAgeSeconds() {
    return maxAgeSeconds;
  }

  /** {@return whether the bytes given were a trained zstd dictionary, of which its content part is used} */
  public boolean fromTrainedFile() {
    return fromTrainedFile;
  }

  /** The {@code Use-As-Dictionary} field value: {@code match="/api/*", id="v1", type=raw}. */
  String useAsDictionary() {
    return DictionaryAnswer.useAsDictionary(match.toString(), matchDest, id);
  }

  /** Equal when the bytes and all settings are equal. */
  @Override
  public boolean equals(Object o) {
    return o instanceof HttpDictionary d && Arrays.equals(d.sha256, sha256) && d.match.toString().equals(match.toString())
        && d.matchDest.equals(matchDest) && Objects.equals(d.id, id) && d.maxAgeSeconds == maxAgeSeconds;
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(sha256);
  }

  /** {@code HttpDictionary[orders.dict, 65380 bytes (content of a trained file), sha256 1a2b..., match="/api/*", ...]}. */
  @Override
  public String toString() {
    return "HttpDictionary[" + source + ", " + content.length + " bytes" + (fromTrainedFile ? " (content of a trained file)" : "")
        + ", sha256 " + shortHash() + "..., " + useAsDictionary() + ", max-age=" + maxAgeSeconds + "]";
  }

  /** Makes an {@link HttpDictionary}. Not thread-safe; {@link #build()} leaves it unchanged. */
  public static final class Builder {
    private final byte[] content;
    private final byte[] sha256;
    private final boolean fromTrainedFile;
    private final String source;
    private UrlPattern match;
    private List<String> matchDest = List.of();
    private String id;
    private long maxAgeSeconds = Duration.ofDays(1).toSeconds();

    /** @param what the bytes in messages: the file and its size, or the size */
    private Builder(byte[] bytes, String source, String what) {
      this.fromTrainedFile = TrainedDictionaryHeader.isTrained(bytes);
      this.content = rawContent(bytes, what);
      this.source = source;
      try {
        this.sha256 = MessageDigest.getInstance("SHA-256").digest(content);
      } catch (NoSuchAlgorithmException e) {
        throw new IllegalStateException("this JVM has no SHA-256, which every Java SE platform must have", e);
      }
    }

    /**
     * The URL pattern of the requests clients may use it for, required: a path on this origin
     * (context path included) in the URL Pattern standard's syntax, where {@code *} matches
     * anything, {@code :name} one path segment, {@code ?}, {@code *} and {@code +} after either make
     * it optional or repeated, {@code { }} groups and {@code \} escapes; optionally {@code ?} and a
     * pattern for the query. No regexp groups; at most 1024 characters. See RFC 9842 section 2.1.1.
     *
     * @param pattern such as {@code /api/*}
     * @return this builder
     * @throws IllegalArgumentException if it is not such a pattern (regexp groups, another origin)
     */
    public Builder match(String pattern) {
      this.match = UrlPattern.parse(Objects.requireNonNull(pattern, "match must not be null"));
      return this;
    }

    /**
     * The request destinations (Fetch's {@code Sec-Fetch-Dest}: {@code document}, {@code script},
     * {@code json}, ...) clients may use it for; default none listed, which means all.
     *
     * @param destinations Fetch request destinations; none for all
     * @return this builder
     * @throws IllegalArgumentException for a destination the Fetch standard does not define
     */
    public Builder matchDest(String... destinations) {
      List<String> list = new ArrayList<>();
      for (String d : destinations) {
        Objects.requireNonNull(d, "matchDest must not contain null");
        if (!DESTINATIONS.contains(d)) {
          throw new IllegalArgumentException("matchDest must be Fetch request destinations such as document, "
              + "script, json: \"" + d + "\"");
        }
        list.add(d);
      }
      this.matchDest = List.copyOf(list);
      return this;
    }

    /**
     * A name for it that clients send back as {@code Dictionary-ID}; default none. At most
     * {@link #MAX_ID_LENGTH} printable ASCII characters.
     *
     * @param id the name, sent as given
     * @return this builder
     * @throws IllegalArgumentException if longer, empty, or holding other characters
     */
    public Builder id(String id) {
      Objects.requireNonNull(id, "id must not be null");
      if (id.isEmpty() || id.length() > MAX_ID_LENGTH) {
        throw new IllegalArgumentException("id must have 1 to " + MAX_ID_LENGTH + " characters: " + id.length());
      }
      for (int i = 0; i < id.length(); i++) {
        char c = id.charAt(i);
        if (c < 0x20 || c > 0x7e) {
          throw new IllegalArgumentException("id must be printable ASCII: \"" + id.replaceAll("[^\\x20-\\x7e]", "?")
              + "\" has character " + (int) c + " at " + i);
        }
      }
      this.id = id;
      return this;
    }

    /**
     * How long clients may keep it: its {@code Cache-Control: max-age}. A client drops a dictionary
     * that is no longer fresh in its cache and fetches it again. Default 1 day; 1 second to 1 year.
     *
     * @param maxAge how long; fractions of a second are dropped
     * @return this builder
     * @throws IllegalArgumentException outside that range
     */
    public Builder maxAge(Duration maxAge) {
      Objects.requireNonNull(maxAge, "maxAge must not be null");
      long seconds = maxAge.toSeconds();
      if (seconds < 1 || seconds > Duration.ofDays(365).toSeconds()) {
        throw new IllegalArgumentException("maxAge must be in [1s, 365d]: " + maxAge);
      }
      this.maxAgeSeconds = seconds;
      return this;
    }

    /**
     * Makes the dictionary; the builder is left as it was.
     *
     * @return an immutable, thread-safe dictionary
     * @throws IllegalStateException if no {@link #match(String)} was given
     */
    public HttpDictionary build() {
      if (match == null) {
        throw new IllegalStateException("an HTTP dictionary needs a match: the URL pattern of the responses it "
            + "compresses, such as /api/*");
      }
      return new HttpDictionary(this);
    }
  }
}
