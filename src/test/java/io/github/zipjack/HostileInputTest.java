package io.github.zipjack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Broken and hostile bodies on every decode path (gzip through zlib, zstd, zstd with a dictionary, brotli; JSON with Jackson
 * 2 and with Jackson 3, and MessagePack): each kind of bad input gets its own exception type, and a message that says what is
 * wrong and where, never another exception or a silently wrong value. The limits themselves (bombs,
 * nesting) are {@link DecodeSafetyTest}'s and {@code BombsInASmallHeapTest}'s.
 */
class HostileInputTest {
  /** A value that is checked field by field when it decodes. */
  record Person(String name, int age, List<String> tags) {}

  private static final List<Person> PEOPLE = people(300);
  private static final Map<String, Pipeline> PIPELINES = new HashMap<>();

  private static List<Person> people(int count) {
    List<Person> people = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      people.add(new Person("person " + i, 20 + i % 50, List.of("t" + i % 7, "u" + i % 11)));
    }
    return people;
  }

  /** A format and the Jackson that serializes it; Jackson 3 writes JSON only. */
  enum Mapper {
    JSON(Format.JSON), MSGPACK(Format.MSGPACK), JSON_JACKSON3(Format.JSON);

    final Format format;

    Mapper(Format format) {
      this.format = format;
    }

    Pipeline.Builder builder() {
      Pipeline.Builder builder = Pipeline.builder().format(format);
      return this == JSON_JACKSON3 ? builder.jackson3Mapper(tools.jackson.databind.json.JsonMapper.builder().build())
          : builder;
    }
  }

  private static synchronized Pipeline pipeline(Mapper mapper, Compression compression) {
    return PIPELINES.computeIfAbsent(mapper + " " + compression,
        key -> mapper.builder().compression(compression).build());
  }

  @AfterAll
  static void closePipelines() {
    PIPELINES.values().forEach(Pipeline::close);
  }

  static Stream<Arguments> codingsAndFormats() {
    List<Arguments> cases = new ArrayList<>();
    for (Compression compression : List.of(Compression.gzip(6), Compression.zstd(3), Compression.brotli(4),
        Compression.zstd(3, TestDictionaries.orders()))) {
      for (Mapper mapper : Mapper.values()) {
        cases.add(Arguments.of(compression, mapper));
      }
    }
    return cases.stream();
  }

  private static byte[] encode(Mapper mapper, Compression compression) {
    return pipeline(mapper, compression).encode(PEOPLE);
  }

  private static ZipjackDecodeException refused(Mapper mapper, Compression compression, byte[] body) {
    return assertThrows(ZipjackDecodeException.class, () -> pipeline(mapper, compression).decode(body, Person[].class));
  }

  private static void assertMessageHas(ZipjackDecodeException e, String... parts) {
    for (String part : parts) {
      assertTrue(e.getMessage().contains(part), "'" + part + "' not in: " + e.getMessage());
    }
  }

  // ---- truncated and empty

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("codingsAndFormats")
  void aCutOffBodyIsTruncated(Compression compression, Mapper mapper) {
    byte[] body = encode(mapper, compression);

    ZipjackDecodeException e = refused(mapper, compression, Arrays.copyOf(body, body.length / 2));

    assertInstanceOf(TruncatedBodyException.class, e, e.toString());
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("codingsAndFormats")
  void anEmptyBodyIsTruncated(Compression compression, Mapper mapper) {
    ZipjackDecodeException e = refused(mapper, compression, new byte[0]);

    assertInstanceOf(TruncatedBodyException.class, e, e.toString());
  }

  // ---- damaged

  @Test
  void aWrongCrcInTheGzipTrailerIsAChecksumMismatchNamingBothValues() {
    byte[] body = encode(Mapper.JSON, Compression.gzip(6));
    body[body.length - 8] ^= 0x01;

    ZipjackDecodeException e = refused(Mapper.JSON, Compression.gzip(6), body);

    assertInstanceOf(ChecksumMismatchException.class, e, e.toString());
    assertMessageHas(e, "CRC-32", "trailer at byte " + (body.length - 8));
  }

  @Test
  void aWrongLengthInTheGzipTrailerIsAChecksumMismatchNamingBothLengths() {
    byte[] body = encode(Mapper.JSON, Compression.gzip(6));
    body[body.length - 1] ^= 0x40;

    ZipjackDecodeException e = refused(Mapper.JSON, Compression.gzip(6), body);

    assertInstanceOf(ChecksumMismatchException.class, e, e.toString());
    assertMessageHas(e, "member 1 inflates to", "its trailer says");
  }

  @Test
  void aWrongZstdContentChecksumIsAChecksumMismatch() {
    ZipjackDecodeException e;
    try (Pipeline checksumming = Mapper.JSON.builder().compression(Compression.zstd(3)).zstdChecksum(true).build()) {
      byte[] body = checksumming.encode(PEOPLE);
      body[body.length - 1] ^= 0x01; // the last 4 bytes of a frame with a checksum are the checksum

      e = assertThrows(ZipjackDecodeException.class, () -> checksumming.decode(body, Person[].class));
    }

    assertInstanceOf(ChecksumMismatchException.class, e, e.toString());
    assertMessageHas(e, "frame 1", "checksum");
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("codingsAndFormats")
  void corruptCompressedDataIsMalformedAndNeverAWrongValue(Compression compression, Mapper mapper) {
    byte[] body = encode(mapper, compression);
    for (int i = body.length / 3; i < body.length / 3 + 16; i++) {
      body[i] ^= (byte) 0x5a;
    }

    ZipjackDecodeException e = refused(mapper, compression, body);

    assertTrue(e instanceof MalformedBodyException || e instanceof TruncatedBodyException, e.toString());
  }

  // ---- more than the body

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("codingsAndFormats")
  void garbageAfterTheCompressedBodyIsTrailingDataAtItsByte(Compression compression, Mapper mapper) {
    byte[] body = encode(mapper, compression);
    byte[] withGarbage = Arrays.copyOf(body, body.length + 4);
    withGarbage[body.length] = 'j';
    withGarbage[body.length + 1] = 'u';

    ZipjackDecodeException e = refused(mapper, compression, withGarbage);

    assertInstanceOf(TrailingDataException.class, e, e.toString());
    // brotli's decoder does not say how much of its input it used, so the message bounds the end instead
    assertMessageHas(e, compression.equals(Compression.brotli(4)) ? "before byte " + withGarbage.length : "byte " + body.length);
  }

  @Test
  void aSecondValueAfterTheFirstIsTrailingDataAtItsByte() {
    byte[] body = "[] {}".getBytes(StandardCharsets.US_ASCII);

    ZipjackDecodeException e = assertThrows(ZipjackDecodeException.class,
        () -> pipeline(Mapper.JSON, Compression.none()).decode(body, List.class));

    assertInstanceOf(TrailingDataException.class, e, e.toString());
    assertMessageHas(e, "START_OBJECT", "at byte 3");
  }

  // ---- not the pipeline's coding

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("codingsAndFormats")
  void anUncompressedBodyIsTheWrongCodingAndTheMessageSaysWhatItLooksLike(Compression compression, Mapper mapper) {
    byte[] plain = pipeline(mapper, Compression.none()).encode(PEOPLE);

    ZipjackDecodeException e = refused(mapper, compression, plain);

    assertInstanceOf(WrongCodingException.class, e, e.toString());
    assertMessageHas(e, mapper.format == Format.JSON ? "looks like uncompressed JSON" : "looks like uncompressed MessagePack");
  }

  static Stream<Arguments> bodiesInAnotherCoding() {
    return Stream.of(
        Arguments.of(Compression.gzip(6), Compression.zstd(3), "looks like gzip"),
        Arguments.of(Compression.zstd(3), Compression.gzip(6), "may be zstd"),
        Arguments.of(Compression.gzip(6), Compression.brotli(4), "looks like gzip"),
        Arguments.of(Compression.zstd(3), Compression.brotli(4), "may be zstd"),
        Arguments.of(Compression.gzip(6), Compression.none(), "body is gzip"),
        Arguments.of(Compression.zstd(3), Compression.none(), "body is zstd"));
  }

  @ParameterizedTest(name = "{0} body to a {1} pipeline")
  @MethodSource("bodiesInAnotherCoding")
  void aBodyInAnotherCodingIsTheWrongCodingAndTheMessageNamesIt(Compression sent, Compression expected, String named) {
    byte[] body = encode(Mapper.JSON, sent);

    ZipjackDecodeException e = refused(Mapper.JSON, expected, body);

    assertInstanceOf(WrongCodingException.class, e, e.toString());
    assertMessageHas(e, named);
  }

  // ---- values

  @ParameterizedTest(name = "{0}")
  @MethodSource("mappers")
  void aValueOfTheWrongTypeIsAMismatchNamingItsPath(Mapper mapper) throws IOException {
    List<Map<String, Object>> people = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      people.add(Map.of("name", "p" + i, "age", i == 3 ? "thirty" : 30, "tags", List.of()));
    }
    byte[] body = pipeline(mapper, Compression.none()).encode(people);

    ZipjackDecodeException e = refused(mapper, Compression.none(), body);

    assertInstanceOf(ValueTypeMismatchException.class, e, e.toString());
    assertMessageHas(e, "$[3].age", "thirty");
  }

  static Stream<Mapper> mappers() {
    return Stream.of(Mapper.values());
  }

  static Stream<Format> formats() {
    return Stream.of(Format.values());
  }

  @Test
  void aStringLongerThanJacksonsMaxStringLengthIsRefusedByThatLimit() {
    int length = 20_000_001;
    byte[] body = new byte[length + 2];
    Arrays.fill(body, (byte) 'a');
    body[0] = '"';
    body[body.length - 1] = '"';

    ZipjackDecodeException e = assertThrows(ZipjackDecodeException.class,
        () -> pipeline(Mapper.JSON, Compression.none()).decode(body, String.class));

    DecodeLimitExceededException limit = assertInstanceOf(DecodeLimitExceededException.class, e, e.toString());
    assertEquals("maxStringLength", limit.limitName());
    assertEquals(20_000_000, limit.limit());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("formats")
  void aStricterMaxStringLengthOnTheUsersMapperHolds(Format format) throws IOException {
    ObjectMapper strict = new ObjectMapper();
    strict.getFactory().setStreamReadConstraints(StreamReadConstraints.builder().maxStringLength(1_000).build());
    try (Pipeline pipeline = Pipeline.builder().format(format).compression(Compression.none()).mapper(strict).build()) {
      byte[] body = pipeline.encode(List.of("a".repeat(1_001)));

      ZipjackDecodeException e = assertThrows(ZipjackDecodeException.class, () -> pipeline.decode(body, List.class));

      DecodeLimitExceededException limit = assertInstanceOf(DecodeLimitExceededException.class, e, e.toString());
      assertEquals("maxStringLength", limit.limitName());
      assertEquals(1_000, limit.limit());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("formats")
  void aStricterMaxNameLengthOnTheUsersMapperHolds(Format format) throws IOException {
    ObjectMapper strict = new ObjectMapper();
    strict.getFactory().setStreamReadConstraints(StreamReadConstraints.builder().maxNameLength(100).build());
    try (Pipeline pipeline = Pipeline.builder().format(format).compression(Compression.none()).mapper(strict).build()) {
      byte[] body = pipeline.encode(Map.of("k".repeat(101), 1));

      ZipjackDecodeException e = assertThrows(ZipjackDecodeException.class, () -> pipeline.decode(body, Map.class));

      DecodeLimitExceededException limit = assertInstanceOf(DecodeLimitExceededException.class, e, e.toString());
      assertEquals("maxNameLength", limit.limitName());
      assertEquals(100, limit.limit());
    }
  }

  @Test
  void aStricterMaxStringLengthOnTheUsersJackson3MapperHolds() throws IOException {
    tools.jackson.databind.json.JsonMapper strict = tools.jackson.databind.json.JsonMapper.builder(
        tools.jackson.core.json.JsonFactory.builder().streamReadConstraints(
            tools.jackson.core.StreamReadConstraints.builder().maxStringLength(1_000).build()).build()).build();
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.none()).jackson3Mapper(strict).build()) {
      byte[] body = pipeline.encode(List.of("a".repeat(1_001)));

      ZipjackDecodeException e = assertThrows(ZipjackDecodeException.class, () -> pipeline.decode(body, List.class));

      DecodeLimitExceededException limit = assertInstanceOf(DecodeLimitExceededException.class, e, e.toString());
      assertEquals("maxStringLength", limit.limitName());
      assertEquals(1_000, limit.limit());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("mappers")
  void aBodyNestedDeeperThanMaxNestingDepthIsRefusedByThatLimit(Mapper mapper) throws IOException {
    try (Pipeline pipeline = mapper.builder().compression(Compression.none()).maxNestingDepth(10).build()) {
      Object nested = List.of();
      for (int i = 0; i < 11; i++) {
        nested = List.of(nested);
      }
      byte[] body = pipeline.encode(nested);

      ZipjackDecodeException e = assertThrows(ZipjackDecodeException.class, () -> pipeline.decode(body, List.class));

      DecodeLimitExceededException limit = assertInstanceOf(DecodeLimitExceededException.class, e, e.toString());
      assertEquals("maxNestingDepth", limit.limitName());
      assertEquals(10, limit.limit());
    }
  }

  @Test
  void aNumberLongerThanJacksonsMaxNumberLengthIsRefusedByThatLimit() {
    byte[] body = ("[" + "7".repeat(1_001) + "]").getBytes(StandardCharsets.US_ASCII);

    ZipjackDecodeException e = assertThrows(ZipjackDecodeException.class,
        () -> pipeline(Mapper.JSON, Compression.none()).decode(body, Object.class));

    DecodeLimitExceededException limit = assertInstanceOf(DecodeLimitExceededException.class, e, e.toString());
    assertEquals("maxNumberLength", limit.limitName());
    assertEquals(1_000, limit.limit());
  }

  @Test
  void aMessagePackValueOfTheWrongKindIsAMismatch() {
    // fixmap {"name": "p", "age": [1], "tags": []}: an array where an int belongs
    byte[] body = {(byte) 0x83, (byte) 0xa4, 'n', 'a', 'm', 'e', (byte) 0xa1, 'p', (byte) 0xa3, 'a', 'g', 'e',
        (byte) 0x91, 0x01, (byte) 0xa4, 't', 'a', 'g', 's', (byte) 0x90};

    ZipjackDecodeException e = assertThrows(ZipjackDecodeException.class,
        () -> pipeline(Mapper.MSGPACK, Compression.none()).decode(body, Person.class));

    assertInstanceOf(ValueTypeMismatchException.class, e, e.toString());
    assertMessageHas(e, "$.age");
  }

  @Test
  void aDecodeExceptionIsTheFamilyBaseAndAnIOException() {
    ZipjackDecodeException e = refused(Mapper.JSON, Compression.gzip(6), new byte[] {'{', '}'});

    assertInstanceOf(IOException.class, e);
    assertInstanceOf(MalformedBodyException.class, e);
  }
}
