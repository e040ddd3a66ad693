package io.github.zipjack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.data.Datasets;
import io.github.zipjack.data.Person;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Instants are ISO-8601 strings in JSON and the MessagePack timestamp extension (type -1) in
 * MessagePack, in each of its three sizes, and come back equal. The expected bytes are built here
 * from the MessagePack spec, not from msgpack-java.
 */
class InstantEncodingTest {
  /** 2015-02-24T19:03:00Z: fits the 32-bit timestamp. */
  private static final Instant WHOLE_SECONDS = Instant.ofEpochSecond(1_424_804_580L);
  private static final Instant WITH_NANOS = Instant.ofEpochSecond(1_424_804_580L, 123_456_789);
  /** Before 1970: only the 96-bit timestamp holds a negative second. */
  private static final Instant BEFORE_EPOCH = Instant.ofEpochSecond(-1_000_000_000L, 500);

  private static Pipeline json;
  private static Pipeline messagePack;

  /** A value with a known Instant. */
  record Stamp(String name, Instant at) {}

  @BeforeAll
  static void buildPipelines() {
    json = Pipeline.builder().format(Format.JSON).compression(Compression.none()).build();
    messagePack = Pipeline.builder().format(Format.MSGPACK).compression(Compression.none()).build();
  }

  @AfterAll
  static void closePipelines() {
    json.close();
    messagePack.close();
  }

  @Test
  void jsonWritesAnInstantAsAnIso8601String() {
    String text = new String(json.encode(new Stamp("launch", WHOLE_SECONDS)), StandardCharsets.UTF_8);

    assertEquals("{\"name\":\"launch\",\"at\":\"2015-02-24T19:03:00Z\"}", text);
  }

  @Test
  void jsonWritesNanosecondsInTheIso8601String() {
    String text = new String(json.encode(new Stamp("launch", WITH_NANOS)), StandardCharsets.UTF_8);

    assertEquals("{\"name\":\"launch\",\"at\":\"2015-02-24T19:03:00.123456789Z\"}", text);
  }

  @Test
  void jsonReadsTheInstantBack() throws IOException {
    Stamp stamp = new Stamp("launch", WITH_NANOS);

    assertEquals(stamp, json.decode(json.encode(stamp), Stamp.class));
  }

  @Test
  void jsonWritesDatasetInstantsAsIso8601Strings() {
    Person first = firstPerson();
    String text = new String(json.encode(first), StandardCharsets.UTF_8);

    assertTrue(text.contains("\"registered\":\"" + first.getRegistered() + "\""), text);
  }

  @Test
  void messagePackWritesWholeSecondsAsTimestamp32() {
    byte[] expected = concat(hex("d6ff"), ByteBuffer.allocate(4).putInt((int) WHOLE_SECONDS.getEpochSecond()).array());

    assertContains(messagePack.encode(new Stamp("launch", WHOLE_SECONDS)), expected);
  }

  @Test
  void messagePackWritesNanosecondsAsTimestamp64() {
    long packed = (long) WITH_NANOS.getNano() << 34 | WITH_NANOS.getEpochSecond();
    byte[] expected = concat(hex("d7ff"), ByteBuffer.allocate(8).putLong(packed).array());

    assertContains(messagePack.encode(new Stamp("launch", WITH_NANOS)), expected);
  }

  @Test
  void messagePackWritesInstantsBeforeTheEpochAsTimestamp96() {
    byte[] expected = concat(hex("c70cff"),
        ByteBuffer.allocate(12).putInt(BEFORE_EPOCH.getNano()).putLong(BEFORE_EPOCH.getEpochSecond()).array());

    assertContains(messagePack.encode(new Stamp("launch", BEFORE_EPOCH)), expected);
  }

  @Test
  void messagePackReadsEveryTimestampSizeBack() throws IOException {
    List<Stamp> stamps = List.of(new Stamp("32", WHOLE_SECONDS), new Stamp("64", WITH_NANOS),
        new Stamp("96", BEFORE_EPOCH));

    assertEquals(stamps, messagePack.decode(messagePack.encode(stamps),
        new com.fasterxml.jackson.core.type.TypeReference<List<Stamp>>() {}));
  }

  @Test
  void messagePackWritesDatasetInstantsAsTimestampExtensions() {
    Person first = firstPerson();
    Instant registered = first.getRegistered();
    byte[] expected = registered.getNano() == 0 && registered.getEpochSecond() >>> 32 == 0
        ? concat(hex("d6ff"), ByteBuffer.allocate(4).putInt((int) registered.getEpochSecond()).array())
        : concat(hex("d7ff"), ByteBuffer.allocate(8)
            .putLong((long) registered.getNano() << 34 | registered.getEpochSecond()).array());

    assertContains(messagePack.encode(first), expected);
  }

  @Test
  void messagePackReadsDatasetInstantsBack() throws IOException {
    Person first = firstPerson();

    assertEquals(first.getRegistered(), messagePack.decode(messagePack.encode(first), Person.class).getRegistered());
  }

  @SuppressWarnings("unchecked")
  private static Person firstPerson() {
    return ((List<Person>) Datasets.load("people-1").value()).get(0);
  }

  private static void assertContains(byte[] haystack, byte[] needle) {
    assertTrue(indexOf(haystack, needle) >= 0,
        "expected " + HexFormat.of().formatHex(needle) + " in " + HexFormat.of().formatHex(haystack));
  }

  private static int indexOf(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= haystack.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  private static byte[] hex(String digits) {
    return HexFormat.of().parseHex(digits);
  }

  private static byte[] concat(byte[] a, byte[] b) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(a);
    out.writeBytes(b);
    return out.toByteArray();
  }
}
