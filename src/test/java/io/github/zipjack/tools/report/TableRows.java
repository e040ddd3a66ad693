package io.github.zipjack.tools.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Finds rows of a report table by the values of some of their cells. */
final class TableRows {

  private TableRows() {}

  /** The one row whose cells under the given headers hold the given values; fails unless exactly one does. */
  static int find(MarkdownTable table, Map<String, String> match) {
    List<Integer> found = new ArrayList<>();
    for (int row = 0; row < table.rowCount(); row++) {
      boolean all = true;
      for (Map.Entry<String, String> m : match.entrySet()) {
        all &= table.cell(row, m.getKey()).equals(m.getValue());
      }
      if (all) {
        found.add(row);
      }
    }
    assertEquals(1, found.size(), "rows matching " + match + " in\n" + table.render());
    return found.get(0);
  }

  /** The cell under {@code header} in the one row that matches. */
  static String cell(MarkdownTable table, Map<String, String> match, String header) {
    return table.cell(find(table, match), header);
  }
}
