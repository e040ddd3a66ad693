package io.github.zipjack.tools.http;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One measured combination of the HTTP benchmark: which variant served which dataset in which
 * coding, what the check request saw (whether Content-Length was sent, the body's bytes on the
 * wire) and wrk's figures. Immutable.
 *
 * @param variant {@code plain}, {@code jetty}, {@code filter}, {@code direct} (Jetty), {@code boot},
 *     {@code converter} (Spring)
 * @param dataset {@code people-100}, {@code people-1}, {@code orders-1}
 * @param coding the Content-Encoding received: {@code gzip}, {@code zstd}, {@code br}, {@code dcz}
 *     or {@code identity}
 * @param contentLengthSent whether the response carried a Content-Length header
 * @param bodyBytes the response body's bytes as sent (compressed when a coding applies)
 * @param wrk what wrk measured
 */
record HttpRun(String variant, String dataset, String coding, boolean contentLengthSent,
    long bodyBytes, WrkOutput wrk) {

  /**
   * Reads the runs file that {@code bench/http} writes: one run a line, tab-separated {@code
   * variant dataset coding content-length(yes|no) body-bytes wrk-output-file}; a relative wrk file
   * is resolved against the runs file's directory. Blank lines and lines starting with {@code #}
   * are skipped.
   *
   * @throws IllegalArgumentException naming the line when one is malformed
   */
  static List<HttpRun> readAll(Path runsFile) throws IOException {
    List<HttpRun> runs = new ArrayList<>();
    List<String> lines = Files.readAllLines(runsFile);
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      String[] fields = line.split("\t");
      if (fields.length != 6 || !(fields[3].equals("yes") || fields[3].equals("no"))) {
        throw new IllegalArgumentException(runsFile + ":" + (i + 1) + ": expected variant, dataset,"
            + " coding, yes|no, body bytes and a wrk output file, tab-separated: " + line);
      }
      Path wrkFile = runsFile.toAbsolutePath().resolveSibling(fields[5]);
      WrkOutput wrk;
      try {
        wrk = WrkOutput.parse(Files.readString(wrkFile));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(runsFile + ":" + (i + 1) + ": " + e.getMessage(), e);
      }
      runs.add(new HttpRun(fields[0], fields[1], fields[2], fields[3].equals("yes"),
          Long.parseLong(fields[4]), wrk));
    }
    return runs;
  }
}
