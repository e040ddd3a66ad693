package io.github.zipjack.spring;

import com.github.luben.zstd.Zstd;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.zip.GZIPInputStream;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.web.reactive.function.client.WebClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * What {@link Boot40ReactiveAutoConfigurationTest} runs in its class loader for a whole service: a
 * Boot 4.0 WebFlux application on Reactor Netty, with zipjack by dependency and properties only
 * ({@link RunningBootService#startReactive}), answers one value in zstd and in gzip with an exact
 * {@code Content-Length} and the mapper's bytes, refuses a request bomb with 413, and its
 * {@code WebClient.Builder} reads a compressed answer into objects. Returns what held, one entry each.
 */
public final class Boot40ServiceProbe implements Callable<List<String>> {
  private static final ParameterizedTypeReference<List<PeopleService.Person>> PEOPLE =
      new ParameterizedTypeReference<>() {};

  /** Made by the test, reflectively, in the Boot 4.0 class loader. */
  public Boot40ServiceProbe() {
  }

  @Override
  public List<String> call() throws Exception {
    List<String> held = new ArrayList<>();
    // Boot's background pre-initializer would load Boot classes on its own thread, outside this loader
    System.setProperty("spring.backgroundpreinitializer.ignore", "true");
    try (RunningBootService service = RunningBootService.startReactive("zipjack.compression.min-body-size=1KB",
        "zipjack.compression.max-inflated-request-size=4MB")) {
      byte[] expected = service.bean(JsonMapper.class).writeValueAsBytes(PeopleService.people(300));
      HttpResponse<byte[]> zstd = service.get("/people-mono", "Accept-Encoding", "zstd");
      if (exactLength(zstd, "zstd") && Arrays.equals(expected, Zstd.decompress(zstd.body(), expected.length))) {
        held.add("zstd with an exact length");
      }
      HttpResponse<byte[]> gzip = service.get("/people-mono", "Accept-Encoding", "gzip");
      if (exactLength(gzip, "gzip") && Arrays.equals(expected, gunzip(gzip.body()))) {
        held.add("gzip with an exact length");
      }
      HttpResponse<byte[]> bomb = service.send(HttpRequest.newBuilder(service.uri("/count"))
          .POST(HttpRequest.BodyPublishers.ofByteArray(ReactiveBootServiceTest.gzipOfSpaces(64 << 20))),
          "Content-Type", "application/json", "Content-Encoding", "gzip");
      if (bomb.statusCode() == 413) {
        held.add("request bomb refused with 413");
      }
      WebClient client = service.bean(WebClient.Builder.class).build();
      List<PeopleService.Person> people = client.get().uri(service.uri("/people-mono")).retrieve()
          .bodyToMono(PEOPLE).block();
      if (PeopleService.people(300).equals(people)) {
        held.add("WebClient read a compressed answer into objects");
      }
    } finally {
      System.clearProperty("spring.backgroundpreinitializer.ignore");
    }
    return held;
  }

  private static boolean exactLength(HttpResponse<byte[]> response, String coding) {
    return response.statusCode() == 200
        && coding.equals(response.headers().firstValue("Content-Encoding").orElse(null))
        && response.headers().firstValueAsLong("Content-Length").orElse(-1) == response.body().length;
  }

  private static byte[] gunzip(byte[] body) throws IOException {
    try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
      return in.readAllBytes();
    }
  }
}
