package io.github.zipjack.tools.compare;

import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * One configuration in a JVM of its own, run in slices when its parent asks ({@link ChildBenchmark}).
 * Speaks lines on standard input and output: it prints {@code ready} once the benchmark is set up (or
 * {@code failed MESSAGE} and exits 1); then for each {@code slice NANOS} it prints
 * {@code CALLS NANOS JIT_MILLIS} (JIT_MILLIS: its JIT's compiling time so far, -1 when unknown), and on
 * {@code end} or the end of input it tears down and exits 0. Anything the benchmark prints goes to
 * standard error, so that standard output carries the protocol alone.
 *
 * <pre>
 * java -cp target/benchmarks.jar io.github.zipjack.tools.compare.SliceChildMain name|benchmark|param=value...
 * </pre>
 */
public final class SliceChildMain {
  static final String READY = "ready";
  static final String FAILED = "failed ";
  static final String SLICE = "slice ";
  static final String END = "end";

  private SliceChildMain() {}

  public static void main(String[] args) throws InterruptedException {
    PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), true,
        StandardCharsets.UTF_8);
    System.setOut(System.err);
    if (args.length != 1) {
      protocol.println(FAILED + "usage: SliceChildMain name|benchmark|param=value...");
      System.exit(2);
    }
    Thread measuring = new Thread(() -> serve(args[0], protocol), "zipjack-slices");
    measuring.start();
    measuring.join();
  }

  /**
   * Sets the benchmark up and answers the parent's requests until {@code end}, on a thread of its
   * own, as JMH's workers and a server's request threads run: on JDK 17, run on the launcher's main
   * thread, brotli's encoder (made and freed for every body) took about 460 page faults a body, its
   * native memory going back to the system between bodies, and ran 23% slower than in JMH; on this
   * thread, 17 a body and JMH's speed.
   */
  private static void serve(String spec, PrintStream protocol) {
    DirectBenchmark benchmark;
    try {
      benchmark = new DirectBenchmark(JmhConfiguration.parse(spec));
    } catch (RuntimeException e) {
      protocol.println(FAILED + oneLine(e.getMessage()));
      System.exit(1);
      return;
    }
    protocol.println(READY);
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    try (benchmark) {
      String line;
      while ((line = in.readLine()) != null && !line.equals(END)) {
        if (!line.startsWith(SLICE)) {
          protocol.println(FAILED + "not a request: " + oneLine(line));
          System.exit(2);
        }
        SliceSource.Slice slice = benchmark.runFor(Long.parseLong(line.substring(SLICE.length())));
        protocol.println(slice.calls() + " " + slice.nanos() + " " + slice.jitMillis());
      }
    } catch (IOException | RoundRunner.MeasurementFailure | RuntimeException e) {
      protocol.println(FAILED + oneLine(e.getMessage()));
      System.exit(1);
    }
  }

  private static String oneLine(String message) {
    return String.valueOf(message).replace('\n', ' ');
  }
}
