package io.github.zipjack.tools.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;

/**
 * The recorded JMH result file the report tests read, and variants of it written to a test's
 * temporary directory.
 *
 * <p>{@code jmh-result-tiny.json} is real output of {@code target/benchmarks.jar}: a run at 1 thread
 * (SeedBenchmark baseline and all three optimizations on numCopies=1, PipelineBenchmark.encodeToBody,
 * CeilingBenchmark and DecodeBenchmark on people-1 and people-100) and a run at 2 threads (the
 * baseline, encodeToBody and the ceiling on people-100 at level 1), with very short iterations and
 * {@code -prof gc}, merged by ReportMain. Its figures mean nothing; the tests only check that the
 * report computes with them correctly.
 */
final class Fixtures {

  static final String RESOURCE = "/io/github/zipjack/tools/report/jmh-result-tiny.json";
  /**
   * {@code jmh-result-engines.json}: written by hand in JMH 1.37's format (only the fields the
   * report reads), JDK 25, with round figures chosen so that some targets hold and some do not;
   * {@link EngineSectionTest} works its expectations out from them.
   */
  static final String ENGINES_RESOURCE = "/io/github/zipjack/tools/report/jmh-result-engines.json";

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private Fixtures() {}

  static Path recorded() {
    return resource(RESOURCE);
  }

  static Path engines() {
    return resource(ENGINES_RESOURCE);
  }

  private static Path resource(String name) {
    try {
      return Path.of(Fixtures.class.getResource(name).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  static ResultSet read() throws IOException {
    return new JmhResultReader().read(List.of(recorded()));
  }

  /** The recorded file without the results {@code drop} matches, written into {@code dir}. */
  static Path without(Path dir, String name, Predicate<JsonNode> drop) throws IOException {
    ArrayNode kept = MAPPER.createArrayNode();
    for (JsonNode result : MAPPER.readTree(recorded().toFile())) {
      if (!drop.test(result)) {
        kept.add(result);
      }
    }
    Path file = dir.resolve(name);
    MAPPER.writeValue(file.toFile(), kept);
    return file;
  }

  /** Whether a result's benchmark name contains {@code text}, for {@link #without}. */
  static Predicate<JsonNode> benchmarkContains(String text) {
    return result -> result.path("benchmark").asText().contains(text);
  }

  /** The recorded file with every occurrence of {@code from} replaced by {@code to}. */
  static Path rewritten(Path dir, String name, String from, String to) throws IOException {
    String text = Files.readString(recorded());
    Path file = dir.resolve(name);
    Files.writeString(file, text.replace(from, to));
    return file;
  }
}
