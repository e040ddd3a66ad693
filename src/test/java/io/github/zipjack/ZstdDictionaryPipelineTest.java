package io.github.zipjack;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.luben.zstd.Zstd;
import io.github.zipjack.data.Dataset;
import io.github.zipjack.data.Datasets;
import io.github.zipjack.data.OrderEvents;
import io.github.zipjack.servlet.CompressedResponses;
import io.github.zipjack.servlet.CompressionSettings;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A pipeline with {@code Compression.zstd(level, dictionary)}: its frames carry the dictionary's ID
 * and the system {@code zstd -D FILE} reads and writes the same bodies; a frame made with another
 * dictionary, or without one, is refused naming both IDs; the loaded dictionary and every context
 * are released when it closes; HTTP helpers refuse it. (ConcurrentPipelineTest shares one such
 * pipeline among 8 threads, byte for byte; HostileInputTest and DecodeSafetyTest feed it broken
 * bodies and bombs.)
 */
class ZstdDictionaryPipelineTest {
  private static final Dataset ORDERS_1 = Datasets.load("orders-1");
  private static final Dataset ORDERS_100 = Datasets.load("orders-100");

  @TempDir
  static Path dir;
  private static Path dictionaryFile;
  private static ZstdDictionary dictionary;
  private static Pipeline withDictionary;
  private static Pipeline plainJson;

  @BeforeAll
  static void buildPipelines() throws IOException {
    dictionary = TestDictionaries.orders();
    dictionaryFile = dir.resolve("orders.dict");
    Files.write(dictionaryFile, dictionary.toByteArray());
    withDictionary = Pipeline.builder().compression(Compression.zstd(1, dictionary)).build();
    plainJson = Pipeline.builder().compression(Compression.none()).build();
  }

  @AfterAll
  static void closePipelines() {
    withDictionary.close();
    plainJson.close();
  }

  @Test
  void valueComesBackFromByteArraysAndStreams() throws IOException {
    byte[] body = withDictionary.encode(ORDERS_100.value());
    ByteArrayOutputStream streamed = new ByteArrayOutputStream();
    withDictionary.encode(ORDERS_100.value(), streamed);

    assertEquals(ORDERS_100.value(), withDictionary.decode(body, ORDERS_100.typeReference()));
    assertEquals(ORDERS_100.value(), withDictionary.decode(new ByteArrayInputStream(streamed.toByteArray()),
        ORDERS_100.typeReference()));
  }

  @Test
  void framesCarryTheDictionaryId() {
    byte[] body = withDictionary.encode(ORDERS_1.value());

    assertEquals(dictionary.id(), Zstd.getDictIdFromFrame(body));
  }

  @Test
  void aSmallBodyIsLessThanHalfTheSizeOfPlainZstd() {
    try (Pipeline plainZstd = Pipeline.builder().compression(Compression.zstd(1)).build()) {
      int plain = plainZstd.encode(ORDERS_1.value()).length;
      int small = withDictionary.encode(ORDERS_1.value()).length;

      assertTrue(small * 2 < plain, small + " bytes with the dictionary, " + plain + " without");
    }
  }

  @Test
  void implementationNamesTheDictionary() {
    assertEquals("zstd(1, dictionary " + dictionary.id() + ") via zstd-jni", withDictionary.implementation());
  }

  // ---- the system zstd program

  @Test
  void systemZstdDecodesItWithTheDictionaryFile() throws Exception {
    byte[] body = withDictionary.encode(ORDERS_100.value());

    assertArrayEquals(plainJson.encode(ORDERS_100.value()),
        SystemTool.zstd(body, "-d", "-D", dictionaryFile.toString()));
  }

  @Test
  void pipelineDecodesWhatSystemZstdCompressesWithTheDictionaryFile() throws Exception {
    for (String level : List.of("-1", "-3", "-19")) {
      byte[] body = SystemTool.zstd(plainJson.encode(ORDERS_1.value()), level, "-D", dictionaryFile.toString());

      assertEquals(dictionary.id(), Zstd.getDictIdFromFrame(body), level);
      assertEquals(ORDERS_1.value(), withDictionary.decode(body, ORDERS_1.typeReference()), level);
    }
  }

  @Test
  void aDictionaryTrainedBySystemZstdServesAPipeline() throws Exception {
    Path samples = Files.createDirectories(dir.resolve("samples"));
    for (int i = 0; i < 1000; i++) {
      Files.write(samples.resolve(i + ".json"), TestDictionaries.json(List.of(OrderEvents.event(5000 + i,
          Datasets.ORDERS_SEED))));
    }
    Path trained = dir.resolve("zstd-trained.dict");
    List<String> command = new ArrayList<>(List.of("zstd", "-q", "--train", "--maxdict=16384", "-o", trained.toString()));
    try (var files = Files.list(samples)) {
      files.sorted().forEach(f -> command.add(f.toString()));
    }
    SystemTool.run(new byte[0], "zstd", command.toArray(new String[0]));
    ZstdDictionary fromZstd = ZstdDictionary.read(trained);

    try (Pipeline pipeline = Pipeline.builder().compression(Compression.zstd(1, fromZstd)).build()) {
      byte[] body = pipeline.encode(ORDERS_1.value());

      assertEquals(ORDERS_1.value(), pipeline.decode(body, ORDERS_1.typeReference()));
      assertArrayEquals(plainJson.encode(ORDERS_1.value()), SystemTool.zstd(body, "-d", "-D", trained.toString()));
    }
  }

  @Test
  void systemZstdWithoutTheDictionaryCannotDecodeIt() throws Exception {
    byte[] body = withDictionary.encode(ORDERS_1.value());

    assertThrows(AssertionError.class, () -> SystemTool.zstd(body, "-d"));
  }

  // ---- the wrong dictionary, or none

  @Test
  void aBodyMadeWithAnotherDictionaryIsRefusedNamingBothIds() {
    ZstdDictionary other = TestDictionaries.ordersOtherSeed();
    byte[] body;
    try (Pipeline otherPipeline = Pipeline.builder().compression(Compression.zstd(1, other)).build()) {
      body = otherPipeline.encode(ORDERS_1.value());
    }

    WrongDictionaryException e = assertThrows(WrongDictionaryException.class,
        () -> withDictionary.decode(body, ORDERS_1.typeReference()));

    assertEquals("zstd frame 1 (from byte 0) needs dictionary " + other.id()
        + ", but this pipeline decodes with dictionary " + dictionary.id(), e.getMessage());
    assertEquals(other.id(), e.frameDictionaryId());
    assertEquals(dictionary.id(), e.expectedDictionaryId());
  }

  @Test
  void aBodyMadeWithADictionaryIsRefusedByAPipelineWithout() {
    byte[] body = withDictionary.encode(ORDERS_1.value());
    try (Pipeline plainZstd = Pipeline.builder().compression(Compression.zstd(1)).build()) {
      WrongDictionaryException e = assertThrows(WrongDictionaryException.class,
          () -> plainZstd.decode(body, ORDERS_1.typeReference()));

      assertTrue(e.getMessage().startsWith("zstd frame 1 (from byte 0) needs dictionary " + dictionary.id()
          + ", but this pipeline has no dictionary"), e.getMessage());
      assertEquals(0, e.expectedDictionaryId());
    }
  }

  @Test
  void aBodyMadeWithoutADictionaryIsRefused() {
    byte[] body;
    try (Pipeline plainZstd = Pipeline.builder().compression(Compression.zstd(1)).build()) {
      body = plainZstd.encode(ORDERS_1.value());
    }

    WrongDictionaryException e = assertThrows(WrongDictionaryException.class,
        () -> withDictionary.decode(body, ORDERS_1.typeReference()));

    assertTrue(e.getMessage().startsWith("zstd frame 1 (from byte 0) names no dictionary (dictionary ID 0), but this "
        + "pipeline decodes with dictionary " + dictionary.id()), e.getMessage());
    assertEquals(0, e.frameDictionaryId());
  }

  @Test
  void aFrameWithoutTheDictionaryIdIsRefusedEvenWhenMadeWithTheDictionary() throws Exception {
    byte[] body = SystemTool.zstd(plainJson.encode(ORDERS_1.value()), "-D", dictionaryFile.toString(), "--no-dictID");

    WrongDictionaryException e = assertThrows(WrongDictionaryException.class,
        () -> withDictionary.decode(body, ORDERS_1.typeReference()));

    assertTrue(e.getMessage().contains("zstd --no-dictID"), e.getMessage());
  }

  // ---- threads and native memory

  @Test
  void theDictionaryIsLoadedOnceAndContextsAreReused() throws IOException {
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.zstd(1, dictionary)).build()) {
      assertEquals(1, pipeline.resources().liveNativeContexts(), "the loaded dictionary, at build()");
      for (int i = 0; i < 20; i++) {
        pipeline.decode(pipeline.encode(ORDERS_1.value()), ORDERS_1.typeReference());
      }

      assertEquals(3, pipeline.resources().createdNativeContexts(), "dictionary, one encoder, one decoder: "
          + pipeline.resources());
    }
  }

  @Test
  void closeReleasesTheDictionaryAndEveryContext() throws IOException {
    Pipeline pipeline = Pipeline.builder().compression(Compression.zstd(1, dictionary)).build();
    pipeline.decode(pipeline.encode(ORDERS_100.value()), ORDERS_100.typeReference());
    ByteArrayOutputStream streamed = new ByteArrayOutputStream();
    pipeline.encode(ORDERS_100.value(), streamed);

    pipeline.close();

    assertEquals(0, pipeline.resources().liveNativeContexts(), pipeline.resources().toString());
  }

  @Test
  void aDecoderLentOutAcrossCloseKeepsTheDictionaryUntilItIsClosed() throws IOException {
    Pipeline pipeline = Pipeline.builder().compression(Compression.zstd(1, dictionary)).build();
    byte[] body = pipeline.encode(ORDERS_100.value());
    InputStream slow = new java.io.FilterInputStream(new ByteArrayInputStream(body)) {
      private boolean closedPipeline;

      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        if (!closedPipeline) {
          closedPipeline = true;
          pipeline.close(); // while the decoder holds its context, which references the dictionary
        }
        return super.read(b, off, Math.min(len, 64));
      }
    };

    assertEquals(ORDERS_100.value(), pipeline.decode(slow, ORDERS_100.typeReference()));
    assertEquals(0, pipeline.resources().liveNativeContexts(), pipeline.resources().toString());
  }

  // ---- never for HTTP

  @Test
  void filterSettings_codingWithDictionary() {
    CompressionSettings.Builder builder = CompressionSettings.builder();

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> builder.codings(Compression.zstd(1, dictionary), Compression.gzip(1)));

    assertTrue(e.getMessage().startsWith("codings must not use a zstd dictionary: zstd(1, " + dictionary + ")"),
        e.getMessage());
  }

  @Test
  void compressedResponses_pipelineWithDictionary() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> CompressedResponses.of(withDictionary));

    assertTrue(e.getMessage().startsWith("pipelines[0] must not use a zstd dictionary"), e.getMessage());
  }
}
