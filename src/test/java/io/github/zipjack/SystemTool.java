package io.github.zipjack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs a system program nobody on this project wrote ({@code zstd}, {@code gzip}) as a test's
 * independent encoder or decoder: feeds it bytes on stdin, returns its stdout, and fails the test
 * if it exits non-zero or writes anything to stderr (a warning counts as a failure).
 */
public final class SystemTool {
  private static final long TIMEOUT_SECONDS = 60;

  private SystemTool() {}

  /**
   * {@code command} run with {@code stdin} as its standard input.
   *
   * @param packageName the Debian package that provides the program, named when it is missing
   * @return what it wrote to standard output
   */
  public static byte[] run(byte[] stdin, String packageName, String... command) throws IOException, InterruptedException {
    Process process;
    try {
      process = new ProcessBuilder(command).start();
    } catch (IOException e) {
      throw new AssertionError("this test needs the system `" + command[0] + "` program on the PATH (apt-get install "
          + packageName + "): " + e.getMessage(), e);
    }
    // Own threads, not the common pool: with one pool thread (2 cores), a blocked stderr reader
    // would keep the stdin writer from running, and the program would wait for its input forever.
    FutureTask<byte[]> stderr = new FutureTask<>(() -> readAll(process.getErrorStream()));
    FutureTask<Void> writer = new FutureTask<>(() -> writeAll(process.getOutputStream(), stdin), null);
    new Thread(stderr, command[0] + " stderr").start();
    new Thread(writer, command[0] + " stdin").start();
    byte[] stdout = readAll(process.getInputStream());
    String line = String.join(" ", command);
    if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      fail(line + " did not finish in " + TIMEOUT_SECONDS + " s");
    }
    String errors;
    try {
      writer.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
      errors = new String(stderr.get(TIMEOUT_SECONDS, TimeUnit.SECONDS), StandardCharsets.UTF_8);
    } catch (ExecutionException | TimeoutException e) {
      throw new AssertionError(line + ": could not write its input or read its errors", e);
    }
    assertEquals(0, process.exitValue(), line + " exit status; stderr: " + errors);
    assertEquals("", errors, line + " wrote to stderr");
    return stdout;
  }

  /** {@code zstd} with {@code arguments}, reading stdin and writing stdout ({@code -c} is added). */
  public static byte[] zstd(byte[] stdin, String... arguments) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add("zstd");
    command.add("-q");
    command.add("-c");
    command.addAll(List.of(arguments));
    return run(stdin, "zstd", command.toArray(new String[0]));
  }

  private static void writeAll(OutputStream out, byte[] bytes) {
    try (out) {
      out.write(bytes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static byte[] readAll(InputStream in) {
    try (in) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
