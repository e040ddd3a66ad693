package io.github.zipjack.spring;

import io.github.zipjack.servlet.CompressionSettings;
import java.time.Duration;
import java.util.function.Consumer;
import org.springframework.util.unit.DataSize;

/**
 * Turns bound {@link ZipjackCompressionProperties} into the filter's {@link CompressionSettings},
 * each property through the setter that validates it, so that a refused value is reported under its
 * property name. Runs once at start-up.
 */
final class PropertySettings {
  private static final String PREFIX = "zipjack.compression.";

  private PropertySettings() {}

  /** @throws InvalidZipjackPropertyException naming the first property whose value is refused */
  static CompressionSettings from(ZipjackCompressionProperties p) {
    CompressionSettings.Builder b = CompressionSettings.builder();
    if (p.getCodings() != null) {
      set("codings", p.getCodings(), b, x -> x.codings(p.getCodings()));
    }
    set("min-body-size", p.getMinBodySize(), b, x -> x.minBodyBytes(bytes(p.getMinBodySize())));
    set("max-buffered-size", p.getMaxBufferedSize(), b, x -> x.maxBufferedBytes(bytes(p.getMaxBufferedSize())));
    if (!p.getMimeTypes().isEmpty()) {
      set("mime-types", String.join(",", p.getMimeTypes()), b,
          x -> x.mimeTypes(p.getMimeTypes().toArray(new String[0])));
    }
    set("segment-pool-size", p.getSegmentPoolSize(), b, x -> x.segmentPoolBytes(bytes(p.getSegmentPoolSize())));
    set("encoder-pool-size", p.getEncoderPoolSize(), b, x -> x.encoderPoolSize(p.getEncoderPoolSize()));
    b.inflateRequests(p.isInflateRequests());
    set("max-inflated-request-size", p.getMaxInflatedRequestSize(), b,
        x -> x.maxInflatedRequestBytes(bytes(p.getMaxInflatedRequestSize())));
    set("max-inflation-ratio", p.getMaxInflationRatio(), b, x -> x.maxInflationRatio(p.getMaxInflationRatio()));
    set("flush-grace", p.getFlushGrace(), b, x -> x.flushGraceMillis(millis(p.getFlushGrace())));
    if (p.getCompressionThreads() != null) {
      set("compression-threads", p.getCompressionThreads(), b, x -> x.compressionThreads(p.getCompressionThreads()));
    }
    set("parallel-threshold", p.getParallelThreshold(), b,
        x -> x.parallelThresholdBytes(bytes(p.getParallelThreshold())));
    try {
      return b.build();
    } catch (IllegalArgumentException e) {
      // the only combination checked: min-body-size against max-buffered-size
      throw new InvalidZipjackPropertyException(PREFIX + "min-body-size", String.valueOf(p.getMinBodySize()),
          "it must not exceed " + PREFIX + "max-buffered-size (" + p.getMaxBufferedSize() + ")", e);
    }
  }

  private static void set(String property, Object value, CompressionSettings.Builder b,
      Consumer<CompressionSettings.Builder> setter) {
    try {
      setter.accept(b);
    } catch (IllegalArgumentException e) {
      throw new InvalidZipjackPropertyException(PREFIX + property, String.valueOf(value), e.getMessage(), e);
    }
  }

  private static long bytes(DataSize size) {
    if (size == null) {
      throw new IllegalArgumentException("a size is required, such as 1KB or 8MB");
    }
    if (size.isNegative()) {
      throw new IllegalArgumentException("a size must not be negative");
    }
    return size.toBytes();
  }

  private static long millis(Duration duration) {
    if (duration == null || duration.isNegative()) {
      throw new IllegalArgumentException("a duration of 0 or more is required, such as 20ms");
    }
    return duration.toMillis();
  }
}
