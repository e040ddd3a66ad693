package io.github.zipjack.tools.tune;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.luben.zstd.Zstd;
import io.github.zipjack.Compression;
import io.github.zipjack.Pipeline;
import io.github.zipjack.SystemTool;
import io.github.zipjack.ZstdDictionary;
import io.github.zipjack.tools.tune.TuneSamples.Outcome;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench/tune --train-dictionary}: the dictionary it writes is zstd's own format, which the
 * system {@code zstd -D} and zipjack both use, frames carrying its ID, in both directions; it says
 * the ID, the size and the held-out gain; fewer samples make a smaller dictionary.
 */
class TrainDictionaryTest {
  private static final Pattern WROTE = Pattern.compile("wrote (.+): zstd dictionary ID (\\d+), ([\\d,]+) bytes");
  private static final Pattern GAIN = Pattern.compile("held-out bodies at zstd level 1: .* ([\\d.]+)x the size");

  @TempDir
  Path dir;

  private Matcher train(Path dictionary, Path samples) {
    Outcome outcome = TuneSamples.run("--train-dictionary", dictionary.toString(), samples.toString());
    assertEquals(0, outcome.status(), outcome.out() + outcome.err());
    Matcher wrote = WROTE.matcher(outcome.out());
    assertTrue(wrote.find(), outcome.out());
    return wrote;
  }

  @Test
  void systemZstdAndZipjackShareTheDictionaryBothWays() throws Exception {
    Path file = dir.resolve("people.dict");
    Matcher wrote = train(file, TuneSamples.jsonLines(dir));
    ZstdDictionary dictionary = ZstdDictionary.read(file);
    assertEquals(Long.parseLong(wrote.group(2)), dictionary.id(), "the ID printed is the file's");
    assertEquals(Long.parseLong(wrote.group(3).replace(",", "")), Files.size(file), "the size printed is the file's");

    String record = TuneSamples.people().get(4); // held out from training
    byte[] json = record.getBytes(StandardCharsets.UTF_8);
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.zstd(1, dictionary)).build()) {
      JsonNode value = pipeline.mapperCopy().readTree(json);
      byte[] ours = pipeline.encode(value);
      assertEquals(dictionary.id(), Zstd.getDictIdFromFrame(ours), "zipjack's frame carries the ID");
      byte[] theirsDecoded = SystemTool.run(ours, "zstd", "zstd", "-d", "-q", "-c", "-D", file.toString());
      assertArrayEquals(pipeline.mapperCopy().writeValueAsBytes(value), theirsDecoded, "zstd -d -D reads zipjack's frame");

      byte[] theirs = SystemTool.run(json, "zstd", "zstd", "-1", "-q", "-c", "-D", file.toString());
      assertEquals(dictionary.id(), Zstd.getDictIdFromFrame(theirs), "zstd's frame carries the ID");
      assertEquals(value, pipeline.decode(theirs, JsonNode.class), "zipjack reads zstd -D's frame");
    }
  }

  @Test
  void heldOutGainIsPrintedAndReal() throws Exception {
    Outcome outcome = TuneSamples.run("--train-dictionary", dir.resolve("d.dict").toString(),
        TuneSamples.jsonLines(dir).toString());
    Matcher gain = GAIN.matcher(outcome.out());
    assertTrue(gain.find(), outcome.out());
    double ratio = Double.parseDouble(gain.group(1));
    assertTrue(ratio < 0.8, "a dictionary trained on similar 1 KB bodies makes them much smaller: " + ratio + "x");
    assertTrue(outcome.out().contains("<- chosen"), "says which size was chosen and how:\n" + outcome.out());
  }

  @Test
  void fewerSamplesGiveASmallerDictionary() throws Exception {
    List<String> people = TuneSamples.people();
    Path few = dir.resolve("few.jsonl");
    Files.writeString(few, String.join("\n", people.subList(0, 30)));
    long fewBytes = Long.parseLong(train(dir.resolve("few.dict"), few).group(3).replace(",", ""));
    long allBytes = Long.parseLong(train(dir.resolve("all.dict"), TuneSamples.jsonLines(dir)).group(3).replace(",", ""));
    assertTrue(fewBytes < allBytes, "30 bodies: " + fewBytes + " bytes; 100 bodies: " + allBytes);
  }

  @Test
  void httpFormIsTheTrainedFilesContentPartAndSaysSo() throws Exception {
    Path samples = TuneSamples.jsonLines(dir);
    Path trained = dir.resolve("trained.dict");
    train(trained, samples);
    Path http = dir.resolve("http.dict");
    Outcome outcome = TuneSamples.run("--train-dictionary", http.toString(), "--http", samples.toString());
    assertEquals(0, outcome.status(), outcome.out() + outcome.err());
    assertTrue(outcome.out().contains("wrote " + http + ": HTTP dictionary (RFC 9842 raw content"), outcome.out());

    byte[] raw = Files.readAllBytes(http);
    assertArrayEquals(io.github.zipjack.servlet.HttpDictionary.rawContent(Files.readAllBytes(trained)), raw);
    assertTrue(outcome.out().contains(io.github.zipjack.servlet.HttpDictionary.builder(raw).match("/*").build()
        .availableDictionary()), outcome.out());
    byte[] json = TuneSamples.people().get(4).getBytes(StandardCharsets.UTF_8);
    byte[] frame = SystemTool.run(json, "zstd", "zstd", "-1", "-q", "-c", "-D", http.toString());
    assertArrayEquals(json, SystemTool.run(frame, "zstd", "zstd", "-d", "-q", "-c", "-D", http.toString()));
  }

  @Test
  void httpWithoutTrainDictionaryIsRefused() {
    Outcome outcome = TuneSamples.run("--http", dir.toString());
    assertEquals(2, outcome.status(), outcome.out() + outcome.err());
    assertTrue(outcome.err().contains("--http goes with --train-dictionary"), outcome.err());
  }
}
