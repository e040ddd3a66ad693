package io.github.zipjack.codec;

import io.github.zipjack.MalformedBodyException;
import io.github.zipjack.TruncatedBodyException;
import io.github.zipjack.buffer.SegmentPool;
import io.github.zipjack.buffer.StripedPool;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PushbackInputStream;
import java.util.zip.GZIPInputStream;

/**
 * gzip (RFC 1952) with the JDK's zlib, streaming or whole-body: a pool of {@link GzipEncoder}s, each holding one
 * {@link java.util.zip.Deflater} that is reset between bodies and ended when the pool drops it or
 * the engine closes. Thread-safe. Internal API; users pick it with {@code Compression.gzip(level)}.
 */
public final class GzipEngine implements CompressionEngine {
  static final int MAGIC_1 = 0x1f;
  static final int MAGIC_2 = 0x8b;

  private final int level;
  private final StripedPool<GzipEncoder> encoders;
  private final boolean wholeBody;

  /**
   * @param level 0 to 9
   * @param inputBufferSize bytes gathered before each Deflater call, 0 for none
   * @param deflaterBufferSize bytes of the buffer zlib writes into when the sink is a caller's stream
   * @param maxIdleEncoders encoders (each about 256 KB native plus its buffers) kept for reuse
   * @param wholeBodyPool null to deflate as the serializer writes; else the pool in which each body
   *     is gathered whole before it is deflated in one pass
   */
  public GzipEngine(int level, int inputBufferSize, int deflaterBufferSize, int maxIdleEncoders,
      SegmentPool wholeBodyPool) {
    if (level < 0 || level > 9) {
      throw new IllegalArgumentException("gzip level must be in [0, 9]: " + level);
    }
    this.level = level;
    this.encoders = new StripedPool<>(maxIdleEncoders,
        () -> new GzipEncoder(this, level, inputBufferSize, deflaterBufferSize, wholeBodyPool),
        GzipEncoder::dispose);
    this.wholeBody = wholeBodyPool != null;
  }

  @Override
  public String contentEncoding() {
    return "gzip";
  }

  /** The compression level, 0 to 9. */
  public int level() {
    return level;
  }

  @Override
  public Encoder open(OutputStream sink) throws IOException {
    GzipEncoder encoder = encoders.take();
    try {
      encoder.open(sink);
    } catch (IOException | RuntimeException | Error e) {
      encoder.close();
      throw e;
    }
    return encoder;
  }

  void recycle(GzipEncoder encoder) {
    encoders.recycle(encoder);
  }

  /**
   * Checks the gzip magic first, so that a body that is not gzip at all gets a message saying what it
   * starts with, then inflates with the JDK's {@link GZIPInputStream} (which ends its Inflater on close
   * and checks CRC and length at the end of each member).
   */
  @Override
  public InputStream decoder(InputStream body) throws IOException {
    PushbackInputStream in = new PushbackInputStream(body, 2);
    int first = in.read();
    int second = first < 0 ? -1 : in.read();
    if (first < 0 || second < 0) {
      in.close();
      throw new TruncatedBodyException(first < 0 ? "body is empty; expected a gzip member"
          : "body has only 1 byte; a gzip member has at least 18", null);
    }
    if (first != MAGIC_1 || second != MAGIC_2) {
      in.close();
      throw new MalformedBodyException(String.format(
          "body is not gzip: it starts with %02x %02x, gzip starts with 1f 8b%s", first, second,
          BodyStart.describe(first)));
    }
    in.unread(second);
    in.unread(first);
    GZIPInputStream gzip;
    try {
      gzip = new GZIPInputStream(in, 8192);
    } catch (IOException e) {
      in.close();
      throw ZipDiagnosis.translate(e);
    }
    return new ZipDiagnosis.TranslatingInputStream(gzip);
  }

  /** Ends the idle Deflaters; lent-out encoders end theirs when closed. */
  @Override
  public void close() {
    encoders.close();
  }

  @Override
  public String toString() {
    return "gzip(" + level + (wholeBody ? ", whole body)" : ")");
  }
}
