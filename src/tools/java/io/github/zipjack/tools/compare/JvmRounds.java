package io.github.zipjack.tools.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Rounds of fresh JVMs: each round starts one JVM per configuration ({@link ChildBenchmark}) and
 * alternates their slices from this JVM ({@link InterleavedTurns}). Each configuration's code is
 * compiled with its own profile alone, as in a JMH fork, while its slices still see the same machine
 * as the others'; the rounds vary in everything a JVM varies in (compilation, memory layout) as well as
 * the machine's drift, and a round's ratio averages its turns. The JVMs run on this JVM's JDK; their
 * standard error goes to a log file. One round at a time.
 */
final class JvmRounds implements RoundRunner {
  private final String classPath;
  private final InterleavedTurns turns;
  private final Map<String, JmhConfiguration> configurations = new HashMap<>();
  private final Path log;

  /**
   * @param classPath where the benchmarks are (a benchmarks jar)
   * @param log appended with each JVM's standard error
   */
  JvmRounds(String classPath, InterleavedTurns turns, List<JmhConfiguration> configurations, Path log) {
    this.classPath = classPath;
    this.turns = turns;
    configurations.forEach(c -> this.configurations.put(c.name(), c));
    this.log = log;
  }

  /** The java binary of this JVM. */
  static Path currentJava() {
    return Path.of(System.getProperty("java.home"), "bin", "java");
  }

  /**
   * The flags a JVM of feature release {@code major} needs for the benchmarks (zstd-jni, JMH's Unsafe),
   * and JMH's {@code jmh.ignoreLock} when this JVM has it (for JMH forks run side by side).
   */
  static List<String> jvmFlags(int major) {
    List<String> flags = new ArrayList<>(List.of("--enable-native-access=ALL-UNNAMED"));
    if (major >= 24) {
      flags.add("--sun-misc-unsafe-memory-access=allow");
    }
    if (Boolean.getBoolean("jmh.ignoreLock")) {
      flags.add("-Djmh.ignoreLock=true");
    }
    return flags;
  }

  @Override
  public Round run(List<String> order, long seed) throws MeasurementFailure {
    try {
      Files.createDirectories(log.toAbsolutePath().getParent());
    } catch (IOException e) {
      throw new MeasurementFailure("cannot write " + log + ": " + e.getMessage(), e);
    }
    Map<String, ChildBenchmark> children = new LinkedHashMap<>();
    try {
      for (String name : order) {
        children.put(name, new ChildBenchmark(configurations.get(name), currentJava(),
            jvmFlags(Runtime.version().feature()), classPath, log));
      }
      for (ChildBenchmark child : children.values()) {
        child.awaitReady();
      }
      return turns.measure(children, seed);
    } finally {
      children.values().forEach(ChildBenchmark::close);
    }
  }
}
