package io.github.zipjack.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** README's generated sections: the size table is current, the key figures come from the committed report. */
class ReadmeSectionsTest {

  private static String read(String path) throws IOException {
    return Files.readString(Path.of(path), StandardCharsets.UTF_8);
  }

  @Test
  void readmeSizeTableIsWhatTheDatasetsEncodeTo() throws IOException {
    assertEquals(ReadmeSections.sizeTable(), ReadmeSections.SIZES.current(read("README.md")),
        "README's size table is stale: run bench/publish or java -cp target/benchmarks.jar "
            + "io.github.zipjack.bench.report.ReadmeSections README.md");
  }

  @Test
  void readmeKeyFiguresAreThoseOfTheCommittedReport() throws IOException {
    assertEquals(ReadmeSections.keyFigures(read("bench/latest/report.md")),
        ReadmeSections.KEY_FIGURES.current(read("README.md")),
        "README's key figures differ from bench/latest/report.md: run bench/publish");
  }

  @Test
  void readmeEngineSectionIsThatOfTheCommittedReport() throws IOException {
    assertEquals(ReadmeSections.engines(read("bench/latest/report.md")),
        ReadmeSections.ENGINES.current(read("README.md")),
        "README's engine section differs from bench/latest/report.md: run bench/publish");
  }

  @Test
  void sizeTableHasTheStudysRowsAndColumns() {
    String table = ReadmeSections.sizeTable();

    assertTrue(table.contains("x1 (people-100)"), table);
    assertTrue(table.contains("x10 (people-100x10)"), table);
    assertTrue(table.contains("gzip 6 %") && table.contains("gzip 1 %"), table);
  }

  @Test
  void replaceChangesOnlyTheMarkedSection() {
    ReadmeSections.Section section = new ReadmeSections.Section("demo");
    String text = "before\n" + section.begin() + "\nold\n" + section.end() + "\nafter\n";

    assertEquals("before\n" + section.begin() + "\nnew\n" + section.end() + "\nafter\n", section.replace(text, "new\n"));
  }

  @Test
  void missingMarkersAreNamedInTheError() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ReadmeSections.SIZES.current("no markers here"));
    assertTrue(e.getMessage().contains(ReadmeSections.SIZES.begin()), e.getMessage());
  }

  @Test
  void keyFiguresStopAtTheNextSection() {
    String report = "# r\n\n## Key figures (x)\n\n| a |\n| - |\n| 1 |\n\n## Next\n\nmore\n";

    assertEquals("| a |\n| - |\n| 1 |\n", ReadmeSections.keyFigures(report));
  }
}
