package io.github.zipjack.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The split of src/jmh/java (the benchmarks and their helpers) from src/tools/java (the programs
 * built on them): the benchmarks stand without the programs, and every class the bench/ commands
 * and CI start by name is one the build makes. Reads the sources and scripts from the project
 * folder, where the tests run.
 */
class LayoutTest {

  private static final Path BENCHMARKS = Path.of("src", "jmh", "java");
  private static final String PROGRAMS_PACKAGE = "io.github.zipjack.tools";
  /** A class named in a script: {@code io.github.zipjack.tools.report.ReportMain}, or as a jar entry. */
  private static final Pattern CLASS_NAME =
      Pattern.compile("io[./]github[./]zipjack(?:[./][a-z][a-z0-9_]*)*[./][A-Z][A-Za-z0-9_]*");

  @Test
  void benchmarksReachNoProgram() throws IOException {
    List<String> reaching = new ArrayList<>();
    try (Stream<Path> files = Files.walk(BENCHMARKS)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        if (Files.readString(file, StandardCharsets.UTF_8).contains(PROGRAMS_PACKAGE)) {
          reaching.add(file.toString());
        }
      }
    }
    assertEquals(List.of(), reaching, "benchmark sources that name " + PROGRAMS_PACKAGE);
  }

  @Test
  void everyClassTheBenchCommandsStartIsBuilt() throws IOException {
    Set<String> named = new TreeSet<>();
    List<Path> scripts = new ArrayList<>(List.of(Path.of(".ci", "run")));
    try (Stream<Path> bench = Files.list(Path.of("bench"))) {
      bench.filter(Files::isRegularFile).forEach(scripts::add);
    }
    for (Path script : scripts) {
      Matcher m = CLASS_NAME.matcher(Files.readString(script, StandardCharsets.UTF_8));
      while (m.find()) {
        named.add(m.group().replace('/', '.'));
      }
    }
    assertFalse(named.isEmpty(), "no class names found in " + scripts);
    List<String> missing = new ArrayList<>();
    for (String name : named) {
      try {
        Class.forName(name, false, LayoutTest.class.getClassLoader());
      } catch (ClassNotFoundException e) {
        missing.add(name);
      }
    }
    assertEquals(List.of(), missing, "classes the bench/ commands name that the build does not make");
  }
}
