package io.github.zipjack.tools.compare;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Rounds that are whole JVMs: each round starts a fresh JVM ({@link TurnsMain}) that runs
 * {@link InterleavedTurns} over every configuration, so the rounds vary in everything a JVM varies in
 * (compilation, memory layout) as well as the machine's drift, and a round's ratio averages its
 * turns. The JVMs run on this JVM's JDK; their standard error goes to a log file. One round at a time.
 */
final class JvmRounds implements RoundRunner {
  private final String classPath;
  private final InterleavedTurns turns;
  private final Map<String, JmhConfiguration> configurations = new HashMap<>();
  private final Path log;

  /**
   * @param classPath where TurnsMain and the benchmarks are (a benchmarks jar)
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

  /** The flags a JVM of feature release {@code major} needs for the benchmarks (zstd-jni, JMH's Unsafe). */
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
    List<String> command = new ArrayList<>();
    command.add(currentJava().toString());
    command.addAll(jvmFlags(Runtime.version().feature()));
    command.addAll(List.of("-cp", classPath, TurnsMain.class.getName(), Integer.toString(turns.warmupTurns()),
        Integer.toString(turns.warmupMillis()), Integer.toString(turns.turns()), Integer.toString(turns.turnMillis()),
        Integer.toString(turns.sliceMillis()), Long.toString(seed)));
    for (String name : order) {
      command.add(configurations.get(name).spec());
    }
    try {
      Files.createDirectories(log.toAbsolutePath().getParent());
      Process process = new ProcessBuilder(command)
          .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()))
          .start();
      process.getOutputStream().close();
      String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      int status = process.waitFor();
      if (status != 0) {
        throw new MeasurementFailure("a round's JVM failed with status " + status + "; its errors are in " + log);
      }
      return parse(out, order);
    } catch (IOException e) {
      throw new MeasurementFailure("cannot start " + currentJava() + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MeasurementFailure("interrupted", e);
    }
  }

  /** The round in {@link TurnsMain}'s output. */
  static Round parse(String out, List<String> names) throws MeasurementFailure {
    Map<String, List<Double>> measured = new HashMap<>();
    names.forEach(name -> measured.put(name, new ArrayList<>()));
    for (String line : out.lines().toList()) {
      String[] cells = line.split("\t");
      if (cells.length == 4 && cells[0].equals(TurnsMain.TURN) && measured.containsKey(cells[1])) {
        measured.get(cells[1]).add(Double.parseDouble(cells[3]));
      }
    }
    try {
      return new Round(measured);
    } catch (IllegalArgumentException e) {
      throw new MeasurementFailure("a round's JVM printed no usable turns: " + e.getMessage());
    }
  }
}
