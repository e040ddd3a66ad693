package io.github.zipjack.tools.tune;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.zipjack.data.Datasets;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Sample files for bench/tune's tests, made from the bundled people dataset, and a way to run it. */
final class TuneSamples {
  private TuneSamples() {}

  /** The people-100 records, each as compact JSON. */
  static List<String> people() throws IOException {
    ObjectMapper mapper = new ObjectMapper();
    JsonNode all = mapper.readTree(Datasets.load("people-100").rawJson());
    List<String> records = new ArrayList<>();
    all.forEach(record -> records.add(record.toString()));
    return records;
  }

  /** A JSON Lines file of the 100 people records, one a line. */
  static Path jsonLines(Path dir) throws IOException {
    Path file = dir.resolve("people.jsonl");
    Files.writeString(file, String.join("\n", people()) + "\n", StandardCharsets.UTF_8);
    return file;
  }

  /** A folder of 12 JSON files: groups of people records, 3 to 14 records a body. */
  static Path folder(Path dir) throws IOException {
    Path folder = Files.createDirectories(dir.resolve("bodies"));
    List<String> people = people();
    int from = 0;
    for (int i = 0; i < 12; i++) {
      int count = 3 + i;
      List<String> group = people.subList(from % 80, from % 80 + count);
      from += count;
      Files.writeString(folder.resolve("body-" + i + ".json"), "[" + String.join(",", group) + "]");
    }
    return folder;
  }

  /**
   * A folder of two JSON files: one body of 10 people records and one of {@code largeRecords} (the
   * people records over and over, about 1.2 KB each: 600 make a body of about 700 KB, past the
   * parallel threshold and past one libzstd job).
   */
  static Path folderWithLargeBody(Path dir, int largeRecords) throws IOException {
    Path folder = Files.createDirectories(dir.resolve("large"));
    List<String> people = people();
    Files.writeString(folder.resolve("small.json"), "[" + String.join(",", people.subList(0, 10)) + "]");
    List<String> many = new ArrayList<>(largeRecords);
    for (int i = 0; i < largeRecords; i++) {
      many.add(people.get(i % people.size()));
    }
    Files.writeString(folder.resolve("large.json"), "[" + String.join(",", many) + "]");
    return folder;
  }

  /**
   * What one bench/tune run printed and its exit status.
   *
   * @param status the exit status
   * @param out standard output
   * @param err standard error
   */
  record Outcome(int status, String out, String err) {}

  /** Runs {@link TuneCommand} in this JVM. */
  static Outcome run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status;
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      status = TuneCommand.run(args, o, e);
    }
    return new Outcome(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }
}
