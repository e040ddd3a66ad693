package io.github.zipjack.servlet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import io.github.zipjack.client.Bombs;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Decompression bombs, each decoded with zipjack's default limits in a child JVM with a 64 MiB heap:
 * every one is refused by the right limit, quickly, with no OutOfMemoryError. The bombs: 1 GiB of
 * JSON whitespace (which a parser skips without building anything, so only a decode limit stops it)
 * as one gzip member, one zstd frame and one brotli stream; 1 GiB as 16,384 concatenated gzip
 * members; a gzip member of a gzip bomb (nested: decoded once, never recursively); and a zstd frame
 * header declaring a 2 GiB window; and MessagePack headers declaring strings, binaries and
 * extensions of 2 GiB or arrays and maps of 4 billion entries in a body of 8 bytes. Each through a {@link io.github.zipjack.Pipeline} and, for the
 * three codings, through the filter's request inflation.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BombsInASmallHeapTest {
  private static final long GIB = 1L << 30;
  private static final int CHUNK = 64 * 1024;
  /** Per bomb, generous for a loaded 2-core machine; a bomb inflated to its end would take far longer. */
  private static final long MAX_MILLIS = 10_000;

  @TempDir
  static Path dir;
  private final Map<String, String> outcomes = new HashMap<>();
  private final Map<String, Long> millis = new HashMap<>();

  @BeforeAll
  void decodeEveryBombInAChildWithA64MiBHeap() throws Exception {
    Brotli4jLoader.ensureAvailability();
    Path gzip = write("gzip-1gib", out -> out.write(Bombs.oneGib("gzip")));
    Path zstd = write("zstd-1gib", out -> out.write(Bombs.oneGib("zstd")));
    Path brotli = write("brotli-1gib", out -> out.write(Bombs.oneGib("br")));
    byte[] member = member(CHUNK);
    Path concatenated = write("gzip-16384-members", out -> {
      for (int i = 0; i < GIB / CHUNK; i++) {
        out.write(member);
      }
    });
    byte[] innerBomb = Files.readAllBytes(gzip);
    Path nested = write("gzip-of-gzip", out -> {
      try (GZIPOutputStream outer = new GZIPOutputStream(out, CHUNK)) {
        outer.write(innerBomb);
      }
    });
    // magic, descriptor 00 (no single segment, no checksum), window descriptor a8: 2^(10+21) = 2 GiB, then a raw block
    Path hugeWindow = write("zstd-2gib-window", out -> out.write(new byte[] {0x28, (byte) 0xb5, 0x2f, (byte) 0xfd,
        0x00, (byte) 0xa8, 0x01, 0x00, 0x00}));

    // MessagePack headers that declare more than the body holds: a str32, bin32 and ext32 of 2 GiB - 1
    // bytes, an array32 and a map32 of 2^32 - 1 entries, each followed by three bytes
    Map<String, byte[]> lyingHeaders = Map.of(
        "msgpack-str32-2gib", new byte[] {(byte) 0xdb, 0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xff, 'a', 'b', 'c'},
        "msgpack-bin32-2gib", new byte[] {(byte) 0xc6, 0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xff, 1, 2, 3},
        "msgpack-ext32-2gib", new byte[] {(byte) 0xc9, 0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xff, 5, 1, 2},
        "msgpack-array32-4g", new byte[] {(byte) 0xdd, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 1, 2, 3},
        "msgpack-map32-4g", new byte[] {(byte) 0xdf, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xa1, 'k', 1});
    List<Path> lyingMessagePack = new ArrayList<>();
    for (Map.Entry<String, byte[]> header : lyingHeaders.entrySet()) {
      lyingMessagePack.add(write(header.getKey(), out -> out.write(header.getValue())));
    }

    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx64m", "--enable-native-access=ALL-UNNAMED", "-cp",
        System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
        BombDecoderMain.class.getName()));
    if (Runtime.version().feature() < 22) {
      command.remove("--enable-native-access=ALL-UNNAMED"); // not an option on 17; nothing native needs it there
    }
    for (String coding : List.of("gzip", "zstd", "br")) {
      Path bomb = coding.equals("gzip") ? gzip : coding.equals("zstd") ? zstd : brotli;
      command.add("pipeline:" + coding + ":" + bomb);
      command.add("request:" + coding + ":" + bomb);
    }
    command.add("pipeline:gzip:" + concatenated);
    command.add("request:gzip:" + concatenated);
    command.add("pipeline:gzip:" + nested);
    command.add("pipeline:zstd:" + hugeWindow);
    command.add("request:zstd:" + hugeWindow);
    for (Path body : lyingMessagePack) {
      command.add("pipeline:msgpack:" + body);
    }

    Path err = dir.resolve("child.err");
    Process child = new ProcessBuilder(command).redirectError(err.toFile()).directory(new File(dir.toString())).start();
    String stdout = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(child.waitFor(5, TimeUnit.MINUTES), "the child did not finish");
    String stderr = Files.readString(err);
    assertEquals(0, child.exitValue(), "child failed: " + stdout + stderr);
    assertTrue(!stderr.contains("OutOfMemoryError"), stderr);
    System.out.print(stdout); // the figures, in the test's report
    for (String row : stdout.strip().split("\n")) {
      String[] fields = row.split("\t");
      outcomes.put(fields[0], fields[1]);
      millis.put(fields[0], Long.parseLong(fields[2]));
    }
  }

  private interface Content {
    void writeTo(OutputStream out) throws IOException;
  }

  private Path write(String name, Content content) throws IOException {
    Path file = dir.resolve(name);
    try (OutputStream out = Files.newOutputStream(file)) {
      content.writeTo(out);
    }
    return file;
  }

  /** Writes {@code bytes} spaces through {@code compressor} and closes it. */
  private static void spaces(OutputStream compressor, long bytes) throws IOException {
    byte[] chunk = new byte[CHUNK];
    Arrays.fill(chunk, (byte) ' ');
    try (compressor) {
      for (long written = 0; written < bytes; written += CHUNK) {
        compressor.write(chunk);
      }
    }
  }

  private static byte[] member(int bytes) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    spaces(new GZIPOutputStream(out), bytes);
    return out.toByteArray();
  }

  private void assertRefused(String key, String expected) {
    assertEquals(expected, outcomes.get(key), key + " in " + outcomes);
    assertTrue(millis.get(key) < MAX_MILLIS, key + " took " + millis.get(key) + " ms");
  }

  @Test
  void aGzipBombStopsAtMaxDecodedBytes() {
    assertRefused("pipeline:gzip-1gib", "DecodeLimitExceededException maxDecodedBytes");
  }

  @Test
  void aZstdBombStopsAtMaxDecodedBytes() {
    assertRefused("pipeline:zstd-1gib", "DecodeLimitExceededException maxDecodedBytes");
  }

  @Test
  void aBrotliBombStopsAtMaxDecodedBytes() {
    assertRefused("pipeline:brotli-1gib", "DecodeLimitExceededException maxDecodedBytes");
  }

  @Test
  void manyConcatenatedGzipMembersStopAtMaxDecodedBytes() {
    assertRefused("pipeline:gzip-16384-members", "DecodeLimitExceededException maxDecodedBytes");
  }

  @Test
  void aNestedGzipBombIsDecodedOnceAndIsNotJson() {
    assertRefused("pipeline:gzip-of-gzip", "MalformedBodyException -");
  }

  @Test
  void aZstdFrameDeclaringAWindowLargerThanMaxDecodedBytesIsRefusedBeforeItsWindowIsMade() {
    assertRefused("pipeline:zstd-2gib-window", "DecodeLimitExceededException maxDecodedBytes");
  }

  @ParameterizedTest
  @ValueSource(strings = {"msgpack-str32-2gib", "msgpack-bin32-2gib", "msgpack-ext32-2gib", "msgpack-array32-4g",
      "msgpack-map32-4g"})
  void aMessagePackHeaderDeclaringMoreThanTheBodyHoldsIsTruncatedWithoutAllocatingIt(String body) {
    assertRefused("pipeline:" + body, "TruncatedBodyException -");
  }

  @Test
  void aGzipRequestBombStopsAtTheRequestLimit() {
    assertRefused("request:gzip-1gib", "InflatedRequestTooLargeException maxInflationRatio");
  }

  @Test
  void aZstdRequestBombStopsAtTheRequestLimit() {
    assertRefused("request:zstd-1gib", "InflatedRequestTooLargeException maxInflationRatio");
  }

  @Test
  void aBrotliRequestBombStopsAtTheRequestLimit() {
    assertRefused("request:brotli-1gib", "InflatedRequestTooLargeException maxInflationRatio");
  }

  @Test
  void concatenatedGzipMembersInARequestStopAtTheRequestLimit() {
    assertRefused("request:gzip-16384-members", "InflatedRequestTooLargeException maxInflationRatio");
  }

  @Test
  void aZstdRequestDeclaringAWindowPastTheDecodersLimitIsRefused() {
    assertRefused("request:zstd-2gib-window", "DecodeLimitExceededException zstd decoder window");
  }
}
