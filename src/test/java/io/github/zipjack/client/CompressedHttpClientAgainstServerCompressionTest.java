package io.github.zipjack.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.core.type.TypeReference;
import io.github.zipjack.Compression;
import io.github.zipjack.Pipeline;
import io.github.zipjack.data.Datasets;
import io.github.zipjack.data.Person;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.eclipse.jetty.compression.brotli.BrotliCompression;
import org.eclipse.jetty.compression.gzip.GzipCompression;
import org.eclipse.jetty.compression.server.CompressionConfig;
import org.eclipse.jetty.compression.server.CompressionHandler;
import org.eclipse.jetty.compression.zstandard.ZstandardCompression;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The client against other servers' own compression: Jetty 12.1's CompressionHandler (gzip, zstd,
 * brotli) and Tomcat 11's connector compression (gzip). Each answer decodes to the served bytes.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CompressedHttpClientAgainstServerCompressionTest {
  private static final TypeReference<List<Person>> PEOPLE = new TypeReference<>() {};
  private static final Logger TOMCAT_LOG = Logger.getLogger("org.apache");
  private final byte[] peopleJson = Datasets.load("people-100").rawJson();
  private final HttpClient http = HttpClient.newHttpClient();
  private Pipeline plain;
  private Server jetty;
  private Tomcat tomcat;
  private Path tomcatDir;

  @BeforeAll
  void start() throws Exception {
    plain = Pipeline.builder().compression(Compression.none()).build();
    CompressionHandler compression = new CompressionHandler(new Handler.Abstract() {
      @Override
      public boolean handle(Request request, Response response, Callback callback) {
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
        response.write(true, ByteBuffer.wrap(peopleJson), callback);
        return true;
      }
    });
    compression.putCompression(new GzipCompression());
    compression.putCompression(new ZstandardCompression());
    compression.putCompression(new BrotliCompression());
    compression.putConfiguration("/*", CompressionConfig.builder().defaults().build());
    jetty = new Server();
    ServerConnector connector = new ServerConnector(jetty, 1, 1);
    connector.setHost("127.0.0.1");
    connector.setPort(0);
    jetty.addConnector(connector);
    jetty.setHandler(compression);
    jetty.start();

    TOMCAT_LOG.setLevel(Level.WARNING);
    tomcatDir = Files.createTempDirectory("zipjack-client-tomcat");
    tomcat = new Tomcat();
    tomcat.setBaseDir(tomcatDir.toString());
    Connector tomcatConnector = new Connector();
    tomcatConnector.setPort(0);
    tomcatConnector.setProperty("address", "127.0.0.1");
    tomcatConnector.setProperty("compression", "on");
    tomcatConnector.setProperty("compressibleMimeType", "application/json");
    tomcat.setConnector(tomcatConnector);
    var context = tomcat.addContext("", tomcatDir.toString());
    Tomcat.addServlet(context, "people", new HttpServlet() {
      @Override
      protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setContentType("application/json");
        response.getOutputStream().write(peopleJson);
      }
    });
    context.addServletMappingDecoded("/people", "people");
    tomcat.start();
  }

  @AfterAll
  void stop() throws Exception {
    jetty.stop();
    tomcat.stop();
    tomcat.destroy();
    plain.close();
    try (var paths = Files.walk(tomcatDir)) {
      paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }

  private void assertDecodesToTheServedBytes(URI uri, String coding) throws Exception {
    try (CompressedHttpClient client = CompressedHttpClient.builder(http, plain).codings(coding).build()) {
      HttpResponse<List<Person>> response = client.send(HttpRequest.newBuilder(uri).build(), PEOPLE);
      assertEquals(coding, response.headers().firstValue("Content-Encoding").orElse("none"));
      assertArrayEquals(peopleJson, plain.encode(response.body()));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"gzip", "zstd", "br"})
  void jettyCompressionHandlersAnswerDecodes(String coding) throws Exception {
    int port = ((ServerConnector) jetty.getConnectors()[0]).getLocalPort();
    assertDecodesToTheServedBytes(URI.create("http://127.0.0.1:" + port + "/people"), coding);
  }

  @Test
  void tomcatsGzipAnswerDecodes() throws Exception {
    assertDecodesToTheServedBytes(URI.create("http://127.0.0.1:" + tomcat.getConnector().getLocalPort() + "/people"),
        "gzip");
  }
}
