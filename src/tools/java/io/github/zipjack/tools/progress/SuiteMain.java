package io.github.zipjack.tools.progress;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs the JMH runs of a suite one after the other in this JVM, printing one line per benchmark
 * (which one, n of m across the whole suite, the time left) and writing JMH's own output to a log
 * file. bench/run uses it unless given {@code --verbose}.
 * <pre>
 * java -cp target/benchmarks.jar io.github.zipjack.tools.progress.SuiteMain LOG RUNS
 * </pre>
 * RUNS is a text file with one JMH run a line, its command-line arguments separated by tabs. Exits
 * with 0 when every run ran (failed benchmarks are reported, as JMH reports them, and the suite goes
 * on), 1 when a run could not (bad options, no benchmark matched), 2 on bad usage.
 */
public final class SuiteMain {

  private SuiteMain() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      System.err.println("usage: SuiteMain <log file> <runs file: one JMH run a line, arguments separated by tabs>");
      System.exit(2);
    }
    Path logPath = Path.of(args[0]);
    List<String> lines = new ArrayList<>();
    List<Options> runs = new ArrayList<>();
    for (String line : Files.readAllLines(Path.of(args[1]), StandardCharsets.UTF_8)) {
      if (line.isBlank()) {
        continue;
      }
      try {
        runs.add(new CommandLineOptions(line.split("\t")));
        lines.add(line.replace('\t', ' '));
      } catch (CommandLineOptionException e) {
        System.err.println("bench/run: JMH does not take " + line.replace('\t', ' ') + ": " + e.getMessage());
        System.exit(1);
      }
    }
    if (logPath.getParent() != null) {
      Files.createDirectories(logPath.getParent());
    }
    try (PrintStream logStream = new PrintStream(Files.newOutputStream(logPath), true, StandardCharsets.UTF_8)) {
      System.exit(run(runs, lines, logStream, logPath, System.out));
    }
  }

  /**
   * Runs {@code runs} (their command lines in {@code commandLines}, for the log), JMH's output to
   * {@code logStream}, the progress to {@code console}; returns the exit status.
   */
  static int run(List<Options> runs, List<String> commandLines, PrintStream logStream, Path logPath,
      PrintStream console) {
    OutputFormat log = OutputFormatFactory.createFormatInstance(new PrintStream(unclosable(logStream), true,
        StandardCharsets.UTF_8), VerboseMode.NORMAL);
    SuitePlan plan = SuitePlan.of(BenchmarkList.defaultList(), runs, log);
    console.println("bench/run: " + runs.size() + " JMH runs, " + plan.benchmarks() + " benchmarks, about "
        + ProgressTracker.duration(plan.seconds()) + "; JMH's output goes to " + logPath);
    ProgressOutputFormat progress = new ProgressOutputFormat(log, console, new ProgressTracker(plan, System::nanoTime),
        logPath);
    for (int i = 0; i < runs.size(); i++) {
      logStream.println();
      logStream.println("bench/run: JMH " + commandLines.get(i));
      try {
        new Runner(runs.get(i), progress).run();
      } catch (RunnerException | RuntimeException e) {
        progress.endUnfinished();
        console.println("bench/run: JMH stopped: " + e.getMessage());
        console.println("bench/run: JMH's whole output: " + logPath);
        e.printStackTrace(logStream);
        return 1;
      }
      progress.endUnfinished();
    }
    List<String> failed = progress.failed();
    if (!failed.isEmpty()) {
      console.println("bench/run: " + failed.size() + " of " + plan.benchmarks() + " benchmarks failed, left out of"
          + " the report: " + String.join("; ", failed) + ". JMH's whole output: " + logPath);
    }
    return 0;
  }

  /** {@code out}, whose close only flushes: JMH closes its output after each run. */
  private static OutputStream unclosable(OutputStream out) {
    return new OutputStream() {
      @Override
      public void write(int b) throws IOException {
        out.write(b);
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
      }

      @Override
      public void flush() throws IOException {
        out.flush();
      }

      @Override
      public void close() throws IOException {
        out.flush();
      }
    };
  }
}
