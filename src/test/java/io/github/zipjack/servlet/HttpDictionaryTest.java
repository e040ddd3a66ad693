package io.github.zipjack.servlet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.SystemTool;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HttpDictionaryTest {
  @TempDir
  Path dir;

  static byte[] sampleJson(int n) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < n; i++) {
      s.append("{\"orderId\":").append(1000 + i).append(",\"customer\":{\"name\":\"Customer ").append(i % 97)
          .append("\",\"country\":\"").append(i % 3 == 0 ? "DE" : "JP").append("\"},\"items\":[{\"sku\":\"SKU-")
          .append(i * 7919 % 100000).append("\",\"qty\":").append(i % 5 + 1).append(",\"price\":")
          .append(i * 37 % 1000 / 10.0).append("}],\"status\":\"").append(i % 2 == 0 ? "PAID" : "SHIPPED")
          .append("\"}\n");
    }
    return s.toString().getBytes(StandardCharsets.UTF_8);
  }

  /** A dictionary trained by the system zstd on sample bodies. */
  Path trainedBySystemZstd() throws Exception {
    List<String> command = new ArrayList<>(List.of("zstd", "-q", "--train", "--maxdict=4096", "-o",
        dir.resolve("trained.dict").toString()));
    for (int i = 0; i < 200; i++) {
      Path sample = dir.resolve("s" + i + ".json");
      Files.write(sample, Arrays.copyOfRange(sampleJson(i + 1), 0, sampleJson(i + 1).length));
      command.add(sample.toString());
    }
    SystemTool.run(new byte[0], "zstd", command.toArray(new String[0]));
    return dir.resolve("trained.dict");
  }

  @Test
  void rawBytesAreServedAsTheyAre() {
    byte[] raw = sampleJson(5);
    HttpDictionary d = HttpDictionary.builder(raw).match("/api/*").build();
    assertArrayEquals(raw, d.toByteArray());
    assertFalse(d.fromTrainedFile());
  }

  @Test
  void trainedFileGivesItsContentPartWhichFollowsTheRepeatOffsets() throws Exception {
    byte[] file = Files.readAllBytes(trainedBySystemZstd());
    HttpDictionary d = HttpDictionary.builder(file).match("/api/*").build();
    byte[] content = d.toByteArray();
    assertTrue(d.fromTrainedFile());
    int at = file.length - content.length;
    assertArrayEquals(Arrays.copyOfRange(file, at, file.length), content);
    // zstd's trainer ends the entropy header with the repeat offsets 1, 4 and 8
    assertArrayEquals(new byte[] {1, 0, 0, 0, 4, 0, 0, 0, 8, 0, 0, 0}, Arrays.copyOfRange(file, at - 12, at));
  }

  @Test
  void sha256IsOfTheBytesServed() throws Exception {
    byte[] raw = sampleJson(3);
    HttpDictionary d = HttpDictionary.builder(raw).match("/*").build();
    byte[] expected = MessageDigest.getInstance("SHA-256").digest(raw);
    assertArrayEquals(expected, d.sha256());
    assertEquals(":" + Base64.getEncoder().encodeToString(expected) + ":", d.availableDictionary());
  }

  @Test
  void useAsDictionaryCarriesMatchDestAndId() {
    HttpDictionary d = HttpDictionary.builder(sampleJson(1)).match("/api/*").matchDest("document", "json")
        .id("orders \"v1\"").build();
    assertEquals("match=\"/api/*\", match-dest=(\"document\" \"json\"), id=\"orders \\\"v1\\\"\", type=raw",
        d.useAsDictionary());
  }

  @Test
  void match_regexpGroup() {
    HttpDictionary.Builder b = HttpDictionary.builder(sampleJson(1));
    assertThrows(IllegalArgumentException.class, () -> b.match("/api/(\\d+)"));
  }

  @Test
  void match_otherOrigin() {
    HttpDictionary.Builder b = HttpDictionary.builder(sampleJson(1));
    assertThrows(IllegalArgumentException.class, () -> b.match("https://example.com/api/*"));
  }

  @Test
  void match_otherHost() {
    HttpDictionary.Builder b = HttpDictionary.builder(sampleJson(1));
    assertThrows(IllegalArgumentException.class, () -> b.match("//example.com/api/*"));
  }

  @Test
  void match_missing() {
    HttpDictionary.Builder b = HttpDictionary.builder(sampleJson(1));
    assertThrows(IllegalStateException.class, b::build);
  }

  @Test
  void matchDest_unknown() {
    HttpDictionary.Builder b = HttpDictionary.builder(sampleJson(1));
    assertThrows(IllegalArgumentException.class, () -> b.matchDest("html"));
  }

  @Test
  void id_nonAscii() {
    HttpDictionary.Builder b = HttpDictionary.builder(sampleJson(1));
    assertThrows(IllegalArgumentException.class, () -> b.id("ü"));
  }

  @Test
  void maxAge_zero() {
    HttpDictionary.Builder b = HttpDictionary.builder(sampleJson(1));
    assertThrows(IllegalArgumentException.class, () -> b.maxAge(Duration.ZERO));
  }

  @Test
  void bytes_empty() {
    assertThrows(IllegalArgumentException.class, () -> HttpDictionary.builder(new byte[0]));
  }

  @Test
  void bytes_trainedHeaderCutShort() {
    byte[] cut = {0x37, (byte) 0xa4, 0x30, (byte) 0xec, 1, 2, 3, 4, 10};
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> HttpDictionary.builder(cut));
    assertTrue(e.getMessage().contains("9 bytes"), e.getMessage());
  }

  @Test
  void fileNamesItselfInErrors() throws Exception {
    Path empty = Files.write(dir.resolve("empty.dict"), new byte[0]);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> HttpDictionary.builder(empty));
    assertTrue(e.getMessage().contains("empty.dict"), e.getMessage());
  }
}
