package io.github.zipjack;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationConfig;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.module.SimpleModule;
import io.github.zipjack.data.Datasets;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The builder rejects each wrong value with a message naming the setting, the value and the range;
 * lets each setting be set once; and builds pipelines without changing itself or the user's mapper.
 */
class PipelineBuilderTest {
  private static final int SIXTEEN_MIB = 16 * 1024 * 1024;
  /** What toString shows of the default parallelism: one thread per processor, 256 KiB threshold. */
  private static final String DEFAULT_PARALLELISM = Runtime.getRuntime().availableProcessors() == 1
      ? "compressionThreads=1, "
      : "compressionThreads=" + Math.min(256, Runtime.getRuntime().availableProcessors())
          + ", parallelThresholdBytes=262144, compressionExecutor=shared, ";

  /** A bean whose property names a naming strategy changes. */
  public static final class Account {
    public String accountHolder;
    public int openedYear;

    public Account() {}

    Account(String accountHolder, int openedYear) {
      this.accountHolder = accountHolder;
      this.openedYear = openedYear;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Account && ((Account) o).accountHolder.equals(accountHolder)
          && ((Account) o).openedYear == openedYear;
    }

    @Override
    public int hashCode() {
      return accountHolder.hashCode() * 31 + openedYear;
    }
  }

  @Test
  void gzipLevel_tooLow() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Compression.gzip(-1));
    assertEquals("gzip level must be in [0, 9]: -1", e.getMessage());
  }

  @Test
  void gzipLevel_tooHigh() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Compression.gzip(10));
    assertEquals("gzip level must be in [0, 9]: 10", e.getMessage());
  }

  @Test
  void zstdLevel_tooLow() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Compression.zstd(0));
    assertEquals("zstd level must be in [1, 22]: 0", e.getMessage());
  }

  @Test
  void zstdLevel_tooHigh() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Compression.zstd(23));
    assertEquals("zstd level must be in [1, 22]: 23", e.getMessage());
  }

  @Test
  void brotliQuality_tooLow() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Compression.brotli(-1));
    assertEquals("brotli quality must be in [0, 11]: -1", e.getMessage());
  }

  @Test
  void brotliQuality_tooHigh() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Compression.brotli(12));
    assertEquals("brotli quality must be in [0, 11]: 12", e.getMessage());
  }

  @Test
  void gzipImplementation_null() {
    NullPointerException e = assertThrows(NullPointerException.class, () -> Compression.gzip(1, null));
    assertEquals("implementation must not be null", e.getMessage());
  }

  @Test
  void compressionNamesItsFactoryCall() {
    assertEquals("gzip(6)", Compression.gzip(6).toString());
    assertEquals("gzip(1, ZLIB)", Compression.gzip(1, GzipImplementation.ZLIB).toString());
    assertEquals("gzip(9, LIBDEFLATE)", Compression.gzip(9, GzipImplementation.LIBDEFLATE).toString());
    assertEquals("zstd(3)", Compression.zstd(3).toString());
    assertEquals("brotli(5)", Compression.brotli(5).toString());
    assertEquals("br", Compression.brotli(5).contentEncoding());
    assertEquals("zstd", Compression.zstd(3).contentEncoding());
  }

  @Test
  void compressionsWithDifferentGzipImplementationsDiffer() {
    assertEquals(Compression.gzip(1), Compression.gzip(1, GzipImplementation.AUTO));
    assertFalse(Compression.gzip(1).equals(Compression.gzip(1, GzipImplementation.ZLIB)));
    assertFalse(Compression.zstd(1).equals(Compression.brotli(1)));
  }

  @Test
  void deflaterBufferSize_withZstd() {
    Pipeline.Builder builder = Pipeline.builder().compression(Compression.zstd(1)).deflaterBufferSize(512);

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, builder::build);
    assertEquals("deflaterBufferSize is set to 512 but compression is zstd(1); it applies to gzip only",
        e.getMessage());
  }

  @Test
  void compressWholeBody_withBrotli() {
    Pipeline.Builder builder = Pipeline.builder().compression(Compression.brotli(5)).compressWholeBody(true);

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, builder::build);
    assertEquals("compressWholeBody is true but compression is brotli(5); it applies to gzip only"
        + " (zstd and brotli always compress whole bodies)", e.getMessage());
  }

  @Test
  void zlibForcedIsWhatServes() {
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.gzip(1, GzipImplementation.ZLIB)).build()) {
      assertEquals("gzip(1) via JDK zlib", pipeline.implementation());
      assertTrue(pipeline.toString().endsWith(", implementation=gzip(1) via JDK zlib]"), pipeline.toString());
    }
  }

  @Test
  void inputBufferSize_negative() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Pipeline.builder().inputBufferSize(-1));
    assertEquals("inputBufferSize must be in [0, 16777216] (0 = no buffer): -1", e.getMessage());
  }

  @Test
  void inputBufferSize_tooLarge() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Pipeline.builder().inputBufferSize(SIXTEEN_MIB + 1));
    assertEquals("inputBufferSize must be in [0, 16777216] (0 = no buffer): 16777217", e.getMessage());
  }

  @Test
  void inputBufferSize_largestAllowed() {
    try (Pipeline pipeline = Pipeline.builder().inputBufferSize(SIXTEEN_MIB).build()) {
      assertTrue(pipeline.toString().contains("inputBufferSize=16777216"), pipeline.toString());
    }
  }

  @Test
  void deflaterBufferSize_zero() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Pipeline.builder().deflaterBufferSize(0));
    assertEquals("deflaterBufferSize must be in [1, 16777216]: 0", e.getMessage());
  }

  @Test
  void deflaterBufferSize_tooLarge() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Pipeline.builder().deflaterBufferSize(SIXTEEN_MIB + 1));
    assertEquals("deflaterBufferSize must be in [1, 16777216]: 16777217", e.getMessage());
  }

  @Test
  void deflaterBufferSize_withoutCompression() {
    Pipeline.Builder builder = Pipeline.builder().compression(Compression.none()).deflaterBufferSize(512);

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, builder::build);
    assertEquals("deflaterBufferSize is set to 512 but compression is none; it applies to gzip only",
        e.getMessage());
  }

  @Test
  void compressWholeBody_withoutCompression() {
    Pipeline.Builder builder = Pipeline.builder().compression(Compression.none()).compressWholeBody(true);

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, builder::build);
    assertEquals("compressWholeBody is true but compression is none; it applies to gzip only"
        + " (zstd and brotli always compress whole bodies)", e.getMessage());
  }

  @Test
  void compressWholeBody_withInputBufferSize() {
    Pipeline.Builder builder = Pipeline.builder().inputBufferSize(8192).compressWholeBody(true);

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, builder::build);
    assertEquals("inputBufferSize is set to 8192 but compressWholeBody is true, which gathers the whole body instead",
        e.getMessage());
  }

  @Test
  void compressWholeBody_showsNoInputBuffer() {
    try (Pipeline pipeline = Pipeline.builder().compressWholeBody(true).build()) {
      assertTrue(pipeline.toString().contains("inputBufferSize=0, deflaterBufferSize=65536, compressWholeBody=true"),
          pipeline.toString());
    }
  }

  @Test
  void maxDecodedBytes_zero() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Pipeline.builder().maxDecodedBytes(0));
    assertEquals("maxDecodedBytes must be >= 1: 0", e.getMessage());
  }

  @Test
  void maxNestingDepth_zero() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Pipeline.builder().maxNestingDepth(0));
    assertEquals("maxNestingDepth must be in [1, 100000]: 0", e.getMessage());
  }

  @Test
  void maxNestingDepth_tooLarge() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Pipeline.builder().maxNestingDepth(100_001));
    assertEquals("maxNestingDepth must be in [1, 100000]: 100001", e.getMessage());
  }

  @Test
  void segmentPoolBytes_negative() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Pipeline.builder().segmentPoolBytes(-1));
    assertEquals("segmentPoolBytes must be in [0, 1073741824] (0 = no pooling): -1", e.getMessage());
  }

  @Test
  void segmentPoolBytes_tooLarge() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Pipeline.builder().segmentPoolBytes((1L << 30) + 1));
    assertEquals("segmentPoolBytes must be in [0, 1073741824] (0 = no pooling): 1073741825", e.getMessage());
  }

  @Test
  void encoderPoolSize_negative() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Pipeline.builder().encoderPoolSize(-1));
    assertEquals("encoderPoolSize must be in [0, 1024]: -1", e.getMessage());
  }

  @Test
  void encoderPoolSize_tooLarge() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Pipeline.builder().encoderPoolSize(1025));
    assertEquals("encoderPoolSize must be in [0, 1024]: 1025", e.getMessage());
  }

  @Test
  void compressionThreads_zero() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Pipeline.builder().compressionThreads(0));
    assertEquals("compressionThreads must be in [1, 256] (1 = serial): 0", e.getMessage());
  }

  @Test
  void compressionThreads_tooHigh() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Pipeline.builder().compressionThreads(257));
    assertEquals("compressionThreads must be in [1, 256] (1 = serial): 257", e.getMessage());
  }

  @Test
  void compressionThreads_withBrotli() {
    Pipeline.Builder builder = Pipeline.builder().compression(Compression.brotli(4)).compressionThreads(2);

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, builder::build);
    assertEquals("compressionThreads is 2 but compression is brotli(4), which is always serial;"
        + " it applies to gzip and zstd only", e.getMessage());
  }

  @Test
  void compressionThreads_defaultIsTheProcessorCount() {
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.zstd(1)).build()) {
      assertEquals(Math.min(256, Runtime.getRuntime().availableProcessors()), pipeline.compressionThreads());
    }
  }

  @Test
  void compressionThreads_defaultIsOneForBrotli() {
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.brotli(4)).build()) {
      assertEquals(1, pipeline.compressionThreads());
    }
  }

  @Test
  void parallelThresholdBytes_defaultIsTheConstant() {
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.zstd(1)).build()) {
      assertEquals(Pipeline.DEFAULT_PARALLEL_THRESHOLD_BYTES, pipeline.parallelThresholdBytes());
    }
  }

  @Test
  void compressionThreads_showsInToString() {
    try (Pipeline pipeline = Pipeline.builder().compressionThreads(3).parallelThresholdBytes(1000).build()) {
      assertTrue(pipeline.toString().contains(
          "compressionThreads=3, parallelThresholdBytes=1000, compressionExecutor=shared"), pipeline.toString());
    }
  }

  @Test
  void parallelThresholdBytes_negative() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Pipeline.builder().parallelThresholdBytes(-1));
    assertEquals("parallelThresholdBytes must be in [0, 2147483647]: -1", e.getMessage());
  }

  @Test
  void parallelThresholdBytes_withOneThread() {
    Pipeline.Builder builder = Pipeline.builder().compressionThreads(1).parallelThresholdBytes(1 << 20);

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, builder::build);
    assertEquals("parallelThresholdBytes is set but compressionThreads is 1; it applies to bodies compressed"
        + " on several threads", e.getMessage());
  }

  @Test
  void compressionExecutor_null() {
    NullPointerException e = assertThrows(NullPointerException.class,
        () -> Pipeline.builder().compressionExecutor(null));
    assertEquals("compressionExecutor must not be null", e.getMessage());
  }

  @Test
  void compressionExecutor_withOneThread() {
    Pipeline.Builder builder = Pipeline.builder().compressionThreads(1).compressionExecutor(Runnable::run);

    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, builder::build);
    assertEquals("compressionExecutor is set but compressionThreads is 1; it applies to bodies compressed"
        + " on several threads", e.getMessage());
  }

  @Test
  void compressionThreads_setTwice() {
    Pipeline.Builder builder = Pipeline.builder().compressionThreads(2);

    IllegalStateException e = assertThrows(IllegalStateException.class, () -> builder.compressionThreads(4));
    assertEquals("compressionThreads was already set to 2", e.getMessage());
  }

  @Test
  void format_null() {
    NullPointerException e = assertThrows(NullPointerException.class, () -> Pipeline.builder().format(null));
    assertEquals("format must not be null", e.getMessage());
  }

  @Test
  void compression_null() {
    NullPointerException e = assertThrows(NullPointerException.class, () -> Pipeline.builder().compression(null));
    assertEquals("compression must not be null", e.getMessage());
  }

  @Test
  void accelerator_null() {
    NullPointerException e = assertThrows(NullPointerException.class, () -> Pipeline.builder().accelerator(null));
    assertEquals("accelerator must not be null", e.getMessage());
  }

  @Test
  void mapper_null() {
    NullPointerException e = assertThrows(NullPointerException.class, () -> Pipeline.builder().mapper(null));
    assertEquals("mapper must not be null", e.getMessage());
  }

  @Test
  void format_setTwice() {
    Pipeline.Builder builder = Pipeline.builder().format(Format.MSGPACK);

    IllegalStateException e = assertThrows(IllegalStateException.class, () -> builder.format(Format.JSON));
    assertEquals("format was already set to MSGPACK", e.getMessage());
  }

  @Test
  void compression_setTwice() {
    Pipeline.Builder builder = Pipeline.builder().compression(Compression.gzip(1));

    IllegalStateException e = assertThrows(IllegalStateException.class, () -> builder.compression(Compression.none()));
    assertEquals("compression was already set to gzip(1)", e.getMessage());
  }

  @Test
  void inputBufferSize_setTwice() {
    Pipeline.Builder builder = Pipeline.builder().inputBufferSize(8192);

    IllegalStateException e = assertThrows(IllegalStateException.class, () -> builder.inputBufferSize(4096));
    assertEquals("inputBufferSize was already set to 8192", e.getMessage());
  }

  @Test
  void mapper_setTwice() {
    Pipeline.Builder builder = Pipeline.builder().mapper(new ObjectMapper());

    IllegalStateException e = assertThrows(IllegalStateException.class, () -> builder.mapper(new ObjectMapper()));
    assertTrue(e.getMessage().startsWith("mapper was already set to "), e.getMessage());
  }

  @Test
  void inputBufferSize_rejectedValueLeavesItUnset() {
    Pipeline.Builder builder = Pipeline.builder();
    assertThrows(IllegalArgumentException.class, () -> builder.inputBufferSize(-1));

    builder.inputBufferSize(8192);

    try (Pipeline pipeline = builder.build()) {
      assertTrue(pipeline.toString().contains("inputBufferSize=8192"), pipeline.toString());
    }
  }

  @Test
  void format_rejectedNullLeavesItUnset() {
    Pipeline.Builder builder = Pipeline.builder();
    assertThrows(NullPointerException.class, () -> builder.format(null));

    builder.format(Format.MSGPACK);

    try (Pipeline pipeline = builder.build()) {
      assertEquals(Format.MSGPACK, pipeline.format());
    }
  }

  @Test
  void buildLeavesTheBuilderReusable() {
    Pipeline.Builder builder = Pipeline.builder().format(Format.MSGPACK).compression(Compression.gzip(1));
    Object people = Datasets.load("people-10").value();

    try (Pipeline first = builder.build(); Pipeline second = builder.build()) {
      assertNotSame(first, second);
      assertEquals(first.toString(), second.toString());
      assertArrayEquals(first.encode(people), second.encode(people));
    }
  }

  @Test
  void pipelinesFromOneBuilderCloseIndependently() throws IOException {
    Pipeline.Builder builder = Pipeline.builder();
    Pipeline first = builder.build();
    try (Pipeline second = builder.build()) {
      first.close();

      Object people = Datasets.load("people-10").value();
      assertEquals(people, second.decode(second.encode(people), Datasets.load("people-10").typeReference()));
    }
  }

  @Test
  void defaultsAreDocumented() {
    try (Pipeline pipeline = Pipeline.builder().build()) {
      assertEquals("Pipeline[format=JSON, compression=gzip(6), accelerator=NONE, inputBufferSize=65536,"
          + " deflaterBufferSize=65536, compressWholeBody=false, fastDoubleWriter=false, omitEmpty=false, maxDecodedBytes=67108864, maxNestingDepth=1000,"
          + " segmentPoolBytes=4194304, encoderPoolSize=32, " + DEFAULT_PARALLELISM + "mapper=Jackson 2, implementation="
          + pipeline.implementation() + "]",
          pipeline.toString());
    }
  }

  @Test
  void toStringShowsTheSettings() {
    try (Pipeline pipeline = Pipeline.builder()
        .format(Format.MSGPACK)
        .compression(Compression.gzip(1))
        .accelerator(Accelerator.BLACKBIRD)
        .inputBufferSize(8192)
        .deflaterBufferSize(512)
        .omitEmpty(true)
        .maxDecodedBytes(1 << 20)
        .maxNestingDepth(50)
        .segmentPoolBytes(65536)
        .encoderPoolSize(3)
        .compressionThreads(4)
        .parallelThresholdBytes(1 << 20)
        .build()) {
      assertEquals("Pipeline[format=MSGPACK, compression=gzip(1), accelerator=BLACKBIRD, inputBufferSize=8192,"
          + " deflaterBufferSize=512, compressWholeBody=false, fastDoubleWriter=false, omitEmpty=true, maxDecodedBytes=1048576, maxNestingDepth=50,"
          + " segmentPoolBytes=65536, encoderPoolSize=3, compressionThreads=4, parallelThresholdBytes=1048576,"
          + " compressionExecutor=shared, mapper=Jackson 2, implementation=" + pipeline.implementation() + "]",
          pipeline.toString());
    }
  }

  @Test
  void formatAndCompressionAreReported() {
    try (Pipeline pipeline = Pipeline.builder().format(Format.MSGPACK).compression(Compression.none()).build()) {
      assertEquals(Format.MSGPACK, pipeline.format());
      assertEquals(Compression.none(), pipeline.compression());
    }
  }

  @Test
  void userMapperIsNeverMutated() throws IOException {
    ObjectMapper user = new ObjectMapper();
    user.registerModule(new SimpleModule("users-own-module"));
    SerializationConfig serializationConfig = user.getSerializationConfig();
    DeserializationConfig deserializationConfig = user.getDeserializationConfig();
    JsonFactory factory = user.getFactory();
    StreamReadConstraints constraints = factory.streamReadConstraints();
    Set<Object> modules = Set.copyOf(user.getRegisteredModuleIds());
    boolean autoCloseTarget = factory.isEnabled(com.fasterxml.jackson.core.JsonGenerator.Feature.AUTO_CLOSE_TARGET);

    for (Format format : Format.values()) {
      try (Pipeline pipeline = Pipeline.builder().format(format).accelerator(Accelerator.BLACKBIRD)
          .omitEmpty(true).maxNestingDepth(7).mapper(user).build()) {
        pipeline.decode(pipeline.encode(Datasets.load("people-10").value()), Datasets.load("people-10").typeReference());
      }
    }

    assertSame(serializationConfig, user.getSerializationConfig(), "serialization config");
    assertSame(deserializationConfig, user.getDeserializationConfig(), "deserialization config");
    assertSame(factory, user.getFactory(), "factory");
    assertSame(constraints, factory.streamReadConstraints(), "read constraints");
    assertEquals(autoCloseTarget,
        factory.isEnabled(com.fasterxml.jackson.core.JsonGenerator.Feature.AUTO_CLOSE_TARGET), "AUTO_CLOSE_TARGET");
    assertEquals(modules, user.getRegisteredModuleIds(), "registered modules");
  }

  @Test
  void userMapperStillCannotWriteInstantsAfterBuild() {
    ObjectMapper user = new ObjectMapper();
    try (Pipeline pipeline = Pipeline.builder().mapper(user).build()) {
      pipeline.encode(Instant.EPOCH);
    }

    assertThrows(com.fasterxml.jackson.databind.exc.InvalidDefinitionException.class,
        () -> user.writeValueAsString(Instant.EPOCH));
  }

  @Test
  void userMapperNamingStrategyIsHonouredInJson() {
    ObjectMapper user = new ObjectMapper().setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);

    try (Pipeline pipeline = Pipeline.builder().compression(Compression.none()).mapper(user).build()) {
      assertEquals("{\"account_holder\":\"Ada\",\"opened_year\":1843}",
          new String(pipeline.encode(new Account("Ada", 1843)), StandardCharsets.UTF_8));
    }
  }

  @Test
  void userMapperNamingStrategyIsHonouredInMessagePack() throws IOException {
    ObjectMapper user = new ObjectMapper().setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);

    try (Pipeline pipeline = Pipeline.builder().format(Format.MSGPACK).compression(Compression.none())
        .mapper(user).build()) {
      byte[] body = pipeline.encode(new Account("Ada", 1843));
      String text = new String(body, StandardCharsets.ISO_8859_1);

      assertTrue(text.contains("account_holder") && text.contains("opened_year"), text);
      assertEquals(new Account("Ada", 1843), pipeline.decode(body, Account.class));
    }
  }

  @Test
  void userMapperSerializationFeaturesAreHonoured() {
    ObjectMapper user = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    try (Pipeline pipeline = Pipeline.builder().compression(Compression.none()).mapper(user).build()) {
      String text = new String(pipeline.encode(new Account("Ada", 1843)), StandardCharsets.UTF_8);
      assertTrue(text.contains("\n"), text);
    }
  }

  @Test
  void omitEmptyLeavesOutNullsAndEmptyValues() {
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.none()).omitEmpty(true).build()) {
      assertEquals("{\"openedYear\":1843}",
          new String(pipeline.encode(new Account("", 1843)), StandardCharsets.UTF_8));
    }
  }

  @Test
  void omitEmptyIsOffByDefault() {
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.none()).build()) {
      assertEquals("{\"accountHolder\":null,\"openedYear\":1843}",
          new String(pipeline.encode(new Account(null, 1843)), StandardCharsets.UTF_8));
    }
  }

  @Test
  void mapperCopyDoesNotChangeThePipeline() {
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.none()).build()) {
      byte[] before = pipeline.encode(new Account("Ada", 1843));
      pipeline.mapperCopy().setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);

      assertArrayEquals(before, pipeline.encode(new Account("Ada", 1843)));
      assertFalse(new String(before, StandardCharsets.UTF_8).contains("account_holder"));
    }
  }
}
