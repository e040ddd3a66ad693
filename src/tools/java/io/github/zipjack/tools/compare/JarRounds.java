package io.github.zipjack.tools.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipFile;

/**
 * Rounds over two or more builds of zipjack: each round runs one JMH fork of the same benchmark from
 * each benchmarks jar, in the round's order, and reads its throughput. The configurations are the
 * jars' paths. A fork's start-up and warm-up make a round slow (about 7 s a jar on x1), but nothing of
 * one build can leak into the other's JVM. One round at a time.
 */
final class JarRounds implements RoundRunner {
  /** The JMH entry every benchmarks jar has (JMH's annotation processor writes it). */
  static final String BENCHMARK_LIST = "META-INF/BenchmarkList";
  /**
   * The timing of the default benchmark's forks, unless the user's JMH arguments set it: 3 x 1 s
   * warm-up, 3 x 500 ms measured. A benchmark the user names keeps its own (its annotations, as JMH
   * runs it), since some need a long warm-up to measure anything but their compilation.
   */
  static final List<List<String>> QUICK_TIMING =
      List.of(List.of("-wi", "3"), List.of("-w", "1s"), List.of("-i", "3"), List.of("-r", "500ms"));

  private final List<String> jmhArgs;
  private final List<String> timing;
  private final Path workDir;
  private final Path log;

  /**
   * @param jmhArgs the benchmark regex and {@code -p} options; they must select one benchmark
   * @param defaultBenchmark whether they are the default benchmark's, whose forks get {@link #QUICK_TIMING}
   * @param workDir where the forks' result files go
   * @param log appended with the forks' output
   */
  JarRounds(List<String> jmhArgs, boolean defaultBenchmark, Path workDir, Path log) {
    this.jmhArgs = List.copyOf(jmhArgs);
    this.timing = forkTiming(jmhArgs, defaultBenchmark);
    this.workDir = workDir;
    this.log = log;
  }

  /**
   * {@return the timing options each fork gets beside {@code jmhArgs}: for the default benchmark,
   * those of {@link #QUICK_TIMING} the user's arguments do not set; for a benchmark the user named,
   * none (its own annotations apply)}
   */
  static List<String> forkTiming(List<String> jmhArgs, boolean defaultBenchmark) {
    List<String> options = new ArrayList<>();
    if (defaultBenchmark) {
      for (List<String> option : QUICK_TIMING) {
        if (!jmhArgs.contains(option.get(0))) {
          options.addAll(option);
        }
      }
    }
    return List.copyOf(options);
  }

  /**
   * Checks that {@code jar} is a benchmarks jar.
   *
   * @throws IllegalArgumentException naming the jar and what it lacks
   */
  static void requireBenchmarksJar(Path jar) {
    if (!Files.isRegularFile(jar)) {
      throw new IllegalArgumentException("no such jar: " + jar);
    }
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      if (zip.getEntry(BENCHMARK_LIST) == null) {
        throw new IllegalArgumentException(jar + " is not a benchmarks jar: it has no " + BENCHMARK_LIST
            + " (build one with mvn -DskipTests package: target/benchmarks.jar)");
      }
    } catch (IOException e) {
      throw new IllegalArgumentException(jar + " is not a benchmarks jar: not a readable jar (" + e.getMessage() + ")");
    }
  }

  @Override
  public Round run(List<String> order, long seed) throws MeasurementFailure {
    Map<String, Double> ops = new HashMap<>();
    for (String jar : order) {
      ops.put(jar, fork(Path.of(jar)));
    }
    return Round.ofSingleTurn(ops);
  }

  private double fork(Path jar) throws MeasurementFailure {
    try {
      Files.createDirectories(workDir);
      Path result = Files.createTempFile(workDir, "fork-", ".json");
      List<String> command = new ArrayList<>(List.of(JvmRounds.currentJava().toString()));
      command.addAll(JvmRounds.jvmFlags(Runtime.version().feature()));
      command.addAll(List.of("-jar", jar.toString()));
      command.addAll(jmhArgs);
      command.addAll(timing);
      command.addAll(List.of("-f", "1", "-rf", "json", "-rff", result.toString()));
      Process process = new ProcessBuilder(command).redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
      int status = process.waitFor();
      if (status != 0) {
        throw new MeasurementFailure("the fork of " + jar + " failed with status " + status + "; its output is in " + log);
      }
      JsonNode results = new ObjectMapper().readTree(result.toFile());
      Files.deleteIfExists(result);
      if (results.size() != 1) {
        throw new SelectionFailure("the JMH arguments " + jmhArgs + " select " + results.size() + " benchmarks in " + jar
            + "; narrow them to one (a regex ending in $ and one value per -p)");
      }
      JsonNode metric = results.get(0).get("primaryMetric");
      double score = metric.get("score").asDouble();
      String unit = metric.get("scoreUnit").asText();
      // A time per operation (avgt, sample, ss: "ms/op") is turned into operations a second.
      return unit.startsWith("ops/") ? perSecond(score, unit)
          : perSecond(1 / score, "ops/" + unit.substring(0, unit.indexOf('/')));
    } catch (IOException e) {
      throw new MeasurementFailure("cannot run " + jar + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MeasurementFailure("interrupted", e);
    }
  }

  /** A throughput in JMH's unit ({@code ops/s}, {@code ops/ms}, ...) as ops/s. */
  static double perSecond(double score, String unit) {
    return switch (unit) {
      case "ops/s" -> score;
      case "ops/ms" -> score * 1e3;
      case "ops/us" -> score * 1e6;
      case "ops/ns" -> score * 1e9;
      case "ops/min" -> score / 60;
      default -> throw new IllegalArgumentException("not a throughput unit: " + unit);
    };
  }

  /** The user's JMH arguments select other than one benchmark: bad input, not a failed measurement. */
  static final class SelectionFailure extends MeasurementFailure {
    SelectionFailure(String message) {
      super(message);
    }
  }
}
