package io.github.zipjack.tools.compare;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.zipjack.bench.PlainMappers;
import io.github.zipjack.bench.WithoutZipjack;
import io.github.zipjack.data.Datasets;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A diagnostic of libzstd's own multi-threading on one large body, in paired rounds in one JVM: what
 * the plain zstd-jni stream (Jackson through a 64 KB buffer into a {@code ZstdOutputStream} at level
 * 1, {@code WithoutZipjack.zstdStreamWithWorkers}) takes with 1, 2 or 3 workers and 512 KiB or 1 MiB
 * jobs, against the machine's floor max(Jackson alone, serial time / k), k what two serial callers do
 * over one, all measured in the same round. It answers whether any worker count or job size of the
 * plain stream comes within the large-body target of the floor; zipjack's zstd-1 ties the 2-worker
 * stream (LargeBodyTargetsMain).
 *
 * <p>Each round times every configuration once for {@link #TURN_MILLIS} in a fresh random order
 * (seeded, so a run can be repeated); each configuration's ratio to the floor is taken within the
 * round; the estimate is {@link RatioEstimate}'s geometric mean with a 95% interval.
 *
 * <pre>
 * java -cp target/benchmarks.jar io.github.zipjack.tools.compare.ZstdWorkerRounds SHAPE ROUNDS
 * </pre>
 * Exits with 2 on bad arguments.
 */
public final class ZstdWorkerRounds {
  /** Time of one configuration's turn in a round, ms: at least a dozen 4.7 MB bodies. */
  static final long TURN_MILLIS = 600;
  /** Warm-up turns per configuration before the first round. */
  static final int WARM_UP_TURNS = 3;
  static final long SEED = 1;
  private static final int KIB = 1024;

  private final ObjectMapper mapper = PlainMappers.json();
  private final Object payload;
  private final ExecutorService second = Executors.newSingleThreadExecutor();

  private ZstdWorkerRounds(Object payload) {
    this.payload = payload;
  }

  public static void main(String[] args) throws Exception {
    if (args.length != 2 || !args[1].matches("[1-9][0-9]*")) {
      System.err.println("usage: ZstdWorkerRounds SHAPE ROUNDS (for example people-4000 12)");
      System.exit(2);
    }
    ZstdWorkerRounds rounds = new ZstdWorkerRounds(Datasets.load(args[0]).value());
    try {
      System.out.print(rounds.run(args[0], Integer.parseInt(args[1])));
    } finally {
      rounds.second.shutdownNow();
    }
  }

  private String run(String shape, int roundCount) throws Exception {
    Map<String, Body> configurations = new LinkedHashMap<>();
    configurations.put("jackson", () -> mapper.writeValue(OutputStream.nullOutputStream(), payload));
    configurations.put("serial", () -> plain(0, 0));
    configurations.put("two serial callers", () -> {
      Future<?> other = second.submit(() -> {
        plain(0, 0);
        return null;
      });
      plain(0, 0);
      other.get();
    });
    configurations.put("1 worker, 512 KiB jobs", () -> plain(1, 512 * KIB));
    configurations.put("2 workers, 512 KiB jobs", () -> plain(2, 512 * KIB));
    configurations.put("3 workers, 512 KiB jobs", () -> plain(3, 512 * KIB));
    configurations.put("2 workers, 1 MiB jobs", () -> plain(2, 1024 * KIB));
    for (Body body : configurations.values()) {
      for (int i = 0; i < WARM_UP_TURNS; i++) {
        millisPerBody(body);
      }
    }
    List<String> order = new ArrayList<>(configurations.keySet());
    Map<String, List<Double>> logRatios = new LinkedHashMap<>();
    Random random = new Random(SEED);
    for (int round = 0; round < roundCount; round++) {
      Collections.shuffle(order, random);
      Map<String, Double> millis = new LinkedHashMap<>();
      for (String name : order) {
        millis.put(name, millisPerBody(configurations.get(name)));
      }
      double floor = Math.max(millis.get("jackson"), millis.get("two serial callers") / 2);
      for (String name : configurations.keySet()) {
        if (!name.equals("jackson") && !name.equals("two serial callers")) {
          logRatios.computeIfAbsent(name, k -> new ArrayList<>()).add(Math.log(millis.get(name) / floor));
        }
      }
    }
    StringBuilder out = new StringBuilder(String.format(Locale.ROOT,
        "%s, JDK %s, %d rounds: time ÷ floor max(Jackson alone, two serial callers' time / 2)%n", shape,
        Runtime.version(), roundCount));
    logRatios.forEach((name, logs) -> {
      RatioEstimate estimate = RatioEstimate.ofLogs(logs);
      out.append(String.format(Locale.ROOT, "%-26s %.3f× [%.3f, %.3f]%n", name, estimate.ratio(), estimate.low(),
          estimate.high()));
    });
    return out.toString();
  }

  private void plain(int workers, int jobBytes) throws IOException {
    WithoutZipjack.zstdStreamWithWorkers(mapper, payload, 1, workers, jobBytes);
  }

  /** Bodies for {@link #TURN_MILLIS} (at least one); the mean time of one, ms. */
  private static double millisPerBody(Body body) throws Exception {
    long start = System.nanoTime();
    long end = start + TURN_MILLIS * 1_000_000;
    int bodies = 0;
    do {
      body.make();
      bodies++;
    } while (System.nanoTime() < end);
    return (System.nanoTime() - start) / 1e6 / bodies;
  }

  @FunctionalInterface
  private interface Body {
    void make() throws Exception;
  }
}
