package io.github.zipjack.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.zipjack.client.HostileOrigins;
import io.github.zipjack.client.StoredAnswerServer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.boot.http.client.ClientHttpRequestFactoryBuilder;
import org.springframework.boot.http.client.HttpClientSettings;
import org.springframework.boot.http.client.HttpRedirects;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.client.ClientHttpRequest;
import org.springframework.http.client.ClientHttpRequestFactory;
import org.springframework.http.client.ClientHttpResponse;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.mock.http.client.MockClientHttpResponse;

/**
 * The redirects {@link HopByHopRequestFactory} follows, over the JDK's client with redirects off and
 * real sockets: the method and body each status keeps, credentials dropped for good once the
 * exchange leaves its first origin, no downgrade from https, and no following when Boot's settings
 * say {@code DONT_FOLLOW}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HopByHopRequestFactoryTest {
  private static final byte[] BODY = "{\"a\":1}".getBytes(StandardCharsets.UTF_8);

  private HostileOrigins origins;
  private final HopByHopRequestFactory factory = new HopByHopRequestFactory(
      new JdkClientHttpRequestFactory(HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build()),
      true);

  @BeforeAll
  void start() throws IOException {
    origins = new HostileOrigins();
  }

  @AfterAll
  void stop() {
    origins.close();
  }

  private static StoredAnswerServer.Answer redirect(int status, URI location) {
    return new StoredAnswerServer.Answer(status, Map.of("Location", location.toString()), new byte[0]);
  }

  private static int send(ClientHttpRequestFactory factory, URI uri, HttpMethod method, byte[] body,
      String... headers) throws IOException {
    ClientHttpRequest request = factory.createRequest(uri, method);
    for (int i = 0; i < headers.length; i += 2) {
      request.getHeaders().set(headers[i], headers[i + 1]);
    }
    request.getBody().write(body);
    try (ClientHttpResponse response = request.execute()) {
      return response.getStatusCode().value();
    }
  }

  @Test
  void postAnswered303IsFollowedAsAGetWithoutItsBody() throws IOException {
    origins.a.put("/303", redirect(303, origins.a.uri("/after-303")));
    origins.a.put("/after-303", HostileOrigins.answer(BODY));

    assertThat(send(factory, origins.a.uri("/303"), HttpMethod.POST, BODY, "Content-Type", "application/json"))
        .isEqualTo(200);

    StoredAnswerServer.Received followed = origins.a.received("/after-303");
    assertThat(followed.method()).isEqualTo("GET");
    assertThat(followed.body()).isEmpty();
    assertThat(followed.headers()).doesNotContainKey("Content-type");
  }

  @Test
  void postAnswered307IsFollowedWithItsMethodAndBody() throws IOException {
    origins.a.put("/307", redirect(307, origins.a.uri("/after-307")));
    origins.a.put("/after-307", HostileOrigins.answer(BODY));

    send(factory, origins.a.uri("/307"), HttpMethod.POST, BODY, "Content-Type", "application/json");

    StoredAnswerServer.Received followed = origins.a.received("/after-307");
    assertThat(followed.method()).isEqualTo("POST");
    assertThat(followed.body()).isEqualTo(BODY);
    assertThat(followed.headers().getFirst("Content-Type")).isEqualTo("application/json");
  }

  @Test
  void putAnswered302KeepsItsMethodAndBodyAsBrowsersDo() throws IOException {
    origins.a.put("/302", redirect(302, origins.a.uri("/after-302")));
    origins.a.put("/after-302", HostileOrigins.answer(BODY));

    send(factory, origins.a.uri("/302"), HttpMethod.PUT, BODY);

    assertThat(origins.a.received("/after-302").method()).isEqualTo("PUT");
    assertThat(origins.a.received("/after-302").body()).isEqualTo(BODY);
  }

  @Test
  void credentialsStayDroppedOnceTheExchangeLeavesItsFirstOrigin() throws IOException {
    origins.a.put("/away", redirect(302, origins.b.uri("/back")));
    origins.b.put("/back", redirect(302, origins.a.uri("/home")));
    origins.a.put("/home", HostileOrigins.answer(BODY));

    send(factory, origins.a.uri("/away"), HttpMethod.GET, new byte[0], "Authorization", "Bearer secret",
        "Proxy-Authorization", "Basic secret", "Cookie", "session=secret");

    assertThat(origins.a.received("/away").headers()).containsKeys("Authorization", "Cookie");
    assertThat(origins.b.received("/back").headers()).doesNotContainKeys("Authorization", "Proxy-authorization",
        "Cookie");
    assertThat(origins.a.received("/home").headers()).doesNotContainKeys("Authorization", "Proxy-authorization",
        "Cookie");
  }

  @Test
  void redirectFromHttpsToHttpIsNotFollowed() throws IOException {
    MockClientHttpResponse downgrade = new MockClientHttpResponse(new byte[0], HttpStatus.FOUND);
    downgrade.getHeaders().set("Location", "http://example.com/plain");

    assertThat(HopByHopRequestFactory.redirectTarget(downgrade, URI.create("https://example.com/secure"))).isNull();
  }

  @Test
  void settingsThatSayDontFollowGiveTheRedirectAsItIs() throws IOException {
    origins.b.put("/unfollowed", redirect(302, origins.b.uri("/never")));
    HopByHopRequestFactory unfollowing = new HopByHopRequestFactory.Builder(ClientHttpRequestFactoryBuilder.jdk())
        .build(HttpClientSettings.defaults().withRedirects(HttpRedirects.DONT_FOLLOW));

    assertThat(send(unfollowing, origins.b.uri("/unfollowed"), HttpMethod.GET, new byte[0])).isEqualTo(302);
    assertThat(origins.b.requests("/never")).isZero();
  }
}
