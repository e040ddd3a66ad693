package io.github.zipjack.tools.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns JMH result files into zipjack's benchmark report.
 *
 * <pre>
 * java -cp target/benchmarks.jar io.github.zipjack.tools.report.ReportMain jmh-result.json... outDir
 * java -cp target/benchmarks.jar io.github.zipjack.tools.report.ReportMain --headline headline-jdk*.tsv... outDir
 * </pre>
 *
 * <p>Reads one or more files JMH wrote with {@code -rf json} (several are concatenated, such as
 * runs at different thread counts), writes {@code outDir/report.md}, its PNG charts and the results
 * it was made from in one file, {@code outDir/jmh-result.json}, and prints the tables; with
 * {@code --headline}, {@code outDir/headline.md} instead of the report: the headline alone, from the
 * paired rounds' rows ({@link HeadlineRow}) that {@code bench/run} writes for each JDK, and whether it
 * is fit for the README. Exits with
 * 2 on a usage error and 1 when a file cannot be read or written.
 */
public final class ReportMain {

  static final String MERGED_FILE = "jmh-result.json";
  /** The option that writes the headline alone. */
  static final String HEADLINE_ONLY = "--headline";

  private ReportMain() {}

  public static void main(String[] args) {
    boolean headlineOnly = args.length > 0 && args[0].equals(HEADLINE_ONLY);
    int first = headlineOnly ? 1 : 0;
    if (args.length - first < 2) {
      System.err.println("usage: ReportMain <jmh-result.json>... <outDir>\n"
          + "       ReportMain " + HEADLINE_ONLY + " <headline-jdk*.tsv>... <outDir>");
      System.exit(2);
    }
    List<Path> sources = new ArrayList<>();
    for (int i = first; i < args.length - 1; i++) {
      sources.add(Path.of(args[i]));
    }
    Path outDir = Path.of(args[args.length - 1]);
    try {
      System.out.print((headlineOnly ? runHeadline(sources, outDir) : run(sources, outDir)).console());
      System.out.println("Report written to " + outDir.resolve(headlineOnly ? Report.HEADLINE_FILE_NAME : Report.FILE_NAME));
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

  /**
   * Writes {@code outDir/headline.md} from the paired rounds' rows in {@code sources}, in their order;
   * what {@link #main} does with {@code --headline}.
   */
  static ReportDocument runHeadline(List<Path> sources, Path outDir) throws IOException {
    List<HeadlineRow> rows = new ArrayList<>();
    for (Path source : sources) {
      for (String line : Files.readAllLines(source, StandardCharsets.UTF_8)) {
        if (!line.isBlank()) {
          rows.add(HeadlineRow.parse(line));
        }
      }
    }
    Files.createDirectories(outDir);
    ReportDocument doc = new ReportDocument();
    doc.heading(1, "zipjack headline");
    new PairedHeadlineSection(rows, LocalDate.now(ZoneOffset.UTC)).appendTo(doc);
    Files.writeString(outDir.resolve(Report.HEADLINE_FILE_NAME), doc.markdown(), StandardCharsets.UTF_8);
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
