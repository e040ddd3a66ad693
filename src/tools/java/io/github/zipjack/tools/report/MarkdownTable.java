package io.github.zipjack.tools.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A table rendered as GitHub Markdown with padded columns, so the same text reads well in
 * {@code report.md} and on a terminal. A column whose cells are all figures is right-aligned. Used by
 * the JMH report and by bench/http's report. Not thread-safe.
 */
public final class MarkdownTable {

  /** What an absent figure is written as. */
  public static final String NONE = "–";

  private final List<String> headers;
  private final List<List<String>> rows = new ArrayList<>();

  public MarkdownTable(List<String> headers) {
    this.headers = List.copyOf(headers);
  }

  MarkdownTable(String... headers) {
    this(List.of(headers));
  }

  public void addRow(List<String> cells) {
    if (cells.size() != headers.size()) {
      throw new IllegalArgumentException(
          "a row needs " + headers.size() + " cells, got " + cells.size() + ": " + cells);
    }
    rows.add(List.copyOf(cells));
  }

  void addRow(String... cells) {
    addRow(List.of(cells));
  }

  boolean isEmpty() {
    return rows.isEmpty();
  }

  int rowCount() {
    return rows.size();
  }

  /** The cell in a row (0 = first data row) under a header. */
  String cell(int row, String header) {
    int column = headers.indexOf(header);
    if (column < 0) {
      throw new IllegalArgumentException("no column " + header + " in " + headers);
    }
    return rows.get(row).get(column);
  }

  List<String> headers() {
    return headers;
  }

  public String render() {
    int columns = headers.size();
    int[] widths = new int[columns];
    boolean[] figures = new boolean[columns];
    for (int c = 0; c < columns; c++) {
      widths[c] = Math.max(3, headers.get(c).length());
      figures[c] = true;
      for (List<String> row : rows) {
        widths[c] = Math.max(widths[c], row.get(c).length());
        figures[c] &= isFigure(row.get(c));
      }
    }
    StringBuilder out = new StringBuilder();
    appendLine(out, headers, widths, figures);
    out.append('|');
    for (int c = 0; c < columns; c++) {
      out.append(' ').append("-".repeat(widths[c] - 1)).append(figures[c] ? ':' : '-').append(" |");
    }
    out.append('\n');
    for (List<String> row : rows) {
      appendLine(out, row, widths, figures);
    }
    return out.toString();
  }

  private static void appendLine(StringBuilder out, List<String> cells, int[] widths, boolean[] right) {
    out.append('|');
    for (int c = 0; c < cells.size(); c++) {
      String cell = cells.get(c);
      String pad = " ".repeat(widths[c] - cell.length());
      out.append(' ').append(right[c] ? pad + cell : cell + pad).append(" |");
    }
    out.append('\n');
  }

  private static boolean isFigure(String cell) {
    if (cell.isEmpty() || cell.equals(NONE)) {
      return true;
    }
    char first = cell.charAt(0);
    return Character.isDigit(first) || first == '-' || first == '+' || first == '×';
  }
}
