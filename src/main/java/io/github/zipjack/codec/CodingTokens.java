package io.github.zipjack.codec;

/** Content-coding tokens from the other side of a connection, made safe to quote in messages and logs. */
public final class CodingTokens {
  /** The most characters of a token a message repeats. */
  private static final int MAX_SHOWN = 40;

  private CodingTokens() {}

  /**
   * {@code token} as it may appear in a message: printable ASCII (anything else becomes {@code ?}),
   * at most 40 characters, then {@code ...}.
   *
   * @param token a token as received
   * @return the token, safe to quote
   */
  public static String sanitize(String token) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < token.length() && s.length() < MAX_SHOWN; i++) {
      char c = token.charAt(i);
      s.append(c >= 0x21 && c < 0x7f ? c : '?');
    }
    return token.length() > MAX_SHOWN ? s + "..." : s.toString();
  }
}
