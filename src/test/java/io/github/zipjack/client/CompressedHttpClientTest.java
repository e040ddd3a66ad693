package io.github.zipjack.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.type.TypeReference;
import io.github.zipjack.Compression;
import io.github.zipjack.DecodeLimitExceededException;
import io.github.zipjack.Format;
import io.github.zipjack.MalformedBodyException;
import io.github.zipjack.Pipeline;
import io.github.zipjack.TruncatedBodyException;
import io.github.zipjack.WrongCodingException;
import io.github.zipjack.ZipjackDecodeException;
import io.github.zipjack.codec.WholeBodyArrays;
import io.github.zipjack.data.Datasets;
import io.github.zipjack.data.Person;
import io.github.zipjack.servlet.RequestBodies;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The client against a bare server that sends stored bodies with whatever headers the test sets: each
 * coding decoded into the value, stacked codings, MessagePack by Content-Type, compressed request
 * bodies with exact lengths, and every kind of bad answer refused with zipjack's exception, its
 * decoders returned and the next request on the same client working.
 */
class CompressedHttpClientTest {
  private static final TypeReference<List<Person>> PEOPLE = new TypeReference<>() {};
  private static final String JSON = "application/json";
  private static byte[] peopleJson;
  private static List<Person> people;
  private static StoredAnswerServer server;
  private static HttpClient http;
  private static Pipeline pipeline;
  private static Pipeline msgpack;
  private static CompressedHttpClient client;

  @BeforeAll
  static void start() throws IOException {
    peopleJson = Datasets.load("people-100").rawJson();
    server = new StoredAnswerServer();
    http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    pipeline = Pipeline.builder().compression(Compression.zstd(1)).build();
    msgpack = Pipeline.builder().format(Format.MSGPACK).compression(Compression.none()).build();
    client = CompressedHttpClient.builder(http, pipeline).pipeline(msgpack)
        .compressRequests(Compression.gzip(1), 4096).build();
    people = pipeline.decode(pipeline.encode(readPeople()), PEOPLE);
    server.put("/people", JSON, null, peopleJson);
  }

  private static List<Person> readPeople() throws IOException {
    try (Pipeline plain = Pipeline.builder().compression(Compression.none()).build()) {
      return plain.decode(peopleJson, PEOPLE);
    }
  }

  @AfterAll
  static void stop() {
    client.close();
    pipeline.close();
    msgpack.close();
    server.close();
  }

  private static byte[] encode(String coding, byte[] body) throws IOException {
    return coding.equals("identity") ? body : RequestBodies.encode(coding.equals("x-gzip") ? "gzip" : coding, body);
  }

  @Test
  void asksForEveryCodingThatLoadsInZipjacksOrder() throws Exception {
    server.put("/accept", JSON, null, peopleJson);
    client.get(server.uri("/accept"), PEOPLE);
    assertEquals("zstd, gzip, br", server.received("/accept").headers().getFirst("Accept-Encoding"));
    assertEquals("application/json, application/x-msgpack", server.received("/accept").headers().getFirst("Accept"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"zstd", "gzip", "x-gzip", "br", "identity"})
  void decodesEachCodingIntoTheValueByteExact(String coding) throws Exception {
    server.put("/" + coding, JSON, coding, encode(coding, peopleJson));
    List<Person> decoded = client.get(server.uri("/" + coding), PEOPLE);
    try (Pipeline plain = Pipeline.builder().compression(Compression.none()).build()) {
      assertArrayEquals(peopleJson, plain.encode(decoded));
    }
  }

  @Test
  void decodesStackedCodingsInTheReverseOfTheirOrder() throws Exception {
    server.put("/stacked", JSON, "gzip, zstd", encode("zstd", encode("gzip", peopleJson)));
    assertEquals(people, client.get(server.uri("/stacked"), PEOPLE));
  }

  @Test
  void refusesMoreThanThreeStackedCodings() {
    server.put("/four", JSON, "gzip, gzip, gzip, gzip", new byte[10]);
    MalformedBodyException e = assertThrows(MalformedBodyException.class, () -> client.get(server.uri("/four"), PEOPLE));
    assertTrue(e.getMessage().contains("4 stacked content codings"), e.getMessage());
  }

  @Test
  void refusesACodingItDidNotAskFor() {
    server.put("/deflate", JSON, "deflate", new byte[] {0x78, (byte) 0x9c, 3, 0});
    WrongCodingException e = assertThrows(WrongCodingException.class, () -> client.get(server.uri("/deflate"), PEOPLE));
    assertTrue(e.getMessage().contains("deflate, which this client did not ask for"), e.getMessage());
    assertEquals(0, client.lentDecoderSlots());
  }

  @Test
  void refusesZstdWhenItAskedForGzipOnly() throws Exception {
    server.put("/zstd-unasked", JSON, "zstd", encode("zstd", peopleJson));
    try (CompressedHttpClient gzipOnly = CompressedHttpClient.builder(http, pipeline).codings("gzip").build()) {
      assertThrows(WrongCodingException.class, () -> gzipOnly.get(server.uri("/zstd-unasked"), PEOPLE));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"zstd", "gzip", "br"})
  void truncatedBodyIsATruncatedBodyException(String coding) throws Exception {
    byte[] whole = encode(coding, peopleJson);
    server.put("/truncated-" + coding, JSON, coding, Arrays.copyOf(whole, whole.length / 2));
    assertThrows(TruncatedBodyException.class, () -> client.get(server.uri("/truncated-" + coding), PEOPLE));
    assertEquals(0, client.lentDecoderSlots());
    assertEquals(people, client.get(server.uri("/people"), PEOPLE));
  }

  @ParameterizedTest
  @ValueSource(strings = {"zstd", "gzip", "br"})
  void corruptBodyIsAMalformedBodyException(String coding) throws Exception {
    byte[] body = encode(coding, peopleJson);
    for (int i = body.length / 3; i < body.length / 3 + 16; i++) {
      body[i] ^= 0x5a;
    }
    server.put("/corrupt-" + coding, JSON, coding, body);
    assertThrows(MalformedBodyException.class, () -> client.get(server.uri("/corrupt-" + coding), PEOPLE));
    assertEquals(0, client.lentDecoderSlots());
  }

  @Test
  void theArraysOfAGzipAnswerDecodedWholeAreGivenBackWhetherItDecodesOrNot() throws Exception {
    long lent = WholeBodyArrays.lentCount();
    byte[] whole = encode("gzip", peopleJson);
    byte[] corrupt = whole.clone();
    corrupt[corrupt.length / 2] ^= 0x5a;
    server.put("/arrays-whole", JSON, "gzip", whole);
    server.put("/arrays-corrupt", JSON, "gzip", corrupt);

    assertEquals(people, client.get(server.uri("/arrays-whole"), PEOPLE));
    assertThrows(ZipjackDecodeException.class, () -> client.get(server.uri("/arrays-corrupt"), PEOPLE));

    assertEquals(lent, WholeBodyArrays.lentCount());
  }

  @Test
  void gzipAnswerOfTwoMembersDecodesToTheValue() throws Exception {
    int half = peopleJson.length / 2;
    byte[] first = encode("gzip", Arrays.copyOf(peopleJson, half));
    byte[] second = encode("gzip", Arrays.copyOfRange(peopleJson, half, peopleJson.length));
    byte[] both = Arrays.copyOf(first, first.length + second.length);
    System.arraycopy(second, 0, both, first.length, second.length);
    server.put("/two-members", JSON, "gzip", both);
    assertEquals(people, client.get(server.uri("/two-members"), PEOPLE));
  }

  @Test
  void gzipAnswerWhoseTrailerUnderstatesItsSizeIsAMalformedBodyException() throws Exception {
    byte[] body = encode("gzip", peopleJson);
    body[body.length - 4] = 10;
    body[body.length - 3] = body[body.length - 2] = body[body.length - 1] = 0;
    server.put("/understated", JSON, "gzip", body);
    assertThrows(MalformedBodyException.class, () -> client.get(server.uri("/understated"), PEOPLE));
    assertEquals(0, client.lentDecoderSlots());
    assertEquals(people, client.get(server.uri("/people"), PEOPLE));
  }

  @ParameterizedTest
  @ValueSource(strings = {"zstd", "gzip", "br"})
  void oneGibBombIsRefusedQuicklyAndTheNextRequestWorks(String coding) throws Exception {
    byte[] bomb = Bombs.oneGib(coding);
    server.put("/bomb-" + coding, JSON, coding, bomb);
    server.put("/after-" + coding, JSON, coding, encode(coding, peopleJson));
    DecodeLimitExceededException e = assertTimeoutPreemptively(Duration.ofSeconds(20),
        () -> assertThrows(DecodeLimitExceededException.class, () -> client.get(server.uri("/bomb-" + coding), PEOPLE)));
    assertEquals("maxDecodedBytes", e.limitName());
    assertEquals(pipeline.maxDecodedBytes(), e.limit());
    assertEquals(0, client.lentDecoderSlots());
    assertEquals(people, client.get(server.uri("/after-" + coding), PEOPLE));
  }

  @Test
  void messagePackAnswerIsReadWithTheMessagePackPipeline() throws Exception {
    server.put("/msgpack", "application/x-msgpack", "gzip", encode("gzip", msgpack.encode(people)));
    assertEquals(people, client.get(server.uri("/msgpack"), PEOPLE));
  }

  @Test
  void answerOfAnotherMediaTypeIsAMalformedBodyException() {
    server.put("/html", "text/html; charset=utf-8", null, "<html></html>".getBytes());
    MalformedBodyException e = assertThrows(MalformedBodyException.class, () -> client.get(server.uri("/html"), PEOPLE));
    assertTrue(e.getMessage().contains("text/html"), e.getMessage());
  }

  @Test
  void statusOutside2xxIsAnUnexpectedStatusException() {
    server.put("/missing", new StoredAnswerServer.Answer(404, Map.of("Content-Type", "text/plain"), "no".getBytes()));
    UnexpectedStatusException e = assertThrows(UnexpectedStatusException.class,
        () -> client.get(server.uri("/missing"), PEOPLE));
    assertEquals(404, e.statusCode());
  }

  @Test
  void voidReadsAndDiscardsTheBody() throws Exception {
    server.put("/void", JSON, "gzip", encode("gzip", peopleJson));
    assertNull(client.get(server.uri("/void"), Void.class));
  }

  @Test
  void bodyHandlerDecodesInTheCallersOwnLoop() throws Exception {
    server.put("/async", JSON, "br", encode("br", peopleJson));
    HttpRequest request = client.prepare(HttpRequest.newBuilder(server.uri("/async")).build());
    HttpResponse<List<Person>> response = http.sendAsync(request, client.bodyHandler(PEOPLE)).get();
    assertEquals(people, response.body());
    assertEquals("br", response.headers().firstValue("Content-Encoding").orElseThrow());
  }

  @Test
  void bodyHandlerFailsTheFutureWithTheDecodeException() {
    server.put("/async-bomb", JSON, "zstd", Bombs.oneGib("zstd"));
    HttpRequest request = client.prepare(HttpRequest.newBuilder(server.uri("/async-bomb")).build());
    ExecutionException e = assertThrows(ExecutionException.class,
        () -> http.sendAsync(request, client.bodyHandler(PEOPLE)).get());
    assertInstanceOf(DecodeLimitExceededException.class, e.getCause());
  }

  @Test
  void requestBodyFromTheMinimumSizeIsCompressedWithItsExactLength() throws Exception {
    server.put("/echo", JSON, null, "[]".getBytes());
    client.post(server.uri("/echo"), people, PEOPLE);
    StoredAnswerServer.Received received = server.received("/echo");
    assertEquals("gzip", received.headers().getFirst("Content-Encoding"));
    assertEquals(String.valueOf(received.body().length), received.headers().getFirst("Content-Length"));
    assertEquals(JSON, received.headers().getFirst("Content-Type"));
    try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(received.body()))) {
      assertArrayEquals(peopleJson, in.readAllBytes());
    }
  }

  @Test
  void requestBodyBelowTheMinimumSizeIsSentAsItIs() throws Exception {
    server.put("/small", JSON, null, "[]".getBytes());
    client.post(server.uri("/small"), people.subList(0, 1), PEOPLE);
    StoredAnswerServer.Received received = server.received("/small");
    assertNull(received.headers().getFirst("Content-Encoding"));
    assertEquals(String.valueOf(received.body().length), received.headers().getFirst("Content-Length"));
  }

  @Test
  void callCanAskToCompressASmallBody() throws Exception {
    server.put("/small-compressed", JSON, null, "[]".getBytes());
    client.send(client.newRequest(server.uri("/small-compressed"), "PUT", people.subList(0, 1), true).build(), Void.class);
    StoredAnswerServer.Received received = server.received("/small-compressed");
    assertEquals("PUT", received.method());
    assertEquals("gzip", received.headers().getFirst("Content-Encoding"));
  }

  @Test
  void codings_unknown() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> CompressedHttpClient.builder(http, pipeline).codings("deflate"));
    assertEquals("coding must be one of [zstd, gzip, br]: deflate", e.getMessage());
  }

  @Test
  void compressRequests_negativeMinimum() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> CompressedHttpClient.builder(http, pipeline).compressRequests(Compression.gzip(1), -1));
    assertEquals("minBytes must be >= 0: -1", e.getMessage());
  }
}
