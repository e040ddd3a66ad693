package io.github.zipjack;

import java.nio.file.Path;

/**
 * A child process for {@link SaveUnderSigkillTest}: saves {@link Snapshot}s with ever larger
 * sequence numbers to one file, forever, printing {@code saved N} after each save returns, until it
 * is killed. Starts from the sequence number in the file, if there is one.
 */
public final class FileSaverMain {
  private FileSaverMain() {}

  /** A value whose payload is derived from its sequence number, so a reader can tell it is whole. */
  public record Snapshot(long seq, String payload) {
    static Snapshot of(long seq) {
      return new Snapshot(seq, payloadFor(seq));
    }

    /** About 200 KB that differ with {@code seq}. */
    static String payloadFor(long seq) {
      StringBuilder sb = new StringBuilder(200_000);
      for (int i = 0; sb.length() < 200_000; i++) {
        sb.append(Long.toHexString(seq * 31 + i)).append(',');
      }
      return sb.toString();
    }

    boolean isWhole() {
      return payload.equals(payloadFor(seq));
    }
  }

  public static void main(String[] args) throws Exception {
    Path file = Path.of(args[0]);
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.gzip(1)).build()) {
      long seq = java.nio.file.Files.exists(file) ? pipeline.readFile(file, Snapshot.class).seq() : 0;
      while (true) {
        seq++;
        pipeline.writeFile(file, Snapshot.of(seq));
        System.out.println("saved " + seq);
        System.out.flush();
      }
    }
  }
}
