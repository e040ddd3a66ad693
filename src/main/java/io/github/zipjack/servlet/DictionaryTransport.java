package io.github.zipjack.servlet;

import io.github.zipjack.http.EntityTags;
import io.github.zipjack.codec.CompressionEngine;
import io.github.zipjack.codec.DictionaryEngine;
import io.github.zipjack.codec.Encoder;
import io.github.zipjack.codec.EngineConfig;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * RFC 9842 Compression Dictionary Transport for the filter and {@link CompressedResponses}: serves
 * each {@link HttpDictionary} at {@code <context path><prefix>/<first 16 hex digits of its SHA-256>}
 * and chooses {@code dcz} or {@code dcb} for requests that may use one. Thread-safe after
 * construction; it owns a {@link DictionaryEngine} per dictionary and coding and closes them in
 * {@link #close()}.
 *
 * <p>Serving a dictionary: GET or HEAD (else 405), its bytes compressed at start-up in each coding
 * offered (identity where that is not smaller) and sent in the coding negotiated, with
 * {@code Use-As-Dictionary}, {@code Cache-Control: public, max-age}, a strong ETag (with the coding
 * suffix), {@code Vary: Accept-Encoding} and the exact Content-Length; {@code If-None-Match} naming
 * it gives 304.
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
 */
final class DictionaryTransport implements AutoCloseable {
  /** The Content-Type of a dictionary: raw bytes. */
  static final String CONTENT_TYPE = "application/octet-stream";
  /** Longest Available-Dictionary value looked at: a 32-byte hash is 46 characters as a byte sequence. */
  private static final int MAX_AVAILABLE_DICTIONARY_LENGTH = 128;
  /** What a choice reads under a dictionary's match, as Vary lists; made once. */
  private static final List<String> VARY = List.of("Accept-Encoding", "Available-Dictionary");
  private static final List<String> VARY_SITE = List.of("Accept-Encoding", "Available-Dictionary", "Sec-Fetch-Site");
  private static final List<String> VARY_CROSS_SITE = List.of("Accept-Encoding", "Available-Dictionary",
      "Sec-Fetch-Site", "Sec-Fetch-Mode");

  /** One dictionary, its engines and what serving it sends. */
  static final class Served {
    final HttpDictionary dictionary;
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

    Served(HttpDictionary dictionary, Map<String, DictionaryEngine> engines, String path, Map<String, byte[]> bodies,
        Map<String, String> sentCodings) {
      this.dictionary = dictionary;
      this.engines = engines;
      this.path = path;
      this.entityTag = "\"d-" + dictionary.shortHash() + "\"";
      this.rootLink = "<" + path + ">; rel=\"compression-dictionary\"";
      Map<String, String> suffixes = new HashMap<>();
      engines.keySet().forEach(coding -> suffixes.put(coding, coding + "-" + dictionary.shortHash()));
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
  record Choice(DictionaryEngine engine, String entityTagSuffix, String corsOrigin, List<String> varyTokens,
      String link) {
    /** The request may not use a dictionary; only the Vary tokens of the plain negotiation. */
    static final Choice NONE = new Choice(null, null, null, List.of("Accept-Encoding"), null);

    /**
     * Whether the response may be sent in dcz: always, unless the choice waits for the response's
     * {@code Access-Control-Allow-Origin} to allow the request's Origin.
     */
    boolean allows(HttpServletResponse response) {
      if (engine == null) {
        return false;
      }
      if (corsOrigin == null) {
        return true;
      }
      String allowed = response.getHeader("Access-Control-Allow-Origin");
      return allowed != null && (allowed.trim().equals("*") || allowed.trim().equals(corsOrigin));
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
        Served s;
        try {
          DictionaryEngine zstd = DictionaryEngine.dcz(dcz, d.content(), d.sha256Bytes());
          engines.put("dcz", zstd);
          if (dcb != null) {
            DictionaryEngine brotli = DictionaryEngine.dcb(dcb, d.content(), d.sha256Bytes());
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
          bodies.put("identity", d.content());
          sent.put("identity", "identity");
          for (Map.Entry<String, CompressionEngine> c : codings.entrySet()) {
            byte[] compressed = compress(c.getValue(), d.content());
            boolean shrinks = compressed.length < d.content().length;
            bodies.put(c.getKey(), shrinks ? compressed : d.content());
            sent.put(c.getKey(), shrinks ? c.getKey() : "identity");
          }
          s = new Served(d, Collections.unmodifiableMap(engines), pathPrefix + "/" + d.shortHash(),
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
   * Whether dcb goes before dcz when a client weighs them equally: when brotli comes before zstd in
   * {@code preference} (the codings offered, most preferred first), or zstd is not offered.
   */
  static boolean prefersDcb(List<String> preference) {
    int br = preference.indexOf("br");
    int zstd = preference.indexOf("zstd");
    return br >= 0 && (zstd < 0 || br < zstd);
  }

  private static byte[] compress(CompressionEngine engine, byte[] bytes) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length / 2 + 64);
    try (Encoder e = engine.open(out)) {
      e.stream().write(bytes);
      e.finish();
    }
    return out.toByteArray();
  }

  /** The engines of {@code coding} ({@code dcz}, {@code dcb}), one per dictionary, in configuration order; maybe empty. */
  List<DictionaryEngine> engines(String coding) {
    List<DictionaryEngine> engines = new ArrayList<>(served.size());
    for (Served s : served) {
      DictionaryEngine e = s.engines.get(coding);
      if (e != null) {
        engines.add(e);
      }
    }
    return engines;
  }

  /** Every engine, all dictionaries and codings. */
  List<DictionaryEngine> engines() {
    List<DictionaryEngine> engines = new ArrayList<>();
    served.forEach(s -> engines.addAll(s.engines.values()));
    return engines;
  }

  /** The ETag suffixes of dictionary-compressed bodies, one per dictionary and coding. */
  List<String> entityTagSuffixes() {
    List<String> suffixes = new ArrayList<>();
    served.forEach(s -> s.engines.keySet().forEach(coding -> suffixes.add(s.entityTagSuffix(coding))));
    return suffixes;
  }

  /** The path prefix below the context path. */
  String pathPrefix() {
    return pathPrefix;
  }

  /** What is served at {@code pathInContext} (the request URI without the context path), or null. */
  Served servedAt(String pathInContext) {
    return pathInContext.startsWith(pathPrefix) ? byPath.get(pathInContext) : null;
  }

  /**
   * Answers a request for a dictionary: 405 for other methods, 406 when no coding is acceptable,
   * 304 when If-None-Match names it, else its bytes in the coding negotiated among {@code preference}.
   * Tells {@code listener} (when not null) what was sent: {@code DICTIONARY_SERVED},
   * {@code DICTIONARY_NOT_MODIFIED}, or {@code SENT_BY_CONTAINER} for the errors.
   */
  void serve(Served s, HttpServletRequest request, HttpServletResponse response, List<String> preference,
      CompressionListener listener) throws IOException {
    String method = request.getMethod();
    if (!method.equals("GET") && !method.equals("HEAD")) {
      response.setHeader("Allow", "GET, HEAD");
      response.sendError(HttpServletResponse.SC_METHOD_NOT_ALLOWED);
      report(listener, "identity", CompressionListener.Outcome.SENT_BY_CONTAINER, -1, -1);
      return;
    }
    response.setHeader("Vary", "Accept-Encoding");
    Optional<String> coding = AcceptEncoding.parse(CompressedResponses.acceptEncoding(request)).choose(preference);
    if (coding.isEmpty() || !s.bodies.containsKey(coding.get())) {
      response.sendError(HttpServletResponse.SC_NOT_ACCEPTABLE);
      report(listener, "identity", CompressionListener.Outcome.SENT_BY_CONTAINER, -1, -1);
      return;
    }
    String sent = s.sentCodings.get(coding.get());
    String entityTag = sent.equals("identity") ? s.entityTag : EntityTags.withSuffix(s.entityTag, sent);
    response.setHeader("ETag", entityTag);
    response.setHeader("Cache-Control", "public, max-age=" + s.dictionary.maxAgeSeconds());
    response.setHeader("Use-As-Dictionary", s.dictionary.useAsDictionary());
    int dictionaryBytes = s.bodies.get("identity").length;
    if (namesTag(request, s.entityTag)) {
      response.setStatus(HttpServletResponse.SC_NOT_MODIFIED);
      report(listener, "identity", CompressionListener.Outcome.DICTIONARY_NOT_MODIFIED, dictionaryBytes, 0);
      return;
    }
    byte[] body = s.bodies.get(coding.get());
    response.setContentType(CONTENT_TYPE);
    if (!sent.equals("identity")) {
      response.setHeader("Content-Encoding", sent);
    }
    response.setContentLength(body.length);
    boolean get = method.equals("GET");
    if (get) {
      response.getOutputStream().write(body);
    }
    report(listener, sent, CompressionListener.Outcome.DICTIONARY_SERVED, dictionaryBytes, get ? body.length : 0);
  }

  /** Tells {@code listener}, when there is one, of a dictionary request; what it throws is dropped. */
  private static void report(CompressionListener listener, String coding, CompressionListener.Outcome outcome,
      long bodyBytes, long sentBytes) {
    if (listener == null) {
      return;
    }
    try {
      listener.onResponse(coding, outcome, bodyBytes, sentBytes, 0);
    } catch (RuntimeException ignored) {
      // a listener's failure must not reach the client; see CompressionListener
    }
  }

  /** Whether If-None-Match is {@code *} or names {@code bareTag} with or without a coding suffix. */
  private static boolean namesTag(HttpServletRequest request, String bareTag) {
    String bare = bareTag.substring(0, bareTag.length() - 1);
    for (java.util.Enumeration<String> lines = request.getHeaders("If-None-Match"); lines != null
        && lines.hasMoreElements(); ) {
      for (String tag : lines.nextElement().split(",")) {
        String t = tag.trim();
        if (t.startsWith("W/")) {
          t = t.substring(2);
        }
        if (t.equals("*") || t.equals(bareTag) || (t.startsWith(bare + "-") && t.endsWith("\""))) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * What this request may be answered with: a dictionary coding when every rule allows it, the
   * Vary tokens the choice read, and the Link to the first dictionary whose match covers the URL
   * unless the client holds that one. One pass over the dictionaries.
   *
   * @param plainCoding the coding the plain negotiation chose
   */
  Choice choose(HttpServletRequest request, AcceptEncoding acceptEncoding, String plainCoding) {
    String uri = request.getRequestURI();
    String query = request.getQueryString();
    String availableDictionary = request.getHeader("Available-Dictionary");
    String hash = availableDictionary == null || availableDictionary.length() > MAX_AVAILABLE_DICTIONARY_LENGTH
        ? null : availableDictionary.trim();
    Served first = null;
    Served held = null;
    for (Served s : served) {
      boolean isHeld = s.dictionary.availableDictionary().equals(hash);
      if ((first == null || (isHeld && held == null)) && s.dictionary.matcher().matches(uri, query)) {
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
    String link = first == held ? null : first.link(request.getContextPath());
    DictionaryEngine engine = held == null ? null : engineFor(held, acceptEncoding, plainCoding);
    if (engine == null) {
      return new Choice(null, null, null, VARY, link);
    }
    String suffix = held.entityTagSuffix(engine.contentEncoding());
    String site = request.getHeader("Sec-Fetch-Site");
    if (site == null || site.equals("same-origin") || site.equals("none")) {
      return new Choice(engine, suffix, null, site == null ? VARY : VARY_SITE, link);
    }
    String mode = request.getHeader("Sec-Fetch-Mode");
    if ("navigate".equals(mode) || "same-origin".equals(mode)) {
      return new Choice(engine, suffix, null, VARY_CROSS_SITE, link);
    }
    String origin = request.getHeader("Origin");
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
    List<String> paths = new ArrayList<>();
    served.forEach(s -> paths.add(s.path + " for " + s.dictionary.match()));
    return "DictionaryTransport" + paths;
  }
}
