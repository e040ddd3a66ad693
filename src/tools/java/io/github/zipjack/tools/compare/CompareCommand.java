package io.github.zipjack.tools.compare;

import io.github.zipjack.tools.tune.TuneInputs;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * bench/compare: two or more settings on the user's samples, or one benchmark on two or more builds
 * of zipjack, in paired rounds until every ratio to the first is within ±5% or the time is up; prints
 * a progress line per round, one table and a verdict per ratio.
 *
 * <pre>
 * bench/compare [--time 2m] SETTING SETTING... SAMPLES...
 * bench/compare [--time 2m] --jars A.jar B.jar... [JMH arguments selecting one benchmark]
 * </pre>
 *
 * Settings are named as bench/tune names them; the first is the reference. Exit status: 0 done, 1 a
 * measurement failed, 2 bad input (one message naming the value). One run per instance.
 */
public final class CompareCommand {
  static final String NAME = "bench/compare";
  static final Duration DEFAULT_TIME = Duration.ofMinutes(2);
  static final String USAGE = "usage: " + NAME + " [--time 2m] SETTING SETTING... SAMPLES...\n"
      + "       " + NAME + " [--time 2m] --jars A.jar B.jar... [JMH arguments selecting one benchmark]";
  static final String DEFAULT_JAR_BENCHMARK = "io.github.zipjack.bench.PipelineBenchmark.encodeToBody$";

  private final PrintStream out;
  private final PrintStream err;
  private final Path workDir;

  /** @param workDir where the samples' copy, the rounds' log and the forks' results go */
  CompareCommand(PrintStream out, PrintStream err, Path workDir) {
    this.out = out;
    this.err = err;
    this.workDir = workDir;
  }

  public static void main(String[] args) {
    Path workDir = Path.of(System.getProperty("zipjack.compareDir", Path.of("target", "compare").toString()));
    System.exit(new CompareCommand(System.out, System.err, workDir).run(args));
  }

  /** Runs the command; returns the exit status. */
  int run(String[] args) {
    Duration time = DEFAULT_TIME;
    boolean jars = false;
    List<String> rest = new ArrayList<>();
    try {
      for (int i = 0; i < args.length; i++) {
        switch (args[i]) {
          case "--time" -> {
            if (i + 1 == args.length) {
              throw new IllegalArgumentException("--time needs a value, such as 90s or 2m");
            }
            time = TuneInputs.duration("--time", args[++i]);
          }
          case "--jars" -> jars = true;
          case "-h", "--help" -> {
            out.println(USAGE);
            return 0;
          }
          default -> rest.add(args[i]);
        }
      }
      return jars ? compareJars(rest, time) : compareSettings(rest, time);
    } catch (IllegalArgumentException e) {
      err.println(NAME + ": " + e.getMessage());
      err.println(USAGE);
      return 2;
    } catch (JarRounds.SelectionFailure e) {
      err.println(NAME + ": " + e.getMessage());
      return 2;
    } catch (RoundRunner.MeasurementFailure | IOException e) {
      err.println(NAME + ": " + e.getMessage());
      return 1;
    }
  }

  private int compareSettings(List<String> args, Duration time) throws IOException, RoundRunner.MeasurementFailure {
    List<String> settings = new ArrayList<>();
    List<Path> samples = new ArrayList<>();
    for (String arg : args) {
      if (Files.exists(Path.of(arg))) {
        samples.add(Path.of(arg));
      } else if (arg.startsWith("-") || arg.contains("/") || arg.contains(".json")) {
        throw new IllegalArgumentException("no such option or sample file: " + arg);
      } else {
        String name = TuneInputs.setting(arg);
        if (settings.contains(name)) {
          throw new IllegalArgumentException("setting " + name + " is named twice");
        }
        settings.add(name);
      }
    }
    if (settings.size() < 2) {
      throw new IllegalArgumentException("name at least two settings to compare, such as zlib-1 zstd-1: " + settings);
    }
    Path jsonLines = workDir.resolve("samples.jsonl");
    Files.createDirectories(workDir);
    int bodies = TuneInputs.writeSamples(samples, jsonLines);
    out.println(NAME + ": " + bodies + " bodies, encoded in turn at 1 thread; "
        + String.join(", ", settings.subList(1, settings.size())) + " against " + settings.get(0) + ", up to "
        + time.toSeconds() + " s; each round a fresh JVM");
    RoundRunner runner = SettingRounds.runner(settings, Map.of(), jsonLines, time, workDir.resolve("rounds.log"));
    report(Comparison.against(settings.get(0), settings.subList(1, settings.size())), runner, time);
    return 0;
  }

  private int compareJars(List<String> args, Duration time) throws IOException, RoundRunner.MeasurementFailure {
    List<String> jars = new ArrayList<>();
    List<String> jmhArgs = new ArrayList<>();
    for (String arg : args) {
      if (jmhArgs.isEmpty() && arg.endsWith(".jar")) {
        JarRounds.requireBenchmarksJar(Path.of(arg));
        jars.add(arg);
      } else {
        jmhArgs.add(arg);
      }
    }
    if (jars.size() < 2) {
      throw new IllegalArgumentException("--jars needs at least two benchmarks jars: " + jars);
    }
    if (jars.stream().distinct().count() != jars.size()) {
      throw new IllegalArgumentException("a jar is named twice: " + jars);
    }
    boolean defaultBenchmark = jmhArgs.isEmpty();
    if (defaultBenchmark) {
      jmhArgs = List.of(DEFAULT_JAR_BENCHMARK, "-p", "dataset=people-100", "-p", "codec=zstd-1", "-p", "format=JSON");
    }
    out.println(NAME + ": " + String.join(" ", jmhArgs) + " on " + String.join(", ", jars.subList(1, jars.size()))
        + " against " + jars.get(0) + ", up to " + time.toSeconds() + " s; each round one JMH fork of each jar");
    Files.createDirectories(workDir);
    RoundRunner runner = new JarRounds(jmhArgs, defaultBenchmark, workDir, workDir.resolve("forks.log"));
    report(Comparison.against(jars.get(0), jars.subList(1, jars.size())), runner, time);
    return 0;
  }

  private void report(Comparison comparison, RoundRunner runner, Duration time) throws RoundRunner.MeasurementFailure {
    PairedResult result = new PairedRounds(comparison, runner, System.nanoTime(), System::nanoTime)
        .run(time, 1000, progress -> out.println(NAME + ": " + ProgressLine.of(progress)));
    out.println();
    out.print(ComparisonTable.render(result));
    out.print(SpreadCheck.describe(result));
    for (Comparison.Ratio ratio : comparison.ratios()) {
      out.println(ratio.numerator() + " against " + ratio.denominator() + ": " + Verdict.of(result.estimate(ratio)));
    }
  }
}
