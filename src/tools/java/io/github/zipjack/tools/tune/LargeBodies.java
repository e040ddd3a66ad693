package io.github.zipjack.tools.tune;

import io.github.zipjack.bench.Codec;
import io.github.zipjack.tools.report.MarkdownTable;
import io.github.zipjack.tools.tune.SettingResult.Figure;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * bench/tune's answer for bodies over the parallel threshold: the latency of encoding one such body
 * at one caller thread, serial ({@code compressionThreads(1)}) and with zipjack's default
 * {@code compressionThreads} (one thread per processor), per setting whose engine can go parallel,
 * in ms per body with JMH's error. Immutable.
 */
final class LargeBodies {

  /**
   * One setting's latencies, ms per body.
   *
   * @param serial with {@code compressionThreads(1)}
   * @param parallel with the default {@code compressionThreads}
   */
  record Latency(Setting setting, Figure serial, Figure parallel) {
    /** Whether the default measured faster than serial, beyond both errors (overlapping is a tie). */
    boolean parallelFaster() {
      return parallel.value() + errorOf(parallel) < serial.value() - errorOf(serial);
    }

    private static double errorOf(Figure f) {
      return Double.isNaN(f.error()) ? 0 : f.error();
    }
  }

  /** How many bodies are over the threshold. */
  private final int count;
  /** The parallel threshold, bytes. */
  private final long thresholdBytes;
  /** The default {@code compressionThreads}: the processor count. */
  private final int threads;
  private final List<Latency> latencies;

  LargeBodies(int count, long thresholdBytes, int threads, List<Latency> latencies) {
    this.count = count;
    this.thresholdBytes = thresholdBytes;
    this.threads = threads;
    this.latencies = List.copyOf(latencies);
  }

  /**
   * The settings whose large bodies go parallel on more than one core: zipjack's gzip (zlib or
   * libdeflate) and zstd settings; never brotli, a dictionary or the study's.
   */
  static List<Setting> settings(List<Setting> measured) {
    List<Setting> parallel = new ArrayList<>();
    for (Setting s : measured) {
      String engine = s.codec().engine();
      if (!s.study() && !s.dictionary()
          && (engine.equals(Codec.ZLIB) || engine.equals(Codec.ZSTD) || engine.equals(Codec.LIBDEFLATE))) {
        parallel.add(s);
      }
    }
    return parallel;
  }

  List<Latency> latencies() {
    return latencies;
  }

  /** {@code Large bodies (3 over 256 KiB): ms per body, serial → compressionThreads=2 ...}. */
  String heading() {
    return String.format(Locale.ROOT, "Large bodies (%,d over %s): ms per body, serial → compressionThreads=%d"
        + " (the default), 1 caller thread, ± JMH's error", count, size(thresholdBytes), threads);
  }

  /** The table as Markdown: one row per setting. */
  String markdown() {
    MarkdownTable table = new MarkdownTable(List.of("setting", "serial (compressionThreads=1)",
        "compressionThreads=" + threads, "serial / parallel"));
    for (Latency l : latencies) {
      table.addRow(List.of(l.setting().toString(), l.serial().format(), l.parallel().format(),
          String.format(Locale.ROOT, "%.2fx", l.serial().value() / l.parallel().value())));
    }
    return table.render();
  }

  /**
   * A recommendation line for the setting when its large bodies measured faster with the default
   * {@code compressionThreads} than serial; empty otherwise (not measured, or a tie or slower).
   */
  Optional<String> advice(Setting recommended) {
    return latencies.stream().filter(l -> l.setting().equals(recommended) && l.parallelFaster()).findFirst()
        .map(l -> String.format(Locale.ROOT, "  large bodies: keep compressionThreads at its default (%d): %s took"
            + " %s ms per body against %s serial (%.2fx faster)", threads, recommended, l.parallel().format(),
            l.serial().format(), l.serial().value() / l.parallel().value()));
  }

  private static String size(long bytes) {
    return bytes % 1024 == 0 ? bytes / 1024 + " KiB" : String.format(Locale.ROOT, "%,d bytes", bytes);
  }
}
