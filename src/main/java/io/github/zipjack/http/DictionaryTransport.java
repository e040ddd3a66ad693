package io.github.zipjack.http;

import io.github.zipjack.Compression;
import io.github.zipjack.buffer.Segment;
import io.github.zipjack.codec.CompressionEngine;
import io.github.zipjack.codec.DictionaryEngine;
import io.github.zipjack.codec.Encoder;
import io.github.zipjack.codec.EngineConfig;
import io.github.zipjack.codec.Parallelism;
import io.github.zipjack.servlet.AcceptEncoding;
import io.github.zipjack.servlet.CompressionSettings;
import io.github.zipjack.servlet.HttpDictionary;
import io.github.zipjack.urlpattern.UrlPattern;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * RFC 9842 Compression Dictionary Transport, as both stacks speak it: serves each
 * {@link HttpDictionary} at {@code <context path><prefix>/<first 16 hex digits of its SHA-256>}
 * ({@link #servedAt}, {@link #answer}) and chooses {@code dcz} or {@code dcb} for requests that may
 * use one ({@link #choose}). The servlet filter, {@code CompressedResponses} and the WebFlux writer
 * and filter apply what it decides to their own requests and responses. Thread-safe after
 * construction; it owns a {@link DictionaryEngine} per dictionary and coding and closes them in
 * {@link #close()}.
 *
 * <p>Serving a dictionary: GET or HEAD (else 405), its bytes compressed at start-up in each coding
 * offered (identity where that is not smaller) and sent in the coding negotiated, with
 * {@code Use-As-Dictionary}, {@code Cache-Control: public, max-age}, a strong ETag (with the coding
 * suffix), {@code Vary: Accept-Encoding} and the exact Content-Length; {@code If-None-Match} naming
 * it gives 304. See {@link DictionaryAnswer}.
 *
 * <p>Choosing {@code dcz} or {@code dcb} ({@link #choose}): the request's Accept-Encoding names the
 * coding itself with a weight above 0 and at least that of the coding otherwise chosen ({@code *}
 * does not count; the higher weight of the two wins, then the server's order of preference);
 * its {@code Available-Dictionary} is exactly the hash of a dictionary whose match covers the URL;
 * and RFC 9842's rule on cross-site requests allows it: {@code Sec-Fetch-Site} absent,
 * {@code same-origin} or {@code none}, or {@code Sec-Fetch-Mode} {@code navigate} or
 * {@code same-origin}, or {@code cors} when the response allows the request's Origin
 * ({@code Access-Control-Allow-Origin}, checked when the body is sent). Anything else, a malformed
 * or unknown header included, leaves the plain negotiation alone.
 *
 * <p>Not part of zipjack's API: the package is not exported.
 */
public final class DictionaryTransport implements AutoCloseable {
  /** Longest Available-Dictionary value looked at: a 32-byte hash is 46 characters as a byte sequence. */
  private static final int MAX_AVAILABLE_DICTIONARY_LENGTH = 128;
  /** What a choice reads under a dictionary's match, as Vary lists; made once. */
  private static final List<String> VARY = List.of("Accept-Encoding", "Available-Dictionary");
  private static final List<String> VARY_SITE = List.of("Accept-Encoding", "Available-Dictionary", "Sec-Fetch-Site");
  private static final List<String> VARY_CROSS_SITE = List.of("Accept-Encoding", "Available-Dictionary",
      "Sec-Fetch-Site", "Sec-Fetch-Mode");

  /** One dictionary, its engines and what serving it sends. Only this package reads it. */
  public static final class Served {
    /** The dictionary's bytes, as served; never changed. */
    final byte[] content;
    /** {@code :<base64 SHA-256>:}, as clients send it in Available-Dictionary. */
    final String availableDictionary;
    final UrlPattern matcher;
    final String useAsDictionary;
    final long maxAgeSeconds;
    /** Coding ({@code dcz}, {@code dcb}) to its engine, in the server's order of preference. */
    final Map<String, DictionaryEngine> engines;
    /** Its path below the context path. */
    final String path;
    /** The strong ETag of its identity bytes. */
    final String entityTag;
    /** Its Link value for an application at the root context. */
    final String rootLink;
    /** Coding ({@code dcz}, {@code dcb}) to the ETag suffix of its bodies: {@code dcz-<hash>}, unique per dictionary. */
    private final Map<String, String> entityTagSuffixes;
    /** Coding (identity included) to the bytes sent in it; identity where compressing did not shrink. */
    final Map<String, byte[]> bodies;
    /** Coding to the coding actually sent for it (identity where compressing did not shrink). */
    final Map<String, String> sentCodings;

    private Served(HttpDictionary dictionary, byte[] content, String shortHash, Map<String, DictionaryEngine> engines,
        String path, Map<String, byte[]> bodies, Map<String, String> sentCodings) {
      this.content = content;
      this.availableDictionary = dictionary.availableDictionary();
      this.matcher = UrlPattern.parse(dictionary.match());
      this.useAsDictionary = DictionaryAnswer.useAsDictionary(dictionary.match(), dictionary.matchDest(),
          dictionary.id());
      this.maxAgeSeconds = dictionary.maxAgeSeconds();
      this.engines = engines;
      this.path = path;
      this.entityTag = "\"d-" + shortHash + "\"";
      this.rootLink = "<" + path + ">; rel=\"compression-dictionary\"";
      Map<String, String> suffixes = new HashMap<>();
      engines.keySet().forEach(coding -> suffixes.put(coding, coding + "-" + shortHash));
      this.entityTagSuffixes = Map.copyOf(suffixes);
      this.bodies = bodies;
      this.sentCodings = sentCodings;
    }

    /** {@code <contextPath/path>; rel="compression-dictionary"}. */
    String link(String contextPath) {
      return contextPath.isEmpty() ? rootLink : "<" + contextPath + path + ">; rel=\"compression-dictionary\"";
    }

    /** The ETag suffix of bodies in {@code coding} with this dictionary: {@code dcz-<hash>}. */
    String entityTagSuffix(String coding) {
      return entityTagSuffixes.get(coding);
    }

    void close() {
      engines.values().forEach(DictionaryEngine::close);
    }

    @Override
    public String toString() {
      return path + " for " + matcher;
    }
  }

  /**
   * What the negotiation chose for one request; immutable.
   *
   * @param engine the dictionary coding's engine, or null for the plain negotiation
   * @param entityTagSuffix the ETag suffix of {@code engine}'s bodies, or null
   * @param corsOrigin the Origin the response must allow for {@code engine} to be used, or null
   * @param varyTokens the request fields the choice read
   * @param link the Link to the dictionary that covers the URL, for a client that lacks it, or null
   */
  public record Choice(DictionaryEngine engine, String entityTagSuffix, String corsOrigin, List<String> varyTokens,
      String link) {
    /** The request may not use a dictionary; only the Vary tokens of the plain negotiation. */
    public static final Choice NONE = new Choice(null, null, null, List.of("Accept-Encoding"), null);

    /**
     * {@return whether the response may be sent in the dictionary's coding: always, unless the
     * choice waits for the response's {@code Access-Control-Allow-Origin} to allow the request's Origin}
     *
     * @param accessControlAllowOrigin the response's Access-Control-Allow-Origin, or null for none
     */
    public boolean allows(String accessControlAllowOrigin) {
      if (engine == null) {
        return false;
      }
      if (corsOrigin == null) {
        return true;
      }
      String allowed = accessControlAllowOrigin == null ? null : accessControlAllowOrigin.trim();
      return allowed != null && (allowed.equals("*") || allowed.equals(corsOrigin));
    }
  }

  private final List<Served> served;
  /** Path below the context path to what is served there. */
  private final Map<String, Served> byPath;
  private final String pathPrefix;

  /**
   * Loads each dictionary into a dcz engine (and a dcb one) and compresses its bytes in each of
   * {@code codings}.
   *
   * @param dcb the settings of the dcb engines, or null to offer dcz only
   * @param dcbFirst whether dcb is preferred to dcz when the client weighs them equally
   * @param codings the engines that compress the dictionaries' own bodies, by coding, not closed here
   */
  DictionaryTransport(List<HttpDictionary> dictionaries, String pathPrefix, EngineConfig dcz, EngineConfig dcb,
      boolean dcbFirst, Map<String, CompressionEngine> codings) {
    this.pathPrefix = pathPrefix;
    List<Served> made = new ArrayList<>();
    Map<String, Served> paths = new HashMap<>();
    try {
      for (HttpDictionary d : dictionaries) {
        Map<String, DictionaryEngine> engines = new LinkedHashMap<>();
        byte[] content = d.toByteArray();
        byte[] sha256 = d.sha256();
        Served s;
        try {
          DictionaryEngine zstd = DictionaryEngine.dcz(dcz, content, sha256);
          engines.put("dcz", zstd);
          if (dcb != null) {
            DictionaryEngine brotli = DictionaryEngine.dcb(dcb, content, sha256);
            if (dcbFirst) {
              engines.remove("dcz");
              engines.put("dcb", brotli);
              engines.put("dcz", zstd);
            } else {
              engines.put("dcb", brotli);
            }
          }
          Map<String, byte[]> bodies = new LinkedHashMap<>();
          Map<String, String> sent = new HashMap<>();
          bodies.put("identity", content);
          sent.put("identity", "identity");
          for (Map.Entry<String, CompressionEngine> c : codings.entrySet()) {
            byte[] compressed = compress(c.getValue(), content);
            boolean shrinks = compressed.length < content.length;
            bodies.put(c.getKey(), shrinks ? compressed : content);
            sent.put(c.getKey(), shrinks ? c.getKey() : "identity");
          }
          String shortHash = shortHash(sha256);
          s = new Served(d, content, shortHash, Collections.unmodifiableMap(engines), pathPrefix + "/" + shortHash,
              Collections.unmodifiableMap(bodies), Collections.unmodifiableMap(sent));
        } catch (IOException | RuntimeException | LinkageError e) {
          engines.values().forEach(DictionaryEngine::close);
          throw e;
        }
        made.add(s);
        if (paths.putIfAbsent(s.path, s) != null) {
          throw new IllegalArgumentException("the same dictionary bytes are configured twice: " + d);
        }
      }
    } catch (IOException | RuntimeException | LinkageError e) {
      made.forEach(Served::close);
      if (e instanceof LinkageError linkage) {
        throw linkage;
      }
      throw e instanceof IOException io ? new IllegalStateException("could not compress a dictionary: " + io, io)
          : (RuntimeException) e;
    }
    this.served = List.copyOf(made);
    this.byPath = Map.copyOf(paths);
  }

  /**
   * The transport of {@code settings}' dictionaries, served under its dictionary path: for dcz at
   * the level of the zstd coding among {@code codings} (1 without one), and for dcb, when
   * {@code preference} offers br, at the brotli coding's quality but at least 5; dcb is preferred
   * when br comes before zstd in {@code preference}. Each engine keeps the settings' pool size,
   * request limit and compression threads.
   *
   * @param settings the dictionaries, their path, and the engines' settings
   * @param codings the codings offered, whose levels the dictionary engines follow
   * @param preference the codings offered, most preferred first
   * @param bodyCodings the engines that compress the dictionaries' own bodies, by coding, not closed
   *     here; empty to serve them as they are
   * @return a transport the caller closes
   * @throws IllegalArgumentException if the same dictionary bytes are given twice
   * @throws IllegalStateException if zstd-jni cannot load, or a dictionary cannot be compressed
   */
  public static DictionaryTransport of(CompressionSettings settings, List<Compression> codings,
      List<String> preference, Map<String, CompressionEngine> bodyCodings) {
    try {
      return new DictionaryTransport(settings.dictionaries(), settings.dictionaryPath(),
          engineConfig(codings, "zstd", 1, settings),
          preference.contains("br") ? engineConfig(codings, "br", 5, settings) : null,
          prefersDcb(preference), bodyCodings);
    } catch (LinkageError e) {
      throw new IllegalStateException("dictionaries need zstd-jni (com.github.luben:zstd-jni) on the class path: "
          + e, e);
    }
  }

  /**
   * The engine settings of the dictionary engines of {@code coding} ({@code zstd} for dcz, {@code br}
   * for dcb): the level of that coding among {@code codings}, at least {@code minLevel}
   * ({@code minLevel} when it is not offered), and the settings' pool size, request limit and threads.
   */
  private static EngineConfig engineConfig(List<Compression> codings, String coding, int minLevel,
      CompressionSettings settings) {
    int level = minLevel;
    for (Compression c : codings) {
      if (c.contentEncoding().equals(coding)) {
        level = Math.max(minLevel, c.level());
      }
    }
    return new EngineConfig(level, Segment.SIZE, Segment.SIZE, settings.encoderPoolSize(), null,
        settings.maxInflatedRequestBytes(),
        Parallelism.shared(settings.compressionThreads(), settings.parallelThresholdBytes()));
  }

  /**
   * Whether dcb goes before dcz when a client weighs them equally: when brotli comes before zstd in
   * {@code preference} (the codings offered, most preferred first), or zstd is not offered.
   */
  static boolean prefersDcb(List<String> preference) {
    int br = preference.indexOf("br");
    int zstd = preference.indexOf("zstd");
    return br >= 0 && (zstd < 0 || br < zstd);
  }

  /**
   * {@return a dictionary's name in its URL and ETags: the first 8 bytes of its SHA-256 in hex}
   *
   * @param sha256 the dictionary's SHA-256, 32 bytes
   */
  public static String shortHash(byte[] sha256) {
    return HexFormat.of().formatHex(sha256, 0, 8);
  }

  private static byte[] compress(CompressionEngine engine, byte[] bytes) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length / 2 + 64);
    try (Encoder e = engine.open(out)) {
      e.stream().write(bytes);
      e.finish();
    }
    return out.toByteArray();
  }

  /**
   * {@return the engines of {@code coding} ({@code dcz}, {@code dcb}), one per dictionary, in
   * configuration order; maybe empty}
   *
   * @param coding {@code dcz} or {@code dcb}
   */
  public List<DictionaryEngine> engines(String coding) {
    List<DictionaryEngine> engines = new ArrayList<>(served.size());
    for (Served s : served) {
      DictionaryEngine e = s.engines.get(coding);
      if (e != null) {
        engines.add(e);
      }
    }
    return engines;
  }

  /** {@return every engine, all dictionaries and codings} */
  public List<DictionaryEngine> engines() {
    List<DictionaryEngine> engines = new ArrayList<>();
    served.forEach(s -> engines.addAll(s.engines.values()));
    return engines;
  }

  /** {@return the ETag suffixes of dictionary-compressed bodies, one per dictionary and coding} */
  public List<String> entityTagSuffixes() {
    List<String> suffixes = new ArrayList<>();
    served.forEach(s -> s.engines.keySet().forEach(coding -> suffixes.add(s.entityTagSuffix(coding))));
    return suffixes;
  }

  /**
   * {@return what is served at {@code pathInContext}, or null}
   *
   * @param pathInContext the request's path without the context path
   */
  public Served servedAt(String pathInContext) {
    return pathInContext.startsWith(pathPrefix) ? byPath.get(pathInContext) : null;
  }

  /**
   * Answers a request for a dictionary: 405 for other methods than GET and HEAD, 406 when no coding
   * among {@code preference} is acceptable, 304 when If-None-Match names it, else its bytes in the
   * coding negotiated.
   *
   * @param s what {@link #servedAt} found at the request's path
   * @param method the request's method
   * @param acceptEncoding the request's Accept-Encoding lines joined, or null without any
   * @param ifNoneMatch the request's If-None-Match lines, or null without any
   * @param preference the codings offered for the dictionary's body, most preferred first
   * @return what to send
   */
  public DictionaryAnswer answer(Served s, String method, String acceptEncoding, List<String> ifNoneMatch,
      List<String> preference) {
    return DictionaryAnswer.of(s, method, acceptEncoding, ifNoneMatch, preference);
  }

  /**
   * What a request may be answered with: a dictionary coding when every rule allows it, the Vary
   * tokens the choice read, and the Link to the first dictionary whose match covers the URL unless
   * the client holds that one. One pass over the dictionaries.
   *
   * @param path the request's raw path, context path included
   * @param query the request's raw query, or null without one
   * @param contextPath the application's context path, empty at the root
   * @param header the first value of a request header by name, or null when absent
   * @param acceptEncoding the request's parsed Accept-Encoding
   * @param plainCoding the coding the plain negotiation chose
   * @return the choice, {@link Choice#NONE} when no dictionary covers the URL
   */
  public Choice choose(String path, String query, String contextPath, UnaryOperator<String> header,
      AcceptEncoding acceptEncoding, String plainCoding) {
    String availableDictionary = header.apply("Available-Dictionary");
    String hash = availableDictionary == null || availableDictionary.length() > MAX_AVAILABLE_DICTIONARY_LENGTH
        ? null : availableDictionary.trim();
    Served first = null;
    Served held = null;
    for (Served s : served) {
      boolean isHeld = s.availableDictionary.equals(hash);
      if ((first == null || (isHeld && held == null)) && s.matcher.matches(path, query)) {
        if (first == null) {
          first = s;
        }
        if (isHeld) {
          held = s;
        }
      }
    }
    if (first == null) {
      return Choice.NONE;
    }
    String link = first == held ? null : first.link(contextPath);
    DictionaryEngine engine = held == null ? null : engineFor(held, acceptEncoding, plainCoding);
    if (engine == null) {
      return new Choice(null, null, null, VARY, link);
    }
    String suffix = held.entityTagSuffix(engine.contentEncoding());
    String site = header.apply("Sec-Fetch-Site");
    if (site == null || site.equals("same-origin") || site.equals("none")) {
      return new Choice(engine, suffix, null, site == null ? VARY : VARY_SITE, link);
    }
    String mode = header.apply("Sec-Fetch-Mode");
    if ("navigate".equals(mode) || "same-origin".equals(mode)) {
      return new Choice(engine, suffix, null, VARY_CROSS_SITE, link);
    }
    String origin = header.apply("Origin");
    if ("cors".equals(mode) && origin != null) {
      return new Choice(engine, suffix, origin.trim(), VARY_CROSS_SITE, link);
    }
    return new Choice(null, null, null, VARY_CROSS_SITE, link);
  }

  /**
   * The dictionary coding the client named itself with the highest weight above 0 and at least the
   * plain coding's, ties going by the server's order; null when none qualifies.
   */
  private static DictionaryEngine engineFor(Served held, AcceptEncoding acceptEncoding, String plainCoding) {
    DictionaryEngine best = null;
    double bestWeight = 0;
    List<String> named = acceptEncoding.acceptedCodings();
    double plainWeight = acceptEncoding.quality(plainCoding);
    for (Map.Entry<String, DictionaryEngine> e : held.engines.entrySet()) {
      double weight = acceptEncoding.quality(e.getKey());
      if (named.contains(e.getKey()) && weight >= plainWeight && weight > bestWeight) {
        best = e.getValue();
        bestWeight = weight;
      }
    }
    return best;
  }

  /** Closes the engines. Idempotent. */
  @Override
  public void close() {
    served.forEach(Served::close);
  }

  @Override
  public String toString() {
    return "DictionaryTransport" + served;
  }
}
