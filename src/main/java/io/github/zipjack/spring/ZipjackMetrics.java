package io.github.zipjack.spring;

import io.github.zipjack.PipelineResources;
import io.github.zipjack.servlet.CompressionListener;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;

/**
 * zipjack's Micrometer meters, fed by the filter and the converters as a {@link CompressionListener}:
 * <ul>
 *   <li>{@code zipjack.responses} (counter; tags {@code coding}, {@code outcome}): responses by the
 *       coding sent and what was done ({@code compressed}, {@code too_small}, {@code not_compressible},
 *       {@code did_not_shrink}, {@code streamed}, {@code passed_through_on_flush}, ...; an RFC 9842
 *       dictionary fetched from its URL counts as {@code dictionary_served}, or
 *       {@code dictionary_not_modified} for a 304);
 *   <li>{@code zipjack.body.bytes} and {@code zipjack.sent.bytes} (counters, bytes; tag {@code coding}):
 *       body bytes before and after compression, for the responses whose sizes are counted;
 *   <li>{@code zipjack.compression} (timer; tag {@code coding}): time spent compressing held bodies;
 *   <li>{@code zipjack.resources.*} (gauges; tag {@code source}): what the filter and the converters'
 *       pipelines hold, from {@code resources()}: {@code lent.segments}, {@code idle.bytes},
 *       {@code lent.encoders}, {@code lent.decoders}, {@code native.contexts}.
 * </ul>
 * Spring Boot binds it to the application's registry (it is a {@link MeterBinder}); until then it
 * counts nothing. Thread-safe; the meters of a coding and outcome are made once and then only looked up.
 */
public final class ZipjackMetrics implements MeterBinder, CompressionListener {
  private final Map<String, Supplier<PipelineResources>> sources;
  private volatile MeterRegistry registry;
  /** Per coding: the counter of each outcome (by ordinal), the byte counters and the timer. */
  private final Map<String, CodingMeters> meters = new ConcurrentHashMap<>();

  /**
   * Metrics of the given sources' resources, and of every response it is told of.
   *
   * @param sources what to report resources of, by name ({@code filter}, {@code converter-gzip}, ...);
   *     copied, and each supplier is called on every read of a gauge
   */
  public ZipjackMetrics(Map<String, Supplier<PipelineResources>> sources) {
    this.sources = Map.copyOf(sources);
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    this.registry = registry;
    meters.clear();
    sources.forEach((name, resources) -> {
      gauge(registry, "zipjack.resources.lent.segments", name, resources, PipelineResources::lentSegments, "segments");
      gauge(registry, "zipjack.resources.idle.bytes", name, resources, PipelineResources::idleSegmentBytes, "bytes");
      gauge(registry, "zipjack.resources.lent.encoders", name, resources, PipelineResources::lentEncoders, "encoders");
      gauge(registry, "zipjack.resources.lent.decoders", name, resources, PipelineResources::lentDecoderSlots,
          "decoders");
      gauge(registry, "zipjack.resources.native.contexts", name, resources, PipelineResources::liveNativeContexts,
          "contexts");
    });
  }

  private static void gauge(MeterRegistry registry, String name, String source, Supplier<PipelineResources> resources,
      ToDoubleFunction<PipelineResources> value, String unit) {
    Gauge.builder(name, resources, r -> value.applyAsDouble(r.get())).tag("source", source).baseUnit(unit)
        .register(registry);
  }

  @Override
  public void onResponse(String coding, Outcome outcome, long bodyBytes, long sentBytes, long compressionNanos) {
    MeterRegistry r = registry;
    if (r == null) {
      return;
    }
    CodingMeters m = meters.computeIfAbsent(coding, c -> new CodingMeters(r, c));
    m.responses[outcome.ordinal()].increment();
    if (bodyBytes >= 0) {
      m.bodyBytes.increment(bodyBytes);
    }
    if (sentBytes >= 0) {
      m.sentBytes.increment(sentBytes);
    }
    if (compressionNanos > 0) {
      m.compression.record(compressionNanos, TimeUnit.NANOSECONDS);
    }
  }

  private static final class CodingMeters {
    final Counter[] responses = new Counter[Outcome.values().length];
    final Counter bodyBytes;
    final Counter sentBytes;
    final Timer compression;

    CodingMeters(MeterRegistry registry, String coding) {
      for (Outcome o : Outcome.values()) {
        responses[o.ordinal()] = Counter.builder("zipjack.responses").tag("coding", coding)
            .tag("outcome", o.name().toLowerCase(java.util.Locale.ROOT))
            .description("Responses by the coding sent and what zipjack did with them").register(registry);
      }
      bodyBytes = Counter.builder("zipjack.body.bytes").tag("coding", coding).baseUnit("bytes")
          .description("Body bytes as the application wrote them").register(registry);
      sentBytes = Counter.builder("zipjack.sent.bytes").tag("coding", coding).baseUnit("bytes")
          .description("Body bytes as sent").register(registry);
      compression = Timer.builder("zipjack.compression").tag("coding", coding)
          .description("Time spent compressing held bodies").register(registry);
    }
  }
}
