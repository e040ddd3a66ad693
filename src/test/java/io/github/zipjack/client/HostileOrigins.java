package io.github.zipjack.client;

import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDictCompress;
import com.github.luben.zstd.ZstdDictContentType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * Two origins on loopback (two ports of 127.0.0.1, so two origins to a client) that tests fill with
 * hostile answers: dictionaries with patterns that backtrack, freshness past any date, a body from
 * the other origin behind a redirect, dcz made with another origin's dictionary, bombs behind
 * {@code Link} headers. The answers themselves are made here, so that the JDK client's and the
 * Spring interceptor's suites send the same ones.
 */
public final class HostileOrigins implements AutoCloseable {
  /** Ten wildcards, within the pattern limits: a backtracking regular expression tries about 10^13 splits of 60 characters. */
  public static final String BACKTRACKING_MATCH = "/{*}{*}{*}{*}{*}{*}{*}{*}{*}{*}~";
  /** A {@code max-age} past what an {@code Instant} can hold. */
  public static final String MAX_AGE_PAST_ANY_INSTANT = "max-age=99999999999999999";
  /** {@code Use-As-Dictionary} values no dictionary may come of, each with a fresh {@code Cache-Control}. */
  public static final String[] MALFORMED_USE_AS_DICTIONARY = {
    "match=\"/unterminated*", "match=/not-a-string", "match=\"\"", "match=\"/a\", type=compressed",
    "match=\"/a\", match-dest=(\"document\")", "match=\"(?:regexp)\"", "MATCH=\"/upper-case-key\"",
    "match=\"/a\", id=\"" + "x".repeat(1025) + "\"", "match=\"/a\";;;,,,=", "=\"/no-key\"",
    "match=\"//other.example/*\"", "match=\"https://other.example/*\"", "match=\"\\\"", ",",
    "match=\"/" + "{".repeat(500) + "\""};

  /** RFC 9842: a dcz body starts with this skippable-frame header, then the dictionary's SHA-256. */
  static final byte[] DCZ_MAGIC = {0x5e, 0x2a, 0x4d, 0x18, 0x20, 0x00, 0x00, 0x00};

  public final StoredAnswerServer a;
  public final StoredAnswerServer b;

  public HostileOrigins() throws IOException {
    a = new StoredAnswerServer();
    try {
      b = new StoredAnswerServer();
    } catch (IOException | RuntimeException e) {
      a.close();
      throw e;
    }
  }

  /** A 200 answer marked {@code Use-As-Dictionary: match="…"} (plus {@code extra}), fresh as {@code cacheControl} says. */
  public static StoredAnswerServer.Answer dictionary(String useAsDictionary, String cacheControl, byte[] content) {
    return answer(content, "Use-As-Dictionary", useAsDictionary, "Cache-Control", cacheControl);
  }

  /** A 200 answer of {@code content} (as text) with these header names and values. */
  public static StoredAnswerServer.Answer answer(byte[] content, String... headers) {
    Map<String, String> map = new LinkedHashMap<>();
    map.put("Content-Type", "text/plain");
    for (int i = 0; i < headers.length; i += 2) {
      map.put(headers[i], headers[i + 1]);
    }
    return new StoredAnswerServer.Answer(200, map, content);
  }

  /** A 302 to {@code location}. */
  public static StoredAnswerServer.Answer redirect(URI location) {
    return new StoredAnswerServer.Answer(302, Map.of("Location", location.toString()), new byte[0]);
  }

  /** The dcz body of {@code body} made with {@code dictionary} (raw content), its header naming that dictionary. */
  public static byte[] dcz(byte[] body, byte[] dictionary) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(DCZ_MAGIC);
    out.write(sha256(dictionary));
    try (ZstdDictCompress raw = new ZstdDictCompress(dictionary, 3, ZstdDictContentType.RAW_CONTENT);
        ZstdCompressCtx ctx = new ZstdCompressCtx()) {
      out.write(ctx.setLevel(3).loadDict(raw).compress(body));
    }
    return out.toByteArray();
  }

  /** {@return the SHA-256 of {@code content}, as a dcz header names a dictionary} */
  public static byte[] sha256(byte[] content) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(content);
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }

  /** Some dictionary content, told apart by {@code name}. */
  public static byte[] dictionaryContent(String name) {
    return ("{\"dictionary\":\"" + name + "\",\"filler\":\"" + "abcdefgh".repeat(64) + "\"}")
        .getBytes(StandardCharsets.UTF_8);
  }

  /** A path of {@code length} characters that none of the patterns here match. */
  public static String longPath(int length) {
    return "/" + "a".repeat(length - 1);
  }

  /** Waits up to {@code timeout} for {@code condition}; false if it never held. */
  public static boolean await(BooleanSupplier condition, Duration timeout) throws InterruptedException {
    long end = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > end) {
        return false;
      }
      Thread.sleep(10);
    }
    return true;
  }

  @Override
  public void close() {
    a.close();
    b.close();
  }
}
