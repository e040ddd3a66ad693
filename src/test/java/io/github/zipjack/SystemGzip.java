package io.github.zipjack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The system's {@code gzip} program, a decoder nobody on this project wrote. Tests hand it a body
 * in a file and read what {@code gzip -dc} writes; a warning (trailing garbage, for example) or a
 * non-zero exit fails the test.
 */
public final class SystemGzip {
  private static final long TIMEOUT_SECONDS = 30;

  private SystemGzip() {}

  /** {@code gzip -dc} of {@code body}, which is written to a file in {@code dir}. */
  public static byte[] decompress(byte[] body, Path dir) throws IOException, InterruptedException {
    Path file = Files.createTempFile(dir, "body", ".gz");
    Files.write(file, body);
    Process process;
    try {
      process = new ProcessBuilder("gzip", "-dc", file.toString()).start();
    } catch (IOException e) {
      throw new AssertionError("the interoperability tests need the system `gzip` program on the PATH"
          + " (apt-get install gzip): " + e.getMessage(), e);
    }
    process.getOutputStream().close();
    CompletableFuture<byte[]> stderr = CompletableFuture.supplyAsync(() -> readAll(process.getErrorStream()));
    byte[] stdout = readAll(process.getInputStream());
    if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      fail("gzip -dc did not finish in " + TIMEOUT_SECONDS + " s");
    }
    String errors = new String(stderr.join(), StandardCharsets.UTF_8);
    assertEquals(0, process.exitValue(), "gzip -dc exit status; stderr: " + errors);
    assertEquals("", errors, "gzip -dc wrote to stderr");
    return stdout;
  }

  private static byte[] readAll(InputStream in) {
    try (in) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
