package io.github.zipjack.servlet;

import io.github.zipjack.http.EntityTags;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The request as the application sees it behind the filter: {@code If-None-Match} and
 * {@code If-Match} without the coding suffixes the filter put on its ETags (so the application's own
 * comparison finds a match and answers 304 or goes ahead), and a HEAD request presented as GET (so
 * the application makes the same body, which the filter measures, compresses and drops: the
 * headers of HEAD are those of GET, Content-Length included). One per request; not thread-safe.
 */
final class NegotiatedRequest extends HttpServletRequestWrapper {
  private final boolean head;
  private final Collection<String> codings;
  /**
   * Bare tag to the suffixed tag the client sent; filled when the headers are first read. Null
   * until a conditional header is read: most requests have none.
   */
  private Map<String, String> strippedTags;

  NegotiatedRequest(HttpServletRequest request, Collection<String> codings) {
    super(request);
    this.head = "HEAD".equals(request.getMethod());
    this.codings = codings;
  }

  /** Whether the client's method is HEAD (the application sees GET). */
  boolean isHead() {
    return head;
  }

  /** The suffixed tag the client sent for {@code bareTag}, or null. */
  String clientTagFor(String bareTag) {
    if (strippedTags == null || strippedTags.isEmpty()) {
      // the application may not have read the headers (a 304 made by another filter): read them now
      getHeaders("If-None-Match");
    }
    return strippedTags == null ? null : strippedTags.get(bareTag);
  }

  @Override
  public String getMethod() {
    return head ? "GET" : super.getMethod();
  }

  @Override
  public String getHeader(String name) {
    String value = super.getHeader(name);
    return value != null && isConditional(name) ? EntityTags.stripSuffixes(value, codings, strippedTags()) : value;
  }

  @Override
  public Enumeration<String> getHeaders(String name) {
    Enumeration<String> values = super.getHeaders(name);
    if (values == null || !isConditional(name)) {
      return values;
    }
    List<String> stripped = new ArrayList<>();
    while (values.hasMoreElements()) {
      stripped.add(EntityTags.stripSuffixes(values.nextElement(), codings, strippedTags()));
    }
    return Collections.enumeration(stripped);
  }

  private Map<String, String> strippedTags() {
    if (strippedTags == null) {
      strippedTags = new HashMap<>();
    }
    return strippedTags;
  }

  private static boolean isConditional(String name) {
    return "If-None-Match".equalsIgnoreCase(name) || "If-Match".equalsIgnoreCase(name);
  }
}
