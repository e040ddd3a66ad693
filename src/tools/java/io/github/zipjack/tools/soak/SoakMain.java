package io.github.zipjack.tools.soak;

import com.fasterxml.jackson.databind.JavaType;
import io.github.zipjack.Compression;
import io.github.zipjack.EncodedBody;
import io.github.zipjack.Format;
import io.github.zipjack.GzipImplementation;
import io.github.zipjack.Pipeline;
import io.github.zipjack.PipelineResources;
import io.github.zipjack.data.Dataset;
import io.github.zipjack.data.Datasets;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * Sustained load: many threads encode and decode mixed payloads (1, 10, 100 and 1,000 records) with
 * every engine (none, gzip through zlib and, on Java 25, libdeflate, zstd, brotli) in JSON and
 * MessagePack, through shared pipelines, checking every round trip. Every interval it prints the
 * throughput, the heap used after a GC and the native memory committed (NMT). At the end it closes
 * the pipelines and passes only if: every round trip was equal, nothing is lent out of any pool, no
 * native context is live, and native memory is flat after the warm-up: NMT's committed total less the
 * JVM's own working memory (the Java heap, the collector's structures, and the JIT's code cache,
 * compiler arenas and symbols, which keep growing while methods compile, long after a short warm-up
 * on a busy machine), averaged over the last third of the readings after the warm-up, is within 10% of its
 * average over the first third (averages, because GC and JIT structures swing a few percent from one
 * reading to the next; a leak grows steadily). NMT does not see what native libraries (zstd, brotli)
 * allocate themselves; the process's resident set size (RSS, from /proc on Linux) is printed beside
 * it for that. Exits 0 on a pass, 1 with the reasons otherwise.
 *
 * <p>Run it with {@code bench/soak} (which passes {@code -XX:NativeMemoryTracking=summary}); a CI-sized
 * run is {@code SoakTest}.
 */
public final class SoakMain {
  /** How much native memory may grow after the warm-up. */
  static final double MAX_NATIVE_GROWTH = 0.10;

  private record Workload(Pipeline pipeline, Dataset dataset, JavaType type, boolean toBody) {}

  private SoakMain() {}

  public static void main(String[] args) throws Exception {
    SoakConfig config;
    try {
      config = SoakConfig.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println("soak: " + e.getMessage());
      System.exit(2);
      return;
    }
    System.exit(run(config) ? 0 : 1);
  }

  static boolean run(SoakConfig config) throws Exception {
    NativeMemory.read(); // fails at once, with the reason, when NMT is off
    List<Pipeline> pipelines = pipelines();
    List<Workload> workloads = workloads(pipelines);
    LongAdder operations = new LongAdder();
    LongAdder bytes = new LongAdder();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    long start = System.nanoTime();
    long end = start + config.duration().toNanos();
    System.out.printf("soak: %d threads, %d pipelines x %d payloads, %s (warm-up %s), Java %s%n", config.threads(),
        pipelines.size(), workloads.size() / pipelines.size(), config.duration(), config.warmup(), Runtime.version());
    for (Pipeline p : pipelines) {
      System.out.println("soak:   " + p.format() + " " + p.implementation());
    }

    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < config.threads(); t++) {
      int first = t;
      Thread thread = new Thread(() -> work(workloads, first, end, operations, bytes, failure), "soak-" + t);
      thread.start();
      threads.add(thread);
    }

    List<NativeMemory.Reading> afterWarmup = new ArrayList<>();
    long lastOps = 0;
    long lastBytes = 0;
    long lastTime = start;
    long warmupEnd = start + config.warmup().toNanos();
    System.out.println("soak: elapsed     ops/s    MB/s  heap-after-GC MB  NMT committed MB  native less JVM MB  RSS MB");
    while (System.nanoTime() < end && failure.get() == null) {
      Thread.sleep(Math.min(config.interval().toMillis(), Math.max(1, (end - System.nanoTime()) / 1_000_000)));
      long now = System.nanoTime();
      long ops = operations.sum();
      long b = bytes.sum();
      System.gc();
      long heapUsed = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
      NativeMemory.Reading last = NativeMemory.read();
      boolean firstAfterWarmup = afterWarmup.isEmpty() && now >= warmupEnd;
      if (now >= warmupEnd) {
        afterWarmup.add(last);
      }
      double seconds = (now - lastTime) / 1e9;
      System.out.printf("soak: %6.0fs %9.0f %7.1f %17.1f %17.1f %21.1f %7.1f%s%n", (now - start) / 1e9,
          (ops - lastOps) / seconds, (b - lastBytes) / seconds / 1e6, heapUsed / 1e6, last.totalKb() / 1024.0,
          last.libraryKb() / 1024.0, NativeMemory.residentKb() / 1024.0, firstAfterWarmup ? "  <- warm-up over" : "");
      lastOps = ops;
      lastBytes = b;
      lastTime = now;
    }
    for (Thread thread : threads) {
      thread.join();
    }

    List<String> problems = new ArrayList<>();
    if (failure.get() != null) {
      problems.add("a round trip failed: " + failure.get());
      failure.get().printStackTrace();
    }
    for (Pipeline p : pipelines) {
      PipelineResources held = p.resources();
      if (!held.nothingLent()) {
        problems.add(p.implementation() + " still lends: " + held);
      }
      p.close();
      if (p.resources().liveNativeContexts() != 0) {
        problems.add(p.implementation() + " has live native contexts after close: " + p.resources());
      }
    }
    if (afterWarmup.size() < 3) {
      problems.add("only " + afterWarmup.size() + " readings after the warm-up, 3 needed to compare native memory:"
          + " make --duration longer than --warmup by at least three --interval");
    } else {
      int third = afterWarmup.size() / 3;
      double early = meanLibraryKb(afterWarmup.subList(0, third));
      double late = meanLibraryKb(afterWarmup.subList(afterWarmup.size() - third, afterWarmup.size()));
      double growth = (late - early) / early;
      System.out.printf("soak: native memory (NMT, less the JVM's own) after the warm-up: first third %.1f MB, last third %.1f MB:"
          + " %+.1f%% (limit +%.0f%%)%n", early / 1024, late / 1024, growth * 100, MAX_NATIVE_GROWTH * 100);
      if (growth > MAX_NATIVE_GROWTH) {
        problems.add(String.format("native memory grew %.1f%% after the warm-up (limit %.0f%%); by category, KB: %s",
            growth * 100, MAX_NATIVE_GROWTH * 100, growthByCategory(afterWarmup.get(0), afterWarmup.get(afterWarmup.size() - 1))));
      }
    }
    long total = operations.sum();
    System.out.printf("soak: %d round trips in %.0f s, %.0f per second%n", total, (System.nanoTime() - start) / 1e9,
        total / ((System.nanoTime() - start) / 1e9));
    if (problems.isEmpty()) {
      System.out.println("soak: PASS: every round trip equal, every pooled resource back, native memory flat");
      return true;
    }
    problems.forEach(p -> System.out.println("soak: FAIL: " + p));
    return false;
  }

  private static double meanLibraryKb(List<NativeMemory.Reading> readings) {
    return readings.stream().mapToLong(NativeMemory.Reading::libraryKb).average().orElseThrow();
  }

  /** Each category that changed from one reading to another, with its change in KB. */
  private static String growthByCategory(NativeMemory.Reading first, NativeMemory.Reading last) {
    StringBuilder changes = new StringBuilder();
    last.categoriesKb().forEach((category, kb) -> {
      long change = kb - first.categoriesKb().getOrDefault(category, 0L);
      if (change != 0) {
        changes.append(changes.length() == 0 ? "" : ", ").append(category).append(String.format(" %+d", change));
      }
    });
    return changes.toString();
  }

  private static List<Pipeline> pipelines() {
    List<Compression> compressions = new ArrayList<>(List.of(Compression.none(),
        Compression.gzip(1, GzipImplementation.ZLIB), Compression.zstd(3), Compression.brotli(4)));
    if (Runtime.version().feature() >= 25) {
      compressions.add(Compression.gzip(1, GzipImplementation.LIBDEFLATE));
    }
    List<Pipeline> pipelines = new ArrayList<>();
    for (Format format : Format.values()) {
      for (Compression compression : compressions) {
        pipelines.add(Pipeline.builder().format(format).compression(compression).build());
      }
    }
    return pipelines;
  }

  private static List<Workload> workloads(List<Pipeline> pipelines) {
    List<Workload> workloads = new ArrayList<>();
    for (Pipeline p : pipelines) {
      for (String name : List.of("people-1", "people-10", "people-100", "people-100x10")) {
        Dataset dataset = Datasets.load(name);
        JavaType type = p.mapperCopy().getTypeFactory().constructType(dataset.type());
        workloads.add(new Workload(p, dataset, type, workloads.size() % 2 == 0));
      }
    }
    return workloads;
  }

  private static void work(List<Workload> workloads, int first, long end, LongAdder operations, LongAdder bytes,
      AtomicReference<Throwable> failure) {
    int i = first;
    while (System.nanoTime() < end && failure.get() == null) {
      Workload w = workloads.get(i++ % workloads.size());
      try {
        byte[] body;
        if (w.toBody()) {
          try (EncodedBody encoded = w.pipeline().encodeToBody(w.dataset().value())) {
            body = encoded.toByteArray();
          }
        } else {
          body = w.pipeline().encode(w.dataset().value());
        }
        Object decoded = w.pipeline().decode(body, w.type());
        if (!Objects.equals(decoded, w.dataset().value())) {
          throw new AssertionError(w.dataset().name() + " through " + w.pipeline() + " came back different");
        }
        operations.increment();
        bytes.add(w.dataset().rawJsonLength());
      } catch (Throwable e) {
        failure.compareAndSet(null, e);
      }
    }
  }
}
