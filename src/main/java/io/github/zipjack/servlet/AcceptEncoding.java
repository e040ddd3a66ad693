package io.github.zipjack.servlet;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A parsed {@code Accept-Encoding} request header (RFC 9110 §12.5.3) and the choice of the content
 * coding to send. Immutable and thread-safe.
 *
 * <p>Rules, in the order they apply:
 * <ul>
 *   <li>No header, or an empty one: the client asked for nothing, so {@link #choose} gives
 *       {@code identity}. (The RFC allows any coding when the header is absent; sending a coding
 *       the client never mentioned breaks old clients and proxies, so zipjack does not.)
 *   <li>Tokens are case-insensitive; {@code x-gzip} means {@code gzip} (RFC 9110 §8.4.1.3).
 *       Whitespace around elements, {@code ;} and {@code =} is ignored, as are empty list elements
 *       and parameters other than {@code q}.
 *   <li>{@code q} is a weight in [0, 1] with at most three decimals ({@code 0}, {@code 0.5},
 *       {@code 1.000}); without one the weight is 1; {@code q=0} refuses the coding. An element whose
 *       {@code q} is malformed ({@code q=abc}, {@code q=1.5}, {@code q=.5}, {@code q=}) is ignored, as
 *       if it were not there. When a coding is listed twice, the lower weight wins (a refusal is
 *       never overruled by a repetition).
 *   <li>{@code *} gives its weight to every coding not listed by name.
 *   <li>{@code identity} is acceptable unless refused by {@code identity;q=0}, or by {@code *;q=0}
 *       when identity is not listed by name. Named with a weight, it competes with the other
 *       codings; not named, it is only the fallback, chosen when no offered coding is acceptable.
 * </ul>
 * {@link #choose} takes the offered coding with the highest client weight; equal weights go by the
 * server's order of preference.
 */
public final class AcceptEncoding {
  private static final String IDENTITY = "identity";
  private static final String ANY = "*";
  /** Weights are kept in thousandths: 1000 is q=1. */
  private static final int MAX_WEIGHT = 1000;
  private static final AcceptEncoding ABSENT = new AcceptEncoding(null, Collections.emptyMap());
  /**
   * Header values already parsed: clients send few distinct ones, so most requests find theirs here
   * and allocate nothing. Cleared when full, so values nobody sends again cannot keep it full.
   */
  private static final Map<String, AcceptEncoding> PARSED = new ConcurrentHashMap<>();
  /** Most header values {@link #PARSED} holds. */
  private static final int MAX_PARSED = 128;
  /** Longest header value (chars) {@link #PARSED} holds; longer ones are parsed on each request. */
  private static final int MAX_PARSED_LENGTH = 200;

  /** The header as given, or null when absent or blank. */
  private final String header;
  /** Lower-case coding (or {@code *}) to its weight in thousandths; insertion order is the header's. */
  private final Map<String, Integer> weights;

  private AcceptEncoding(String header, Map<String, Integer> weights) {
    this.header = header;
    this.weights = weights;
  }

  /**
   * Parses the value of an {@code Accept-Encoding} header. Never fails: what cannot be understood is
   * ignored, as described in the class doc.
   *
   * @param header the header's value (several headers joined with commas), or null when absent
   * @return the parsed header; immutable, and possibly the instance an earlier call with an equal
   *     header returned
   */
  public static AcceptEncoding parse(String header) {
    if (header == null) {
      return ABSENT;
    }
    AcceptEncoding parsed = PARSED.get(header);
    if (parsed == null) {
      parsed = parseWeights(header);
      if (header.length() <= MAX_PARSED_LENGTH) {
        if (PARSED.size() >= MAX_PARSED) {
          PARSED.clear();
        }
        PARSED.put(header, parsed);
      }
    }
    return parsed;
  }

  private static AcceptEncoding parseWeights(String header) {
    if (header.isBlank()) {
      return ABSENT;
    }
    Map<String, Integer> weights = new LinkedHashMap<>();
    for (String element : header.split(",")) {
      String[] parts = element.split(";", -1); // -1: an element of only ";" still has a part 0
      String coding = parts[0].trim().toLowerCase(Locale.ROOT);
      if (coding.isEmpty()) {
        continue;
      }
      if (coding.equals("x-gzip")) {
        coding = "gzip";
      }
      int weight = MAX_WEIGHT;
      for (int i = 1; i < parts.length && weight >= 0; i++) {
        String parameter = parts[i].trim();
        int eq = parameter.indexOf('=');
        String name = (eq < 0 ? parameter : parameter.substring(0, eq)).trim();
        if (name.equalsIgnoreCase("q")) {
          weight = eq < 0 ? -1 : parseWeight(parameter.substring(eq + 1).trim());
        }
      }
      if (weight < 0) {
        continue;
      }
      weights.merge(coding, weight, Math::min);
    }
    return new AcceptEncoding(header, Collections.unmodifiableMap(weights));
  }

  /** A qvalue in thousandths, or -1 if it is not {@code 0[.ddd]} or {@code 1[.000]}. */
  private static int parseWeight(String value) {
    int n = value.length();
    if (n == 0 || n == 2 || n > 5 || (value.charAt(0) != '0' && value.charAt(0) != '1')) {
      return -1;
    }
    if (n > 1 && value.charAt(1) != '.') {
      return -1;
    }
    int thousandths = (value.charAt(0) - '0') * MAX_WEIGHT;
    int scale = 100;
    for (int i = 2; i < n; i++, scale /= 10) {
      char c = value.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      thousandths += (c - '0') * scale;
    }
    return thousandths > MAX_WEIGHT ? -1 : thousandths;
  }

  /** {@return whether the request had no {@code Accept-Encoding} header, or an empty one} */
  public boolean isAbsent() {
    return header == null;
  }

  /**
   * The client's weight for {@code coding} in [0, 1]: its own entry, else that of {@code *}, else 1
   * for {@code identity} and 0 for any other coding. An absent header gives 1 to identity only.
   *
   * @param coding a content-coding token, case-insensitive
   * @return the weight, 0 when the client refuses {@code coding}
   */
  public double quality(String coding) {
    return weight(coding.toLowerCase(Locale.ROOT), false) / (double) MAX_WEIGHT;
  }

  /**
   * {@return whether the client accepts {@code coding}: {@code quality(coding) > 0}}
   *
   * @param coding a content-coding token, case-insensitive
   */
  public boolean accepts(String coding) {
    return quality(coding) > 0;
  }

  /**
   * The content coding to send.
   *
   * @param serverPreference the codings the server can send, most preferred first (tokens such as
   *     {@code zstd}, {@code br}, {@code gzip}; case-insensitive). {@code identity} is always
   *     offered: listed, it takes its place in the order; not listed, it is the last resort
   * @return the offered coding (lower case) with the highest client weight, equal weights going by
   *     {@code serverPreference}; {@code identity} when no offered coding is acceptable but identity
   *     is; empty when nothing acceptable remains (answer 406 Not Acceptable)
   */
  public Optional<String> choose(List<String> serverPreference) {
    String best = null;
    int bestWeight = 0;
    boolean identityListed = false;
    for (String offered : serverPreference) {
      String coding = offered.toLowerCase(Locale.ROOT);
      identityListed |= coding.equals(IDENTITY);
      int weight = weight(coding, true);
      if (weight > bestWeight) {
        best = coding;
        bestWeight = weight;
      }
    }
    if (!identityListed && weight(IDENTITY, true) > bestWeight) {
      best = IDENTITY;
    }
    if (best != null) {
      return Optional.of(best);
    }
    return weight(IDENTITY, false) > 0 ? Optional.of(IDENTITY) : Optional.empty();
  }

  /**
   * The weight in thousandths. With {@code competing}, identity counts only when the client named
   * it (an unnamed identity is the fallback, not a preference).
   */
  private int weight(String coding, boolean competing) {
    Integer own = weights.get(coding);
    if (own != null) {
      return own;
    }
    if (coding.equals(IDENTITY)) {
      if (competing) {
        return 0;
      }
      Integer any = weights.get(ANY);
      return any != null && any == 0 ? 0 : MAX_WEIGHT;
    }
    Integer any = weights.get(ANY);
    return any != null ? any : 0;
  }

  /** {@return the codings the client named with a weight above 0, in the header's order ({@code *} included)} */
  public List<String> acceptedCodings() {
    List<String> accepted = new ArrayList<>();
    weights.forEach((coding, weight) -> {
      if (weight > 0) {
        accepted.add(coding);
      }
    });
    return Collections.unmodifiableList(accepted);
  }

  /** The header as parsed, for logs: {@code AcceptEncoding[gzip=1.0, br=0.5]}, or {@code AcceptEncoding[absent]}. */
  @Override
  public String toString() {
    if (header == null) {
      return "AcceptEncoding[absent]";
    }
    StringBuilder s = new StringBuilder("AcceptEncoding[");
    weights.forEach((coding, weight) -> s.append(s.length() > 15 ? ", " : "").append(coding).append('=')
        .append(weight / (double) MAX_WEIGHT));
    return s.append(']').toString();
  }
}
