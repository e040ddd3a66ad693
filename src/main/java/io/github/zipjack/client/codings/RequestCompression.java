package io.github.zipjack.client.codings;

import io.github.zipjack.client.CompressedHttpClient;
import io.github.zipjack.Compression;
import io.github.zipjack.Pipeline;
import io.github.zipjack.codec.CompressionEngine;
import io.github.zipjack.codec.Encoder;
import io.github.zipjack.codec.EngineConfig;
import io.github.zipjack.codec.EngineSelection;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest;
import java.util.Objects;

/**
 * Compresses serialized request bodies for servers that inflate them (zipjack's filter does), with
 * the length known before sending: the publisher's content length, which the client sends as
 * Content-Length. Used by {@link CompressedHttpClient} and zipjack's Spring interceptor. Thread-safe;
 * owns its engine, which {@link #close()} ends.
 *
 * <p>Not part of zipjack's API: the package is not exported.
 */
public final class RequestCompression implements AutoCloseable {
  private final Compression compression;
  private final long minBytes;
  private final CompressionEngine engine;

  /**
   * Makes the engine that compresses request bodies.
   *
   * @param compression gzip, zstd or brotli
   * @param minBytes bodies of at least this many serialized bytes are compressed by default
   * @throws IllegalStateException if the codec's library cannot load
   */
  public RequestCompression(Compression compression, long minBytes) {
    this.compression = compression;
    this.minBytes = minBytes;
    this.engine = EngineSelection.create(compression,
        new EngineConfig(compression.level(), 8192, 8192, 8, null, Long.MAX_VALUE));
  }

  /**
   * The one check of a request compression, for every builder that takes one.
   *
   * @param compression what request bodies would be compressed with
   * @return {@code compression}
   * @throws IllegalArgumentException if it is none, or has a dictionary
   */
  public static Compression check(Compression compression) {
    Objects.requireNonNull(compression, "compression must not be null");
    if (compression.equals(Compression.none()) || compression.dictionary() != null) {
      throw new IllegalArgumentException("request compression must be gzip, zstd or brotli without a dictionary: "
          + compression);
    }
    return compression;
  }

  /**
   * {@return whether a body of {@code bytes} serialized bytes is compressed when the call does not say}
   *
   * @param bytes the serialized body's length
   */
  public boolean compressesByDefault(long bytes) {
    return bytes >= minBytes;
  }

  /** {@return the content-coding token of compressed bodies} */
  public String contentEncoding() {
    return engine.contentEncoding();
  }

  /** {@code body} compressed, as a publisher of exactly its compressed length. */
  public HttpRequest.BodyPublisher publisher(byte[] body) {
    return compressed(body).publisher();
  }

  /**
   * {@return {@code body} compressed, in a new array of exactly its length}
   *
   * @param body the serialized body; not changed
   */
  public byte[] compress(byte[] body) {
    return compressed(body).toByteArray();
  }

  /**
   * {@code value} as a request body, in one pass when it is compressed: {@code plain} (an uncompressed
   * pipeline, the application's mapper) serializes it straight into this compression's encoder, and
   * only a body under the minimum size is serialized once more, as it is (such a body is small).
   *
   * @param plain the pipeline whose mapper and format serialize {@code value}; its compression must be none
   * @param value the body's value
   * @return the body, compressed or not, with its exact length
   * @throws io.github.zipjack.ZipjackEncodeException if the mapper cannot serialize {@code value}
   */
  public Body encode(Pipeline plain, Object value) {
    CompressedBytes out = new CompressedBytes(1024);
    long rawBytes;
    try (Encoder encoder = engine.open(out)) {
      plain.encode(value, encoder.stream());
      encoder.finish();
      rawBytes = encoder.bodyBytes();
    } catch (IOException e) {
      throw new UncheckedIOException("compressing a request body in memory failed", e);
    }
    return compressesByDefault(rawBytes) ? new Body(out, contentEncoding()) : plainBody(plain, value);
  }

  /**
   * {@code value} as an uncompressed request body with its exact length.
   *
   * @param plain the pipeline whose mapper and format serialize {@code value}; its compression must be none
   * @param value the body's value
   * @return the body, its {@link Body#contentEncoding()} null
   * @throws io.github.zipjack.ZipjackEncodeException if the mapper cannot serialize {@code value}
   */
  public static Body plainBody(Pipeline plain, Object value) {
    CompressedBytes raw = new CompressedBytes(1024);
    try {
      plain.encode(value, raw);
    } catch (IOException e) {
      throw new UncheckedIOException("serializing a request body in memory failed", e);
    }
    return new Body(raw, null);
  }

  /**
   * A request body made by {@link #encode(Pipeline, Object)}: its bytes, exact length and coding.
   * Immutable once made; holds no pooled or native memory.
   */
  public static final class Body {
    private final CompressedBytes bytes;
    private final String contentEncoding;

    private Body(CompressedBytes bytes, String contentEncoding) {
      this.bytes = bytes;
      this.contentEncoding = contentEncoding;
    }

    /** {@return the body's length in bytes, as sent: its Content-Length} */
    public int length() {
      return bytes.size();
    }

    /** {@return the coding applied ({@code gzip}, {@code zstd} or {@code br}), or null when sent as it is} */
    public String contentEncoding() {
      return contentEncoding;
    }

    /**
     * Writes the body to {@code out}, which it neither flushes nor closes.
     *
     * @param out where the body goes
     * @throws IOException if {@code out} fails
     */
    public void writeTo(OutputStream out) throws IOException {
      bytes.writeTo(out);
    }
  }

  private CompressedBytes compressed(byte[] body) {
    CompressedBytes out = new CompressedBytes(Math.max(64, body.length / 4));
    try (Encoder encoder = engine.open(out)) {
      encoder.stream().write(body);
      encoder.finish();
    } catch (IOException e) {
      throw new UncheckedIOException("compressing a request body in memory failed", e);
    }
    return out;
  }

  /** Ends the engine. Idempotent. */
  @Override
  public void close() {
    engine.close();
  }

  @Override
  public String toString() {
    return compression + " from " + minBytes + " bytes";
  }

  /** Hands its array to the publisher without copying it. */
  private static final class CompressedBytes extends ByteArrayOutputStream {
    CompressedBytes(int size) {
      super(size);
    }

    HttpRequest.BodyPublisher publisher() {
      return HttpRequest.BodyPublishers.ofByteArray(buf, 0, count);
    }
  }
}
