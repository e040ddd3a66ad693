package io.github.zipjack.spring;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.SystemTool;
import io.github.zipjack.client.HostileOrigins;
import io.github.zipjack.WrongCodingException;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import io.github.zipjack.DecodeLimitExceededException;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.web.reactive.function.client.WebClient;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

/**
 * A real Spring Boot 4 WebFlux service on Reactor Netty with zipjack on its class path beside Boot's
 * own {@code server.compression}, and a few limits set: single-value bodies come in the negotiated
 * coding with an exact Content-Length, and decode with the system's zstd, gzip and brotli to exactly
 * what the service's own Jackson 3 mapper writes; compressed request bodies reach the handler
 * inflated, and a request bomb gets 413. With one RFC 9842 dictionary for {@code /dict/*}, served at
 * its own URL: a request holding it gets {@code dcz}, and Boot's WebClient keeps it and reads such
 * answers. One application for the whole class.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReactiveBootServiceTest {
  private RunningBootService service;
  private byte[] mappersOwnBytes;
  private Path dictionaryFile;
  private String dictionaryPath;
  private String availableDictionary;

  @BeforeAll
  void start() throws Exception {
    dictionaryFile = Files.createTempFile("zipjack-reactive-people", ".dict");
    byte[] others = JsonMapper.builder().propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build()
        .writeValueAsBytes(PeopleService.people(40));
    byte[] dictionary = Arrays.copyOfRange(others, others.length / 2, others.length);
    Files.write(dictionaryFile, dictionary);
    byte[] sha256 = MessageDigest.getInstance("SHA-256").digest(dictionary);
    dictionaryPath = "/zipjack/dictionaries/" + HexFormat.of().formatHex(sha256, 0, 8);
    availableDictionary = ":" + Base64.getEncoder().encodeToString(sha256) + ":";
    service = RunningBootService.startReactive("server.compression.enabled=true",
        "server.compression.min-response-size=1MB",
        "zipjack.compression.min-body-size=1KB",
        "zipjack.compression.max-inflated-request-size=4MB",
        "spring.http.codecs.max-in-memory-size=32MB", "zipjack.client.max-decoded-size=8MB",
        "zipjack.client.compress-requests=true", "zipjack.client.request-coding=zstd",
        "zipjack.compression.dictionaries[0].location=file:" + dictionaryFile,
        "zipjack.compression.dictionaries[0].match=/dict/*",
        "zipjack.compression.dictionaries[0].id=people-1",
        "zipjack.client.dictionaries.enabled=true");
    mappersOwnBytes = service.bean(JsonMapper.class).writeValueAsBytes(PeopleService.people(300));
  }

  @AfterAll
  void stop() throws Exception {
    if (service != null) {
      service.close();
    }
    Files.deleteIfExists(dictionaryFile);
  }

  @ParameterizedTest
  @CsvSource({"zstd, /people, zstd", "gzip, /people, gzip", "br, /people, brotli", "zstd, /people-mono, zstd"})
  void eachCodingComesWithAnExactLengthAndDecodesWithTheSystemTool(String coding, String path, String tool)
      throws Exception {
    HttpResponse<byte[]> response = service.get(path, "Accept-Encoding", coding);

    assertEquals(200, response.statusCode());
    assertEquals(coding, response.headers().firstValue("Content-Encoding").orElse(null));
    assertEquals(String.valueOf(response.body().length), response.headers().firstValue("Content-Length").orElse(null));
    assertTrue(response.headers().firstValue("Vary").orElse("").contains("Accept-Encoding"));
    assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("application/json"));
    assertArrayEquals(mappersOwnBytes, SystemTool.run(response.body(), tool, tool, "-dc"));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "gzip;q=0.5, zstd;q=0.1, br;q=0|gzip",
      "identity, gzip;q=0.5|identity",
      "*|zstd",
      "br;q=1.0, *;q=0.2|br",
      "|identity"})
  void theCodingFollowsTheClientsWeights(String acceptEncoding, String expected) throws Exception {
    HttpResponse<byte[]> response = acceptEncoding == null ? service.get("/people")
        : service.get("/people", "Accept-Encoding", acceptEncoding);

    assertEquals(expected, response.headers().firstValue("Content-Encoding").orElse("identity"));
    assertEquals(String.valueOf(response.body().length), response.headers().firstValue("Content-Length").orElse(null));
  }

  @Test
  void messagePackIsSentByAcceptCompressed() throws Exception {
    HttpResponse<byte[]> response = service.get("/people", "Accept", "application/vnd.msgpack",
        "Accept-Encoding", "zstd");

    assertEquals("application/vnd.msgpack", response.headers().firstValue("Content-Type").orElse(null));
    assertEquals("zstd", response.headers().firstValue("Content-Encoding").orElse(null));
    byte[] msgpack = SystemTool.zstd(response.body(), "-d");
    assertEquals((byte) 0xdc, msgpack[0]); // array 16: the 300 people
    assertEquals(300, ((msgpack[1] & 0xff) << 8) | (msgpack[2] & 0xff));
  }

  @Test
  void aMalformedCompressedRequestBodyGets400() throws Exception {
    HttpResponse<byte[]> response = service.send(HttpRequest.newBuilder(service.uri("/count"))
        .POST(HttpRequest.BodyPublishers.ofByteArray(new byte[] {0x1f, (byte) 0x8b, 8, 0, 1, 2, 3})),
        "Content-Type", "application/json", "Content-Encoding", "gzip");

    assertEquals(400, response.statusCode());
    assertTrue(new String(response.body(), StandardCharsets.UTF_8).startsWith("400 Bad Request: "));
  }

  @Test
  void theWritersBodiesAreCountedInTheZipjackMeters() throws Exception {
    MeterRegistry registry = service.bean(MeterRegistry.class);
    double before = compressedByZstd(registry);

    service.get("/people", "Accept-Encoding", "zstd");

    assertEquals(before + 1, compressedByZstd(registry));
    assertEquals(0.0, registry.get("zipjack.resources.lent.segments").tag("source", "writer").gauge().value());
  }

  private static double compressedByZstd(MeterRegistry registry) {
    Counter counter = registry.find("zipjack.responses").tag("coding", "zstd").tag("outcome", "compressed").counter();
    return counter == null ? 0 : counter.count();
  }

  @Test
  void aValueThatFailsMidwayGetsAWholeErrorResponseNotAPartialBody() throws Exception {
    HttpResponse<byte[]> response = service.get("/failing", "Accept-Encoding", "gzip");

    assertEquals(500, response.statusCode());
    assertEquals(String.valueOf(response.body().length), response.headers().firstValue("Content-Length").orElse(null));
    byte[] error = "gzip".equals(response.headers().firstValue("Content-Encoding").orElse(null))
        ? SystemTool.run(response.body(), "gzip", "gzip", "-dc") : response.body();
    assertTrue(new String(error, StandardCharsets.UTF_8).contains("\"status\":500"));
  }

  @Test
  void anEmptyMonoIsAnEmptyBodyWithLengthZero() throws Exception {
    HttpResponse<byte[]> response = service.get("/nobody", "Accept-Encoding", "zstd");

    assertEquals(200, response.statusCode());
    assertEquals("0", response.headers().firstValue("Content-Length").orElse(null));
    assertFalse(response.headers().firstValue("Content-Encoding").isPresent());
  }

  @Test
  void aClientThatRefusesEveryCodingAndIdentityGets406() throws Exception {
    HttpResponse<byte[]> response = service.get("/people", "Accept-Encoding", "identity;q=0, *;q=0");

    assertEquals(406, response.statusCode());
    assertTrue(new String(response.body(), StandardCharsets.UTF_8).contains("zstd, gzip, br, identity"));
  }

  @Test
  void aBodyUnderTheMinimumSizeIsSentAsItIs() throws Exception {
    HttpResponse<byte[]> response = service.get("/person", "Accept-Encoding", "zstd, gzip");

    assertFalse(response.headers().firstValue("Content-Encoding").isPresent());
    assertEquals(String.valueOf(response.body().length), response.headers().firstValue("Content-Length").orElse(null));
    assertArrayEquals(service.bean(JsonMapper.class).writeValueAsBytes(PeopleService.people(1).get(0)),
        response.body());
  }

  @Test
  void headAnswersGetsHeadersWithoutTheBody() throws Exception {
    HttpResponse<byte[]> get = service.get("/people", "Accept-Encoding", "zstd");
    HttpResponse<byte[]> head = service.send(HttpRequest.newBuilder(service.uri("/people"))
        .method("HEAD", HttpRequest.BodyPublishers.noBody()), "Accept-Encoding", "zstd");

    assertEquals(200, head.statusCode());
    assertEquals(0, head.body().length);
    assertEquals("zstd", head.headers().firstValue("Content-Encoding").orElse(null));
    assertEquals(get.headers().firstValue("Content-Length"), head.headers().firstValue("Content-Length"));
  }

  @Test
  void aStrongEtagCarriesTheCodingAndOtherHeadersStay() throws Exception {
    HttpResponse<byte[]> response = service.get("/people-tagged", "Accept-Encoding", "gzip");

    assertEquals("\"v1-gzip\"", response.headers().firstValue("ETag").orElse(null));
    assertEquals("max-age=60", response.headers().firstValue("Cache-Control").orElse(null));
    assertArrayEquals(mappersOwnBytes, SystemTool.run(response.body(), "gzip", "gzip", "-dc"));
  }

  @Test
  void aConditionalRequestWithTheSuffixedTagGets304CarryingIt() throws Exception {
    HttpResponse<byte[]> response = service.get("/people-tagged", "Accept-Encoding", "gzip",
        "If-None-Match", "\"v1-gzip\"");

    assertEquals(304, response.statusCode());
    assertEquals("\"v1-gzip\"", response.headers().firstValue("ETag").orElse(null));
    assertEquals(0, response.body().length);
  }

  /**
   * Boot's {@code server.compression} is on in this service, with a minimum size that only a body of
   * unknown length passes: it compresses the JSON array a Flux is streamed as (chunked), and leaves
   * zipjack's bodies as zipjack sent them, which the other tests decode exactly once.
   */
  @Test
  void streamingBodiesAreLeftToSpringAndServerCompression() throws Exception {
    HttpResponse<byte[]> ndjson = service.get("/people-stream", "Accept-Encoding", "zstd");
    HttpResponse<byte[]> array = service.get("/people-flux", "Accept-Encoding", "gzip");

    assertFalse(ndjson.headers().firstValue("Content-Encoding").isPresent());
    assertEquals(50, new String(ndjson.body(), StandardCharsets.UTF_8).lines().count());
    assertEquals("gzip", array.headers().firstValue("Content-Encoding").orElse(null));
    assertFalse(array.headers().firstValue("Content-Length").isPresent());
    assertArrayEquals(service.bean(JsonMapper.class).writeValueAsBytes(PeopleService.people(50)),
        SystemTool.run(array.body(), "gzip", "gzip", "-dc"));
  }

  @ParameterizedTest
  @CsvSource({"gzip, gzip", "zstd, zstd", "br, brotli"})
  void aCompressedRequestBodyReachesTheHandlerInflated(String coding, String tool) throws Exception {
    byte[] body = SystemTool.run(mappersOwnBytes, tool, tool, "-c");

    HttpResponse<byte[]> response = service.send(HttpRequest.newBuilder(service.uri("/count"))
        .POST(HttpRequest.BodyPublishers.ofByteArray(body)), "Content-Type", "application/json",
        "Content-Encoding", coding);

    assertEquals(200, response.statusCode(), response.headers().map() + new String(response.body(), StandardCharsets.UTF_8));
    assertEquals("{\"count\":300,\"first\":0}".length(), response.body().length);
    assertTrue(new String(response.body(), StandardCharsets.UTF_8).contains("\"count\":300"));
  }

  /**
   * 64 MiB of spaces in 64 KiB of gzip meets the ratio limit first, just past 1 MiB inflated (Spring's
   * own max-in-memory-size is raised here, so that zipjack's limits are the ones met).
   */
  @Test
  void aRequestBombGets413AtTheLimit() throws Exception {
    byte[] bomb = gzipOfSpaces(64 << 20);
    long started = System.nanoTime();

    HttpResponse<byte[]> response = service.send(HttpRequest.newBuilder(service.uri("/count"))
        .POST(HttpRequest.BodyPublishers.ofByteArray(bomb)), "Content-Type", "application/json",
        "Content-Encoding", "gzip");

    String text = new String(response.body(), StandardCharsets.UTF_8);
    assertEquals(413, response.statusCode(), text);
    assertTrue(text.startsWith("413 Payload Too Large: request body inflates more than maxInflationRatio = 100"), text);
    assertEquals("close", response.headers().firstValue("Connection").orElse(null));
    assertTrue(System.nanoTime() - started < 5_000_000_000L, "took " + (System.nanoTime() - started) / 1_000_000 + " ms");
  }

  @Test
  void aBodyInACodingNotOfferedGets415WithTheCodingsAccepted() throws Exception {
    HttpResponse<byte[]> response = service.send(HttpRequest.newBuilder(service.uri("/count"))
        .POST(HttpRequest.BodyPublishers.ofByteArray(new byte[] {1, 2, 3})), "Content-Type", "application/json",
        "Content-Encoding", "deflate");

    assertEquals(415, response.statusCode());
    assertEquals("zstd, gzip, br, dcz, dcb, identity", response.headers().firstValue("Accept-Encoding").orElse(null));
  }

  /** {@code bytes} spaces, gzipped at the highest level: about a thousandth of their size. */
  static byte[] gzipOfSpaces(int bytes) throws java.io.IOException {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    try (java.util.zip.GZIPOutputStream gzip = new java.util.zip.GZIPOutputStream(out, 1 << 16) {
      {
        def.setLevel(java.util.zip.Deflater.BEST_COMPRESSION);
      }
    }) {
      byte[] spaces = new byte[1 << 16];
      java.util.Arrays.fill(spaces, (byte) ' ');
      for (int i = 0; i < bytes / spaces.length; i++) {
        gzip.write(spaces);
      }
    }
    return out.toByteArray();
  }

  @Test
  void bootsWebClientAsksForZstdAndReadsTheAnswerIntoObjects() {
    java.util.List<String> rawCodings = new java.util.concurrent.CopyOnWriteArrayList<>();
    WebClient client = service.bean(WebClient.Builder.class)
        .filter((request, next) -> next.exchange(request).doOnNext(
            r -> rawCodings.add(request.headers().getFirst("Accept-Encoding") + " -> "
                + r.headers().header("Content-Encoding"))))
        .build();

    java.util.List<PeopleService.Person> people = client.get().uri(service.uri("/people")).retrieve()
        .bodyToMono(new ParameterizedTypeReference<java.util.List<PeopleService.Person>>() {}).block();

    assertEquals(PeopleService.people(300), people);
    assertEquals(java.util.List.of("zstd, gzip, br -> [zstd]"), rawCodings);
  }

  @Test
  void bootsWebClientReadsAGzipAnswerIntoObjects() {
    WebClient client = service.bean(WebClient.Builder.class).defaultHeader("Accept-Encoding", "gzip").build();

    java.util.List<PeopleService.Person> people = client.get().uri(service.uri("/people")).retrieve()
        .bodyToMono(new ParameterizedTypeReference<java.util.List<PeopleService.Person>>() {}).block();

    assertEquals(PeopleService.people(300), people);
  }

  @Test
  void bootsWebClientRefusesAnAnswerBombAtTheLimitAndTheServiceLives() {
    WebClient client = service.bean(WebClient.Builder.class).build();
    long started = System.nanoTime();

    Exception refused = org.junit.jupiter.api.Assertions.assertThrows(Exception.class,
        () -> client.get().uri(service.uri("/bomb")).retrieve().bodyToMono(String.class).block());

    long millis = (System.nanoTime() - started) / 1_000_000;
    Throwable cause = refused;
    while (cause != null && !(cause instanceof DecodeLimitExceededException)) {
      cause = cause.getCause();
    }
    assertTrue(cause instanceof DecodeLimitExceededException, refused.toString());
    assertTrue(cause.getMessage().contains(String.valueOf(8 << 20)), cause.getMessage());
    assertTrue(millis < 5000, "took " + millis + " ms");
    assertEquals(300, client.get().uri(service.uri("/people")).retrieve()
        .bodyToMono(new ParameterizedTypeReference<java.util.List<PeopleService.Person>>() {}).block().size());
  }

  @Test
  void bootsWebClientRefusesAnAnswerInACodingItDidNotAskFor() {
    WebClient client = service.bean(WebClient.Builder.class).build();

    Exception refused = org.junit.jupiter.api.Assertions.assertThrows(Exception.class,
        () -> client.get().uri(service.uri("/deflated")).retrieve().bodyToMono(String.class).block());

    Throwable cause = refused;
    while (cause != null && !(cause instanceof WrongCodingException)) {
      cause = cause.getCause();
    }
    assertTrue(cause instanceof WrongCodingException, refused.toString());
  }

  @Test
  void bootsWebClientCompressesARequestBodyWithAnExactLength() {
    WebClient client = service.bean(WebClient.Builder.class).build();

    String answer = client.post().uri(service.uri("/count")).bodyValue(PeopleService.people(300)).retrieve()
        .bodyToMono(String.class).block();

    assertTrue(answer.contains("\"count\":300"), answer);
    String arrival = ReactiveEndpoints.LAST_ARRIVAL.get();
    assertTrue(arrival.startsWith("zstd "), arrival);
    assertTrue(Integer.parseInt(arrival.substring(5)) < mappersOwnBytes.length / 4, arrival);
  }

  @Test
  void aRequestHoldingTheDictionaryGetsDczWithAnExactLengthThatSystemZstdDecodes() throws Exception {
    HttpResponse<byte[]> response = service.get("/dict/people", "Accept-Encoding", "zstd, dcz",
        "Available-Dictionary", availableDictionary);

    assertEquals("dcz", response.headers().firstValue("Content-Encoding").orElse(null));
    assertEquals(String.valueOf(response.body().length), response.headers().firstValue("Content-Length").orElse(null));
    assertEquals("Accept-Encoding, Available-Dictionary", String.join(", ", response.headers().allValues("Vary")));
    assertFalse(response.headers().firstValue("Link").isPresent());
    byte[] frame = Arrays.copyOfRange(response.body(), 40, response.body().length);
    assertArrayEquals(mappersOwnBytes, SystemTool.zstd(frame, "-d", "-D", dictionaryFile.toString()));
  }

  @Test
  void aResponseUnderTheMatchLinksToTheDictionaryServedThereWithUseAsDictionary() throws Exception {
    HttpResponse<byte[]> page = service.get("/dict/people", "Accept-Encoding", "zstd");
    assertEquals("<" + dictionaryPath + ">; rel=\"compression-dictionary\"",
        page.headers().firstValue("Link").orElse(null));

    HttpResponse<byte[]> dictionary = service.get(dictionaryPath);

    assertEquals(200, dictionary.statusCode());
    assertEquals("match=\"/dict/*\", id=\"people-1\", type=raw",
        dictionary.headers().firstValue("Use-As-Dictionary").orElse(null));
    assertEquals("public, max-age=86400", dictionary.headers().firstValue("Cache-Control").orElse(null));
    assertEquals(String.valueOf(dictionary.body().length),
        dictionary.headers().firstValue("Content-Length").orElse(null));
    assertArrayEquals(Files.readAllBytes(dictionaryFile), dictionary.body());
  }

  @ParameterizedTest
  @CsvSource({"zstd, zstd", "gzip, gzip", "br, brotli"})
  void theDictionaryIsDownloadedInTheCodingTheClientPrefersWithItsLengthAndSuffixedTag(String coding, String tool)
      throws Exception {
    HttpResponse<byte[]> identity = service.get(dictionaryPath);
    HttpResponse<byte[]> dictionary = service.get(dictionaryPath, "Accept-Encoding", coding);

    assertEquals(coding, dictionary.headers().firstValue("Content-Encoding").orElse(null));
    assertEquals(String.valueOf(dictionary.body().length),
        dictionary.headers().firstValue("Content-Length").orElse(null));
    String bareTag = identity.headers().firstValue("ETag").orElseThrow();
    assertEquals(bareTag.substring(0, bareTag.length() - 1) + "-" + coding + "\"",
        dictionary.headers().firstValue("ETag").orElse(null));
    assertTrue(dictionary.body().length < identity.body().length);
    assertArrayEquals(Files.readAllBytes(dictionaryFile), SystemTool.run(dictionary.body(), tool, tool, "-dc"));
  }

  @Test
  void aDczRequestBodyMadeWithTheServicesDictionaryReachesTheHandlerInflated() throws Exception {
    byte[] body = HostileOrigins.dcz(mappersOwnBytes, Files.readAllBytes(dictionaryFile));

    HttpResponse<byte[]> response = service.send(HttpRequest.newBuilder(service.uri("/count"))
        .POST(HttpRequest.BodyPublishers.ofByteArray(body)), "Content-Type", "application/json",
        "Content-Encoding", "dcz");

    assertEquals(200, response.statusCode(), new String(response.body(), StandardCharsets.UTF_8));
    assertTrue(new String(response.body(), StandardCharsets.UTF_8).contains("\"count\":300"));
  }

  @Test
  void aDczRequestBodyMadeWithAnotherDictionaryGets400() throws Exception {
    byte[] body = HostileOrigins.dcz(mappersOwnBytes, HostileOrigins.dictionaryContent("not the service's"));

    HttpResponse<byte[]> response = service.send(HttpRequest.newBuilder(service.uri("/count"))
        .POST(HttpRequest.BodyPublishers.ofByteArray(body)), "Content-Type", "application/json",
        "Content-Encoding", "dcz");

    assertEquals(400, response.statusCode());
    assertTrue(new String(response.body(), StandardCharsets.UTF_8).startsWith("400 Bad Request: "));
  }

  @Test
  void theDictionariesAndRequestInflationHaveResourceGaugesOfTheirOwn() throws Exception {
    service.get("/dict/people", "Accept-Encoding", "zstd, dcz", "Available-Dictionary", availableDictionary);
    service.send(HttpRequest.newBuilder(service.uri("/count")).POST(HttpRequest.BodyPublishers.ofByteArray(
        HostileOrigins.dcz(mappersOwnBytes, Files.readAllBytes(dictionaryFile)))), "Content-Type",
        "application/json", "Content-Encoding", "dcz");
    MeterRegistry registry = service.bean(MeterRegistry.class);

    assertTrue(registry.get("zipjack.resources.native.contexts").tag("source", "dictionaries").gauge().value() > 0);
    assertEquals(0.0, registry.get("zipjack.resources.lent.segments").tag("source", "dictionaries").gauge().value());
    assertEquals(0.0, registry.get("zipjack.resources.lent.decoders").tag("source", "dictionaries").gauge().value());
    assertEquals(0.0, registry.get("zipjack.resources.lent.decoders").tag("source", "requests").gauge().value());
  }

  @Test
  void bootsWebClientKeepsTheDictionaryAnnouncesItAndReadsDczAnswersIntoObjects() {
    java.util.List<String> exchanges = new java.util.concurrent.CopyOnWriteArrayList<>();
    WebClient client = service.bean(WebClient.Builder.class)
        .filter((request, next) -> next.exchange(request).doOnNext(r -> exchanges.add(request.url().getPath() + " "
            + request.headers().getFirst("Available-Dictionary") + " -> " + r.headers().header("Content-Encoding"))))
        .build();

    client.get().uri(service.uri(dictionaryPath)).retrieve().bodyToMono(byte[].class).block();
    java.util.List<PeopleService.Person> people = client.get().uri(service.uri("/dict/people")).retrieve()
        .bodyToMono(new ParameterizedTypeReference<java.util.List<PeopleService.Person>>() {}).block();

    assertEquals(PeopleService.people(300), people);
    assertEquals(java.util.List.of(dictionaryPath + " null -> [zstd]", "/dict/people " + availableDictionary
        + " -> [dcz]"), exchanges);
  }

  /**
   * 300 people are about 70 KiB of JSON and a few KiB in zstd: under a codec limit of 32 KiB,
   * Spring's Jackson decoder, which joins the inflated body into buffers first, would refuse them;
   * zipjack's decoder joins only the compressed bytes, which the codec limit counts.
   */
  @Test
  void bootsWebClientReadsAValueStraightFromTheCompressedBuffersUnderACodecLimitBelowItsInflatedSize() {
    WebClient client = service.bean(WebClient.Builder.class)
        .codecs(codecs -> codecs.defaultCodecs().maxInMemorySize(32 * 1024)).build();

    java.util.List<PeopleService.Person> people = client.get().uri(service.uri("/people")).retrieve()
        .bodyToMono(new ParameterizedTypeReference<java.util.List<PeopleService.Person>>() {}).block();

    assertEquals(PeopleService.people(300), people);
  }

  @Test
  void bootsWebClientStreamsAFluxOfACompressedAnswerThroughSpringsDecoder() {
    WebClient client = service.bean(WebClient.Builder.class).build();

    java.util.List<PeopleService.Person> people = client.get().uri(service.uri("/people")).retrieve()
        .bodyToFlux(PeopleService.Person.class).collectList().block();

    assertEquals(PeopleService.people(300), people);
  }

  @Test
  void bootsWebClientRefusesABombReadIntoObjectsAtTheLimit() {
    WebClient client = service.bean(WebClient.Builder.class).build();

    Exception refused = org.junit.jupiter.api.Assertions.assertThrows(Exception.class,
        () -> client.get().uri(service.uri("/bomb")).retrieve()
            .bodyToMono(new ParameterizedTypeReference<java.util.List<PeopleService.Person>>() {}).block());

    Throwable cause = refused;
    while (cause != null && !(cause instanceof DecodeLimitExceededException)) {
      cause = cause.getCause();
    }
    assertTrue(cause instanceof DecodeLimitExceededException, refused.toString());
  }
}
