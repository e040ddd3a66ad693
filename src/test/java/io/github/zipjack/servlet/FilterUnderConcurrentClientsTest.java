package io.github.zipjack.servlet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Many clients at once on loopback through the filter, with {@code java.net.http} (which does not
 * decompress, so it sees the bytes as sent): every body has its exact length and decodes to the
 * original, every segment is back in the pool, and once the filter is destroyed no encoder is live.
 */
class FilterUnderConcurrentClientsTest {
  private static final int CLIENTS = 32;
  private static final int ROUNDS = 3;
  private static final String[] CODINGS = {"zstd", "br", "gzip", "identity", null, "gzip;q=0.5, zstd;q=0.9"};
  private static final String[] DATASETS = {"people-1", "people-10", "people-100", "numeric"};

  @ParameterizedTest
  @EnumSource(Container.class)
  void thirtyTwoClientsAtOnceEachGetTheirExactBodyAndEveryEncoderComesBack(Container container) throws Exception {
    CompressionFilter filter = new CompressionFilter(FilterInContainersTest.settings());
    ExecutorService executor = Executors.newFixedThreadPool(4);
    HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).executor(executor)
        .connectTimeout(Duration.ofSeconds(10)).build();
    try (RunningServer server = container.start(filter, Map.of(), new TestServlets().byPath())) {
      for (int round = 0; round < ROUNDS; round++) {
        List<CompletableFuture<Void>> checks = new ArrayList<>();
        for (int i = 0; i < CLIENTS; i++) {
          String acceptEncoding = CODINGS[(i + round) % CODINGS.length];
          String dataset = DATASETS[(i / CODINGS.length + round) % DATASETS.length];
          HttpRequest.Builder request = HttpRequest.newBuilder(server.uri("/json?dataset=" + dataset))
              .timeout(Duration.ofSeconds(30));
          if (acceptEncoding != null) {
            request.header("Accept-Encoding", acceptEncoding);
          }
          checks.add(client.sendAsync(request.build(), HttpResponse.BodyHandlers.ofByteArray())
              .thenAccept(response -> check(response, dataset, acceptEncoding)));
        }
        CompletableFuture.allOf(checks.toArray(new CompletableFuture<?>[0])).join();
      }
      Leaks.awaitTrue(() -> FilterProbe.lentSegments(filter) == 0,
          () -> FilterProbe.lentSegments(filter) + " segments still lent out after " + ROUNDS * CLIENTS + " requests");
    } finally {
      executor.shutdownNow();
    }
    FilterProbe.assertNoLiveEncoders(filter);
  }

  private static void check(HttpResponse<byte[]> response, String dataset, String acceptEncoding) {
    String what = dataset + " with Accept-Encoding: " + acceptEncoding + " -> " + response.headers().map();
    assertEquals(200, response.statusCode(), what);
    String coding = response.headers().firstValue("Content-Encoding").orElse(null);
    String expectedCoding = acceptEncoding == null || acceptEncoding.equals("identity") ? null
        : acceptEncoding.startsWith("gzip;") ? "zstd" : acceptEncoding;
    if (TestServlets.datasetJson(dataset).length < FilterInContainersTest.MIN_BODY_BYTES) {
      expectedCoding = null;
    }
    assertEquals(expectedCoding, coding, what);
    assertEquals(response.body().length, response.headers().firstValueAsLong("Content-Length").orElse(-1), what);
    try {
      assertArrayEquals(TestServlets.datasetJson(dataset), Decoding.decode(coding, response.body()), what);
    } catch (java.io.IOException e) {
      throw new AssertionError(what, e);
    }
  }
}
