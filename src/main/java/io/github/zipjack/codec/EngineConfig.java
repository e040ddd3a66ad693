package io.github.zipjack.codec;

import io.github.zipjack.buffer.SegmentPool;

/**
 * What a pipeline tells the engine it makes. Immutable.
 *
 * @param level the codec's level (brotli: quality), already validated
 * @param inputBufferSize bytes gathered before each compressor call by streaming engines, 0 for none
 * @param deflaterBufferSize bytes of zlib's output buffer when streaming to a caller's stream
 * @param maxIdleEncoders encoders (and as many decoders) kept idle for reuse
 * @param wholeBodyPool null, or the pool in which zlib gathers whole bodies before deflating them
 * @param maxDecodedBytes the pipeline's decode limit; decoders may refuse earlier what would pass it
 *     (a zstd frame whose window is larger, for example)
 * @param parallelism how many threads may compress one large body (gzip and zstd; brotli ignores it)
 * @param zstdChecksum whether zstd frames end with a checksum of their content (other codecs ignore it)
 */
public record EngineConfig(int level, int inputBufferSize, int deflaterBufferSize, int maxIdleEncoders,
    SegmentPool wholeBodyPool, long maxDecodedBytes, Parallelism parallelism, boolean zstdChecksum) {

  /**
   * A configuration whose zstd frames carry no checksum, as HTTP bodies do: TCP and TLS already
   * protect a body in transit.
   *
   * @param level the codec's level (brotli: quality), already validated
   * @param inputBufferSize bytes gathered before each compressor call by streaming engines, 0 for none
   * @param deflaterBufferSize bytes of zlib's output buffer when streaming to a caller's stream
   * @param maxIdleEncoders encoders (and as many decoders) kept idle for reuse
   * @param wholeBodyPool null, or the pool in which zlib gathers whole bodies before deflating them
   * @param maxDecodedBytes the pipeline's decode limit
   * @param parallelism how many threads may compress one large body
   */
  public EngineConfig(int level, int inputBufferSize, int deflaterBufferSize, int maxIdleEncoders,
      SegmentPool wholeBodyPool, long maxDecodedBytes, Parallelism parallelism) {
    this(level, inputBufferSize, deflaterBufferSize, maxIdleEncoders, wholeBodyPool, maxDecodedBytes, parallelism,
        false);
  }

  /**
   * A configuration that compresses every body on its caller's thread, zstd frames without a checksum.
   *
   * @param level the codec's level (brotli: quality), already validated
   * @param inputBufferSize bytes gathered before each compressor call, 0 for none
   * @param deflaterBufferSize bytes of zlib's output buffer when streaming
   * @param maxIdleEncoders encoders (and as many decoders) kept idle for reuse
   * @param wholeBodyPool null, or the pool in which zlib gathers whole bodies
   * @param maxDecodedBytes the decode limit
   */
  public EngineConfig(int level, int inputBufferSize, int deflaterBufferSize, int maxIdleEncoders,
      SegmentPool wholeBodyPool, long maxDecodedBytes) {
    this(level, inputBufferSize, deflaterBufferSize, maxIdleEncoders, wholeBodyPool, maxDecodedBytes,
        Parallelism.SERIAL);
  }

  /**
   * Checks the configuration.
   *
   * @param level the codec's level (brotli: quality), already validated
   * @param inputBufferSize bytes gathered before each compressor call by streaming engines, 0 for none
   * @param deflaterBufferSize bytes of zlib's output buffer when streaming to a caller's stream
   * @param maxIdleEncoders encoders (and as many decoders) kept idle for reuse
   * @param wholeBodyPool null, or the pool in which zlib gathers whole bodies before deflating them
   * @param maxDecodedBytes the pipeline's decode limit
   * @param parallelism how many threads may compress one large body
   * @param zstdChecksum whether zstd frames end with a checksum of their content
   * @throws NullPointerException if parallelism is null
   */
  public EngineConfig {
    java.util.Objects.requireNonNull(parallelism, "parallelism");
  }

  /** {@return this configuration with every body compressed on its caller's thread} */
  public EngineConfig serially() {
    return new EngineConfig(level, inputBufferSize, deflaterBufferSize, maxIdleEncoders, wholeBodyPool,
        maxDecodedBytes, Parallelism.SERIAL, zstdChecksum);
  }
}
