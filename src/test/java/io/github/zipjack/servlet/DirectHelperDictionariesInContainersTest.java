package io.github.zipjack.servlet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.Compression;
import io.github.zipjack.Format;
import io.github.zipjack.Pipeline;
import io.github.zipjack.data.Datasets;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link CompressedResponses#withDictionaries} in Jetty and Tomcat with no compressing filter: the
 * helper serves its dictionary and writes {@code dcz} bodies that the system {@code zstd -D}
 * decodes to what the identity pipeline writes.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DirectHelperDictionariesInContainersTest {
  private static final HttpDictionary PEOPLE = FilterDictionaryTransportInContainersTest.OLDER;
  private static final String BROWSER = "Accept-Encoding: gzip, deflate, br, zstd, dcb, dcz";
  private final Map<Container, RunningServer> servers = new EnumMap<>(Container.class);
  private Pipeline zstd;
  private Pipeline identity;
  private CompressedResponses responses;
  private Object people5;
  /** What the helper's listener heard: {@code coding outcome bodyBytes sentBytes}. */
  private final ConcurrentLinkedQueue<String> reported = new ConcurrentLinkedQueue<>();

  /**
   * What the listener has heard once it has heard something: it runs on the server's thread after the
   * body is sent, so the client may hold the whole answer a moment before it is told.
   */
  private List<String> reportedOnceHeard() throws InterruptedException {
    Leaks.awaitTrue(() -> !reported.isEmpty(), () -> "the listener heard nothing");
    return List.copyOf(reported);
  }

  @BeforeAll
  void start() throws Exception {
    zstd = Pipeline.builder().format(Format.JSON).compression(Compression.zstd(1)).build();
    identity = Pipeline.builder().format(Format.JSON).compression(Compression.none()).sameMapperAs(zstd).build();
    responses = CompressedResponses.of(zstd, identity)
        .withListener((coding, outcome, bodyBytes, sentBytes, nanos) -> reported.add(coding + " " + outcome + " "
            + bodyBytes + " " + sentBytes))
        .withDictionaries("/dictionaries", PEOPLE);
    people5 = Datasets.load("people-5").value();
    HttpServlet api = new HttpServlet() {
      @Override
      protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        responses.write(request, response, people5);
      }
    };
    HttpServlet tiny = new HttpServlet() {
      @Override
      protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        responses.write(request, response, Map.of("id", 7));
      }
    };
    HttpServlet dictionaries = new HttpServlet() {
      @Override
      protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!responses.serveDictionary(request, response)) {
          response.sendError(HttpServletResponse.SC_NOT_FOUND);
        }
      }
    };
    for (Container container : Container.values()) {
      servers.put(container, container.start(new ContainerHarnessTest.PassThrough(), Map.of(),
          Map.of("/api/people", api, "/api/tiny", tiny, "/dictionaries/*", dictionaries)));
    }
  }

  @AfterAll
  void stop() throws Exception {
    for (RunningServer server : servers.values()) {
      server.close();
    }
    responses.close();
    zstd.close();
    identity.close();
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void helperWritesDczThatSystemZstdDecodesToTheIdentityBody(Container container) throws Exception {
    Wire.Response response = Wire.exchange(servers.get(container), "GET", "/api/people", BROWSER,
        "Available-Dictionary: " + PEOPLE.availableDictionary());

    assertEquals("dcz", response.header("Content-Encoding").orElseThrow());
    assertEquals(response.body().length, Long.parseLong(response.header("Content-Length").orElseThrow()));
    assertEquals(List.of("Accept-Encoding, Available-Dictionary"), response.headerValues("Vary"));
    assertArrayEquals(identity.encode(people5), FilterDictionaryTransportInContainersTest.decodeDcz(PEOPLE,
        response.body()));
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void helperLinksTheDictionaryAndServesIt(Container container) throws Exception {
    Wire.Response response = Wire.exchange(servers.get(container), "GET", "/api/people", BROWSER);
    String link = "</dictionaries/" + PEOPLE.shortHash() + ">; rel=\"compression-dictionary\"";
    assertEquals(List.of(link), response.headerValues("Link"));
    assertEquals("zstd", response.header("Content-Encoding").orElseThrow());

    Wire.Response dictionary = Wire.exchange(servers.get(container), "GET", "/dictionaries/" + PEOPLE.shortHash());
    assertEquals(200, dictionary.status());
    assertArrayEquals(PEOPLE.toByteArray(), dictionary.body());
    assertTrue(dictionary.header("Use-As-Dictionary").orElseThrow().startsWith("match=\"/*\""));
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void browserNamingCodingsTheHelperOffersGetsTheDictionaryAsItIs(Container container) throws Exception {
    Wire.Response dictionary = Wire.exchange(servers.get(container), "GET", "/dictionaries/" + PEOPLE.shortHash(),
        BROWSER);

    assertEquals(200, dictionary.status());
    assertTrue(dictionary.header("Content-Encoding").isEmpty(), dictionary.toString());
    assertArrayEquals(PEOPLE.toByteArray(), dictionary.body());
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void helperReportsADictionaryDownloadToItsListener(Container container) throws Exception {
    reported.clear();
    Wire.Response dictionary = Wire.exchange(servers.get(container), "GET", "/dictionaries/" + PEOPLE.shortHash(),
        BROWSER);

    assertEquals(200, dictionary.status());
    assertEquals(List.of("identity DICTIONARY_SERVED " + PEOPLE.byteCount() + " " + PEOPLE.byteCount()),
        reportedOnceHeard());
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void helperReportsADczBodyAsCompressedWithItsSize(Container container) throws Exception {
    reported.clear();
    Wire.Response response = Wire.exchange(servers.get(container), "GET", "/api/people", BROWSER,
        "Available-Dictionary: " + PEOPLE.availableDictionary());

    assertEquals("dcz", response.header("Content-Encoding").orElseThrow());
    assertEquals(List.of("dcz COMPRESSED " + identity.encode(people5).length + " " + response.body().length), reportedOnceHeard());
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void bodyTheDictionaryCannotShrinkGoesAsIdentity(Container container)
      throws Exception {
    reported.clear();
    Wire.Response response = Wire.exchange(servers.get(container), "GET", "/api/tiny", BROWSER,
        "Available-Dictionary: " + PEOPLE.availableDictionary());

    assertTrue(response.header("Content-Encoding").isEmpty(), response.toString());
    assertArrayEquals(identity.encode(Map.of("id", 7)), response.body());
    assertEquals(List.of("identity DID_NOT_SHRINK 8 8"), reportedOnceHeard());
  }
}
