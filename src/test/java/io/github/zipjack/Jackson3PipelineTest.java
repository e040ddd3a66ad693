package io.github.zipjack;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.data.Dataset;
import io.github.zipjack.data.Datasets;
import io.github.zipjack.data.Person;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.ser.std.ToStringSerializer;

/**
 * A pipeline built with a Jackson 3 {@code JsonMapper} writes exactly the bytes that mapper writes,
 * through every engine, and reads them back; what Jackson 3 cannot do fails at build() saying why.
 * The hostile-input contract runs for Jackson 3 in {@link HostileInputTest}.
 */
class Jackson3PipelineTest {
  @SuppressWarnings("unchecked")
  private static final List<Person> PEOPLE = (List<Person>) Datasets.load("people-100").value();
  /** A service's mapper: snake_case names and a module of its own (longs as strings). */
  private static final JsonMapper SERVICE_MAPPER = JsonMapper.builder()
      .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
      .addModule(new SimpleModule("longs-as-text").addSerializer(Long.class, ToStringSerializer.instance))
      .build();
  @TempDir
  Path dir;

  static List<Compression> engines() {
    List<Compression> engines = new ArrayList<>(EngineCases.oneLevelEach());
    engines.add(Compression.none());
    return engines;
  }

  private static Pipeline pipeline(Compression compression) {
    return Pipeline.builder().compression(compression).jackson3Mapper(SERVICE_MAPPER).build();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void bodyDecompressesToExactlyTheBytesTheMapperWrites(Compression compression) throws Exception {
    try (Pipeline pipeline = pipeline(compression); Pipeline plain = pipeline(Compression.none())) {
      byte[] body = pipeline.encode(PEOPLE);

      assertArrayEquals(SERVICE_MAPPER.writeValueAsBytes(PEOPLE), plain.encode(PEOPLE));
      assertArrayEquals(SERVICE_MAPPER.writeValueAsBytes(PEOPLE), decompressWithTheSystemTool(compression, body));
    }
  }

  private byte[] decompressWithTheSystemTool(Compression compression, byte[] body) throws Exception {
    switch (compression.contentEncoding()) {
      case "gzip":
        return SystemGzip.decompress(body, dir);
      case "zstd":
        return SystemTool.zstd(body, "-d");
      case "br": {
        Path file = Files.createTempFile(dir, "body", ".br");
        Files.write(file, body);
        return SystemTool.run(new byte[0], "brotli", "brotli", "-dc", file.toString());
      }
      default:
        return body;
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void encodedAndStreamedBodiesDecodeToEqualValues(Compression compression) throws Exception {
    try (Pipeline pipeline = pipeline(compression)) {
      ByteArrayOutputStream streamed = new ByteArrayOutputStream();
      pipeline.encode(PEOPLE, streamed);

      assertEquals(PEOPLE, pipeline.jackson3().decode(pipeline.encode(PEOPLE), new TypeReference<List<Person>>() {}));
      assertEquals(PEOPLE, pipeline.jackson3().decode(new ByteArrayInputStream(streamed.toByteArray()),
          new TypeReference<List<Person>>() {}));
    }
  }

  @Test
  void namingStrategyAndModulesOfTheMapperShowInTheBody() throws Exception {
    try (Pipeline pipeline = pipeline(Compression.none())) {
      String json = new String(pipeline.encode(Map.of("value", new Holder(7L, "x"))), java.nio.charset.StandardCharsets.UTF_8);

      assertEquals("{\"value\":{\"long_number\":\"7\",\"first_name\":\"x\"}}", json);
    }
  }

  /** Two camelCase properties: one long, for the module, one string. */
  @com.fasterxml.jackson.annotation.JsonPropertyOrder({"longNumber", "firstName"})
  record Holder(Long longNumber, String firstName) {}

  @Test
  void sharedPipelineIsByteExactAcross8Threads() throws Exception {
    try (Pipeline pipeline = pipeline(Compression.zstd(1)); Pipeline plain = pipeline(Compression.none())) {
      byte[] expected = SERVICE_MAPPER.writeValueAsBytes(PEOPLE);
      ExecutorService threads = Executors.newFixedThreadPool(8);
      try {
        List<Future<?>> done = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
          done.add(threads.submit(() -> {
            for (int i = 0; i < 20; i++) {
              assertArrayEquals(expected, SystemTool.zstd(pipeline.encode(PEOPLE), "-d"));
            }
            return null;
          }));
        }
        for (Future<?> f : done) {
          f.get();
        }
      } finally {
        threads.shutdownNow();
      }
      assertTrue(pipeline.resources().nothingLent(), pipeline.resources().toString());
    }
  }

  @Test
  void aValueJacksonCannotWriteIsAnEncodeExceptionAndNothingStaysLent() {
    try (Pipeline pipeline = pipeline(Compression.gzip(1))) {
      ZipjackEncodeException e = assertThrows(ZipjackEncodeException.class, () -> pipeline.encode(new Failing()));

      assertTrue(e.getMessage().startsWith("cannot encode a " + Failing.class.getName()), e.getMessage());
      assertTrue(pipeline.resources().nothingLent(), pipeline.resources().toString());
    }
  }

  /** Its getter always throws. */
  static final class Failing {
    public String getValue() {
      throw new IllegalStateException("no value");
    }
  }

  @Test
  void filesSaveAndReadBackWithJackson3Types() throws Exception {
    try (Pipeline pipeline = pipeline(Compression.zstd(3))) {
      Path file = dir.resolve("people.zst");
      pipeline.writeFile(file, PEOPLE);

      assertEquals(PEOPLE, pipeline.jackson3().readFile(file, new TypeReference<List<Person>>() {}));
      assertEquals(PEOPLE.size(), pipeline.readFile(file, Person[].class).length);
    }
  }

  @Test
  void blackbirdAcceleratorServesAJackson3Mapper() throws Exception {
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.none()).accelerator(Accelerator.BLACKBIRD)
        .jackson3Mapper(SERVICE_MAPPER).build()) {
      assertArrayEquals(SERVICE_MAPPER.writeValueAsBytes(PEOPLE), pipeline.encode(PEOPLE));
    }
  }

  @Test
  void omitEmptyLeavesOutNullsAndEmptiesWithJackson3() {
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.none()).omitEmpty(true)
        .jackson3Mapper(SERVICE_MAPPER).build()) {
      assertEquals("{\"first_name\":\"x\"}", new String(pipeline.encode(new Holder(null, "x"))));
    }
  }

  @Test
  void sameMapperAsGivesASecondPipelineTheJackson3MappersBytes() {
    try (Pipeline zstd = pipeline(Compression.zstd(1));
         Pipeline identity = Pipeline.builder().compression(Compression.none()).sameMapperAs(zstd).build()) {
      assertArrayEquals(SERVICE_MAPPER.writeValueAsBytes(PEOPLE), identity.encode(PEOPLE));
    }
  }

  @Test
  void afterburnerWithAJackson3MapperFailsAtBuildSayingToUseBlackbird() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Pipeline.builder()
        .accelerator(Accelerator.AFTERBURNER).jackson3Mapper(SERVICE_MAPPER).build());

    assertTrue(e.getMessage().contains("Afterburner has no Jackson 3 release; use Accelerator.BLACKBIRD"), e.getMessage());
  }

  @Test
  void messagePackWithAJackson3MapperFailsAtBuildSayingWhyAndWhatToUse() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Pipeline.builder()
        .format(Format.MSGPACK).jackson3Mapper(SERVICE_MAPPER).build());

    assertTrue(e.getMessage().contains("no Jackson 3 MessagePack backend is released"), e.getMessage());
    assertTrue(e.getMessage().contains("Jackson 2 ObjectMapper"), e.getMessage());
  }

  @Test
  void aJackson3MapperThatIsNotAJsonMapperFailsAtBuild() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Pipeline.builder().jackson3Mapper(new tools.jackson.databind.ObjectMapper()).build());

    assertTrue(e.getMessage().contains("must be a tools.jackson.databind.json.JsonMapper"), e.getMessage());
  }

  @Test
  void mapperAndJackson3MapperConflict() {
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> Pipeline.builder()
        .mapper(new com.fasterxml.jackson.databind.ObjectMapper()).jackson3Mapper(SERVICE_MAPPER));

    assertTrue(e.getMessage().startsWith("mapper was already set to"), e.getMessage());
  }

  @Test
  void aJackson2TypeReferenceOnAJackson3PipelineIsRefusedSayingWhatToPass() {
    try (Pipeline pipeline = pipeline(Compression.none())) {
      byte[] body = pipeline.encode(PEOPLE);
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> pipeline.decode(body, new com.fasterxml.jackson.core.type.TypeReference<List<Person>>() {}));

      assertTrue(e.getMessage().contains("Jackson 3 mapper; pass a Class, or a tools.jackson.core.type.TypeReference"),
          e.getMessage());
    }
  }

  @Test
  void aJackson3TypeReferenceOnAJackson2PipelineIsRefused() {
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.none()).build()) {
      IllegalStateException e = assertThrows(IllegalStateException.class, pipeline::jackson3);

      assertTrue(e.getMessage().contains("serializes with a Jackson 2 mapper"), e.getMessage());
    }
  }

  @Test
  void mapperCopyOfAJackson3PipelinePointsToTheJackson3Mapper() {
    try (Pipeline pipeline = pipeline(Compression.none())) {
      IllegalStateException e = assertThrows(IllegalStateException.class, pipeline::mapperCopy);

      assertTrue(e.getMessage().contains("jackson3().mapper()"), e.getMessage());
      assertEquals(PropertyNamingStrategies.SNAKE_CASE.getClass(),
          pipeline.jackson3().mapper().serializationConfig().getPropertyNamingStrategy().getClass());
    }
  }

  @Test
  void toStringSaysWhichJackson() {
    try (Pipeline pipeline = pipeline(Compression.none())) {
      assertTrue(pipeline.toString().contains("mapper=Jackson 3"), pipeline.toString());
    }
  }
}
