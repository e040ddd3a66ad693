package io.github.zipjack.servlet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.core.type.TypeReference;
import io.github.zipjack.Compression;
import io.github.zipjack.Format;
import io.github.zipjack.Pipeline;
import io.github.zipjack.client.CompressedHttpClient;
import io.github.zipjack.data.Person;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * zipjack's client against zipjack's own filter in Jetty and Tomcat: every coding the filter sends,
 * for JSON and MessagePack, decodes to a value that serializes back to the served bytes exactly; and
 * request bodies the client compresses are inflated by the filter for the application.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CompressedHttpClientInContainersTest {
  private static final TypeReference<List<Person>> PEOPLE = new TypeReference<>() {};
  private final Map<Container, RunningServer> servers = new EnumMap<>(Container.class);
  private final HttpClient http = HttpClient.newHttpClient();
  private Pipeline json;
  private Pipeline msgpack;
  private byte[] peopleJson;
  private byte[] peopleMsgpack;

  /** {@code /msgpack}: people-100 as MessagePack. */
  private final class MessagePackServlet extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
      response.setContentType("application/x-msgpack");
      response.getOutputStream().write(peopleMsgpack);
    }
  }

  @BeforeAll
  void start() throws Exception {
    json = Pipeline.builder().compression(Compression.none()).build();
    msgpack = Pipeline.builder().format(Format.MSGPACK).compression(Compression.none()).build();
    peopleJson = TestServlets.datasetJson("people-100");
    peopleMsgpack = msgpack.encode(json.decode(peopleJson, PEOPLE));
    for (Container container : Container.values()) {
      servers.put(container, container.start(new CompressionFilter(), Map.of(), Map.of(
          "/json", new TestServlets.JsonServlet(), "/msgpack", new MessagePackServlet(),
          "/echo", new TestServlets.EchoServlet())));
    }
  }

  @AfterAll
  void stop() throws Exception {
    for (RunningServer server : servers.values()) {
      server.close();
    }
    json.close();
    msgpack.close();
  }

  static Stream<Arguments> containersCodingsAndFormats() {
    return Stream.of(Container.values()).flatMap(container -> Stream.of("zstd", "gzip", "br")
        .flatMap(coding -> Stream.of(Format.values()).map(format -> Arguments.of(container, coding, format))));
  }

  @ParameterizedTest(name = "{0} {1} {2}")
  @MethodSource("containersCodingsAndFormats")
  void filtersAnswerDecodesToTheServedBytes(Container container, String coding, Format format) throws Exception {
    Pipeline served = format == Format.JSON ? json : msgpack;
    try (CompressedHttpClient client = CompressedHttpClient.builder(http, json).pipeline(msgpack).codings(coding).build()) {
      HttpResponse<List<Person>> response = client.send(HttpRequest.newBuilder(
          servers.get(container).uri(format == Format.JSON ? "/json" : "/msgpack")).build(), PEOPLE);
      assertEquals(coding, response.headers().firstValue("Content-Encoding").orElse("none"));
      assertArrayEquals(format == Format.JSON ? peopleJson : peopleMsgpack, served.encode(response.body()));
    }
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void requestBodiesTheClientCompressesAreInflatedByTheFilter(Container container) throws Exception {
    for (Compression compression : List.of(Compression.zstd(1), Compression.gzip(1), Compression.brotli(4))) {
      try (CompressedHttpClient client = CompressedHttpClient.builder(http, json).compressRequests(compression, 0).build()) {
        List<Person> people = json.decode(peopleJson, PEOPLE);
        HttpResponse<List<Person>> echoed = client.send(client.newRequest(
            servers.get(container).uri("/echo?type=application/json"), "POST", people).build(), PEOPLE);
        assertEquals("none", echoed.headers().firstValue("X-Seen-Content-Encoding").orElseThrow(), compression.toString());
        assertEquals(String.valueOf(peopleJson.length), echoed.headers().firstValue("X-Received-Bytes").orElseThrow());
        assertEquals(people, echoed.body());
      }
    }
  }
}
