package io.github.zipjack.tools.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns JMH result files into zipjack's benchmark report.
 *
 * <pre>
 * java -cp target/benchmarks.jar io.github.zipjack.tools.report.ReportMain jmh-result.json... outDir
 * </pre>
 *
 * <p>Reads one or more files JMH wrote with {@code -rf json} (several are concatenated, such as
 * runs at different thread counts), writes {@code outDir/report.md}, its PNG charts and the results
 * it was made from in one file, {@code outDir/jmh-result.json}, and prints the tables. Exits with
 * 2 on a usage error and 1 when a file cannot be read or written.
 */
public final class ReportMain {

  static final String MERGED_FILE = "jmh-result.json";

  private ReportMain() {}

  public static void main(String[] args) {
    if (args.length < 2) {
      System.err.println("usage: ReportMain <jmh-result.json>... <outDir>");
      System.exit(2);
    }
    List<Path> sources = new ArrayList<>();
    for (int i = 0; i < args.length - 1; i++) {
      sources.add(Path.of(args[i]));
    }
    Path outDir = Path.of(args[args.length - 1]);
    try {
      System.out.print(run(sources, outDir).console());
      System.out.println("Report written to " + outDir.resolve(Report.FILE_NAME));
    } catch (IOException e) {
      System.err.println("ReportMain: " + e.getMessage());
      System.exit(1);
    }
  }

  /** Writes the report and returns its document; what {@link #main} does without printing or exiting. */
  static ReportDocument run(List<Path> sources, Path outDir) throws IOException {
    System.setProperty("java.awt.headless", "true"); // charts are drawn off screen, also over SSH
    ResultSet results = new JmhResultReader().read(sources);
    ReportDocument doc = new Report(results, sources).writeTo(outDir);
    saveMerged(sources, outDir.resolve(MERGED_FILE));
    return doc;
  }

  /** All sources' results in one JSON array, in JMH's format (read in full before writing). */
  private static void saveMerged(List<Path> sources, Path target) throws IOException {
    ObjectMapper mapper = new ObjectMapper();
    ArrayNode merged = mapper.createArrayNode();
    for (Path source : sources) {
      mapper.readTree(source.toFile()).forEach(merged::add);
    }
    mapper.writerWithDefaultPrettyPrinter().writeValue(target.toFile(), merged);
  }
}
