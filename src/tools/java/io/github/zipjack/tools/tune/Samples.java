package io.github.zipjack.tools.tune;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * The bodies bench/tune measures, read from the user's samples: a {@code .json} file (or any file
 * named on the command line) is one body; a {@code .jsonl} or {@code .ndjson} file is one body a
 * line (blank lines skipped); a folder holds such files, found recursively in name order (other
 * files in it are ignored, and so is the {@code --report} folder where bench/tune writes). Each
 * body is parsed into a {@link JsonNode} by the mapper given, which is zipjack's own, so that
 * encoding serializes what a service would serialize. Immutable.
 */
final class Samples {
  /** The parsed bodies, in the order read. */
  private final List<JsonNode> values;
  /** How many files they came from. */
  private final int fileCount;

  private Samples(List<JsonNode> values, int fileCount) {
    this.values = List.copyOf(values);
    this.fileCount = fileCount;
  }

  /**
   * Reads every body of the given paths.
   *
   * @param report the {@code --report} folder, which need not exist yet: a folder's walk skips it,
   *     so that what bench/tune wrote there (its {@code samples.jsonl}) is not read back as samples
   * @throws BadInputException naming the file (and line) of the first problem: a missing path, an
   *     empty folder or file, a file or line that is not one JSON value, the report folder itself
   */
  static Samples read(List<Path> paths, Path report, ObjectMapper mapper) throws BadInputException {
    if (paths.isEmpty()) {
      throw BadInputException.option("no SAMPLES given: name JSON files, JSON Lines files or folders of them");
    }
    Path skipped = realPathIfExists(report);
    List<JsonNode> values = new ArrayList<>();
    int files = 0;
    for (Path path : paths) {
      for (Path file : filesOf(path, skipped)) {
        readFile(file, mapper, values);
        files++;
      }
    }
    return new Samples(values, files);
  }

  /**
   * The files a command-line path stands for: itself, or a folder's JSON and JSON Lines files
   * outside the folder {@code skipped} (a real path, or null for none).
   */
  private static List<Path> filesOf(Path path, Path skipped) throws BadInputException {
    if (!Files.exists(path)) {
      throw BadInputException.sample(path + ": no such file or folder");
    }
    if (!Files.isDirectory(path)) {
      return List.of(path);
    }
    List<Path> files = new ArrayList<>();
    try {
      if (isSkipped(path, skipped)) {
        throw BadInputException.sample(path + ": the --report folder, where bench/tune writes: name the folder of"
            + " samples, or another --report");
      }
      Files.walkFileTree(path, new SimpleFileVisitor<>() {
        @Override
        public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
          return isSkipped(dir, skipped) ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
          if (Files.isRegularFile(file) && (isJson(file) || isJsonLines(file))) {
            files.add(file);
          }
          return FileVisitResult.CONTINUE;
        }
      });
    } catch (IOException e) {
      throw BadInputException.sample(path + ": cannot list the folder: " + e.getMessage());
    }
    Collections.sort(files);
    if (files.isEmpty()) {
      throw BadInputException.sample(path + ": an empty folder: no .json, .jsonl or .ndjson files in it");
    }
    return files;
  }

  /** Whether {@code folder} is {@code skipped} (a real path, or null for none). */
  private static boolean isSkipped(Path folder, Path skipped) throws IOException {
    return skipped != null && folder.toRealPath().equals(skipped);
  }

  /** The real path of {@code folder}, or null if it does not exist yet (then nothing is in it to skip). */
  private static Path realPathIfExists(Path folder) throws BadInputException {
    if (!Files.exists(folder)) {
      return null;
    }
    try {
      return folder.toRealPath();
    } catch (IOException e) {
      throw BadInputException.option(folder + ": cannot resolve the --report folder: " + e.getMessage());
    }
  }

  private static void readFile(Path file, ObjectMapper mapper, List<JsonNode> values) throws BadInputException {
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(file);
    } catch (IOException e) {
      throw BadInputException.sample(file + ": cannot read: " + e.getMessage());
    }
    if (isJsonLines(file)) {
      readLines(file, bytes, mapper, values);
    } else {
      if (new String(bytes, StandardCharsets.UTF_8).isBlank()) {
        throw BadInputException.sample(file + ", line 1: empty: a JSON file must hold one JSON value");
      }
      values.add(parseOne(bytes, mapper, file, 0,
          "; a file of one body a line must be named .jsonl or .ndjson"));
    }
  }

  private static void readLines(Path file, byte[] bytes, ObjectMapper mapper, List<JsonNode> values)
      throws BadInputException {
    String text;
    try {
      text = StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes)).toString();
    } catch (CharacterCodingException e) {
      throw BadInputException.sample(file + ": not UTF-8 text, so not JSON Lines");
    }
    int before = values.size();
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      if (!lines[i].isBlank()) {
        values.add(parseOne(lines[i].getBytes(StandardCharsets.UTF_8), mapper, file, i, ""));
      }
    }
    if (values.size() == before) {
      throw BadInputException.sample(file + ", line 1: empty: no JSON value in this JSON Lines file");
    }
  }

  /** One JSON value and nothing after it; {@code firstLine} is added to the parser's line (0-based). */
  private static JsonNode parseOne(byte[] json, ObjectMapper mapper, Path file, int firstLine, String hint)
      throws BadInputException {
    try (JsonParser parser = mapper.createParser(json)) {
      JsonNode value = mapper.readTree(parser);
      if (parser.nextToken() != null) {
        throw BadInputException.sample(file + ", line " + (firstLine + parser.currentLocation().getLineNr())
            + ": more than one JSON value" + hint);
      }
      return value;
    } catch (JsonProcessingException e) {
      JsonLocation at = e.getLocation();
      int line = firstLine + (at == null || at.getLineNr() < 1 ? 1 : at.getLineNr());
      throw BadInputException.sample(file + ", line " + line + ": not JSON: " + e.getOriginalMessage());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static boolean isJson(Path file) {
    return file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".json");
  }

  private static boolean isJsonLines(Path file) {
    String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
    return name.endsWith(".jsonl") || name.endsWith(".ndjson");
  }

  /** The bodies, in the order read. */
  List<JsonNode> values() {
    return values;
  }

  int fileCount() {
    return fileCount;
  }

  /** Writes the bodies compactly, one a line, for the benchmark's forks to read back. */
  void writeJsonLines(Path file, ObjectMapper mapper) throws IOException {
    StringBuilder out = new StringBuilder();
    for (JsonNode value : values) {
      out.append(mapper.writeValueAsString(value)).append('\n');
    }
    Files.writeString(file, out, StandardCharsets.UTF_8);
  }

  /** Reads what {@link #writeJsonLines} wrote (no checks: it was checked when first read). */
  static List<JsonNode> readJsonLines(Path file, ObjectMapper mapper) throws IOException {
    List<JsonNode> values = new ArrayList<>();
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      if (!line.isEmpty()) {
        values.add(mapper.readTree(line));
      }
    }
    return values;
  }
}
