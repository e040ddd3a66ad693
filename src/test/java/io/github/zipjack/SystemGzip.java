package io.github.zipjack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The system's {@code gzip} program, a decoder nobody on this project wrote. Tests hand it a body
 * in a file and read what {@code gzip -dc} writes; a warning (trailing garbage, for example) or a
 * non-zero exit fails the test ({@link SystemTool}).
 */
public final class SystemGzip {
  private SystemGzip() {}

  /** {@code gzip -dc} of {@code body}, which is written to a file in {@code dir}. */
  public static byte[] decompress(byte[] body, Path dir) throws IOException, InterruptedException {
    Path file = Files.createTempFile(dir, "body", ".gz");
    Files.write(file, body);
    return SystemTool.run(new byte[0], "gzip", "gzip", "-dc", file.toString());
  }
}
