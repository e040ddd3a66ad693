package io.github.zipjack.tools.report;

import java.util.List;

/**
 * The report as it is being written: Markdown for {@code report.md} and, alongside, the same text
 * without images for the terminal.
 */
final class ReportDocument {

  private final StringBuilder markdown = new StringBuilder();
  private final StringBuilder console = new StringBuilder();

  void heading(int level, String text) {
    both("#".repeat(level) + " " + text + "\n\n");
  }

  void paragraph(String text) {
    both(text + "\n\n");
  }

  /**
   * Begins the section of one benchmark class: its level-2 heading and, when {@code measured} is empty,
   * the {@linkplain #notMeasured not-measured} paragraph. Returns whether there are results to show.
   */
  boolean benchmarkSection(String heading, String benchmarkClass, List<JmhResult> measured) {
    heading(2, heading);
    if (measured.isEmpty()) {
      notMeasured(benchmarkClass);
      return false;
    }
    return true;
  }

  /** The paragraph of a section whose benchmark class has no results in the files read. */
  void notMeasured(String benchmarkClass) {
    paragraph("Not measured: the result files have no " + benchmarkClass + " results (bench/run runs it; alone:"
        + " java -jar target/benchmarks.jar " + benchmarkClass + ").");
  }

  /** Something the reader should know, such as a table left out because its data is missing. */
  void note(String text) {
    markdown.append("> ").append(text).append("\n\n");
    console.append("NOTE: ").append(text).append("\n\n");
  }

  void table(MarkdownTable table) {
    both(table.render() + "\n");
  }

  void image(String fileName, String title) {
    markdown.append("![").append(title).append("](").append(fileName).append(")\n\n");
    console.append("chart: ").append(fileName).append(" (").append(title).append(")\n\n");
  }

  String markdown() {
    return markdown.toString();
  }

  String console() {
    return console.toString();
  }

  private void both(String text) {
    markdown.append(text);
    console.append(text);
  }
}
