package io.github.zipjack.client;

import io.github.zipjack.Compression;
import io.github.zipjack.codec.CompressionEngine;
import io.github.zipjack.codec.Encoder;
import io.github.zipjack.codec.EngineConfig;
import io.github.zipjack.codec.EngineSelection;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest;

/**
 * Compresses serialized request bodies for servers that inflate them (zipjack's filter does), with
 * the length known before sending: the publisher's content length, which the client sends as
 * Content-Length. Used by {@link CompressedHttpClient} and zipjack's Spring interceptor. Thread-safe;
 * owns its engine, which {@link #close()} ends.
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
  HttpRequest.BodyPublisher publisher(byte[] body) {
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
