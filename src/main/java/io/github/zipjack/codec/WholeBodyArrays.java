package io.github.zipjack.codec;

import io.github.zipjack.buffer.StripedPool;

/**
 * The two arrays of a body decoded whole in one call ({@link CompressionEngine#decodeWhole(byte[],
 * int, int, long, WholeBodyArrays)}): the compressed body, copied out of the buffers it arrived in,
 * and what it decodes to. They are kept between bodies in a small JVM-wide pool, so that a client
 * reading answers of similar sizes allocates no body-sized array per answer, and decodes into memory
 * its cache has seen: an array grows to the largest body seen and is kept up to
 * {@link #MAX_RETAINED_BYTES}; a larger one serves its body only.
 *
 * <p>Not thread-safe: {@link #take()} lends a holder to one thread, which reads what it needs from
 * the arrays and then gives it back with {@link #release()}; nothing may touch the arrays after that.
 */
public final class WholeBodyArrays extends StripedPool.Node {
  /** The largest array (bytes) kept for the next body. */
  public static final int MAX_RETAINED_BYTES = 1 << 20;
  /** Holders kept idle JVM-wide: at most this times two {@link #MAX_RETAINED_BYTES} of arrays. */
  static final int MAX_IDLE = 4;
  private static final byte[] EMPTY = new byte[0];
  private static final StripedPool<WholeBodyArrays> POOL =
      new StripedPool<>(MAX_IDLE, WholeBodyArrays::new, dropped -> { });

  private byte[] encoded = EMPTY;
  private byte[] decoded = EMPTY;

  /** A holder with no arrays yet, outside the pool. */
  public WholeBodyArrays() {
  }

  /**
   * {@return holders taken from the pool and not yet given back, JVM-wide} For tests and monitoring
   * that prove every path releases what it takes.
   */
  public static long lentCount() {
    return POOL.lentCount();
  }

  /** {@return an idle holder from the pool, or a new one} Give it back with {@link #release()}. */
  public static WholeBodyArrays take() {
    return POOL.take();
  }

  /**
   * Gives this holder back to the pool, dropping an array larger than {@link #MAX_RETAINED_BYTES}.
   * The caller must not touch it or its arrays afterwards.
   */
  public void release() {
    dropOversized();
    POOL.recycle(this);
  }

  /** Drops an array larger than {@link #MAX_RETAINED_BYTES}; the holder stays usable. */
  void dropOversized() {
    if (encoded.length > MAX_RETAINED_BYTES) {
      encoded = EMPTY;
    }
    if (decoded.length > MAX_RETAINED_BYTES) {
      decoded = EMPTY;
    }
  }

  /**
   * {@return an array of at least {@code length} bytes for the compressed body, grown exactly to it
   * when shorter} Its contents are whatever the last body left.
   *
   * @param length the body's bytes
   */
  public byte[] encoded(int length) {
    if (encoded.length < length) {
      encoded = new byte[length];
    }
    return encoded;
  }

  /**
   * {@return an array of at least {@code length} bytes for the decoded body, grown exactly to it when
   * shorter} What an engine decodes into; {@link #decoded()} gives it back afterwards.
   *
   * @param length the decoded body's bytes
   */
  public byte[] decoded(int length) {
    if (decoded.length < length) {
      decoded = new byte[length];
    }
    return decoded;
  }

  /**
   * {@return the array the last {@code decodeWhole} into this holder wrote} Its first bytes, as many
   * as that call returned, are the decoded body; the rest are left from earlier bodies.
   */
  public byte[] decoded() {
    return decoded;
  }
}
