package io.github.zipjack.http;

import java.util.Collection;
import java.util.Map;

/**
 * ETags of compressed representations: a strong tag {@code "abc"} becomes {@code "abc-gzip"} (the
 * compressed bytes differ from the identity ones, so a strong validator must differ too), and the
 * suffix is stripped from the tags of conditional request headers so that the application compares
 * its own tags. Weak tags ({@code W/"abc"}) are left alone: they promise only semantic equivalence,
 * which compression keeps. Stateless; shared by the servlet filter and the reactive writer.
 */
public final class EntityTags {
  private EntityTags() {}

  /** {@code "abc"} with {@code gzip} gives {@code "abc-gzip"}; weak or malformed tags come back as they are. */
  public static String withSuffix(String etag, String coding) {
    if (etag == null || !isStrong(etag)) {
      return etag;
    }
    return etag.substring(0, etag.length() - 1) + "-" + coding + "\"";
  }

  private static boolean isStrong(String etag) {
    return etag.length() >= 2 && etag.charAt(0) == '"' && etag.charAt(etag.length() - 1) == '"';
  }

  /**
   * The value of an {@code If-None-Match} or {@code If-Match} header with the coding suffixes
   * removed from its tags ({@code "abc-gzip", W/"x-br"} gives {@code "abc", W/"x"}); {@code *} and
   * unsuffixed tags stay. Each stripped tag is recorded in {@code stripped} (bare tag to the
   * suffixed one the client sent) so that a 304 can carry the tag the client holds.
   *
   * @param codings the suffixes that may be stripped (the codings the filter offers)
   */
  public static String stripSuffixes(String header, Collection<String> codings, Map<String, String> stripped) {
    if (header == null || header.indexOf('-') < 0) {
      return header;
    }
    StringBuilder out = new StringBuilder(header.length());
    int i = 0;
    int n = header.length();
    while (i < n) {
      int open = header.indexOf('"', i);
      if (open < 0) {
        out.append(header, i, n);
        break;
      }
      int close = header.indexOf('"', open + 1);
      if (close < 0) {
        out.append(header, i, n);
        break;
      }
      out.append(header, i, open);
      String tag = header.substring(open, close + 1);
      String bare = stripOne(tag, codings);
      if (bare != tag) {
        stripped.putIfAbsent(bare, tag);
      }
      out.append(bare);
      i = close + 1;
    }
    return out.toString();
  }

  /** The tag (quotes included) without a coding suffix, or the same instance when it has none. */
  private static String stripOne(String tag, Collection<String> codings) {
    for (String coding : codings) {
      int suffixStart = tag.length() - 1 - coding.length() - 1;
      if (suffixStart > 1 && tag.charAt(suffixStart) == '-' && tag.startsWith(coding, suffixStart + 1)) {
        return tag.substring(0, suffixStart) + "\"";
      }
    }
    return tag;
  }
}
