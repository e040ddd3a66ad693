package io.github.zipjack.codec;

import io.github.zipjack.ZstdFrames;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Random;

/** Engines, plain bodies and encode/decode shortcuts for the zstd codec tests. */
final class ZstdBodies {
  static final long DEFAULT_MAX_DECODED_BYTES = 64L * 1024 * 1024;

  private ZstdBodies() {}

  /** An engine at {@code level} with 4 idle contexts of each kind and the default decode limit. */
  static ZstdEngine engine(int level) {
    return engine(level, DEFAULT_MAX_DECODED_BYTES);
  }

  static ZstdEngine engine(int level, long maxDecodedBytes) {
    return new ZstdEngine(new EngineConfig(level, 0, 0, 4, null, maxDecodedBytes));
  }

  /** An engine whose frames end with a checksum of their content. */
  static ZstdEngine checksummingEngine(int level) {
    return new ZstdEngine(new EngineConfig(level, 0, 0, 4, null, DEFAULT_MAX_DECODED_BYTES, Parallelism.SERIAL, true));
  }

  /** Whether the frame at the start of {@code body} says it ends with a checksum (RFC 8878 3.1.1.1.1). */
  static boolean declaresChecksum(byte[] body) {
    return ZstdFrames.declaresChecksum(body, 0);
  }

  /** About {@code byteCount} bytes of JSON-like text, the same for the same seed. */
  static byte[] text(int byteCount, long seed) {
    Random random = new Random(seed);
    String[] words = {"alpha", "beta", "gamma", "order", "price", "city", "street", "true", "null"};
    StringBuilder sb = new StringBuilder(byteCount + 64).append('[');
    while (sb.length() < byteCount) {
      sb.append("{\"id\":").append(random.nextInt(1_000_000)).append(",\"name\":\"")
          .append(words[random.nextInt(words.length)]).append(' ').append(words[random.nextInt(words.length)])
          .append("\",\"v\":").append(random.nextInt(1000)).append("},");
    }
    sb.setLength(byteCount - 1);
    return sb.append(']').toString().getBytes(StandardCharsets.US_ASCII);
  }

  /** Compresses {@code plain} as one body with a lent encoder. */
  static byte[] encode(CompressionEngine engine, byte[] plain) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (Encoder encoder = engine.open(out)) {
      encoder.stream().write(plain);
      encoder.finish();
    }
    return out.toByteArray();
  }

  /** Decodes a whole body with a lent decoder. */
  static byte[] decode(CompressionEngine engine, byte[] body) throws IOException {
    try (InputStream in = engine.decoder(new ByteArrayInputStream(body))) {
      return in.readAllBytes();
    }
  }

  static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] part : parts) {
      out.writeBytes(part);
    }
    return out.toByteArray();
  }
}
