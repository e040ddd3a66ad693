package io.github.zipjack.tools.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the files JMH writes with {@code -rf json} into a {@link ResultSet}.
 *
 * <p>Throughput and average-time results are kept, both as throughput (the tables divide
 * throughputs); results of other modes are counted and named in a note. Scores in ops/ms, ops/us
 * and so on are converted to ops/s; an average time t per operation on each of n threads becomes
 * n / t ops/s with the same relative error, so that {@code threads / opsPerSecond} gives the time
 * back exactly. JMH writes an undefined error as the string {@code "NaN"}; it is read as
 * {@link Double#NaN}.
 *
 * <p>The gc profiler's allocation metric is {@code "gc.alloc.rate.norm"} in JMH 1.37; earlier
 * versions prefixed secondary metrics with a middle dot ({@code "·gc.alloc.rate.norm"}). Both are
 * accepted.
 *
 * <p>An {@code @AuxCounters(OPERATIONS)} field appears among the secondary metrics under its own name,
 * scored as the primary metric is (in throughput mode, the counter's total per second in the
 * primary's unit); it is kept per operation: the counter's score over the primary score (the
 * inverse in average-time mode). Profilers' metrics have units of their own and are not counters.
 */
final class JmhResultReader {

  static final String ALLOC_METRIC = "gc.alloc.rate.norm";
  /** JMH's name of {@code Mode.AverageTime} in result files. */
  static final String AVERAGE_TIME = "avgt";
  private static final char OLD_SECONDARY_PREFIX = '\u00b7';

  private final ObjectMapper mapper = new ObjectMapper();

  /** Reads and concatenates several result files, in order. */
  ResultSet read(List<Path> files) throws IOException {
    List<JmhResult> results = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    for (Path file : files) {
      readFile(file, results, notes);
    }
    return new ResultSet(results, notes);
  }

  private void readFile(Path file, List<JmhResult> results, List<String> notes) throws IOException {
    JsonNode root = mapper.readTree(file.toFile());
    if (root == null || !root.isArray()) {
      throw new IOException(file + " is not a JMH JSON result (expected a JSON array of results)");
    }
    int skipped = 0;
    for (JsonNode node : root) {
      String benchmark = node.path("benchmark").asText("");
      if (benchmark.lastIndexOf('.') <= 0) {
        throw new IOException(file + ": a result without a benchmark name: " + node);
      }
      JsonNode primary = node.path("primaryMetric");
      String mode = node.path("mode").asText();
      String unit = primary.path("scoreUnit").asText();
      int threads = node.path("threads").asInt(1);
      double score = number(primary.path("score"));
      double error = number(primary.path("scoreError"));
      double opsPerSecond;
      double errorOpsPerSecond;
      if (AVERAGE_TIME.equals(mode)) {
        opsPerSecond = threads / (score * secondsPerOpFactor(unit));
        errorOpsPerSecond = opsPerSecond * error / score;
      } else {
        opsPerSecond = score * opsPerSecondFactor(mode, unit);
        errorOpsPerSecond = error * opsPerSecondFactor(mode, unit);
      }
      if (Double.isNaN(opsPerSecond)) {
        skipped++;
        continue;
      }
      results.add(new JmhResult(
          benchmark,
          threads,
          params(node.path("params")),
          opsPerSecond,
          errorOpsPerSecond,
          allocBytesPerOp(node.path("secondaryMetrics")),
          countersPerOp(node.path("secondaryMetrics"), mode, unit, score),
          runSettings(node)));
    }
    if (skipped > 0) {
      notes.add(file.getFileName() + ": " + skipped + " result(s) not in throughput or average-time mode"
          + " were left out; run with -bm thrpt (the suite's default) to tabulate them.");
    }
  }

  /** The factor from the file's unit to seconds per operation, or NaN for a unit the report does not use. */
  static double secondsPerOpFactor(String unit) {
    return switch (unit) {
      case "s/op" -> 1;
      case "ms/op" -> 1e-3;
      case "us/op" -> 1e-6;
      case "ns/op" -> 1e-9;
      case "min/op" -> 60;
      default -> Double.NaN;
    };
  }

  /** The factor from the file's unit to ops/s, or NaN for a mode or unit the report does not use. */
  static double opsPerSecondFactor(String mode, String unit) {
    if (!"thrpt".equals(mode)) {
      return Double.NaN;
    }
    return switch (unit) {
      case "ops/s" -> 1;
      case "ops/ms" -> 1e3;
      case "ops/us" -> 1e6;
      case "ops/ns" -> 1e9;
      case "ops/min" -> 1.0 / 60;
      case "ops/hr" -> 1.0 / 3600;
      default -> Double.NaN;
    };
  }

  private static Map<String, String> params(JsonNode params) {
    Map<String, String> values = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> entry : params.properties()) {
      values.put(entry.getKey(), entry.getValue().asText());
    }
    return values;
  }

  private static double allocBytesPerOp(JsonNode secondaryMetrics) {
    for (Map.Entry<String, JsonNode> entry : secondaryMetrics.properties()) {
      if (ALLOC_METRIC.equals(secondaryName(entry.getKey()))) {
        return number(entry.getValue().path("score"));
      }
    }
    return Double.NaN;
  }

  /** The secondary metrics in the primary metric's unit, each over the primary score, by name. */
  private static Map<String, Double> countersPerOp(JsonNode secondaryMetrics, String mode, String unit,
      double primaryScore) {
    Map<String, Double> counters = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> entry : secondaryMetrics.properties()) {
      if (!unit.equals(entry.getValue().path("scoreUnit").asText())) {
        continue;
      }
      double score = number(entry.getValue().path("score"));
      counters.put(secondaryName(entry.getKey()), AVERAGE_TIME.equals(mode) ? primaryScore / score : score / primaryScore);
    }
    return counters;
  }

  /** A secondary metric's name without the middle dot of JMH before 1.37. */
  private static String secondaryName(String name) {
    return !name.isEmpty() && name.charAt(0) == OLD_SECONDARY_PREFIX ? name.substring(1) : name;
  }

  /** A JSON number, or NaN for JMH's {@code "NaN"} string, a missing field or anything else. */
  private static double number(JsonNode node) {
    if (node.isNumber()) {
      return node.doubleValue();
    }
    if (node.isTextual()) {
      try {
        return Double.parseDouble(node.textValue());
      } catch (NumberFormatException e) {
        return Double.NaN;
      }
    }
    return Double.NaN;
  }

  private static JmhResult.RunSettings runSettings(JsonNode node) {
    return new JmhResult.RunSettings(
        node.path("jmhVersion").asText("?"),
        node.path("jdkVersion").asText("?"),
        node.path("vmName").asText("?"),
        node.path("vmVersion").asText("?"),
        node.path("forks").asInt(),
        node.path("warmupIterations").asInt() + " x " + node.path("warmupTime").asText("?"),
        node.path("measurementIterations").asInt() + " x " + node.path("measurementTime").asText("?"));
  }
}
