package io.github.zipjack.servlet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.Compression;
import io.github.zipjack.Format;
import io.github.zipjack.Pipeline;
import io.github.zipjack.data.Datasets;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link CompressedResponses}, the direct helper, in Jetty and Tomcat behind a filter that does
 * nothing: negotiation, headers, the exact Content-Length on the wire, HEAD, 406, Vary beside the
 * servlet's own, a value Jackson cannot write, and its pools after a client hangs up.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DirectHelperInContainersTest {
  private final Map<Container, RunningServer> servers = new EnumMap<>(Container.class);
  /** The same servlets behind {@link CompressionFilter}, which must leave the helper's responses alone. */
  private final Map<Container, RunningServer> behindFilter = new EnumMap<>(Container.class);
  private final Map<Container, CompressionFilter> filters = new EnumMap<>(Container.class);
  private final List<Pipeline> pipelines = new ArrayList<>();
  private CompressedResponses json;
  private CompressedResponses msgpack;
  private Pipeline jsonIdentity;
  private Pipeline msgpackIdentity;
  /** About 5 MB of JSON: more than the socket buffers hold, so a client that hangs up is noticed. */
  private List<Object> large;

  @BeforeAll
  void start() throws Exception {
    json = CompressedResponses.of(pipeline(Format.JSON, Compression.zstd(3)), pipeline(Format.JSON, Compression.brotli(4)),
        pipeline(Format.JSON, Compression.gzip(1)));
    msgpack = CompressedResponses.of(pipeline(Format.MSGPACK, Compression.zstd(3)), pipeline(Format.MSGPACK, Compression.gzip(1)));
    jsonIdentity = pipeline(Format.JSON, Compression.none());
    msgpackIdentity = pipeline(Format.MSGPACK, Compression.none());
    large = new ArrayList<>();
    Object people = Datasets.load("people-100").value();
    for (int i = 0; i < 45; i++) {
      large.add(people);
    }
    for (Container container : Container.values()) {
      servers.put(container, container.start(new ContainerHarnessTest.PassThrough(), Map.of(), servlets()));
      CompressionFilter filter = new CompressionFilter(FilterInContainersTest.settings());
      filters.put(container, filter);
      behindFilter.put(container, container.start(filter, Map.of(), servlets()));
    }
  }

  private Map<String, jakarta.servlet.http.HttpServlet> servlets() {
    return Map.of(
        "/direct.json", new HelperServlet(json, Datasets.load("people-100").value()),
        "/direct.msgpack", new HelperServlet(msgpack, Datasets.load("people-100").value()),
        "/direct-large.json", new HelperServlet(json, large),
        "/direct-vary-origin.json", new VaryOriginServlet(json, Datasets.load("people-100").value()),
        "/direct-unwritable.json", new HelperServlet(json, new Unwritable()));
  }

  @AfterAll
  void stop() throws Exception {
    List<RunningServer> all = new ArrayList<>(servers.values());
    all.addAll(behindFilter.values());
    FilterProbe.stopThenAssertNoLiveEncoders(all, filters.values());
    json.close();
    msgpack.close();
    for (Pipeline pipeline : pipelines) {
      pipeline.close();
      assertEquals(0, pipeline.resources().liveNativeContexts(), pipeline + " " + pipeline.resources());
    }
  }

  private Pipeline pipeline(Format format, Compression compression) {
    Pipeline pipeline = Pipeline.builder().format(format).compression(compression).build();
    pipelines.add(pipeline);
    return pipeline;
  }

  static List<Arguments> containersAndCodings() {
    List<Arguments> arguments = new ArrayList<>();
    for (Container container : Container.values()) {
      for (String coding : List.of("zstd", "br", "gzip", "identity")) {
        arguments.add(Arguments.of(container, coding));
      }
    }
    return arguments;
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("containersAndCodings")
  void eachCodingAskedForIsSentWithItsExactLengthAndDecodesToTheUncompressedBody(Container container, String coding)
      throws IOException {
    Wire.Response response = Wire.exchange(servers.get(container), "GET", "/direct.json", "Accept-Encoding: " + coding);

    assertEquals(200, response.status());
    assertEquals(coding.equals("identity") ? null : coding, response.header("Content-Encoding").orElse(null));
    assertFalse(response.chunked(), response.toString());
    assertEquals(response.body().length, Long.parseLong(response.header("Content-Length").orElseThrow()));
    assertTrue(response.header("Content-Type").orElseThrow().startsWith("application/json"), response.toString());
    assertEquals(List.of("Accept-Encoding"), response.headerValues("Vary"));
    assertArrayEquals(jsonIdentity.encode(Datasets.load("people-100").value()),
        Decoding.decode(coding, response.body()));
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("containersAndCodings")
  void behindTheFilterTheHelpersResponseIsSentAsTheHelperMadeIt(Container container, String coding) throws IOException {
    Wire.Response response = Wire.exchange(behindFilter.get(container), "GET", "/direct.json", "Accept-Encoding: " + coding);

    assertEquals(200, response.status());
    assertEquals(coding.equals("identity") ? List.of() : List.of(coding), response.headerValues("Content-Encoding"));
    assertEquals(response.body().length, Long.parseLong(response.header("Content-Length").orElseThrow()));
    assertEquals(List.of("Accept-Encoding"), response.headerValues("Vary"));
    assertArrayEquals(jsonIdentity.encode(Datasets.load("people-100").value()),
        Decoding.decode(coding, response.body()));
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void messagePackIsSentAsVndMsgpackWithItsExactLength(Container container) throws IOException {
    Wire.Response response = Wire.exchange(servers.get(container), "GET", "/direct.msgpack", "Accept-Encoding: gzip");

    assertEquals("gzip", response.header("Content-Encoding").orElseThrow());
    assertEquals("application/vnd.msgpack", response.header("Content-Type").orElseThrow());
    assertEquals(response.body().length, Long.parseLong(response.header("Content-Length").orElseThrow()));
    assertArrayEquals(msgpackIdentity.encode(Datasets.load("people-100").value()), Decoding.decode("gzip", response.body()));
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void theServersFirstPreferenceWinsAmongCodingsOfEqualWeight(Container container) throws IOException {
    Wire.Response response = Wire.exchange(servers.get(container), "GET", "/direct.json",
        "Accept-Encoding: gzip, br, zstd");

    assertEquals("zstd", response.header("Content-Encoding").orElseThrow());
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void theClientsHigherWeightWinsOverTheServersPreference(Container container) throws IOException {
    Wire.Response response = Wire.exchange(servers.get(container), "GET", "/direct.json",
        "Accept-Encoding: zstd;q=0.5, gzip;q=0.9, br;q=0");

    assertEquals("gzip", response.header("Content-Encoding").orElseThrow());
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void noAcceptEncodingGetsIdentityWithItsExactLength(Container container) throws IOException {
    Wire.Response response = Wire.exchange(servers.get(container), "GET", "/direct.json");

    assertTrue(response.header("Content-Encoding").isEmpty(), response.toString());
    assertEquals(response.body().length, Long.parseLong(response.header("Content-Length").orElseThrow()));
    assertArrayEquals(jsonIdentity.encode(Datasets.load("people-100").value()), response.body());
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void nothingAcceptableGets406WithATextBodyNamingTheOfferedCodings(Container container) throws IOException {
    Wire.Response response = Wire.exchange(servers.get(container), "GET", "/direct.json",
        "Accept-Encoding: compress, identity;q=0");

    assertEquals(406, response.status());
    assertTrue(response.header("Content-Encoding").isEmpty(), response.toString());
    assertTrue(response.header("Content-Type").orElseThrow().startsWith("text/plain"), response.toString());
    String text = new String(response.body(), StandardCharsets.UTF_8);
    assertTrue(text.startsWith("406 Not Acceptable") && text.contains("zstd, br, gzip, identity"), text);
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void varyNamesAcceptEncodingOnceBesideTheServletsOwnVary(Container container) throws IOException {
    Wire.Response response = Wire.exchange(servers.get(container), "GET", "/direct-vary-origin.json",
        "Accept-Encoding: gzip");

    List<String> tokens = response.headerValues("Vary").stream()
        .flatMap(line -> Arrays.stream(line.split(",")).map(String::trim)).toList();
    assertEquals(List.of("Origin", "Accept-Encoding"), tokens, response.toString());
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void aValueJacksonCannotWriteLeavesTheResponseToTheContainersErrorHandling(Container container)
      throws IOException {
    Wire.Response response = Wire.exchange(servers.get(container), "GET", "/direct-unwritable.json",
        "Accept-Encoding: gzip");

    assertEquals(500, response.status(), response.toString());
    assertTrue(response.header("Content-Encoding").isEmpty(), response.toString());
    assertFalse(response.header("Content-Type").orElse("").startsWith("application/json"), response.toString());
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void headGetsTheHeadersOfGetAndNoBody(Container container) throws IOException {
    Wire.Response get = Wire.exchange(servers.get(container), "GET", "/direct.json", "Accept-Encoding: br");
    Wire.Response head = Wire.exchange(servers.get(container), "HEAD", "/direct.json", "Accept-Encoding: br");

    assertEquals(200, head.status());
    assertEquals(get.header("Content-Length"), head.header("Content-Length"));
    assertEquals(get.header("Content-Encoding"), head.header("Content-Encoding"));
    assertEquals(get.header("Content-Type"), head.header("Content-Type"));
    assertEquals(get.headerValues("Vary"), head.headerValues("Vary"));
    assertEquals(0, head.wireBody().length);
  }

  @ParameterizedTest
  @EnumSource(Container.class)
  void aClientThatHangsUpMidBodyLeavesEverySegmentInThePool(Container container) throws Exception {
    Pipeline identity = json.pipeline("identity");
    // One whole response first, so the pool holds the segments a large body needs.
    Wire.Response whole = Wire.exchange(servers.get(container), "GET", "/direct-large.json", "Accept-Encoding: identity");
    assertEquals(whole.body().length, Long.parseLong(whole.header("Content-Length").orElseThrow()));

    try (Socket socket = new Socket()) {
      socket.setReceiveBufferSize(4096);
      socket.connect(new java.net.InetSocketAddress("127.0.0.1", servers.get(container).port()));
      Wire.send(socket.getOutputStream(), "GET", "/direct-large.json", null, "Accept-Encoding: identity");
      InputStream in = socket.getInputStream();
      assertEquals(200, Wire.readHead(in).status());
      in.readNBytes(1000);
    }

    Leaks.awaitTrue(() -> identity.resources().nothingLent(), () -> "still lent: " + identity.resources());
  }

  /** A bean whose only property throws, so Jackson cannot write it. */
  public static final class Unwritable {
    public String getValue() {
      throw new IllegalStateException("this property cannot be read");
    }
  }

  /** Sets {@code Vary: Origin} (as a CORS filter would), then writes one value with the helper. */
  static final class VaryOriginServlet extends HelperServlet {
    VaryOriginServlet(CompressedResponses responses, Object value) {
      super(responses, value);
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
      response.addHeader("Vary", "Origin");
      super.doGet(request, response);
    }
  }

  /** Writes one value with the helper on GET (and so on HEAD). */
  static class HelperServlet extends HttpServlet {
    private final transient CompressedResponses responses;
    private final transient Object value;

    HelperServlet(CompressedResponses responses, Object value) {
      this.responses = responses;
      this.value = value;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
      responses.write(request, response, value);
    }
  }
}
