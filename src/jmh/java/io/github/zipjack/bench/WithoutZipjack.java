package io.github.zipjack.bench;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.encoder.BrotliOutputStream;
import com.aayushatharva.brotli4j.encoder.Encoder;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.luben.zstd.ZstdOutputStream;
import io.github.zipjack.codec.LeveledGzipOutputStream;
import io.github.zipjack.codec.LibdeflateBinding;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.zip.CRC32;

/**
 * The code a user writes to get a compressed body without zipjack, for each engine: what zipjack's
 * figures are measured against. Everything is made per body, as in such code: a new
 * ByteArrayOutputStream and compressor stream (so a new native context), then {@code toByteArray()}.
 * Stateless; the mapper passed in is shared, as a service shares its ObjectMapper.
 */
public final class WithoutZipjack {

  /** The "64 KB" buffers of the study (docs/benchmarks.md), in bytes. */
  static final int STUDY_BUFFER_BYTES = 64 * 1024;
  /** A gzip member's header (RFC 1952): magic, deflate, no flags, no time, no extra flags, unknown OS. */
  private static final byte[] GZIP_HEADER = {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, (byte) 0xff};
  private static final int GZIP_TRAILER_BYTES = 8;

  private WithoutZipjack() {}

  /**
   * The study's code: a new {@link LeveledGzipOutputStream} (a new Deflater), optionally a 64 KB
   * deflater buffer instead of 512 bytes and a 64 KB BufferedOutputStream in front of it.
   */
  public static byte[] studyGzip(ObjectMapper mapper, Object payload, int level, boolean bigDeflaterBuffer,
      boolean bufferedInput) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    OutputStream gzip = bigDeflaterBuffer
        ? new LeveledGzipOutputStream(bytes, level, STUDY_BUFFER_BYTES)
        : new LeveledGzipOutputStream(bytes, level);
    try (OutputStream out = bufferedInput ? new BufferedOutputStream(gzip, STUDY_BUFFER_BYTES) : gzip) {
      mapper.writeValue(out, payload);
    }
    return bytes.toByteArray();
  }

  /** Jackson into a new zstd-jni {@link ZstdOutputStream} per body, its defaults otherwise. */
  static byte[] zstdStream(ObjectMapper mapper, Object payload, int level) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (OutputStream zstd = new ZstdOutputStream(bytes, level)) {
      mapper.writeValue(zstd, payload);
    }
    return bytes.toByteArray();
  }

  /**
   * {@link #zstdStream} with libzstd's own worker threads, the two lines of zstd-jni configuration
   * a user adds for large bodies: {@code setWorkers(workers)} and {@code setJobSize(jobSizeBytes)},
   * with a 64 KB {@code BufferedOutputStream} in front, so that the stream gets 64 KB per call instead
   * of Jackson's 8,000 bytes; libzstd's workers compress the jobs while the
   * caller goes on serializing, and {@code close()} waits for the last ones.
   */
  public static byte[] zstdStreamWithWorkers(ObjectMapper mapper, Object payload, int level, int workers,
      int jobSizeBytes) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ZstdOutputStream zstd = new ZstdOutputStream(bytes, level)) {
      zstd.setWorkers(workers);
      zstd.setJobSize(jobSizeBytes);
      mapper.writeValue(new BufferedOutputStream(zstd, STUDY_BUFFER_BYTES), payload); // closes both
    }
    return bytes.toByteArray();
  }

  /** Jackson into a new brotli4j {@link BrotliOutputStream} per body (its default 4 MB window). */
  static byte[] brotliStream(ObjectMapper mapper, Object payload, int quality) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (OutputStream brotli = new BrotliOutputStream(bytes, new Encoder.Parameters().setQuality(quality))) {
      mapper.writeValue(brotli, payload);
    }
    return bytes.toByteArray();
  }

  /**
   * {@code writeValueAsBytes}, then one libdeflate call (a new compressor) into an array of the
   * largest possible size between a gzip header and trailer, then a copy to the exact length.
   */
  static byte[] libdeflateOneCall(ObjectMapper mapper, Object payload, int level) throws IOException {
    byte[] json = mapper.writeValueAsBytes(payload);
    Object compressor = LibdeflateBinding.newCompressor(level);
    int max = LibdeflateBinding.maxCompressedLength(compressor, json.length);
    byte[] body = new byte[GZIP_HEADER.length + max + GZIP_TRAILER_BYTES];
    System.arraycopy(GZIP_HEADER, 0, body, 0, GZIP_HEADER.length);
    int pos = GZIP_HEADER.length
        + LibdeflateBinding.compress(compressor, json, 0, json.length, body, GZIP_HEADER.length, max);
    CRC32 crc = new CRC32();
    crc.update(json, 0, json.length);
    pos = putIntLittleEndian(body, pos, (int) crc.getValue());
    pos = putIntLittleEndian(body, pos, json.length);
    return Arrays.copyOf(body, pos);
  }

  /** Plain JSON or MessagePack into a ByteArrayOutputStream. */
  static byte[] uncompressed(ObjectMapper mapper, Object payload) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    mapper.writeValue(bytes, payload);
    return bytes.toByteArray();
  }

  /** Loads what the codec's code needs, so that a missing native library fails in {@code @Setup}. */
  static void prepare(Codec codec) {
    codec.requireAvailableHere();
    if (Codec.BROTLI.equals(codec.engine())) {
      Brotli4jLoader.ensureAvailability();
    }
  }

  private static int putIntLittleEndian(byte[] array, int pos, int value) {
    array[pos] = (byte) value;
    array[pos + 1] = (byte) (value >>> 8);
    array[pos + 2] = (byte) (value >>> 16);
    array[pos + 3] = (byte) (value >>> 24);
    return pos + 4;
  }
}
