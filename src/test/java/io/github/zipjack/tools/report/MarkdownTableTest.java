package io.github.zipjack.tools.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class MarkdownTableTest {

  @Test
  void columnsOfFiguresAreRightAlignedAndTextColumnsLeftAligned() {
    MarkdownTable table = new MarkdownTable("method", "ops/s", "× baseline");
    table.addRow("baseline", "1,234 ± 5", "1.00×");
    table.addRow("afterburner", "987", MarkdownTable.NONE);

    assertEquals("""
        | method      |     ops/s | × baseline |
        | ----------- | --------: | ---------: |
        | baseline    | 1,234 ± 5 |      1.00× |
        | afterburner |       987 |          – |
        """, table.render());
  }

  @Test
  void aRowOfTheWrongWidthIsRejectedWithBothCounts() {
    MarkdownTable table = new MarkdownTable("a", "b");

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> table.addRow("1"));
    assertEquals("a row needs 2 cells, got 1: [1]", e.getMessage());
  }
}
