package io.github.zipjack.tools.compare;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A configuration measured in a JVM of its own ({@link SliceChildMain}), asked for one slice at a time
 * over its standard input and output, so that its code is compiled with its own profile alone while
 * its slices still alternate with the other configurations' on the same clock. The child's standard
 * error goes to a log file. Used by one thread; {@link #close} ends the child.
 */
final class ChildBenchmark implements SliceSource {
  private final JmhConfiguration configuration;
  private final Process process;
  private final BufferedReader replies;
  private final Writer requests;

  /**
   * Starts the child; {@link #awaitReady} waits for its setup.
   *
   * @param java the java binary, with {@code flags} before the class path
   * @throws RoundRunner.MeasurementFailure if the JVM cannot be started
   */
  ChildBenchmark(JmhConfiguration configuration, Path java, List<String> flags, String classPath, Path log)
      throws RoundRunner.MeasurementFailure {
    this.configuration = configuration;
    List<String> command = new ArrayList<>();
    command.add(java.toString());
    command.addAll(flags);
    command.addAll(List.of("-cp", classPath, SliceChildMain.class.getName(), configuration.spec()));
    try {
      process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
    } catch (IOException e) {
      throw new RoundRunner.MeasurementFailure("cannot start " + java + " for " + configuration.name() + ": "
          + e.getMessage(), e);
    }
    replies = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    requests = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
  }

  /** Waits until the child has set its benchmark up. */
  void awaitReady() throws RoundRunner.MeasurementFailure {
    String line = reply();
    if (!line.equals(SliceChildMain.READY)) {
      throw failure(line);
    }
  }

  @Override
  public Slice runFor(long nanos) throws RoundRunner.MeasurementFailure {
    try {
      requests.write(SliceChildMain.SLICE + nanos + "\n");
      requests.flush();
    } catch (IOException e) {
      throw new RoundRunner.MeasurementFailure(configuration.name() + "'s JVM stopped: " + e.getMessage(), e);
    }
    String line = reply();
    String[] parts = line.split(" ");
    if (parts.length != 3 || !parts[0].matches("\\d+") || !parts[1].matches("\\d+") || !parts[2].matches("-?\\d+")) {
      throw failure(line);
    }
    return new Slice(Integer.parseInt(parts[0]), Long.parseLong(parts[1]), Long.parseLong(parts[2]));
  }

  private String reply() throws RoundRunner.MeasurementFailure {
    try {
      String line = replies.readLine();
      if (line == null) {
        throw new RoundRunner.MeasurementFailure(configuration.name() + "'s JVM ended without an answer (its errors"
            + " are in the rounds' log)");
      }
      return line;
    } catch (IOException e) {
      throw new RoundRunner.MeasurementFailure(configuration.name() + "'s JVM stopped: " + e.getMessage(), e);
    }
  }

  private RoundRunner.MeasurementFailure failure(String line) {
    String message = line.startsWith(SliceChildMain.FAILED) ? line.substring(SliceChildMain.FAILED.length()) : line;
    return new RoundRunner.MeasurementFailure(configuration.spec() + ": " + message);
  }

  /** Asks the child to tear down and end; kills it if it has not within 30 s. */
  @Override
  public void close() {
    try {
      requests.write(SliceChildMain.END + "\n");
      requests.close();
    } catch (IOException e) {
      // the child is gone already
    }
    try {
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
